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

const MEMO_ENABLED_BY_DEFAULT = process.env.BENCH_NO_MEMO !== '1';

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

/** A read's expected records, in member order: one for a FetchV2 (none: no record), or a collection. */
export type ExpectedRecords = readonly (readonly [member: number, state: RecordState])[];

export interface MemoStats {
  /** Answers matched by their bytes, without decoding. */
  hits: number;
  /** Answers decoded and checked in full. */
  decodes: number;
}

/** The wire tag of field 1, length-delimited (FetchResponse.record, CFetchResponse.records). */
const TAG_RECORD = 0x0a;

/**
 * Where each Record of an answer made of field 1 alone starts and ends, or null when the bytes
 * are not that (another field, a length varint over 5 bytes, a value past the end). A length
 * accepted here is below the buffer's size, so protobufjs reads the same length from the same
 * bytes.
 */
function recordSpans(bytes: Uint8Array): [start: number, end: number][] | null {
  const spans: [number, number][] = [];
  let pos = 0;
  while (pos < bytes.length) {
    if (bytes[pos++] !== TAG_RECORD) return null;
    let len = 0;
    for (let mul = 1; ; mul *= 128) {
      if (mul > 128 ** 4 || pos >= bytes.length) return null;
      const b = bytes[pos++]!;
      len += (b & 0x7f) * mul;
      if ((b & 0x80) === 0) break;
    }
    if (pos + len > bytes.length) return null;
    spans.push([pos, pos + len]);
    pos += len;
  }
  return spans;
}

export class AnswerMemo {
  readonly enabled: boolean;
  readonly stats: MemoStats = { hits: 0, decodes: 0 };
  readonly #verified = new WeakMap<RecordState, Verified>();

  constructor(enabled = MEMO_ENABLED_BY_DEFAULT) {
    this.enabled = enabled;
  }

  /**
   * Checks a read's answer: bytes verified before for the same expected records match without
   * decoding; other bytes are decoded (counted; an UndecodableAnswer when they do not decode),
   * checked in full by `full`, and remembered when they match. A decoded answer is checked in full.
   */
  check<T>(
    answer: unknown,
    type: { decode(bytes: Uint8Array): T },
    player: PlayerState,
    table: TableInfo,
    want: ExpectedRecords,
    full: (decoded: T) => string | null,
  ): string | null {
    if (!(answer instanceof Uint8Array)) return full(answer as T);
    if (this.matches(answer, player, table, want)) return null;
    this.stats.decodes++;
    let decoded: T;
    try {
      decoded = type.decode(answer);
    } catch (err) {
      throw new UndecodableAnswer(err);
    }
    const problem = full(decoded);
    if (problem === null) this.verified(answer, player, table, want);
    return problem;
  }

  /** Whether an answer is, by its bytes alone, one Record per expected record, each verified for it. */
  matches(
    bytes: Uint8Array,
    player: PlayerState,
    table: TableInfo,
    want: ExpectedRecords,
  ): boolean {
    if (!this.enabled) return false;
    const spans = recordSpans(bytes);
    const yes =
      spans?.length === want.length &&
      want.every(([member, state], i) => {
        const v = this.#verified.get(state);
        const [start, end] = spans[i]!;
        return (
          v !== undefined &&
          v.player === player &&
          v.table === table &&
          v.member === member &&
          v.bytes.length === end - start &&
          v.bytes.compare(bytes, start, end) === 0
        );
      });
    if (yes) this.stats.hits++;
    return yes;
  }

  /** After an answer matched in full: each Record's bytes are verified for its expected record. */
  verified(bytes: Uint8Array, player: PlayerState, table: TableInfo, want: ExpectedRecords): void {
    if (!this.enabled) return;
    // The framing first: remember nothing unless it is one Record per expected record.
    const spans = recordSpans(bytes);
    if (spans?.length !== want.length) return;
    for (const [i, [member, state]] of want.entries())
      this.#remember(state, player, table, member, bytes.subarray(...spans[i]!));
  }

  #remember(
    want: RecordState,
    player: PlayerState,
    table: TableInfo,
    member: number,
    bytes: Uint8Array,
  ): void {
    // A copy in an ArrayBuffer of its own: the memo keeps a few hundred bytes, not the buffer
    // they came in, nor a pool slab (lib/own-bytes.ts: Buffer.from kept one 64 KB slab per few
    // entries, ever more of them as the model changed).
    this.#verified.set(want, { player, table, member, bytes: ownCopy(bytes) });
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
      this.#remember(want, p, table, member, bytes);
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
}
