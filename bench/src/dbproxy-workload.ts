// The db-proxy benchmark's workload, loaded by the load harness in each worker thread. Three
// modes, one client configuration:
//   echo     a bare grpc-js echo service, messages of a Get's request and response size;
//   dbproxy  db-proxy Get of a random seeded player;
//   mysql    the same SELECT straight through a mysql2 pool.
// Every answer is checked (echo: the size; Get: the whole seeded row; SELECT: the row of the
// asked id). Results cover one run of the pool only (the recorder starts afresh after each), so
// that one pool can be run for several interleaved rounds.
//
// Get answers are matched by their bytes. The first answer for a player is decoded and checked
// field by field against the row the bench seeded (seededPlayer); its bytes are kept, and a later
// answer for that player passes when it is the same bytes (equal bytes decode to the same row, so
// it would have passed the full check), or is decoded and checked in full again when not. So
// the check covers every column without the client doing more per call than the echo client's
// one-field decode. Measured, the full decode on every answer would have cost the client about
// the same (120-124 us per call either way, 2 alternating pairs): the client's extra CPU per Get
// over an echo call comes from the bursts db-proxy answers in, not from the check (docs/results.md,
// db-proxy). BENCH_NO_MEMO=1 decodes and checks every answer.
import {
  slg,
  slg_dbproxy_v1_DbProxyDefinition,
  slg_echo_v1_EchoServiceDefinition,
  toBigInt,
  toLong,
} from '@slg/proto';
import { plaintext, type ServiceError } from '@slg/service-kit';
import mysql from 'mysql2';
import { MEMO_ENABLED_BY_DEFAULT } from './data/memo.ts';
import { createLoadClient } from './lib/grpc.ts';
import { OpRecorder } from './lib/histogram.ts';
import { Rng } from './lib/rng.ts';
import type { CreateWorkload, Workload, WorkloadContext, WorkloadResults } from './lib/workload.ts';

export interface DbProxyBenchParams {
  mode: 'echo' | 'dbproxy' | 'mysql';
  /** db-proxy's (mode dbproxy) or the echo server's (mode echo) gRPC address. */
  target: string;
  /** mysql://user:pass@host:port/database (mode mysql). */
  mysqlUrl: string;
  /** mysql2 connections of this worker's pool (mode mysql). */
  mysqlConnections: number;
  channels: number;
  deadlineMs: number;
  slowMs: number;
  firstPlayer: string;
  players: number;
  seed: number;
  /** Mode echo: the request payload, and the response size to expect. */
  requestBytes: number;
  responseBytes: number;
}

/** The columns db-proxy's Get selects on the player table, in its order. */
export const PLAYER_COLUMNS = [
  'player_id',
  'name',
  'level',
  'vip_level',
  'power',
  'alliance_id',
  'gold',
  'food',
  'wood',
  'stone',
  'iron',
  'created_at',
  'version',
];
export const DIRECT_SQL = `SELECT ${PLAYER_COLUMNS.map((c) => `\`${c}\``).join(', ')} FROM \`player\` WHERE \`player_id\` = ?`;

type Value = slg.common.v1.Value.$Properties;

/**
 * The fields of the player the bench seeds as its i-th (id = first player + i); the columns it
 * leaves out take the schema's defaults. Seeding inserts exactly this, and the Get check
 * compares every one of these fields.
 */
export function seededPlayer(id: bigint, i: number): Record<string, Value> {
  return {
    player_id: { int: toLong(id) },
    name: { str: `bench-${id}` },
    level: { int: 1 + (i % 30) },
    power: { int: 1000 * (i % 97) },
    gold: { int: 5000 + i },
    food: { int: 20_000 },
    wood: { int: 20_000 },
    stone: { int: 10_000 },
    iron: { int: 5_000 },
  };
}

/** Why a Get answer is not the seeded player (null: it is, every seeded field and a version). */
export function playerMismatch(
  answer: Uint8Array,
  want: Record<string, Value>,
  id: bigint,
): string | null {
  let row: slg.dbproxy.v1.IRow | null | undefined;
  try {
    row = slg.dbproxy.v1.RowResponse.decode(answer).row;
  } catch (err) {
    return `an answer that does not decode (${(err as Error).message})`;
  }
  // A missing row is an OK answer with no row (no bytes at all): a mismatch, not an error.
  if (!row?.fields) return `player ${id}: no row`;
  for (const [name, w] of Object.entries(want)) {
    const got = row.fields[name];
    const same =
      got !== undefined &&
      (w.str !== undefined
        ? got.str === w.str
        : got.int !== null && got.int !== undefined && toBigInt(got.int) === toBigInt(w.int));
    if (!same)
      return `player ${id}: ${name} ${JSON.stringify(got ?? null)}, seeded ${JSON.stringify(w)}`;
  }
  if (!row.version || toBigInt(row.version) < 1n) return `player ${id}: version ${row.version}`;
  return null;
}

/**
 * The Get answers' check (see the top of the file): the first answer for a player decoded and
 * checked in full against its seeded row, later ones matched by their bytes.
 */
export class PlayerAnswers {
  readonly #first: bigint;
  readonly #memo: boolean;
  /** Per player index: the bytes of an answer checked in full. */
  readonly #verified: (Buffer | undefined)[] = [];

  constructor(firstPlayer: bigint, memo = MEMO_ENABLED_BY_DEFAULT) {
    this.#first = firstPlayer;
    this.#memo = memo;
  }

  /** Why the answer for the i-th seeded player is not its row (null: it is). */
  check(i: number, answer: Buffer): string | null {
    if (this.#verified[i]?.equals(answer)) return null;
    const id = this.#first + BigInt(i);
    const why = playerMismatch(answer, seededPlayer(id, i), id);
    if (why === null && this.#memo) this.#verified[i] = answer;
    return why;
  }
}

// mysql2's `TypedParameter` is a getter that runs require() on every read: read it once.
const { LONGLONG } = mysql.TypedParameter;

const NAMES = { echo: 'Echo', dbproxy: 'db-proxy Get', mysql: 'mysql2 direct' } as const;

class DbProxyBenchWorkload implements Workload {
  readonly #ctx: WorkloadContext<DbProxyBenchParams>;
  readonly #rngs: Rng[];
  readonly #first: bigint;
  #rec: OpRecorder;
  #db:
    | ReturnType<typeof createLoadClient<typeof slg_dbproxy_v1_DbProxyDefinition, 'Get'>>
    | undefined;
  #echo: ReturnType<typeof createLoadClient<typeof slg_echo_v1_EchoServiceDefinition>> | undefined;
  #pool: mysql.Pool | undefined;
  #requests: Uint8Array[] = [];
  readonly #answers: PlayerAnswers;
  #firstError: string | null = null;

  constructor(ctx: WorkloadContext<DbProxyBenchParams>) {
    this.#ctx = ctx;
    const p = ctx.params;
    this.#rec = new OpRecorder(NAMES[p.mode], p.slowMs * 1000);
    this.#rngs = ctx.clientIds.map((id) => new Rng(p.seed, 'dbproxy-get', id));
    this.#first = BigInt(p.firstPlayer);
    this.#answers = new PlayerAnswers(this.#first);
    if (p.mode === 'dbproxy') {
      this.#db = createLoadClient(slg_dbproxy_v1_DbProxyDefinition, p.target, {
        channels: p.channels,
        deadlineMs: p.deadlineMs,
        raw: ['Get'],
      });
      // Encoded once, like the echo requests.
      this.#requests = Array.from({ length: p.players }, (_, i) =>
        slg.dbproxy.v1.GetRequest.encode({
          table: 'player',
          key: [{ int: toLong(this.#first + BigInt(i)) }],
        }).finish(),
      );
    } else if (p.mode === 'echo') {
      this.#echo = createLoadClient(slg_echo_v1_EchoServiceDefinition, p.target, {
        channels: p.channels,
        deadlineMs: p.deadlineMs,
        // The echo server (echo-server.ts) is plaintext, whatever --tls-* says of the stack.
        security: plaintext,
      });
      this.#requests = [
        slg.echo.v1.EchoRequest.encode({ payload: Buffer.alloc(p.requestBytes, 0x62) }).finish(),
      ];
    } else {
      const u = new URL(p.mysqlUrl);
      this.#pool = mysql.createPool({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username) || 'root',
        password: decodeURIComponent(u.password),
        database: u.pathname.slice(1),
        connectionLimit: p.mysqlConnections,
        supportBigNumbers: true,
        bigNumberStrings: false,
        maxPreparedStatements: 128,
      });
    }
  }

  #direct(id: bigint): Promise<unknown[][]> {
    return new Promise((resolve, reject) => {
      this.#pool!.execute({ sql: DIRECT_SQL, rowsAsArray: true }, [LONGLONG(id)], (err, rows) =>
        err ? reject(err) : resolve(rows as unknown[][]),
      );
    });
  }

  async prepare(): Promise<Record<string, unknown>> {
    const p = this.#ctx.params;
    if (this.#db) {
      await this.#db.client.waitForReady(10_000);
      await Promise.all(
        Array.from({ length: p.channels * 2 }, (_, i) =>
          this.#db!.client.Get(this.#requests[i % this.#requests.length]!),
        ),
      );
    } else if (this.#echo) {
      await this.#echo.client.waitForReady(10_000);
      await Promise.all(
        Array.from({ length: p.channels * 2 }, () => this.#echo!.client.Echo(this.#requests[0]!)),
      );
    } else {
      // Every connection of the pool open, the statement prepared on it.
      await Promise.all(
        Array.from({ length: p.mysqlConnections }, () => this.#direct(this.#first)),
      );
    }
    return {};
  }

  async step(client: number, scheduledAt: number | undefined): Promise<void> {
    const p = this.#ctx.params;
    const i = p.mode === 'echo' ? 0 : this.#rngs[client]!.int(p.players);
    const id = this.#first + BigInt(i);
    const t0 = performance.now();
    try {
      let ok: boolean;
      let got = '';
      if (this.#echo) {
        const res = await this.#echo.client.Echo(this.#requests[0]!);
        ok = (res.payload?.length ?? 0) === p.responseBytes;
        got = `${res.payload?.length ?? 0} bytes`;
      } else if (this.#db) {
        const res = await this.#db.client.Get(this.#requests[i]!);
        const why = this.#answers.check(i, res);
        ok = why === null;
        got = why ?? '';
      } else {
        const rows = await this.#direct(id);
        const v = rows[0]?.[0];
        ok = v !== undefined && BigInt(v as number | string) === id;
        got = v === undefined ? 'no row' : `player ${v}`;
      }
      const t1 = performance.now();
      this.#rec.record(
        (t1 - (scheduledAt !== undefined && scheduledAt < t0 ? scheduledAt : t0)) * 1000,
      );
      this.#ctx.counters.completed();
      if (!ok) {
        this.#rec.mismatches++;
        this.#ctx.counters.mismatch();
        this.#firstError ??=
          p.mode === 'dbproxy' ? got : `${p.mode === 'echo' ? 'echo' : `player ${id}`}: got ${got}`;
      }
    } catch (err) {
      this.#rec.errors++;
      this.#ctx.counters.error();
      this.#firstError ??= `${(err as ServiceError).code ?? ''}: ${(err as Error).message}`;
    }
  }

  async results(): Promise<WorkloadResults> {
    const out = { ops: [this.#rec.snapshot()], extra: { firstError: this.#firstError } };
    // The next run of the pool (the next round) starts from zero.
    this.#rec = this.#rec.fresh();
    this.#firstError = null;
    return out;
  }

  async close(): Promise<void> {
    this.#db?.client.close();
    this.#echo?.client.close();
    await new Promise<void>((resolve) =>
      this.#pool ? this.#pool.end(() => resolve()) : resolve(),
    );
  }
}

export const createWorkload: CreateWorkload<DbProxyBenchParams> = async (ctx) =>
  new DbProxyBenchWorkload(ctx);
