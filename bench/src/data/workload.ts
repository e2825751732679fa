// The data workload inside one worker thread: its virtual clients, each owning a share of the
// players (so every expectation is exact), seeding, the checked request loop, and the ledger:
// every write's outcome (acknowledged, failed, unknown), and the read-back that settles an
// unknown one, accepting only a state some write of the client explains.
import { setTimeout as sleep } from 'node:timers/promises';
import { status } from '@grpc/grpc-js';
import { type Long, slg, slg_dataserver_v2_DataServiceDefinition, toBigInt } from '@slg/proto';
import { ServiceError } from '@slg/service-kit';
import { createLoadClient } from '../lib/grpc.ts';
import { OpRecorder } from '../lib/histogram.ts';
import { inParallel } from '../lib/parallel.ts';
import { Rng, WeightedChoice } from '../lib/rng.ts';
import type {
  CreateWorkload,
  Workload,
  WorkloadContext,
  WorkloadResults,
} from '../lib/workload.ts';
import { UndecodableAnswer } from './memo.ts';
import {
  classify,
  diffRecord,
  diffState,
  exportRecords,
  fieldsToWire,
  getRecord,
  type PlayerState,
  type RecordState,
  setRecord,
} from './model.ts';
import {
  ANSWER_STATUSES,
  OPS,
  type OpName,
  type Planned,
  Planner,
  showRequest,
  statusMismatch,
} from './operations.ts';
import { generatePlayer, playersOfClient } from './population.ts';
import { type GameSchema, loadGameSchema, type TableInfo } from './schema.ts';
import { type Fields, valFromWire } from './values.ts';

export interface DataParams {
  target: string;
  channels: number;
  deadlineMs: number;
  schemaPath: string;
  seed: number;
  players: number;
  /** The first player id, as a decimal string (int64). */
  firstPlayer: string;
  members: number;
  /** Virtual clients in the whole run. */
  concurrency: number;
  weights: [OpName, number][];
  slowMs: number;
  /** Players seeded in parallel by one worker. */
  seedParallel: number;
  /** Mismatches printed as they happen, per worker (all are counted). */
  printLimit: number;
  /**
   * After the measured phase, how long the ledger keeps reading back the writes whose outcome
   * is still unknown (the stack may still be recovering) before it exports them unsettled.
   */
  settleMs?: number;
}

/** The ledger: every write by outcome, and what the read-backs of the unknown ones found. */
export interface LedgerCounts {
  /** Writes the service answered OK (checked: their effect is in the model). */
  acknowledged: number;
  /** Writes the service answered with a refusal (NOT_FOUND, FAILED_PRECONDITION, ...): not applied. */
  failed: number;
  /** Writes with no answer (deadline, connection lost, UNAVAILABLE mid-call) or a wrong one. */
  unknown: number;
  /** Unknown writes settled by a read-back: found applied / found not applied. */
  settledApplied: number;
  settledNotApplied: number;
  /** Unknown writes still unsettled at the end (exported with their alternatives). */
  unsettled: number;
  /** Read-backs that found a record no write explains: an acknowledged write missing / a value nobody wrote. */
  lost: number;
  phantom: number;
  /** Failed calls by status name (UNAVAILABLE, DEADLINE_EXCEEDED, ...). */
  errorsByCode: Record<string, number>;
}

export function emptyLedger(): LedgerCounts {
  return {
    acknowledged: 0,
    failed: 0,
    unknown: 0,
    settledApplied: 0,
    settledNotApplied: 0,
    unsettled: 0,
    lost: 0,
    phantom: 0,
    errorsByCode: {},
  };
}

/** Adds `b`'s counts to `a`. */
export function addLedger(a: LedgerCounts, b: LedgerCounts): LedgerCounts {
  for (const k of Object.keys(b) as (keyof LedgerCounts)[]) {
    if (k !== 'errorsByCode') a[k] += b[k];
  }
  for (const [code, n] of Object.entries(b.errorsByCode)) countCode(a, code, n);
  return a;
}

function countCode(l: LedgerCounts, code: string, n = 1): void {
  l.errorsByCode[code] = (l.errorsByCode[code] ?? 0) + n;
}

/** The ledger as one line of the report. */
export function ledgerLine(l: LedgerCounts): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const codes = Object.entries(l.errorsByCode)
    .sort((a, b) => b[1] - a[1])
    .map(([c, k]) => `${c} ${n(k)}`)
    .join(', ');
  return (
    `ledger: writes ${n(l.acknowledged)} acknowledged, ${n(l.failed)} failed (refused, not applied), ` +
    `${n(l.unknown)} unknown (read back: ${n(l.settledApplied)} applied, ${n(l.settledNotApplied)} not applied, ` +
    `${n(l.unsettled)} unsettled); lost ${n(l.lost)}, phantom ${n(l.phantom)}` +
    (codes ? `; errors by code: ${codes}` : '')
  );
}

/** Observes a library user's run (the faults suite): each acknowledged write, as it is checked. */
export interface DataObserver {
  /** A write answered OK and checked; `sentAt`/`answeredAt` are performance.now() times. */
  acknowledged(op: OpName, sentAt: number, answeredAt: number): void;
}

export interface Sample {
  op: OpName;
  player: string;
  request: string;
  problem: string;
}

export interface DataExtra extends Record<string, unknown> {
  records: ReturnType<typeof exportRecords>;
  mismatchSamples: Sample[];
  errorSamples: Sample[];
  /** Read-backs made (each attempt). */
  resyncs: number;
  ledger: LedgerCounts;
  /** Up to 100 per worker: the lost and phantom writes found by the read-backs. */
  ledgerSamples: Sample[];
}

/** The seeding: players and records created, in seconds (the slowest worker's). */
export interface Seeding {
  players: number;
  records: number;
  seconds: number;
}

/** The seeding the workers' prepare() reported (LoadPool.readyInfo). */
export function seedingOf(readyInfo: readonly Record<string, unknown>[]): Seeding {
  return {
    players: readyInfo.reduce((n, i) => n + (i.players as number), 0),
    records: readyInfo.reduce((n, i) => n + (i.records as number), 0),
    seconds: Math.max(...readyInfo.map((i) => i.seedS as number)),
  };
}

const SAMPLE_LIMIT = 100;
/** Between two read-backs of an unknown write that failed. */
const RETRY_MS = 200;
/** Tries of one player's seeding that end UNAVAILABLE or DEADLINE_EXCEEDED (see #seedPlayer). */
const SEED_TRIES = 5;
/** `DataParams.settleMs`'s default: the deadline and its margin, then this long. */
const DEFAULT_SETTLE_MS = 15_000;
const pb = slg.dataserver.v2;

interface Client {
  rng: Rng;
  players: PlayerState[];
}

function dataClient(p: DataParams) {
  return createLoadClient(slg_dataserver_v2_DataServiceDefinition, p.target, {
    channels: p.channels,
    deadlineMs: p.deadlineMs,
    // The reads' answers arrive as bytes, to be checked through the memo.
    raw: ['FetchV2', 'CFetchV2'],
  });
}

export class DataWorkload implements Workload {
  readonly #ctx: WorkloadContext<DataParams>;
  readonly #p: DataParams;
  readonly #schema: GameSchema;
  readonly #planner: Planner;
  readonly #choice: WeightedChoice<OpName>;
  readonly #clients: Client[];
  /** Every player of the clients. */
  readonly #players: PlayerState[];
  readonly #recorders: Map<OpName, OpRecorder>;
  readonly #grpc: ReturnType<typeof dataClient>;
  #resyncs = 0;
  #printed = 0;
  readonly #ledger = emptyLedger();
  readonly #ledgerSamples: Sample[] = [];
  /**
   * An unknown write may still commit until its deadline has passed (db-proxy never sends a
   * COMMIT after it; one sent just before may land a little later): its read-back waits until
   * the call's send time + `deadlineMs` + this margin: 3,000 ms, data-server's lease margin for
   * the same reason, or the environment's BENCH_SETTLE_MARGIN_MS (a test double's 0).
   */
  readonly #margin = Number(process.env.BENCH_SETTLE_MARGIN_MS ?? 3000);
  /** Set by a library user (the faults suite) in the same thread. */
  observer: DataObserver | null = null;
  readonly #mismatchSamples: Sample[] = [];
  readonly #errorSamples: Sample[] = [];

  constructor(ctx: WorkloadContext<DataParams>) {
    this.#ctx = ctx;
    const p = ctx.params;
    this.#p = p;
    this.#schema = loadGameSchema(p.schemaPath);
    this.#planner = new Planner(this.#schema);
    this.#choice = new WeightedChoice(new Map(p.weights));
    const first = BigInt(p.firstPlayer);
    this.#clients = ctx.clientIds.map((id) => ({
      rng: new Rng(p.seed, 'client', id),
      players: playersOfClient(id, p.players, p.concurrency).map((i) =>
        generatePlayer(this.#schema, p.seed, i, first, p.members),
      ),
    }));
    this.#recorders = new Map(OPS.map((op) => [op, new OpRecorder(op, p.slowMs * 1000)]));
    this.#players = this.#clients.flatMap((c) => c.players);
    this.#grpc = dataClient(p);
  }

  /** The ledger's counts so far (a copy), for a library user watching the run (the faults suite). */
  ledgerSnapshot(): LedgerCounts {
    return addLedger(emptyLedger(), this.#ledger);
  }

  /** Resets and creates this worker's players through the data server (not measured). */
  async prepare(): Promise<Record<string, unknown>> {
    const t0 = performance.now();
    await this.#grpc.waitForReady(10_000).catch((err: unknown) => {
      throw new Error(`cannot reach data-server at ${this.#p.target}: ${(err as Error).message}`);
    });
    const players = this.#players;
    let records = 0;
    await inParallel(players, this.#p.seedParallel, async (p) => {
      // Not `records += await ...`: that reads `records` before the await, losing the others' counts.
      const created = await this.#seedPlayer(p);
      records += created;
      this.#ctx.counters.prepared();
    });
    // The seeded records' own encodings, checked, into the answer memo (see memo.ts).
    this.#planner.memo.prime(this.#schema, players);
    return { players: players.length, records, seedS: (performance.now() - t0) / 1000 };
  }

  /**
   * Seeds one player, from a clean slate each time: a try that ends UNAVAILABLE or
   * DEADLINE_EXCEEDED (a busy machine, a service still warming up) is made again once no write
   * of it can still commit (its deadline and the settle margin have passed), up to
   * SEED_TRIES times. Any other error ends the run with the player's name.
   */
  async #seedPlayer(p: PlayerState): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#seedPlayerOnce(p);
      } catch (err) {
        const grpcCode = err instanceof ServiceError ? err.grpcCode : undefined;
        if (
          attempt >= SEED_TRIES ||
          (grpcCode !== status.UNAVAILABLE && grpcCode !== status.DEADLINE_EXCEEDED)
        ) {
          const what =
            err instanceof ServiceError ? `${err.code}: ${err.message}` : (err as Error).message;
          throw new Error(
            `seeding player ${p.id}${attempt > 1 ? ` (try ${attempt})` : ''}: ${what}`,
          );
        }
        await sleep(this.#p.deadlineMs + this.#margin);
      }
    }
  }

  async #seedPlayerOnce(p: PlayerState): Promise<number> {
    const c = this.#grpc;
    for (const t of this.#schema.collections) {
      await c.CRemoveV2(
        pb.CRemoveRequest.encode({ table: t.name, ownerId: p.idLong, all: true }).finish(),
      );
    }
    await c.RemoveV2(
      pb.RemoveRequest.encode({
        table: this.#schema.playerTable.name,
        ownerId: p.idLong,
      }).finish(),
    );
    let n = 0;
    const create = async (table: TableInfo, member: number, r: RecordState) => {
      const res = await c.CreateV2(
        pb.CreateRequest.encode({
          table: table.name,
          ownerId: p.idLong,
          memberId: member,
          fields: fieldsToWire(r.fields),
        }).finish(),
      );
      const v = toBigInt(res.version as Long);
      if (v !== 1n)
        throw new Error(`CreateV2 ${table.name}/${member} answered version ${v}, expected 1`);
      n++;
    };
    await create(this.#schema.playerTable, 0, p.player!);
    for (const t of this.#schema.collections) {
      for (const [m, r] of p.collections.get(t.name)!.members) await create(t, m, r);
    }
    return n;
  }

  async step(i: number, scheduledAt: number | undefined): Promise<boolean> {
    const client = this.#clients[i]!;
    const op = this.#choice.pick(client.rng);
    let p = client.rng.pick(client.players);
    if (p.pending && !(await this.#settle(p))) {
      // Its last write is still unknown and cannot be read back yet: another player, if any.
      const live = client.players.filter((x) => !x.pending);
      if (live.length === 0) {
        // Every player of this client waits for a read-back: nothing to send until one succeeds.
        await sleep(RETRY_MS);
        return true;
      }
      p = client.rng.pick(live);
    }
    const planned = this.#planner.plan(op, client.rng, p);
    const rec = this.#recorders.get(op)!;
    const call: (bytes: Uint8Array) => Promise<unknown> = this.#grpc[op];
    const t0 = performance.now();
    let response: unknown;
    let error: ServiceError | undefined;
    try {
      response = await call(planned.bytes);
    } catch (err) {
      error = err as ServiceError;
    }
    const t1 = performance.now();
    const start = scheduledAt !== undefined && scheduledAt < t0 ? scheduledAt : t0;
    // An OK answer expected OK is checked first: a read's answer arrives as bytes, and bytes
    // that do not decode are an error, as when grpc-js decoded them (nothing else happens
    // between the answer and its check, so the order changes nothing for the model).
    let problem: string | null = null;
    if (!error && planned.expectCode === null) {
      try {
        problem = planned.check(response);
      } catch (err) {
        if (!(err instanceof UndecodableAnswer)) throw err;
        error = err.error;
      }
    }
    if (error && !ANSWER_STATUSES.has(error.grpcCode)) {
      rec.errors++;
      this.#ctx.counters.error();
      const code = error.code ?? 'UNKNOWN';
      countCode(this.#ledger, code);
      this.#sample(this.#errorSamples, planned, `${code}: ${error.message}`);
      if (planned.outcomes) this.#unknown(p, planned, t0 + this.#p.deadlineMs + this.#margin);
      return true;
    }
    rec.record((t1 - start) * 1000);
    this.#ctx.counters.completed();
    // Any status but the one expected (a refusal, or OK) is a mismatch.
    if (error || planned.expectCode !== null)
      problem = statusMismatch(planned.expectCode, error?.grpcCode ?? null, error?.message ?? '');
    if (problem) {
      rec.mismatches++;
      this.#ctx.counters.mismatch();
      this.#sample(this.#mismatchSamples, planned, problem);
      this.#print(
        () =>
          `MISMATCH ${op} player ${p.id}: ${problem}\n  request ${showRequest(planned.request)}`,
      );
      // A wrong answer to a write: its outcome is as unknown as an unanswered one's.
      if (planned.outcomes) {
        this.#unknown(p, planned, 0);
        await this.#settle(p);
      }
    } else if (planned.outcomes) {
      if (error) this.#ledger.failed++;
      else {
        this.#ledger.acknowledged++;
        this.observer?.acknowledged(op, t0, t1);
      }
    }
    return true;
  }

  /** Records a write whose outcome is unknown: its player waits for a read-back. */
  #unknown(p: PlayerState, planned: Planned, notBefore: number): void {
    this.#ledger.unknown++;
    p.pending = {
      op: planned.op,
      request: showRequest(planned.request),
      outcomes: planned.outcomes!,
      notBefore,
    };
  }

  #sample(list: Sample[], planned: Planned, problem: string): void {
    if (list.length >= SAMPLE_LIMIT) return;
    list.push({
      op: planned.op,
      player: planned.player.id.toString(),
      request: showRequest(planned.request),
      problem,
    });
  }

  /** Prints a mismatch or a lost or phantom write as it happens (up to printLimit per worker). */
  #print(text: () => string): void {
    if (this.#printed >= this.#p.printLimit) return;
    this.#printed++;
    console.error(text());
  }

  /**
   * Reads back the record(s) of the player's unknown write once. A state the write may have
   * left (the old one, or the write applied) settles it; anything else is a lost write (an
   * acknowledged one missing) or a phantom write (a value nobody wrote), reported, and the
   * state found is adopted so that the run goes on checking exactly. Returns false when the
   * read fails (the write stays unknown: the player waits).
   */
  async #settle(p: PlayerState): Promise<boolean> {
    const w = p.pending!;
    // Not before the write's outcome is final (it may still commit until then).
    if (performance.now() < w.notBefore) return false;
    const { table } = w.outcomes;
    this.#resyncs++;
    const c = this.#grpc;
    let found: Map<number, slg.dataserver.v2.IRecord | null>;
    try {
      if (w.outcomes.kind === 'record') {
        const member = [...w.outcomes.members.keys()][0]!;
        const res = pb.FetchResponse.decode(
          await c.FetchV2(
            pb.FetchRequest.encode({
              table: table.name,
              ownerId: p.idLong,
              memberId: member,
            }).finish(),
          ),
        );
        found = new Map([[member, res.record ?? null]]);
      } else {
        const res = pb.CFetchResponse.decode(
          await c.CFetchV2(
            pb.CFetchRequest.encode({ table: table.name, ownerId: p.idLong }).finish(),
          ),
        );
        found = new Map();
        for (const id of p.collections.get(table.name)!.members.keys()) found.set(id, null);
        for (const id of w.outcomes.members.keys()) found.set(id, null);
        for (const r of res.records) found.set(Number(toBigInt(r.memberId as Long)), r);
      }
    } catch {
      return false;
    }
    let applied = false;
    for (const [member, got] of found) {
      const old = getRecord(p, table, member);
      const candidates = w.outcomes.members.get(member) ?? [old];
      const k = candidates.findIndex((want) => !diffState(table, p.id, member, want, got));
      if (k >= 0) {
        if (candidates[k] !== old) applied = true;
        setRecord(p, table, member, candidates[k]);
        continue;
      }
      const existed = table.collection ? p.collections.get(table.name)!.removed.has(member) : false;
      const gotVersion = got ? toBigInt(got.version as Long) : null;
      const kind = classify(candidates, gotVersion, existed);
      this.#ledger[kind]++;
      const problem =
        `${kind} write: ${table.name} member ${member} found ` +
        (got ? `version ${gotVersion}` : 'absent') +
        `, after ${w.op} with an unknown outcome; expected ${candidates
          .map((s) => (s ? `version ${s.version}` : 'absent'))
          .join(' or ')}` +
        (got && candidates[0] ? ` (${diffRecord(table, p.id, member, candidates[0], got)})` : '');
      if (this.#ledgerSamples.length < SAMPLE_LIMIT)
        this.#ledgerSamples.push({
          op: w.op as OpName,
          player: p.id.toString(),
          request: w.request,
          problem,
        });
      this.#print(
        () => `${kind.toUpperCase()} WRITE player ${p.id}: ${problem}\n  request ${w.request}`,
      );
      setRecord(p, table, member, got ? adopt(table, got) : undefined);
    }
    if (applied) this.#ledger.settledApplied++;
    else this.#ledger.settledNotApplied++;
    p.pending = null;
    return true;
  }

  /** Reads back every unknown write left, until all are settled or `settleMs` has passed. */
  async #settleAll(): Promise<void> {
    const until =
      performance.now() +
      (this.#p.settleMs ?? this.#p.deadlineMs + this.#margin + DEFAULT_SETTLE_MS);
    for (;;) {
      for (const p of this.#players) if (p.pending) await this.#settle(p);
      if (this.#players.every((p) => !p.pending) || performance.now() > until) return;
      await sleep(RETRY_MS);
    }
  }

  async results(): Promise<WorkloadResults> {
    await this.#settleAll();
    this.#ledger.unsettled = this.#players.filter((p) => p.pending).length;
    const extra: DataExtra = {
      records: exportRecords(this.#schema, this.#players),
      mismatchSamples: this.#mismatchSamples,
      errorSamples: this.#errorSamples,
      resyncs: this.#resyncs,
      ledger: this.ledgerSnapshot(),
      ledgerSamples: this.#ledgerSamples,
    };
    return { ops: [...this.#recorders.values()].map((r) => r.snapshot()), extra };
  }

  async close(): Promise<void> {
    this.#grpc.close();
  }
}

/** A record as the server holds it, as model state (key columns dropped). */
function adopt(table: TableInfo, r: slg.dataserver.v2.IRecord): RecordState {
  const fields: Fields = new Map();
  for (const [k, v] of Object.entries(r.fields ?? {})) {
    if (table.keyColumns.includes(k)) continue;
    const val = valFromWire(v);
    if (val) fields.set(k, val);
  }
  return { fields, version: toBigInt(r.version as Long) };
}

export const createWorkload: CreateWorkload<DataParams> = async (ctx) => new DataWorkload(ctx);
