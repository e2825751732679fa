// The march engine: starts and recalls marches, and settles what happens when they arrive, in
// time order and exactly once.
//
// Exactly once. A march record lives under its player (data-server owner = player), so each step
// of a march is ONE write of that owner: the march record modified at the version it had (the
// step's guard), with the step's other changes of that player (troops back, resources, reports).
// What a step changes elsewhere (a field's remaining amount, a monster, the defender's troops,
// reinforcements) is decided by the step and written INTO the march record (`pending`), then
// applied to each other owner with an idempotency guard (records/Effect). A crash after the
// march write leaves the decision stored: the restart applies it, the guards make a second
// application a no-op. A crash before it leaves nothing: the step runs again, from the same
// state, to the same outcome (battle seeds come from the march id and step).
//
// Time order. Events (arrivals, gathering ends, returns) leave a heap in (time, seq) order;
// an event starts only when no earlier event still running holds one of its keys (the march's
// player, its target), and every event a step schedules has keys among its own. So events that
// share a player or a target run in time order, the others in parallel.
import type { Logger } from '@slg/service-kit';
import {
  AlreadyExistsError,
  FailedPreconditionError,
  InvalidArgumentError,
  NotFoundError,
} from '@slg/service-kit';
import type { Clock } from '../clock.ts';
import { marchMsg } from '../convert.ts';
import { type Effect, marchFields, marchFrom, T } from '../store/records.ts';
import type { Fields, MapStore, Op } from '../store/store.ts';
import { hash32 } from '../world/rng.ts';
import {
  type City,
  cityCenter,
  emptyResources,
  type Field,
  MARCH_KINDS,
  type March,
  type MarchKind,
  type Monster,
  RESOURCES,
  type Resources,
  type Stack,
  TROOP_TYPES,
  type TroopType,
  tileCenter,
} from '../world/types.ts';
import { describe, marchPosition, marchSegment, type World } from '../world/world.ts';
import type { BattleClient, BattleInput, BattleResult } from './battles.ts';
import { type Contributor, lossesOf, mergeArmy } from './combat.ts';
import type { MapEventType, Publish } from './events.ts';
import { EventHeap } from './heap.ts';
import type { IdBlocks } from './ids.ts';
import { KeyedLocks } from './locks.ts';
import {
  capacity,
  FIELD_LEVELS,
  FIELD_SIZE_PER_LEVEL,
  GATHER_PER_SECOND_PER_LEVEL,
  HOSPITAL_BP,
  KIND_NEEDS,
  MAX_STACKS,
  MAX_TROOPS_PER_STACK,
  MONSTER_TROOPS_PER_LEVEL,
  PLUNDER_BP,
  travelMs,
  wallOf,
} from './rules.ts';

/** Marches a player may have out at once. */
export const MAX_MARCHES = 5;
/** Allied marches a city's defence takes. */
export const MAX_REINFORCEMENTS = 10;

export interface EngineHooks {
  /** After a step's own write, before its effects on other owners (a test crashes here). */
  afterStepWrite?(march: March, step: number): Promise<void> | void;
}

export interface EngineMetrics {
  /** A step settled `lagMs` after it was due. */
  settled(kind: string, lagMs: number): void;
}

export interface EngineOptions {
  world: World;
  store: MapStore;
  battles: BattleClient;
  clock: Clock;
  ids: IdBlocks;
  log: Logger;
  publish: Publish;
  speed: number;
  concurrency: number;
  locks?: KeyedLocks;
  hooks?: EngineHooks;
  metrics?: EngineMetrics;
}

interface Due {
  at: number;
  seq: number;
  marchId: number;
}

/** What a step does: the march after it (null: it ends at home), and everything it writes. */
interface Plan {
  after: March | null;
  /** Further ops on the march's owner, in the same write. */
  ops: Op[];
  /** Writes to other owners, applied after the march write (stored in it until then). */
  effects: Effect[];
  /** Memory and stream updates, once everything is written. */
  done(): void;
  /** The plan was not written: release what it reserved. */
  abort?(): void;
}

export interface StartMarchInput {
  playerId: number;
  kind: string;
  targetX: number;
  targetY: number;
  troops: { troopId: number; count: number }[];
}

const resourceKeys = RESOURCES;
const totalLoad = (r: Resources) => resourceKeys.reduce((a, k) => a + r[k], 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Errors after which the write certainly did not happen. */
function definite(err: unknown): boolean {
  return (
    err instanceof InvalidArgumentError ||
    err instanceof NotFoundError ||
    err instanceof AlreadyExistsError ||
    err instanceof FailedPreconditionError
  );
}

export class MarchEngine {
  readonly world: World;
  readonly locks: KeyedLocks;
  readonly #store: MapStore;
  readonly #battles: BattleClient;
  readonly #clock: Clock;
  readonly #ids: IdBlocks;
  readonly #log: Logger;
  readonly #publish: Publish;
  readonly #speed: number;
  readonly #concurrency: number;
  readonly #hooks: EngineHooks;
  readonly #metrics: EngineMetrics | undefined;
  readonly #heap = new EventHeap<Due>();
  /** The one live event of each march (older heap entries are stale). */
  readonly #due = new Map<number, Due>();
  /** Keys held by running events, with counts. */
  readonly #eventKeys = new Map<string, number>();
  #seq = 0;
  #inFlight = 0;
  #timer: (() => void) | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #running = false;
  #stopped = false;
  #idle: (() => void)[] = [];
  #quiet: (() => void)[] = [];

  constructor(o: EngineOptions) {
    this.world = o.world;
    this.#store = o.store;
    this.#battles = o.battles;
    this.#clock = o.clock;
    this.#ids = o.ids;
    this.#log = o.log;
    this.#publish = o.publish;
    this.#speed = o.speed;
    this.#concurrency = o.concurrency;
    this.locks = o.locks ?? new KeyedLocks();
    this.#hooks = o.hooks ?? {};
    this.#metrics = o.metrics;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Events waiting (due or not). */
  get scheduled(): number {
    return this.#due.size;
  }

  // ---- scheduling ----------------------------------------------------------------

  /** Starts settling (after the world is loaded): everything already due first. */
  start(): void {
    this.#running = true;
    this.#pump();
  }

  /** Stops taking events; running steps finish their current write. */
  stop(): void {
    this.#stopped = true;
    this.#running = false;
    this.#timer?.();
    this.#timer = undefined;
  }

  /** Resolves once no step runs (after stop(): the running ones finished their writes). */
  quiet(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#quiet.push(resolve));
  }

  /** Resolves once nothing is running and nothing is due (tests, with a manual clock). */
  drain(): Promise<void> {
    this.#pump();
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #isIdle(): boolean {
    const head = this.#peekLive();
    return this.#inFlight === 0 && (!head || head.at > this.#clock.now());
  }

  /** Puts the march's next event (if its state has one) on the heap. */
  schedule(m: March): void {
    if (m.state === 'stationed') {
      this.#due.delete(m.id);
      return;
    }
    const d = { at: m.legEnd, seq: ++this.#seq, marchId: m.id };
    this.#due.set(m.id, d);
    this.#heap.push(d);
    if (this.#running) this.#pump();
  }

  #peekLive(): Due | undefined {
    for (;;) {
      const d = this.#heap.peek();
      if (!d || this.#due.get(d.marchId) === d) return d;
      this.#heap.pop();
    }
  }

  #pump(): void {
    if (!this.#running) return;
    const now = this.#clock.now();
    while (this.#inFlight < this.#concurrency) {
      const d = this.#peekLive();
      if (!d || d.at > now) break;
      const m = this.world.marches.get(d.marchId);
      if (!m) {
        this.#heap.pop();
        this.#due.delete(d.marchId);
        continue;
      }
      const keys = this.keysOf(m);
      if (keys.some((k) => this.#eventKeys.has(k))) break;
      this.#heap.pop();
      this.#inFlight++;
      for (const k of keys) this.#eventKeys.set(k, (this.#eventKeys.get(k) ?? 0) + 1);
      void this.locks
        .with(keys, () => this.#runDue(m, d))
        .catch((err: unknown) => this.#log.error({ err, march: m.id }, 'settlement failed'))
        .finally(() => {
          this.#inFlight--;
          if (this.#inFlight === 0) for (const w of this.#quiet.splice(0)) w();
          for (const k of keys) {
            const n = this.#eventKeys.get(k)! - 1;
            if (n === 0) this.#eventKeys.delete(k);
            else this.#eventKeys.set(k, n);
          }
          this.#pump();
        });
    }
    const head = this.#peekLive();
    if (head && head.at > now && head.at < this.#timerAt) {
      this.#timer?.();
      this.#timerAt = head.at;
      this.#timer = this.#clock.schedule(head.at - now, () => {
        this.#timer = undefined;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#pump();
      });
    }
    if (this.#isIdle()) {
      const waiters = this.#idle;
      this.#idle = [];
      for (const w of waiters) w();
    }
  }

  /** The lock keys of everything a march's steps touch. */
  keysOf(m: March): string[] {
    const keys = [`p:${m.playerId}`];
    if (m.kind === 'gather') keys.push(`f:${m.targetId}`);
    else if (m.kind === 'attack_monster') keys.push(`m:${m.targetId}`);
    else if (m.kind === 'attack_city' || m.kind === 'reinforce') keys.push(`p:${m.targetId}`);
    return keys;
  }

  async #runDue(m: March, d: Due): Promise<void> {
    if (this.#due.get(m.id) !== d) return; // settled meanwhile (a recall ran it)
    await this.#settleDue(m, d);
  }

  /** Runs the march's due step (the caller holds its keys). */
  async #settleDue(m: March, d: Due): Promise<void> {
    this.#due.delete(m.id);
    const kind =
      m.state === 'outbound' ? 'arrival' : m.state === 'gathering' ? 'gather_end' : 'return';
    await this.#settle(m, () => this.#plan(m, d.at));
    this.#metrics?.settled(kind, this.#clock.now() - d.at);
  }

  #plan(m: March, t: number): Promise<Plan> {
    if (m.state === 'outbound') return this.#arrive(m, t);
    if (m.state === 'gathering') return Promise.resolve(this.#gatherEnd(m, t, 'march_returned'));
    return Promise.resolve(this.#home(m, t));
  }

  // ---- writing a step exactly once -----------------------------------------------

  /** Plans and writes one step, retrying transient failures until it is written. */
  async #settle(m: March, plan: () => Promise<Plan>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let p: Plan | undefined;
      try {
        p = await plan();
        await this.#write(m, p);
        return;
      } catch (err) {
        if (this.#stopped) throw err;
        if (definite(err)) {
          // Refused: either the march record is not what memory says (changed behind
          // map-server's back: take the stored one and go on from there), or another op of the
          // write was refused (retried below, after a pause).
          this.#log.error({ err, march: m.id }, 'march write refused');
          if (await this.#reload(m)) return;
        }
        const wait = Math.min(5000, 50 * 2 ** Math.min(attempt, 7));
        this.#log.warn(
          { err, march: m.id, attempt, retryInMs: wait },
          'march step failed: retrying',
        );
        await sleep(wait);
      }
    }
  }

  async #write(m: March, p: Plan): Promise<void> {
    const step = m.step + 1;
    const ops: Op[] = [];
    if (p.after) {
      p.after.step = step;
      ops.push({
        modify: {
          table: T.march,
          member: m.id,
          fields: marchFields(p.after, p.effects),
          expectedVersion: m.version,
        },
      });
    } else {
      ops.push({
        modify: { table: T.march, member: m.id, fields: { step }, expectedVersion: m.version },
      });
    }
    ops.push(...p.ops);
    if (!p.after) ops.push({ remove: { table: T.march, member: m.id } });
    let version = 0;
    try {
      const results = await this.#store.write(m.playerId, ops);
      version = results[0]!.version;
    } catch (err) {
      if (definite(err)) {
        p.abort?.();
        throw err;
      }
      // It may have been written: look.
      const stored = await this.#retryRead(() => this.#store.fetch(T.march, m.playerId, m.id));
      const written = p.after ? stored !== null && stored.fields.step === step : stored === null;
      if (!written) {
        p.abort?.();
        throw err;
      }
      version = stored?.version ?? 0;
    }
    await this.#hooks.afterStepWrite?.(m, step);
    for (const e of p.effects) await this.#applyEffect(e);
    if (p.after) {
      const cells = m.cells;
      Object.assign(m, p.after, { version, cells });
      this.world.indexMarch(m);
      this.schedule(m);
    } else {
      this.world.removeMarch(m);
      this.#due.delete(m.id);
    }
    p.done();
    if (!p.after) {
      // The march is gone; its entry in the region's list goes too (a crash before this
      // leaves an entry without a march, which the next start removes).
      await this.#store
        .write(m.refRegion, [{ remove: { table: T.marchRef, member: m.id } }])
        .catch((err: unknown) => this.#log.warn({ err, march: m.id }, 'march ref not removed'));
    }
  }

  /** Applies an effect until it is known applied (guards make a repeat harmless). */
  async #applyEffect(e: Effect): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await applyEffect(this.#store, e);
        return;
      } catch (err) {
        if (this.#stopped) throw err;
        const wait = Math.min(5000, 50 * 2 ** Math.min(attempt, 7));
        this.#log.warn({ err, owner: e.owner, attempt }, 'effect failed: retrying');
        await sleep(wait);
      }
    }
  }

  async #retryRead<R>(read: () => Promise<R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await read();
      } catch (err) {
        if (this.#stopped || attempt > 50) throw err;
        await sleep(Math.min(2000, 50 * 2 ** Math.min(attempt, 6)));
      }
    }
  }

  /** Memory takes the stored march if it differs (after a refused write); whether it did. */
  async #reload(m: March): Promise<boolean> {
    const stored = await this.#retryRead(() => this.#store.fetch(T.march, m.playerId, m.id));
    if (stored?.version === m.version) return false;
    this.#detach(m);
    if (!stored) {
      this.world.removeMarch(m);
      this.#due.delete(m.id);
      return true;
    }
    const { march, pending } = marchFrom(m.playerId, stored);
    for (const e of pending) await this.#applyEffect(e);
    Object.assign(m, march, { cells: m.cells });
    this.attach(m);
    this.world.indexMarch(m);
    this.schedule(m);
    return true;
  }

  /** Links a march to what it occupies (a field it gathers, a city it defends). */
  attach(m: March): void {
    if (m.state === 'gathering') {
      const f = this.world.fields.get(m.targetId);
      if (f) f.occupant = m;
    } else if (m.state === 'stationed') {
      this.world.cities.get(m.targetId)?.reinforcements.add(m);
    }
  }

  #detach(m: March): void {
    const f = this.world.fields.get(m.targetId);
    if (f?.occupant === m) f.occupant = undefined;
    this.world.cities.get(m.targetId)?.reinforcements.delete(m);
  }

  // ---- steps ---------------------------------------------------------------------

  /** A copy of the march to plan the step on. */
  #next(m: March): March {
    return { ...m, troops: m.troops.map((s) => ({ ...s })), load: { ...m.load }, cells: [] };
  }

  #homeCenter(m: March) {
    return cityCenter({ x: m.homeX, y: m.homeY });
  }

  /** The march heads home from (x, y) at t, arriving after `ms`. */
  #headHome(n: March, x: number, y: number, t: number, ms?: number): void {
    const home = this.#homeCenter(n);
    n.state = 'returning';
    n.fromX = x;
    n.fromY = y;
    n.toX = home.x;
    n.toY = home.y;
    n.legStart = t;
    n.legEnd = t + (ms ?? travelMs(Math.hypot(home.x - x, home.y - y), n.troops, this.#speed));
  }

  #publishMarch(type: MapEventType, m: March, t: number, before?: March): void {
    const paths = [marchSegment(m)];
    if (before) paths.push(marchSegment(before));
    this.#publish({ timeMs: t, type, march: marchMsg(m), tiles: [], paths });
  }

  async #arrive(m: March, t: number): Promise<Plan> {
    const n = this.#next(m);
    const back = (why: string): Plan => {
      this.#headHome(n, m.toX, m.toY, t, m.legEnd - m.legStart);
      return {
        after: n,
        ops: [],
        effects: [],
        done: () => {
          this.#log.debug({ march: m.id, why }, 'march found nothing to do: returning');
          this.#publishMarch('march_arrived', m, t);
        },
      };
    };
    const target = this.world.at(m.targetX, m.targetY);
    switch (m.kind) {
      case 'gather': {
        const f = target?.kind === 'field' ? target : undefined;
        if (!f || f.id !== m.targetId || f.gen !== m.targetGen) return back('the field is gone');
        if (f.occupant) return back(`field ${f.id} is occupied by march ${f.occupant.id}`);
        const amount = Math.min(capacity(n.troops) - totalLoad(n.load), f.remaining);
        n.state = 'gathering';
        n.fromX = n.toX;
        n.fromY = n.toY;
        n.legStart = t;
        n.legEnd = t + this.#gatherMs(f, amount);
        return {
          after: n,
          ops: [],
          effects: [],
          done: () => {
            f.occupant = m;
            this.#publishMarch('march_arrived', m, t);
            this.#publishField('field_changed', f, t);
          },
        };
      }
      case 'reinforce': {
        const c = target?.kind === 'city' ? target : undefined;
        if (!c || c.playerId !== m.targetId) return back('the city moved away');
        if (c.reinforcements.size >= MAX_REINFORCEMENTS) return back('the city is full');
        n.state = 'stationed';
        n.fromX = n.toX;
        n.fromY = n.toY;
        n.legStart = t;
        n.legEnd = t;
        return {
          after: n,
          ops: [],
          effects: [],
          done: () => {
            c.reinforcements.add(m);
            this.#publishMarch('march_arrived', m, t);
          },
        };
      }
      case 'scout':
        return this.#scout(m, n, t);
      case 'attack_city': {
        const c = target?.kind === 'city' ? target : undefined;
        if (!c || c.playerId !== m.targetId) return back('the city moved away');
        return this.#attackCity(m, n, c, t);
      }
      case 'attack_monster': {
        const mon = target?.kind === 'monster' ? target : undefined;
        if (!mon || mon.id !== m.targetId || mon.gen !== m.targetGen)
          return back('the monster is gone');
        return this.#attackMonster(m, n, mon, t);
      }
    }
  }

  #gatherRate(f: Field): number {
    return (f.level * GATHER_PER_SECOND_PER_LEVEL * this.#speed) / 1000;
  }

  #gatherMs(f: Field, amount: number): number {
    return Math.max(1, Math.ceil(amount / this.#gatherRate(f)));
  }

  /** Gathering ends at t (load full, field empty, or recalled): the field pays, the army leaves. */
  #gatherEnd(m: March, t: number, type: MapEventType): Plan {
    const n = this.#next(m);
    const f = this.world.fields.get(m.targetId)!;
    const planned = Math.min(capacity(m.troops) - totalLoad(m.load), f.remaining);
    const gathered = Math.min(planned, Math.floor((t - m.legStart) * this.#gatherRate(f)));
    n.load[f.resource] += gathered;
    this.#headHome(n, m.toX, m.toY, t);
    const left = f.remaining - gathered;
    let after = {
      resource: f.resource,
      level: f.level,
      x: f.x,
      y: f.y,
      remaining: left,
      gen: f.gen,
    };
    let spot: { x: number; y: number } | null = null;
    if (left === 0) {
      // Exhausted: it respawns elsewhere in its region, with a new level.
      const index = f.region - this.world.regionId(0);
      spot = this.world.freeTileInRegion(index, [f.id, f.gen + 1]) ?? { x: f.x, y: f.y };
      const level = 1 + (hash32(this.world.seed, f.id, f.gen + 1, 7) % FIELD_LEVELS);
      after = {
        ...after,
        x: spot.x,
        y: spot.y,
        level,
        remaining: level * FIELD_SIZE_PER_LEVEL,
        gen: f.gen + 1,
      };
      this.world.reserve(spot.x, spot.y);
    }
    const effect = recordEffect(f.region, T.field, f.id, f.version, after);
    return {
      after: n,
      ops: [],
      effects: [effect],
      abort: () => {
        if (spot) this.world.unreserve(spot.x, spot.y);
      },
      done: () => {
        f.occupant = undefined;
        f.version++;
        f.remaining = after.remaining;
        f.level = after.level;
        f.gen = after.gen;
        if (spot) {
          this.world.unreserve(spot.x, spot.y);
          const old = { x: f.x, y: f.y };
          if (spot.x !== f.x || spot.y !== f.y) this.world.moveOne(f, spot.x, spot.y);
          this.#publish({
            timeMs: t,
            type: 'field_respawned',
            field: { ...fieldMsgOf(f) },
            tiles: [
              { x: old.x, y: old.y, width: 1, height: 1 },
              { x: f.x, y: f.y, width: 1, height: 1 },
            ],
            paths: [],
          });
        } else this.#publishField('field_changed', f, t);
        this.#publishMarch(type, m, t);
      },
    };
  }

  #publishField(type: MapEventType, f: Field, t: number): void {
    this.#publish({
      timeMs: t,
      type,
      field: fieldMsgOf(f),
      tiles: [{ x: f.x, y: f.y, width: 1, height: 1 }],
      paths: [],
    });
  }

  /** Home: troops back into the player's troop records, the load into the player's resources. */
  #home(m: March, t: number): Plan {
    const ops: Op[] = [];
    for (const s of m.troops) {
      if (s.count > 0)
        ops.push({ incr: { table: T.troop, member: s.troopId, field: 'count', delta: s.count } });
      if (s.wounded > 0)
        ops.push({
          incr: { table: T.troop, member: s.troopId, field: 'wounded', delta: s.wounded },
        });
    }
    for (const k of resourceKeys) {
      if (m.load[k] > 0)
        ops.push({ incr: { table: T.player, member: 0, field: k, delta: m.load[k] } });
    }
    return {
      after: null,
      ops,
      effects: [],
      done: () => this.#publishMarch('march_returned', m, t),
    };
  }

  async #scout(m: March, n: March, t: number): Promise<Plan> {
    const e = this.world.at(m.targetX, m.targetY);
    const seen: Record<string, unknown> = {
      x: m.targetX,
      y: m.targetY,
      blocked: this.world.blocked(m.targetX, m.targetY),
    };
    if (e?.kind === 'city') {
      const troops = await this.#store.list(T.troop, e.playerId);
      seen.city = {
        playerId: e.playerId,
        x: e.x,
        y: e.y,
        level: e.level,
        reinforcements: e.reinforcements.size,
      };
      seen.troops = troops.reduce((a, r) => a + Number(r.fields.count ?? 0), 0);
    } else if (e?.kind === 'field') {
      seen.field = {
        id: e.id,
        resource: e.resource,
        level: e.level,
        remaining: e.remaining,
        occupiedBy: e.occupant?.id ?? 0,
      };
    } else if (e?.kind === 'monster') {
      seen.monster = { id: e.id, level: e.level, troops: e.troops };
    }
    this.#headHome(n, m.toX, m.toY, t, m.legEnd - m.legStart);
    const reportId = reportIdOf(m.id, m.step + 1);
    return {
      after: n,
      ops: [
        {
          create: {
            table: T.report,
            member: reportId,
            fields: { kind: 'scout', march_id: m.id, created_at: t, result: JSON.stringify(seen) },
          },
        },
      ],
      effects: [],
      done: () => this.#publishMarch('march_arrived', m, t),
    };
  }

  /** The attacker's side of a battle: its march's stacks. */
  #attackerSide(m: March): Contributor[] {
    return m.troops.map((s, i) => ({
      owner: m.playerId,
      troopId: s.troopId,
      marchId: m.id,
      stackIndex: i,
      type: s.type,
      tier: s.tier,
      count: s.count,
    }));
  }

  #input(
    m: March,
    attacker: Contributor[],
    defender: Contributor[],
    city?: City,
  ): {
    input: BattleInput;
    armies: [ReturnType<typeof mergeArmy>, ReturnType<typeof mergeArmy>];
  } {
    const a = mergeArmy(attacker);
    const d = mergeArmy(defender);
    const side = (army: ReturnType<typeof mergeArmy>, hospital: boolean) => {
      const troops = army.stacks.length
        ? army.stacks
        : [{ type: 'infantry' as const, tier: 1, count: 0 }];
      const total = troops.reduce((x, s) => x + s.count, 0);
      return {
        troops,
        ...(hospital ? { hospitalCapacity: Math.floor((total * HOSPITAL_BP) / 10000) } : {}),
      };
    };
    const input: BattleInput = {
      seed: hash32(this.world.seed, m.id, m.step + 1, 0xba771e),
      maxRounds: 10,
      attacker: side(a, true),
      defender: side(d, city !== undefined),
      ...(city ? { city: { wall: wallOf(city.level) } } : {}),
    };
    if (!a.stacks.length) input.attacker.troops = [{ type: 'infantry', tier: 1, count: 0 }];
    return { input, armies: [a, d] };
  }

  /** The attacking march after a battle: survivors (wounded ride home), homeward. */
  #afterBattle(
    m: March,
    n: March,
    attacker: Contributor[],
    losses: { dead: number; wounded: number }[],
    t: number,
  ): void {
    attacker.forEach((c, i) => {
      const s = n.troops[c.stackIndex]!;
      s.count -= losses[i]!.dead + losses[i]!.wounded;
      s.wounded += losses[i]!.wounded;
    });
    this.#headHome(n, m.toX, m.toY, t, m.legEnd - m.legStart);
  }

  async #attackCity(m: March, n: March, c: City, t: number): Promise<Plan> {
    const defenderId = c.playerId;
    const [troopRecords, player] = await Promise.all([
      this.#store.list(T.troop, defenderId),
      this.#store.fetch(T.player, defenderId),
    ]);
    const attacker = this.#attackerSide(m);
    const defender: Contributor[] = [];
    for (const r of troopRecords) {
      const count = Number(r.fields.count ?? 0);
      const type = String(r.fields.kind) as TroopType;
      const tier = Number(r.fields.tier ?? 1);
      if (count > 0 && TROOP_TYPES.includes(type) && tier >= 1 && tier <= 10) {
        defender.push({
          owner: defenderId,
          troopId: r.member,
          marchId: 0,
          stackIndex: 0,
          type,
          tier,
          count: Math.min(count, MAX_TROOPS_PER_STACK),
        });
      }
    }
    const stationed = [...c.reinforcements].sort((a, b) => a.id - b.id);
    for (const r of stationed) {
      r.troops.forEach((s, i) => {
        if (s.count > 0)
          defender.push({
            owner: r.playerId,
            troopId: s.troopId,
            marchId: r.id,
            stackIndex: i,
            type: s.type,
            tier: s.tier,
            count: s.count,
          });
      });
    }
    const { input, armies } = this.#input(m, attacker, defender, c);
    const result = await this.#battles.fight(input);
    const aLoss = lossesOf(attacker, armies[0], result.attacker.stacks);
    const dLoss = lossesOf(defender, armies[1], result.defender.stacks);
    this.#afterBattle(m, n, attacker, aLoss, t);
    // Plunder: a winner carries off a share of each resource, as far as its load allows.
    const plunder = emptyResources();
    if (result.winner === 'attacker' && player) {
      let room = capacity(n.troops) - totalLoad(n.load);
      for (const k of resourceKeys) {
        const take = Math.max(
          0,
          Math.min(room, Math.floor((Number(player.fields[k] ?? 0) * PLUNDER_BP) / 10000)),
        );
        plunder[k] = take;
        room -= take;
      }
    }
    for (const k of resourceKeys) n.load[k] += plunder[k];
    const reportId = reportIdOf(m.id, m.step + 1);
    const outcome = battleOutcome(m, defenderId, result, attacker, aLoss, defender, dLoss, plunder);
    const report = (role: string) => ({
      create: {
        table: T.report,
        member: reportId,
        fields: {
          kind: 'battle',
          march_id: m.id,
          created_at: t,
          input: JSON.stringify(input),
          result: JSON.stringify({ ...outcome, role }),
          hash: result.hash,
        },
      },
    });
    // The defender: report (the guard), troop losses, plunder.
    const defenderOps: Op[] = [report('defender')];
    defender.forEach((d, i) => {
      if (d.marchId !== 0) return;
      const l = dLoss[i]!;
      if (l.dead + l.wounded > 0)
        defenderOps.push({
          incr: {
            table: T.troop,
            member: d.troopId,
            field: 'count',
            delta: -(l.dead + l.wounded),
            floor: 0,
          },
        });
      if (l.wounded > 0)
        defenderOps.push({
          incr: { table: T.troop, member: d.troopId, field: 'wounded', delta: l.wounded },
        });
    });
    for (const k of resourceKeys) {
      if (plunder[k] > 0)
        defenderOps.push({
          incr: { table: T.player, member: 0, field: k, delta: -plunder[k], floor: 0 },
        });
    }
    const effects: Effect[] = [];
    if (defenderId !== m.playerId)
      effects.push({ owner: defenderId, guard: { kind: 'create' }, ops: defenderOps });
    // Reinforcements: their stacks lose their share; one left without a fighting troop goes home.
    const updated: { r: March; next: March }[] = [];
    for (const r of stationed) {
      const rn = this.#next(r);
      let hit = false;
      defender.forEach((d, i) => {
        if (d.marchId !== r.id) return;
        const l = dLoss[i]!;
        if (l.dead + l.wounded === 0) return;
        hit = true;
        const s = rn.troops[d.stackIndex]!;
        s.count -= l.dead + l.wounded;
        s.wounded += l.wounded;
      });
      if (!hit) continue;
      if (rn.troops.every((s) => s.count === 0)) this.#headHome(rn, r.toX, r.toY, t);
      rn.step = r.step + 1;
      effects.push({
        owner: r.playerId,
        guard: { kind: 'version', table: T.march, member: r.id, version: r.version },
        ops: [
          {
            modify: {
              table: T.march,
              member: r.id,
              fields: marchFields(rn),
              expectedVersion: r.version,
            },
          },
        ],
      });
      updated.push({ r, next: rn });
    }
    return {
      after: n,
      ops: [report('attacker')],
      effects,
      done: () => {
        for (const { r, next } of updated) {
          const cells = r.cells;
          Object.assign(r, next, { version: r.version + 1, cells });
          if (r.state === 'returning') {
            c.reinforcements.delete(r);
            this.world.indexMarch(r);
            this.schedule(r);
            this.#publishMarch('march_recalled', r, t);
          }
        }
        this.#publishMarch('march_arrived', m, t);
      },
    };
  }

  async #attackMonster(m: March, n: March, mon: Monster, t: number): Promise<Plan> {
    const attacker = this.#attackerSide(m);
    const tier = Math.min(10, Math.max(1, mon.level));
    const defender: Contributor[] = [
      {
        owner: 0,
        troopId: 0,
        marchId: 0,
        stackIndex: 0,
        type: 'infantry',
        tier,
        count: Math.min(mon.troops, MAX_TROOPS_PER_STACK),
      },
    ];
    const { input, armies } = this.#input(m, attacker, defender);
    const result = await this.#battles.fight(input);
    const aLoss = lossesOf(attacker, armies[0], result.attacker.stacks);
    const dLoss = lossesOf(defender, armies[1], result.defender.stacks);
    this.#afterBattle(m, n, attacker, aLoss, t);
    const killed = dLoss[0]!.dead + dLoss[0]!.wounded;
    let after = { level: mon.level, x: mon.x, y: mon.y, troops: mon.troops - killed, gen: mon.gen };
    let spot: { x: number; y: number } | null = null;
    if (after.troops <= 0) {
      const index = mon.region - this.world.regionId(0);
      spot = this.world.freeTileInRegion(index, [mon.id, mon.gen + 1, 0x3]) ?? {
        x: mon.x,
        y: mon.y,
      };
      const level = 1 + (hash32(this.world.seed, mon.id, mon.gen + 1, 9) % 8);
      after = {
        level,
        x: spot.x,
        y: spot.y,
        troops: level * MONSTER_TROOPS_PER_LEVEL,
        gen: mon.gen + 1,
      };
      this.world.reserve(spot.x, spot.y);
    }
    const reportId = reportIdOf(m.id, m.step + 1);
    const outcome = battleOutcome(m, 0, result, attacker, aLoss, defender, dLoss, emptyResources());
    return {
      after: n,
      ops: [
        {
          create: {
            table: T.report,
            member: reportId,
            fields: {
              kind: 'battle',
              march_id: m.id,
              created_at: t,
              input: JSON.stringify(input),
              result: JSON.stringify({ ...outcome, role: 'attacker', monster: mon.id }),
              hash: result.hash,
            },
          },
        },
      ],
      effects: [recordEffect(mon.region, T.monster, mon.id, mon.version, after)],
      abort: () => {
        if (spot) this.world.unreserve(spot.x, spot.y);
      },
      done: () => {
        mon.version++;
        const old = { x: mon.x, y: mon.y };
        mon.troops = after.troops;
        mon.level = after.level;
        mon.gen = after.gen;
        if (spot) {
          this.world.unreserve(spot.x, spot.y);
          if (spot.x !== mon.x || spot.y !== mon.y) this.world.moveOne(mon, spot.x, spot.y);
        }
        this.#publish({
          timeMs: t,
          type: spot ? 'monster_respawned' : 'monster_changed',
          monster: { id: mon.id, level: mon.level, x: mon.x, y: mon.y, troops: mon.troops },
          tiles: [
            { x: old.x, y: old.y, width: 1, height: 1 },
            { x: mon.x, y: mon.y, width: 1, height: 1 },
          ],
          paths: [],
        });
        this.#publishMarch('march_arrived', m, t);
      },
    };
  }

  // ---- RPCs ----------------------------------------------------------------------

  /** Checks a march request against the map (nothing read from the store yet). */
  validateStart(req: StartMarchInput): {
    city: City;
    kind: MarchKind;
    targetId: number;
    targetGen: number;
  } {
    if (!MARCH_KINDS.includes(req.kind as MarchKind)) {
      throw new InvalidArgumentError(
        `kind: ${JSON.stringify(req.kind)} is not one of ${MARCH_KINDS.join(', ')}`,
      );
    }
    const kind = req.kind as MarchKind;
    const { targetX: x, targetY: y } = req;
    if (!this.world.inBounds(x, y)) {
      throw new InvalidArgumentError(
        `target (${x}, ${y}) is outside the ${this.world.width} x ${this.world.height} map`,
      );
    }
    if (req.troops.length === 0)
      throw new InvalidArgumentError('troops: at least one stack is needed');
    if (req.troops.length > MAX_STACKS)
      throw new InvalidArgumentError(`troops: ${req.troops.length} stacks, at most ${MAX_STACKS}`);
    const ids = new Set<number>();
    for (const [i, o] of req.troops.entries()) {
      if (!(o.troopId > 0))
        throw new InvalidArgumentError(`troops[${i}].troop_id must be positive`);
      if (!(o.count > 0) || o.count > MAX_TROOPS_PER_STACK) {
        throw new InvalidArgumentError(
          `troops[${i}].count must be 1..${MAX_TROOPS_PER_STACK}, got ${o.count}`,
        );
      }
      if (ids.has(o.troopId))
        throw new InvalidArgumentError(`troops[${i}]: troop ${o.troopId} is listed twice`);
      ids.add(o.troopId);
    }
    const city = this.world.cities.get(req.playerId);
    if (!city) throw new FailedPreconditionError(`player ${req.playerId} has no city on this map`);
    if (this.world.blocked(x, y))
      throw new FailedPreconditionError(`target (${x}, ${y}) is blocked terrain`);
    const e = this.world.at(x, y);
    const wrong = () =>
      new FailedPreconditionError(
        `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} march needs ${KIND_NEEDS[kind]} at (${x}, ${y}); there is ${e ? describe(e) : 'nothing'}`,
      );
    let targetId = 0;
    let targetGen = 0;
    switch (kind) {
      case 'gather':
        if (e?.kind !== 'field') throw wrong();
        if (e.occupant)
          throw new FailedPreconditionError(
            `field ${e.id} at (${x}, ${y}) is occupied by march ${e.occupant.id}`,
          );
        targetId = e.id;
        targetGen = e.gen;
        break;
      case 'attack_monster':
        if (e?.kind !== 'monster') throw wrong();
        targetId = e.id;
        targetGen = e.gen;
        break;
      case 'attack_city':
      case 'reinforce':
        if (e?.kind !== 'city' || e.playerId === req.playerId) throw wrong();
        targetId = e.playerId;
        break;
      case 'scout':
        if (e === city) throw new FailedPreconditionError(`(${x}, ${y}) is the player's own city`);
        break;
    }
    let out = 0;
    for (const m of this.world.marches.values()) if (m.playerId === req.playerId) out++;
    if (out >= MAX_MARCHES)
      throw new FailedPreconditionError(
        `player ${req.playerId} has ${out} marches out, the most allowed`,
      );
    return { city, kind, targetId, targetGen };
  }

  async startMarch(req: StartMarchInput): Promise<March> {
    this.validateStart(req);
    return this.locks.with([`p:${req.playerId}`], async () => {
      const { city, kind, targetId, targetGen } = this.validateStart(req);
      const [player, troopRecords] = await Promise.all([
        this.#store.fetch(T.player, req.playerId),
        this.#store.list(T.troop, req.playerId),
      ]);
      if (!player) throw new FailedPreconditionError(`player ${req.playerId} does not exist`);
      if (kind === 'reinforce') {
        const ally = await this.#store.fetch(T.player, targetId);
        const mine = Number(player.fields.alliance_id ?? 0);
        if (!ally || mine === 0 || Number(ally.fields.alliance_id ?? 0) !== mine) {
          throw new FailedPreconditionError(
            `player ${targetId} is not an ally of player ${req.playerId}`,
          );
        }
      }
      const byId = new Map(troopRecords.map((r) => [r.member, r]));
      const troops: Stack[] = req.troops.map((o) => {
        const r = byId.get(o.troopId);
        if (!r)
          throw new FailedPreconditionError(`player ${req.playerId} has no troop ${o.troopId}`);
        const have = Number(r.fields.count ?? 0);
        if (have < o.count) {
          throw new FailedPreconditionError(
            `troop ${o.troopId} of player ${req.playerId}: ${have} available, ${o.count} asked`,
          );
        }
        const type = String(r.fields.kind) as TroopType;
        const tier = Number(r.fields.tier ?? 1);
        if (!TROOP_TYPES.includes(type) || !(tier >= 1 && tier <= 10)) {
          throw new FailedPreconditionError(
            `troop ${o.troopId} of player ${req.playerId} is of an unknown kind ${JSON.stringify(type)} / tier ${tier}`,
          );
        }
        return { troopId: o.troopId, type, tier, count: o.count, wounded: 0 };
      });
      const now = this.#clock.now();
      const from = cityCenter(city);
      const to =
        kind === 'attack_city' || kind === 'reinforce'
          ? cityCenter(this.world.cities.get(targetId)!)
          : tileCenter(req.targetX, req.targetY);
      const id = await this.#ids.next();
      const m: March = {
        id,
        playerId: req.playerId,
        kind,
        state: 'outbound',
        refRegion: city.region,
        homeX: city.x,
        homeY: city.y,
        targetX: req.targetX,
        targetY: req.targetY,
        targetId,
        targetGen,
        fromX: from.x,
        fromY: from.y,
        toX: to.x,
        toY: to.y,
        legStart: now,
        legEnd: now + travelMs(Math.hypot(to.x - from.x, to.y - from.y), troops, this.#speed),
        troops,
        load: emptyResources(),
        step: 0,
        version: 1,
        startedAt: now,
        cells: [],
      };
      // The region's list of marches first (a restart finds the march through it), then the
      // troops leave and the march appears, in one write of the player.
      await this.#store.write(city.region, [
        { create: { table: T.marchRef, member: id, fields: { player_id: req.playerId } } },
      ]);
      const ops: Op[] = troops.map((s) => ({
        incr: { table: T.troop, member: s.troopId, field: 'count', delta: -s.count, floor: 0 },
      }));
      ops.push({ create: { table: T.march, member: id, fields: marchFields(m) } });
      try {
        const results = await this.#store.write(req.playerId, ops);
        m.version = results[results.length - 1]!.version;
      } catch (err) {
        // Written or not? A refusal says not; otherwise the store says.
        const stored = definite(err)
          ? null
          : await this.#retryRead(() => this.#store.fetch(T.march, req.playerId, id)).catch(
              () => undefined,
            );
        if (stored === undefined) throw err; // unknown: the next start settles it if it exists
        if (stored === null) {
          await this.#store
            .write(city.region, [{ remove: { table: T.marchRef, member: id } }])
            .catch(() => undefined);
          if (err instanceof FailedPreconditionError) {
            throw new FailedPreconditionError(
              `player ${req.playerId} does not have the troops asked (${err.message})`,
            );
          }
          throw err;
        }
        m.version = stored.version;
      }
      this.world.indexMarch(m);
      this.schedule(m);
      this.#publishMarch('march_started', m, now);
      return m;
    });
  }

  async recall(playerId: number, marchId: number): Promise<March> {
    const m0 = this.world.marches.get(marchId);
    if (!m0 || m0.playerId !== playerId)
      throw new NotFoundError(`player ${playerId} has no march ${marchId}`);
    return this.locks.with(this.keysOf(m0), async () => {
      const m = this.world.marches.get(marchId);
      if (!m) throw new FailedPreconditionError(`march ${marchId} has already returned home`);
      const now = this.#clock.now();
      // A step due by now happens first (the march arrived before it was recalled).
      const d = this.#due.get(m.id);
      if (d && d.at <= now) await this.#settleDue(m, d);
      if (!this.world.marches.has(marchId))
        throw new FailedPreconditionError(`march ${marchId} has already returned home`);
      if (m.state === 'returning')
        throw new FailedPreconditionError(`march ${marchId} is already returning`);
      const before = { ...m };
      await this.#settle(m, async () => {
        if (m.state === 'gathering') return this.#gatherEnd(m, now, 'march_recalled');
        const n = this.#next(m);
        if (m.state === 'outbound') {
          const pos = marchPosition(m, now);
          this.#headHome(n, pos.x, pos.y, now, now - m.legStart);
        } else {
          this.#headHome(n, m.toX, m.toY, now);
        }
        return {
          after: n,
          ops: [],
          effects: [],
          done: () => {
            if (before.state === 'stationed')
              this.world.cities.get(m.targetId)?.reinforcements.delete(m);
            this.#publishMarch('march_recalled', m, now, before);
          },
        };
      });
      return m;
    });
  }

  /** Finishes the effects a stored step left pending (a start after a crash). */
  applyPending(effects: Effect[]): Promise<void> {
    return effects.reduce((p, e) => p.then(() => this.#applyEffect(e)), Promise.resolve());
  }
}

/** Applies an effect once: a repeat finds its guard and does nothing. */
export async function applyEffect(store: MapStore, e: Effect): Promise<void> {
  try {
    await store.write(e.owner, e.ops);
  } catch (err) {
    if (e.guard.kind === 'create' && err instanceof AlreadyExistsError) return;
    // A record gone: it was written after the effect (a reinforcement that came home since);
    // nothing removes a record while an effect on it is pending.
    if (e.guard.kind === 'version' && err instanceof NotFoundError) return;
    if (e.guard.kind === 'version' && err instanceof FailedPreconditionError) {
      const r = await store.fetch(e.guard.table, e.owner, e.guard.member);
      if (r && r.version > e.guard.version) return;
    }
    throw err;
  }
}

/**
 * A change of a field or monster (owned by its region). One never changed is not stored (the
 * world's generation recomputes it from the seed; version 0): the first change creates its
 * record (guard: it exists). A stored one is modified at its version (guard: a later version).
 */
function recordEffect(
  region: number,
  table: string,
  member: number,
  version: number,
  fields: Fields,
): Effect {
  if (version === 0) {
    return {
      owner: region,
      guard: { kind: 'create' },
      ops: [{ create: { table, member, fields } }],
    };
  }
  return {
    owner: region,
    guard: { kind: 'version', table, member, version },
    ops: [{ modify: { table, member, fields, expectedVersion: version } }],
  };
}

/** A report's id: unique per march and step (both players' reports of a battle share it). */
export const reportIdOf = (marchId: number, step: number) => marchId * 64 + step;

function fieldMsgOf(f: Field) {
  return {
    id: f.id,
    resource: f.resource,
    level: f.level,
    x: f.x,
    y: f.y,
    remaining: f.remaining,
    occupiedBy: f.occupant?.id ?? 0,
  };
}

/** What a battle did, to the unit: the report's `result`. */
function battleOutcome(
  m: March,
  defenderId: number,
  result: BattleResult,
  attacker: Contributor[],
  aLoss: { dead: number; wounded: number }[],
  defender: Contributor[],
  dLoss: { dead: number; wounded: number }[],
  plunder: Resources,
) {
  const rows = (side: Contributor[], loss: { dead: number; wounded: number }[]) =>
    side.map((c, i) => ({
      player: c.owner,
      troop: c.troopId,
      march: c.marchId,
      type: c.type,
      tier: c.tier,
      start: c.count,
      dead: loss[i]!.dead,
      wounded: loss[i]!.wounded,
    }));
  return {
    winner: result.winner,
    rounds: result.rounds,
    hash: result.hash,
    attacker: m.playerId,
    defender: defenderId,
    march: m.id,
    losses: { attacker: rows(attacker, aLoss), defender: rows(defender, dLoss) },
    plunder,
  };
}
