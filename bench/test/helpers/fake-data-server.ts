// A test double of data-server: the V2 contract in memory (a store of record and a read
// cache in front of it), with faults a checker must catch: a stale read after a write, and a
// store changed behind the cache's back. Only for the bench's own tests; the real stack is
// tested in smoke.test.ts.
import * as grpc from '@grpc/grpc-js';
import { Long, slg, slg_dataserver_v2_DataServiceDefinition, toBigInt, toLong } from '@slg/proto';

type Fields = Record<string, slg.common.v1.IValue>;
interface Rec {
  fields: Fields;
  version: bigint;
}

export interface FakeOptions {
  /** FetchV2 answers the record as it was before its last write, once per write. */
  staleReadAfterWrite?: boolean;
  /** Every nth write is applied, then answered UNAVAILABLE (an outcome the client cannot know). */
  failEveryNthWrite?: number;
  /** The faults of failEveryNthWrite start once the store holds this many records (after a seeding). */
  faultsFromRecords?: number;
  /**
   * What the failing write of failEveryNthWrite (a record's write) does besides: 'lose' removes
   * the record (its acknowledged writes are lost: what a read-back must report), 'phantom' gives
   * it a version nobody wrote (10 above), 'both' one then the other.
   */
  onFailedWrite?: 'lose' | 'phantom' | 'both';
  /**
   * The first `times` CreateV2 calls are applied, then answered with `code` (a seeding that
   * meets a busy or restarting server: the record may exist although the call failed).
   */
  failCreates?: { code: grpc.status; times: number };
}

function err(code: grpc.status, details: string) {
  return Object.assign(new Error(details), { code, details });
}

export class FakeDataServer {
  readonly server = new grpc.Server();
  readonly store = new Map<string, Rec>();
  readonly cache = new Map<string, Rec>();
  readonly members = new Map<string, Set<bigint>>();
  opts: FakeOptions;
  /** Records whose previous state a stale read will serve once. */
  readonly #previous = new Map<string, Rec>();
  #faultsOn = false;
  #damaged = 0;
  calls = 0;
  writes = 0;
  failedCreates = 0;
  port = 0;

  constructor(opts: FakeOptions = {}) {
    this.opts = opts;
    const h =
      <Req, Res>(fn: (req: Req) => Res, write = false) =>
      (call: grpc.ServerUnaryCall<Req, Res>, cb: grpc.sendUnaryData<Res>) => {
        this.calls++;
        try {
          const res = fn(call.request);
          const n = this.opts.failEveryNthWrite;
          if (write && n && this.#faulting() && ++this.writes % n === 0) {
            this.#corrupt(call.request as { table: string; ownerId: Long; memberId?: Long });
            throw err(grpc.status.UNAVAILABLE, 'applied, but the answer was lost');
          }
          cb(null, res);
        } catch (e) {
          cb(e as grpc.ServiceError);
        }
      };
    const pb = slg.dataserver.v2;
    this.server.addService(slg_dataserver_v2_DataServiceDefinition, {
      FetchV2: h((r: slg.dataserver.v2.FetchRequest) => {
        const key = this.key(r.table, r.ownerId, r.memberId);
        const stale = this.opts.staleReadAfterWrite ? this.#previous.get(key) : undefined;
        if (stale) {
          this.#previous.delete(key);
          return pb.FetchResponse.create({
            record: this.wire(r.table, r.ownerId, r.memberId, stale),
          });
        }
        const rec = this.read(key);
        return pb.FetchResponse.create({
          record: rec ? this.wire(r.table, r.ownerId, r.memberId, rec) : null,
        });
      }),
      CFetchV2: h((r: slg.dataserver.v2.CFetchRequest) => {
        const ids = [...(this.members.get(`${r.table}/${toBigInt(r.ownerId)}`) ?? [])].sort(
          (a, b) => (a < b ? -1 : a > b ? 1 : 0),
        );
        return pb.CFetchResponse.create({
          records: ids.map((id) =>
            this.wire(
              r.table,
              r.ownerId,
              toLong(id),
              this.read(this.key(r.table, r.ownerId, toLong(id)))!,
            ),
          ),
        });
      }),
      ModifyV2: h((r: slg.dataserver.v2.ModifyRequest) => {
        const key = this.key(r.table, r.ownerId, r.memberId);
        const cur = this.store.get(key);
        if (!cur) throw err(grpc.status.NOT_FOUND, `${key} not found`);
        if (
          r.expectedVersion !== null &&
          r.expectedVersion !== undefined &&
          toBigInt(r.expectedVersion) !== cur.version
        ) {
          throw err(grpc.status.FAILED_PRECONDITION, `version is ${cur.version}`);
        }
        const next = { fields: { ...cur.fields, ...r.fields }, version: cur.version + 1n };
        this.write(key, next);
        return pb.ModifyResponse.create({ version: toLong(next.version) });
      }, true),
      IncrByV2: h((r: slg.dataserver.v2.IncrByRequest) => {
        const key = this.key(r.table, r.ownerId, r.memberId);
        const cur = this.store.get(key);
        if (!cur) throw err(grpc.status.NOT_FOUND, `${key} not found`);
        const value = toBigInt((cur.fields[r.field]?.int ?? 0) as Long) + toBigInt(r.delta);
        if (r.floor !== null && r.floor !== undefined && value < toBigInt(r.floor))
          throw err(grpc.status.FAILED_PRECONDITION, 'below floor');
        if (r.ceiling !== null && r.ceiling !== undefined && value > toBigInt(r.ceiling))
          throw err(grpc.status.FAILED_PRECONDITION, 'above ceiling');
        const next = {
          fields: { ...cur.fields, [r.field]: { int: toLong(value) } },
          version: cur.version + 1n,
        };
        this.write(key, next);
        return pb.IncrByResponse.create({ value: toLong(value), version: toLong(next.version) });
      }, true),
      CreateV2: h((r: slg.dataserver.v2.CreateRequest) => {
        const key = this.key(r.table, r.ownerId, r.memberId);
        if (this.store.has(key)) throw err(grpc.status.ALREADY_EXISTS, `${key} exists`);
        this.write(key, { fields: { ...r.fields }, version: 1n });
        if (toBigInt(r.memberId) !== 0n)
          this.membersOf(r.table, r.ownerId).add(toBigInt(r.memberId));
        const fail = this.opts.failCreates;
        if (fail && this.failedCreates < fail.times) {
          this.failedCreates++;
          throw err(fail.code, 'applied, but answered with an error (failCreates)');
        }
        return pb.CreateResponse.create({ version: toLong(1n) });
      }, true),
      RemoveV2: h((r: slg.dataserver.v2.RemoveRequest) => {
        const key = this.key(r.table, r.ownerId, r.memberId);
        const existed = this.store.has(key);
        this.remove(key);
        this.membersOf(r.table, r.ownerId).delete(toBigInt(r.memberId));
        return pb.RemoveResponse.create({ removed: existed });
      }, true),
      CRemoveV2: h((r: slg.dataserver.v2.CRemoveRequest) => {
        const set = this.membersOf(r.table, r.ownerId);
        const ids = r.all ? [...set] : r.memberIds.map((m) => toBigInt(m));
        let removed = 0;
        for (const id of ids) {
          const key = this.key(r.table, r.ownerId, toLong(id));
          if (this.store.has(key)) removed++;
          this.remove(key);
          set.delete(id);
        }
        return pb.CRemoveResponse.create({ removed: toLong(BigInt(removed)) });
      }, true),
      CCountV2: h((r: slg.dataserver.v2.CCountRequest) =>
        pb.CCountResponse.create({
          count: toLong(BigInt(this.membersOf(r.table, r.ownerId).size)),
        }),
      ),
      InspectV2: h((r: slg.dataserver.v2.InspectRequest) => {
        const key = this.key(r.table, r.ownerId, r.memberId);
        const cached = this.cache.get(key);
        const served = cached ?? this.store.get(key);
        const stored = this.store.get(key);
        return pb.InspectResponse.create({
          served: served ? this.wire(r.table, r.ownerId, r.memberId, served) : null,
          stored: stored ? this.wire(r.table, r.ownerId, r.memberId, stored) : null,
          cached: cached !== undefined,
        });
      }),
    });
  }

  #corrupt(r: { table: string; ownerId: Long; memberId?: Long }): void {
    if (!this.opts.onFailedWrite || r.memberId === undefined || r.memberId === null) return;
    const key = this.key(r.table, r.ownerId, r.memberId);
    const cur = this.store.get(key);
    if (!cur) return;
    const how =
      this.opts.onFailedWrite === 'both'
        ? this.#damaged++ % 2 === 0
          ? 'lose'
          : 'phantom'
        : this.opts.onFailedWrite;
    if (how === 'lose') {
      this.remove(key);
      this.membersOf(r.table, r.ownerId).delete(toBigInt(r.memberId));
    } else {
      this.store.set(key, { fields: cur.fields, version: cur.version + 10n });
      this.cache.delete(key);
    }
  }

  /** Whether the write faults are on: from the start, or once the store reached faultsFromRecords. */
  #faulting(): boolean {
    const from = this.opts.faultsFromRecords;
    if (from === undefined || this.#faultsOn) return true;
    this.#faultsOn = this.store.size >= from;
    return this.#faultsOn;
  }

  key(table: string, owner: Long | number, member: Long | number): string {
    return `${table}/${toBigInt(owner)}/${toBigInt(member)}`;
  }

  membersOf(table: string, owner: Long | number): Set<bigint> {
    const k = `${table}/${toBigInt(owner)}`;
    let s = this.members.get(k);
    if (!s) {
      s = new Set();
      this.members.set(k, s);
    }
    return s;
  }

  read(key: string): Rec | undefined {
    const c = this.cache.get(key);
    if (c) return c;
    const s = this.store.get(key);
    if (s) this.cache.set(key, s);
    return s;
  }

  write(key: string, rec: Rec): void {
    const prev = this.store.get(key);
    if (prev) this.#previous.set(key, prev);
    this.store.set(key, rec);
    this.cache.delete(key);
  }

  remove(key: string): void {
    this.store.delete(key);
    this.cache.delete(key);
    this.#previous.delete(key);
  }

  wire(
    table: string,
    owner: Long | number,
    member: Long | number,
    rec: Rec,
  ): slg.dataserver.v2.IRecord {
    return {
      table,
      ownerId: toLong(toBigInt(owner)),
      memberId: toLong(toBigInt(member)),
      fields: rec.fields,
      version: toLong(rec.version),
    };
  }

  /** Changes a field in the store only, as an UPDATE straight in the database would. */
  driftStore(
    table: string,
    owner: bigint,
    member: bigint,
    field: string,
    value: slg.common.v1.IValue,
  ): void {
    const key = `${table}/${owner}/${member}`;
    const cur = this.store.get(key);
    if (!cur) throw new Error(`no record ${key}`);
    this.store.set(key, { fields: { ...cur.fields, [field]: value }, version: cur.version });
  }

  async listen(): Promise<number> {
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) =>
        e ? reject(e) : resolve(p),
      ),
    );
    return this.port;
  }

  close(): void {
    this.server.forceShutdown();
  }
}

export { Long };
