// The corpus as data: a case is a request (raw bytes, or an HTTP request) and what a clean answer
// is (status codes and a substring of the message naming the problem). The runner sends every
// case, classifies the answers and prints the corpus table.
import * as grpc from '@grpc/grpc-js';
import type { Snapshot } from './stack.ts';
import { encode, type Field, type Str } from './wire.ts';

const { status } = grpc;

/** The statuses a bad request may end with (DEADLINE_EXCEEDED only for the deadline cases). */
export const cleanCodes: ReadonlySet<number> = new Set([
  status.INVALID_ARGUMENT,
  status.NOT_FOUND,
  status.FAILED_PRECONDITION,
  status.OUT_OF_RANGE,
  status.RESOURCE_EXHAUSTED,
  status.DEADLINE_EXCEEDED,
  // Only where a case made what it collides with (a batch inserting a row twice, a second city).
  status.ALREADY_EXISTS,
]);

export interface Expect {
  codes: number[];
  /** A part of the message that names the problem (case-insensitive for a string). */
  message: string | RegExp;
  /**
   * A 1 ms deadline case: what the call answers if it beats the deadline after all (an idle
   * machine can answer a cached read in under 1 ms): 'ok' or the error it then ends with.
   */
  inTime?: 'ok' | Expect;
}

/** A 1 ms deadline case: DEADLINE_EXCEEDED, or (answered in time) `inTime`. */
export function deadline(inTime: 'ok' | Expect): Expect {
  return { codes: [status.DEADLINE_EXCEEDED], message: 'deadline', inTime };
}

export interface GrpcCase {
  /** The method (the corpus table's row). */
  method: string;
  /** What is wrong with the request. */
  name: string;
  /** "/package.Service/Method" */
  path: string;
  bytes: Buffer;
  deadlineMs?: number;
  expect: Expect;
}

export interface Outcome {
  method: string;
  name: string;
  code: number;
  details: string;
  clean: boolean;
  /** Why an answer is not clean. */
  problem?: string;
  /** A 1 ms deadline case answered before its deadline. */
  inTime?: boolean;
  /** Unclean, answered by grpc-js itself before any code of this repository: why (not failed). */
  grpcJs?: string;
}

export const INVALID = status.INVALID_ARGUMENT;
export const NOT_FOUND = status.NOT_FOUND;
export const FAILED = status.FAILED_PRECONDITION;
/** Only where a case creates what it then collides with (a batch inserting one row twice). */
export const ALREADY = status.ALREADY_EXISTS;
export const EXHAUSTED = status.RESOURCE_EXHAUSTED;
export const DEADLINE = status.DEADLINE_EXCEEDED;
export const OUT_OF_RANGE = status.OUT_OF_RANGE;

/** Strings that must never act as anything but data: every one goes into every string position. */
export const nasty: { name: string; value: Str }[] = [
  { name: 'SQL quote', value: "' OR '1'='1" },
  { name: 'SQL statement', value: 'x"; DROP TABLE player; --' },
  { name: 'SQL backtick', value: '`player`; DELETE FROM `player`; -- ' },
  { name: 'SQL sleep', value: "1' AND SLEEP(5) AND '1" },
  { name: 'Redis protocol', value: '*1\r\n$8\r\nFLUSHALL\r\n' },
  { name: 'Redis key', value: 'ds:{1}:r:player:0' },
  { name: 'Lua', value: "]] redis.call('FLUSHALL') --[[" },
  { name: 'NUL', value: 'player\u0000' },
  { name: 'only NUL', value: '\u0000' },
  { name: 'invalid UTF-8', value: Buffer.from([0x70, 0xff, 0xfe, 0xc0, 0x80]) },
  { name: 'lone surrogate (CESU)', value: Buffer.from([0xed, 0xa0, 0x80]) },
  { name: 'huge name (100,000 chars)', value: 'n'.repeat(100_000) },
];

/** A name for a Str in a case name. */
export function label(v: Str): string {
  return typeof v === 'string'
    ? JSON.stringify(v.length > 24 ? `${v.slice(0, 24)}...` : v)
    : `0x${v.toString('hex')}`;
}

const identity = (b: Buffer) => b;

/** One channel per target, raw bytes both ways, no send limit (oversize messages reach the server). */
export class RawClient {
  readonly #client: grpc.Client;

  constructor(address: string) {
    this.#client = new grpc.Client(address, grpc.credentials.createInsecure(), {
      'grpc.max_send_message_length': -1,
      'grpc.max_receive_message_length': -1,
    });
  }

  unary(
    path: string,
    bytes: Buffer,
    deadlineMs = 10_000,
  ): Promise<{ code: number; details: string }> {
    return new Promise((resolve) => {
      this.#client.makeUnaryRequest(
        path,
        identity,
        identity,
        bytes,
        { deadline: Date.now() + deadlineMs },
        (err) => resolve(err ? { code: err.code, details: err.details } : { code: 0, details: '' }),
      );
    });
  }

  /** A server-streaming call: the status it ends with (its messages are dropped). */
  serverStream(
    path: string,
    bytes: Buffer,
    deadlineMs = 10_000,
  ): Promise<{ code: number; details: string }> {
    return new Promise((resolve) => {
      const call = this.#client.makeServerStreamRequest(path, identity, identity, bytes, {
        deadline: Date.now() + deadlineMs,
      });
      call.on('data', () => call.cancel());
      call.on('error', () => {});
      call.on('status', (st: grpc.StatusObject) => resolve({ code: st.code, details: st.details }));
    });
  }

  close(): void {
    this.#client.close();
  }
}

export function judge(
  c: { method: string; name: string; expect: Expect },
  code: number,
  details: string,
): Outcome {
  const inTime = c.expect.inTime;
  if (inTime !== undefined && code !== status.DEADLINE_EXCEEDED) {
    if (inTime === 'ok') {
      return {
        method: c.method,
        name: c.name,
        code,
        details,
        clean: code === 0,
        inTime: true,
        ...(code === 0 ? {} : { problem: `status ${status[code] ?? code}` }),
      };
    }
    return { ...judge({ ...c, expect: inTime }, code, details), inTime: true };
  }
  const out: Outcome = { method: c.method, name: c.name, code, details, clean: false };
  const want = c.expect.message;
  if (code === status.UNKNOWN || code === status.INTERNAL) out.problem = `${status[code]}`;
  else if (!cleanCodes.has(code) || !c.expect.codes.includes(code))
    out.problem = `status ${status[code] ?? code}, expected ${c.expect.codes.map((x) => status[x]).join('|')}`;
  else if (
    typeof want === 'string'
      ? !details.toLowerCase().includes(want.toLowerCase())
      : !want.test(details)
  )
    out.problem = `message does not name the problem (${String(want)})`;
  else out.clean = true;
  return out;
}

/** Runs the cases, `concurrency` at a time, on one client. */
export async function runGrpc(
  client: RawClient,
  cases: GrpcCase[],
  concurrency = 8,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const k = next++;
      const c = cases[k]!;
      const { code, details } = await client.unary(c.path, c.bytes, c.deadlineMs);
      outcomes[k] = judge(c, code, details);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

/** The corpus table: per method, cases, clean, unclean; the whole file's writes. */
export function table(title: string, outcomes: Outcome[], written: number): string {
  const rows = new Map<string, { cases: number; clean: number }>();
  for (const o of outcomes) {
    const r = rows.get(o.method) ?? { cases: 0, clean: 0 };
    r.cases++;
    if (o.clean) r.clean++;
    rows.set(o.method, r);
  }
  const lines = [
    `${title}`,
    '| method | cases | clean | unclean |',
    '| --- | ---: | ---: | ---: |',
  ];
  let cases = 0;
  let clean = 0;
  for (const [method, r] of rows) {
    lines.push(`| ${method} | ${r.cases} | ${r.clean} | ${r.cases - r.clean} |`);
    cases += r.cases;
    clean += r.clean;
  }
  lines.push(`| **total** | **${cases}** | **${clean}** | **${cases - clean}** |`);
  const deadlines = outcomes.filter((o) => o.inTime).length;
  const byGrpcJs = outcomes.filter((o) => !o.clean && o.grpcJs).length;
  if (byGrpcJs)
    lines.push(`of the unclean: ${byGrpcJs} answered by grpc-js itself (its code, not fixed here)`);
  lines.push(`written: ${written} (tables or Redis keys changed)`);
  lines.push(`1 ms deadline cases answered in time (no DEADLINE_EXCEEDED): ${deadlines}`);
  return lines.join('\n');
}

interface TapT {
  ok(v: unknown, ...rest: [string] | [string, { todo: string }]): unknown;
  same(a: unknown, b: unknown, message: string): unknown;
  equal(a: unknown, b: unknown, message: string): unknown;
  comment(...args: unknown[]): unknown;
}

/**
 * The end of a corpus file: each case asserted clean, nothing written (the snapshots equal),
 * the table printed; returns the number of changed tables and Redis digests.
 */
export function report(
  t: TapT,
  title: string,
  outcomes: Outcome[],
  before: Snapshot,
  after: Snapshot,
): void {
  for (const o of outcomes) {
    const message = `${o.method}: ${o.name}: ${status[o.code] ?? o.code} ${JSON.stringify(o.details.slice(0, 200))}${o.problem ? ` -- ${o.problem}` : ''}`;
    if (o.grpcJs) t.ok(o.clean, message, { todo: `grpc-js answers ${o.grpcJs}` });
    else t.ok(o.clean, message);
  }
  let written = 0;
  for (const name of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    if (before.tables[name] !== after.tables[name]) written++;
  }
  if (before.redisDigest !== after.redisDigest) written++;
  t.same(after.tables, before.tables, 'CHECKSUM TABLE of every table: unchanged');
  t.equal(after.redisKeys, before.redisKeys, 'Redis DBSIZE: unchanged');
  t.equal(after.redisDigest, before.redisDigest, 'Redis digest of every key and value: unchanged');
  const was = new Set(before.redisValues);
  const now = new Set(after.redisValues);
  t.same(
    {
      gone: before.redisValues.filter((v) => !now.has(v)),
      new: after.redisValues.filter((v) => !was.has(v)),
    },
    { gone: [], new: [] },
    'Redis: no key changed, appeared or disappeared (key and SHA-1 of its value)',
  );
  t.comment(`\n${table(title, outcomes, written)}`);
}

/** INVALID_ARGUMENT with a message naming the problem. */
export const inv = (message: string | RegExp): Expect => ({ codes: [INVALID], message });

/** A request with invalid UTF-8 in a string does not decode: that is the problem to name. */
export const badUtf8 = inv(/malformed.*UTF-8/is);

/** The cases of one service (`svc`: its path prefix) and the function that adds one. */
export function caseList<M extends string>(service: string, svc: string) {
  const cases: GrpcCase[] = [];
  const add = (
    method: M,
    name: string,
    fields: Field[] | Buffer,
    expect: Expect,
    deadlineMs?: number,
  ) =>
    cases.push({
      method: `${service} ${method}`,
      name,
      path: svc + method,
      bytes: Buffer.isBuffer(fields) ? fields : encode(fields),
      expect,
      deadlineMs,
    });
  return { cases, add };
}

/** A base request with field n (every occurrence) replaced by `fields`. */
export const withField = (b: Field[], n: number, fields: Field[]): Field[] => [
  ...b.filter((f) => f.n !== n),
  ...fields,
];
