// The data workload inside one worker thread: its virtual clients, each owning a share of the
// players (so every expectation is exact), seeding, the checked request loop, and the
// read-back of a record whose write outcome became unknown.
import { createHash, type Hash } from 'node:crypto';
import { writeSync } from 'node:fs';
import { type Long, slg, slg_dataserver_v2_DataServiceDefinition, toBigInt } from '@slg/proto';
import type { ServiceError } from '@slg/service-kit';
import { createLoadClient } from '../lib/grpc.ts';
import { OpRecorder } from '../lib/histogram.ts';
import { Rng, WeightedChoice } from '../lib/rng.ts';
import type {
  CreateWorkload,
  Workload,
  WorkloadContext,
  WorkloadResults,
} from '../lib/workload.ts';
import { AnswerMemo, type MemoStats, UndecodableAnswer } from './memo.ts';
import {
  exportRecords,
  fieldsToWire,
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
  type Resync,
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
}

/** One virtual client's request sequence: its hash, and the hash after every CHECKPOINT requests. */
export interface ClientSequence {
  client: number;
  requests: number;
  hash: string;
  checkpoints: string[];
}

/** Requests per client between two checkpoints of the sequence hash. */
export const CHECKPOINT = 64;

export interface Sample {
  op: OpName;
  player: string;
  request: string;
  problem: string;
}

export interface DataExtra extends Record<string, unknown> {
  clients: ClientSequence[];
  records: ReturnType<typeof exportRecords>;
  mismatchSamples: Sample[];
  errorSamples: Sample[];
  requestBytes: number;
  responseBytes: number;
  responses: number;
  resyncs: number;
  disabledPlayers: number;
  /** The answer memo's counts (reads matched by their bytes, answers decoded). */
  memo: MemoStats & { enabled: boolean };
}

const SAMPLE_LIMIT = 100;
const pb = slg.dataserver.v2;
const OP_INDEX = new Map(OPS.map((op, i) => [op, i]));

interface Client {
  id: number;
  rng: Rng;
  players: PlayerState[];
  hash: Hash;
  requests: number;
  checkpoints: string[];
}

type Call = (bytes: Uint8Array) => Promise<unknown>;

/** The reads whose answers the workload receives as bytes, to check them through the memo. */
const RAW_METHODS = ['FetchV2', 'CFetchV2'] as const;

export class DataWorkload implements Workload {
  readonly #ctx: WorkloadContext<DataParams>;
  readonly #p: DataParams;
  readonly #schema: GameSchema;
  readonly #planner: Planner;
  readonly #choice: WeightedChoice<OpName>;
  readonly #clients: Client[];
  readonly #recorders: Map<OpName, OpRecorder>;
  readonly #grpc: ReturnType<
    typeof createLoadClient<
      typeof slg_dataserver_v2_DataServiceDefinition,
      (typeof RAW_METHODS)[number]
    >
  >;
  readonly #calls: Record<OpName, Call>;
  #requestBytes = 0;
  #resyncs = 0;
  #printed = 0;
  readonly #mismatchSamples: Sample[] = [];
  readonly #errorSamples: Sample[] = [];

  constructor(ctx: WorkloadContext<DataParams>) {
    this.#ctx = ctx;
    const p = ctx.params;
    this.#p = p;
    this.#schema = loadGameSchema(p.schemaPath);
    this.#planner = new Planner(this.#schema, new AnswerMemo());
    this.#choice = new WeightedChoice(new Map(p.weights));
    const first = BigInt(p.firstPlayer);
    this.#clients = ctx.clientIds.map((id) => ({
      id,
      rng: new Rng(p.seed, 'client', id),
      players: playersOfClient(id, p.players, p.concurrency).map((i) =>
        generatePlayer(this.#schema, p.seed, i, first, p.members),
      ),
      hash: createHash('sha256'),
      requests: 0,
      checkpoints: [],
    }));
    this.#recorders = new Map(OPS.map((op) => [op, new OpRecorder(op, p.slowMs * 1000)]));
    this.#grpc = createLoadClient(slg_dataserver_v2_DataServiceDefinition, p.target, {
      channels: p.channels,
      deadlineMs: p.deadlineMs,
      raw: RAW_METHODS,
    });
    const c = this.#grpc.client;
    this.#calls = {
      FetchV2: (b) => c.FetchV2(b),
      CFetchV2: (b) => c.CFetchV2(b),
      ModifyV2: (b) => c.ModifyV2(b),
      IncrByV2: (b) => c.IncrByV2(b),
      CreateV2: (b) => c.CreateV2(b),
      RemoveV2: (b) => c.RemoveV2(b),
      CRemoveV2: (b) => c.CRemoveV2(b),
      CCountV2: (b) => c.CCountV2(b),
    };
  }

  /** Resets and creates this worker's players through the data server (not measured). */
  async prepare(): Promise<Record<string, unknown>> {
    const t0 = performance.now();
    await this.#grpc.client.waitForReady(10_000).catch((err: unknown) => {
      throw new Error(`cannot reach data-server at ${this.#p.target}: ${(err as Error).message}`);
    });
    const players = this.#clients.flatMap((c) => c.players);
    let next = 0;
    let records = 0;
    const lane = async () => {
      while (next < players.length) {
        const p = players[next++]!;
        const n = await this.#seedPlayer(p);
        records += n;
        this.#ctx.counters.prepared();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.#p.seedParallel) }, lane));
    // The seeded records' own encodings, checked, into the answer memo (see memo.ts).
    this.#planner.memo.prime(this.#schema, players);
    // Sizes are reported for the measured phase only.
    this.#grpc.bytes.responses = 0;
    this.#grpc.bytes.responseBytes = 0;
    return { players: players.length, records, seedS: (performance.now() - t0) / 1000 };
  }

  async #seedPlayer(p: PlayerState): Promise<number> {
    const c = this.#grpc.client;
    const where = `seeding player ${p.id}`;
    try {
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
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`);
    }
  }

  async step(i: number, scheduledAt: number | undefined): Promise<boolean> {
    const client = this.#clients[i]!;
    const op = this.#choice.pick(client.rng);
    let p = client.rng.pick(client.players);
    if (p.disabled) {
      const live = client.players.filter((x) => !x.disabled);
      // Every player of this client was dropped (their state is unknown): the client stops.
      if (live.length === 0) return false;
      p = client.rng.pick(live);
    }
    const planned = this.#planner.plan(op, client.rng, p);
    client.hash.update(Uint8Array.of(OP_INDEX.get(op)!));
    client.hash.update(planned.bytes);
    client.requests++;
    if (client.requests % CHECKPOINT === 0)
      client.checkpoints.push(client.hash.copy().digest('hex'));
    this.#requestBytes += planned.bytes.length;
    const rec = this.#recorders.get(op)!;
    const call = this.#calls[op];
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
      this.#sample(this.#errorSamples, planned, `${error.code}: ${error.message}`);
      if (planned.resync) await this.#resync(p, planned.resync);
      return true;
    }
    rec.record((t1 - start) * 1000);
    this.#ctx.counters.completed();
    if (error) {
      problem =
        error.grpcCode === planned.expectCode
          ? null
          : statusMismatch(planned.expectCode, error.grpcCode, error.message);
    } else if (planned.expectCode !== null) {
      problem = statusMismatch(planned.expectCode, null, '');
    }
    if (problem) {
      rec.mismatches++;
      this.#ctx.counters.mismatch();
      this.#sample(this.#mismatchSamples, planned, problem);
      if (this.#printed < this.#p.printLimit) {
        this.#printed++;
        console.error(
          `MISMATCH ${op} player ${p.id}: ${problem}\n  request ${showRequest(planned.request)}`,
        );
      }
      if (planned.resync) await this.#resync(p, planned.resync);
    }
    return true;
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

  /** Reads back what the server holds after a write with an unknown outcome, and adopts it. */
  async #resync(p: PlayerState, what: Resync): Promise<void> {
    this.#resyncs++;
    const c = this.#grpc.client;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        if (what.kind === 'record') {
          const res = pb.FetchResponse.decode(
            await c.FetchV2(
              pb.FetchRequest.encode({
                table: what.table.name,
                ownerId: p.idLong,
                memberId: what.member,
              }).finish(),
            ),
          );
          setRecord(
            p,
            what.table,
            what.member,
            res.record ? adopt(what.table, res.record) : undefined,
          );
        } else {
          const res = pb.CFetchResponse.decode(
            await c.CFetchV2(
              pb.CFetchRequest.encode({ table: what.table.name, ownerId: p.idLong }).finish(),
            ),
          );
          const coll = p.collections.get(what.table.name)!;
          const seen = new Set<number>();
          for (const r of res.records) {
            const id = Number(toBigInt(r.memberId as Long));
            seen.add(id);
            setRecord(p, what.table, id, adopt(what.table, r));
          }
          for (const id of [...coll.members.keys()])
            if (!seen.has(id)) setRecord(p, what.table, id, undefined);
        }
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
      }
    }
    p.disabled = true;
  }

  async results(): Promise<WorkloadResults> {
    const g = this.#grpc.bytes;
    const extra: DataExtra = {
      clients: this.#clients.map((c) => ({
        client: c.id,
        requests: c.requests,
        hash: c.hash.copy().digest('hex'),
        checkpoints: c.checkpoints,
      })),
      records: exportRecords(
        this.#schema,
        this.#clients.flatMap((c) => c.players),
      ),
      mismatchSamples: this.#mismatchSamples,
      errorSamples: this.#errorSamples,
      requestBytes: this.#requestBytes,
      responseBytes: g.responseBytes,
      responses: g.responses,
      resyncs: this.#resyncs,
      disabledPlayers: this.#clients.reduce(
        (n, c) => n + c.players.filter((p) => p.disabled).length,
        0,
      ),
      memo: { enabled: this.#planner.memo.enabled, ...this.#planner.memo.stats },
    };
    // BENCH_MEMO_STATS=1: each worker prints its memo's counts (the report does not show them),
    // straight to fd 2 (a worker's console output may be lost when the process ends right after).
    if (process.env.BENCH_MEMO_STATS === '1') {
      const m = extra.memo;
      const state = m.enabled ? 'on' : 'off (BENCH_NO_MEMO=1)';
      writeSync(
        2,
        `worker ${this.#ctx.workerIndex}: answer memo ${state}: ` +
          `${m.hits} reads matched by their bytes, ${m.decodes} answers decoded\n`,
      );
    }
    return { ops: [...this.#recorders.values()].map((r) => r.snapshot()), extra };
  }

  async close(): Promise<void> {
    this.#grpc.client.close();
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
