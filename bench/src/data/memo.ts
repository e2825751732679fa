// The answer memo of the data workload's reads: most FetchV2 and CFetchV2 answers are, byte for
// byte, an answer the client has already decoded and checked in full against the same expected
// state, so they are matched by comparing bytes instead of decoding them again (protobufjs
// objects, Longs, field-by-field comparison, and the garbage of all that: CPU taken from the
// servers being measured, which share the machine).
//
// Exactness. The memo keeps, for each expected record (a RecordState object of the model), the
// bytes of the Record message last verified as a match for it, with the record it was verified
// as (player, table, member). The model never changes a RecordState in place: every change
// (ModifyV2, IncrByV2, CreateV2, RemoveV2, CRemoveV2, the read-back after an unknown outcome, the
// seeded population) sets a new object or removes it (setRecord), so one object is one exact
// expected state, and a changed record has a new object the memo knows nothing about. An answer
// matches without decoding only when its framing is exactly one Record per expected record
// (FetchResponse: field 1 once; CFetchResponse: field 1 once per expected member, in member
// order, nothing else) and each Record's bytes equal the bytes verified for that very expected
// record. Equal bytes decode to equal messages, and the check is a function of the decoded
// message and the expected state: the answer would have passed the full check. Anything else (a
// different encoding of the same record, e.g. map entries in another order, or a wrong answer)
// is decoded and checked in full exactly as before, and remembered when it matches.
//
// Priming. Before the measured phase, the memo is given, for every seeded record, the bytes of
// the record as the client itself encodes it (fields in the schema's order, as data-server
// encodes them), once they have passed the full check like any answer (decoded, diffRecord). A
// server answering those very bytes needs no decode even on its first read; a server encoding
// differently only misses the memo.
//
// BENCH_NO_MEMO=1 in the environment turns the memo off (every answer decoded and checked in
// full), to measure what it saves or to rule it out while debugging.
import { slg } from '@slg/proto';
import { errorFromGrpc, type ServiceError } from '@slg/service-kit';
import { ownCopy } from '../lib/own-bytes.ts';
import { diffRecord, type PlayerState, type RecordState, recordToWire } from './model.ts';
import type { GameSchema, TableInfo } from './schema.ts';

export const MEMO_ENABLED_BY_DEFAULT = process.env.BENCH_NO_MEMO !== '1';

/**
 * An answer whose bytes do not decode: what grpc-js reports when its own decoding of a response
 * fails (INTERNAL, "Response message parsing error: ..."), so that such an answer is an error as
 * it was when grpc-js decoded every answer.
 */
export class UndecodableAnswer extends Error {
  readonly error: ServiceError;
  constructor(cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    const details = `Response message parsing error: ${why}`;
    super(details);
    this.error = errorFromGrpc({ code: 13, details });
  }
}

interface Verified {
  player: PlayerState;
  table: TableInfo;
  member: number;
  /** The Record message's bytes (a copy of their own). */
  bytes: Buffer;
}

export interface MemoStats {
  /** Answers matched by their bytes, without decoding. */
  hits: number;
  /** Answers decoded and checked in full. */
  decodes: number;
}

/** The wire tag of field 1, length-delimited (FetchResponse.record, CFetchResponse.records). */
const TAG_RECORD = 0x0a;

/** Where the bytes of the value last read by lengthDelimited start (set by it). */
let valueStart = 0;

/**
 * Reads the length varint of a length-delimited value at `pos`: returns where the value ends
 * (and sets valueStart), or -1 when the bytes are not that (a varint over 5 bytes, or a value
 * past the end). A length accepted here is below the buffer's size, so protobufjs reads the
 * same length from the same bytes.
 */
function lengthDelimited(bytes: Uint8Array, pos: number): number {
  let len = 0;
  let mul = 1;
  for (let i = 0; i < 5; i++) {
    if (pos >= bytes.length) return -1;
    const b = bytes[pos++]!;
    len += (b & 0x7f) * mul;
    if ((b & 0x80) === 0) {
      const end = pos + len;
      if (end > bytes.length) return -1;
      valueStart = pos;
      return end;
    }
    mul *= 128;
  }
  return -1;
}

export class AnswerMemo {
  readonly enabled: boolean;
  readonly stats: MemoStats = { hits: 0, decodes: 0 };
  readonly #verified = new WeakMap<RecordState, Verified>();

  constructor(enabled = MEMO_ENABLED_BY_DEFAULT) {
    this.enabled = enabled;
  }

  /** Decodes an answer that did not match by its bytes (counted). */
  decode<T>(type: { decode(bytes: Uint8Array): T }, bytes: Uint8Array): T {
    this.stats.decodes++;
    try {
      return type.decode(bytes);
    } catch (err) {
      throw new UndecodableAnswer(err);
    }
  }

  #same(
    want: RecordState,
    player: PlayerState,
    table: TableInfo,
    member: number,
    bytes: Uint8Array,
    start: number,
    end: number,
  ): boolean {
    const v = this.#verified.get(want);
    return (
      v !== undefined &&
      v.player === player &&
      v.table === table &&
      v.member === member &&
      v.bytes.length === end - start &&
      v.bytes.compare(bytes, start, end) === 0
    );
  }

  #remember(
    want: RecordState,
    player: PlayerState,
    table: TableInfo,
    member: number,
    bytes: Uint8Array,
    start: number,
    end: number,
  ): void {
    // A copy in an ArrayBuffer of its own: the memo keeps a few hundred bytes, not the buffer
    // they came in, nor a pool slab (lib/own-bytes.ts: Buffer.from kept one 64 KB slab per few
    // entries, ever more of them as the model changed).
    const own = ownCopy(bytes.subarray(start, end));
    this.#verified.set(want, { player, table, member, bytes: own });
  }

  /**
   * Remembers, for every record of the players, the client's own encoding of it, once that
   * encoding has passed the full check (as a FetchV2 answer would). Returns how many were.
   */
  prime(schema: GameSchema, players: Iterable<PlayerState>): number {
    if (!this.enabled) return 0;
    let n = 0;
    const one = (p: PlayerState, table: TableInfo, member: number, want: RecordState) => {
      const bytes = slg.dataserver.v2.Record.encode(
        recordToWire(table, p.idLong, member, want),
      ).finish();
      const decoded = slg.dataserver.v2.Record.decode(bytes);
      if (diffRecord(table, p.id, member, want, decoded) !== null) return;
      this.#remember(want, p, table, member, bytes, 0, bytes.length);
      n++;
    };
    for (const p of players) {
      if (p.player) one(p, schema.playerTable, 0, p.player);
      for (const t of schema.collections) {
        for (const [m, r] of p.collections.get(t.name)!.members) one(p, t, m, r);
      }
    }
    return n;
  }

  /** Whether a FetchV2 answer is, by its bytes alone, a match for `want` (undefined: no record). */
  fetchMatches(
    bytes: Uint8Array,
    player: PlayerState,
    table: TableInfo,
    member: number,
    want: RecordState | undefined,
  ): boolean {
    if (!this.enabled) return false;
    // An empty FetchResponse: no record, exactly what decoding it would say.
    if (!want) return this.#hit(bytes.length === 0);
    if (bytes[0] !== TAG_RECORD) return false;
    const end = lengthDelimited(bytes, 1);
    return this.#hit(
      end === bytes.length && this.#same(want, player, table, member, bytes, valueStart, end),
    );
  }

  /** After a FetchV2 answer matched in full: its Record's bytes are verified for `want`. */
  fetchVerified(
    bytes: Uint8Array,
    player: PlayerState,
    table: TableInfo,
    member: number,
    want: RecordState,
  ): void {
    if (!this.enabled || bytes[0] !== TAG_RECORD) return;
    const end = lengthDelimited(bytes, 1);
    if (end === bytes.length) this.#remember(want, player, table, member, bytes, valueStart, end);
  }

  /** Whether a CFetchV2 answer is, by its bytes alone, a match for the members `want` (by id). */
  cfetchMatches(
    bytes: Uint8Array,
    player: PlayerState,
    table: TableInfo,
    want: readonly (readonly [number, RecordState])[],
  ): boolean {
    if (!this.enabled) return false;
    let pos = 0;
    for (const [member, state] of want) {
      if (bytes[pos] !== TAG_RECORD) return false;
      const end = lengthDelimited(bytes, pos + 1);
      if (end < 0 || !this.#same(state, player, table, member, bytes, valueStart, end)) {
        return false;
      }
      pos = end;
    }
    return this.#hit(pos === bytes.length);
  }

  /** After a CFetchV2 answer matched in full: each Record's bytes are verified for its member. */
  cfetchVerified(
    bytes: Uint8Array,
    player: PlayerState,
    table: TableInfo,
    want: readonly (readonly [number, RecordState])[],
  ): void {
    if (!this.enabled) return;
    // The framing first: remember nothing unless it is one Record per member and nothing else.
    const spans: number[] = [];
    let pos = 0;
    while (pos < bytes.length) {
      if (bytes[pos] !== TAG_RECORD) return;
      const end = lengthDelimited(bytes, pos + 1);
      if (end < 0) return;
      spans.push(valueStart, end);
      pos = end;
    }
    if (spans.length !== 2 * want.length) return;
    for (let i = 0; i < want.length; i++) {
      const [member, state] = want[i]!;
      this.#remember(state, player, table, member, bytes, spans[2 * i]!, spans[2 * i + 1]!);
    }
  }

  #hit(yes: boolean): boolean {
    if (yes) this.stats.hits++;
    return yes;
  }
}
