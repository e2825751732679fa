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
// A recall answers by the caller's deadline: it never waits in the locks behind a step that is
// failing and retried (it says so at once), gives up its place when its answer is due, and runs
// a due step of its march once, not until it succeeds (the scheduler retries it). Settlement
// stays exactly once either way: a recall that gave up changed nothing, and a step, once its
// write is sent, finishes holding its keys whether or not anyone waits for it.
//
// Time order: scheduler.ts. What each kind of step decides: steps.ts, gather.ts,
// battle-steps.ts (a Plan, plan.ts); the request checks: validate-march.ts; the guarded writes
// to other owners: effects.ts.
import type { Logger } from '@slg/service-kit';
import {
  DeadlineExceededError,
  FailedPreconditionError,
  isRefusal,
  NotFoundError,
  quoteName,
  UnavailableError,
} from '@slg/service-kit';
import type { Clock } from '../clock.ts';
import { type Effect, marchChanges, marchFields, marchFrom, T } from '../store/records.ts';
import type { MapStore, Op } from '../store/store.ts';
import {
  type City,
  cityCenter,
  emptyResources,
  type Field,
  type March,
  type Stack,
  TROOP_TYPES,
  type TroopType,
  tileCenter,
} from '../world/types.ts';
import { marchPosition, marchSegment, type World } from '../world/world.ts';
import type { BattleClient } from './battles.ts';
import { applyEffect, backoffMs, sleep } from './effects.ts';
import type { Publish } from './events.ts';
import { gatherEnd, publishField } from './gather.ts';
import type { IdBlocks } from './ids.ts';
import { KeyedLocks } from './locks.ts';
import {
  headHome,
  nextOf,
  type Plan,
  publishCity,
  publishMarch,
  type StepContext,
  unstation,
} from './plan.ts';
import { RefSweeper } from './ref-sweeper.ts';
import { travelMs } from './rules.ts';
import { type Due, keysOf, StepScheduler } from './scheduler.ts';
import { planDue } from './steps.ts';
import { type StartMarchInput, validateStart } from './validate-march.ts';

export { applyEffect, reportIdOf } from './effects.ts';
export { MAX_MARCHES, MAX_REINFORCEMENTS } from './rules.ts';
export type { StartMarchInput } from './validate-march.ts';

/** A city or field a march may hold, with what a viewport showed of its hold (#holding). */
interface Held {
  c: City | undefined;
  f: Field | undefined;
  reinforcements: number | undefined;
  occupant: March | undefined;
}

/** A due step being settled: what a recall waiting behind it is told. */
interface StepState {
  marchId: number;
  kind: DueKind;
  keys: string[];
  /** Attempts that failed so far, and the last one's error. */
  failures: number;
  error?: string;
}

type DueKind = 'arrival' | 'gather_end' | 'return';
const STEP_NAMES: Record<DueKind, string> = {
  arrival: 'arrival',
  gather_end: 'end of gathering',
  return: 'return home',
};

/** What a march's next due step is, by its state. */
const dueKind = (m: March): DueKind =>
  m.state === 'outbound' ? 'arrival' : m.state === 'gathering' ? 'gather_end' : 'return';

const overlaps = (a: string[], b: string[]) => a.some((k) => b.includes(k));

/** How a recall that must answer by a deadline settles: once, and telling where it is. */
interface Attempt {
  /** Aborted once the caller has its answer: from then on nothing more is started. */
  signal: AbortSignal;
  /** The recall's own write is about to go out (its outcome unknown until it is known). */
  writing(): void;
  /** The recall's write is stored (its effects on other owners may still be applied). */
  written(): void;
}

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
  /** Steps due within a tick of this many clock ms start together at its end (0: at once). */
  tickMs?: number;
  locks?: KeyedLocks;
  hooks?: EngineHooks;
  metrics?: EngineMetrics;
  /** Finished marches' region entries are removed in batches at least this often (clock ms). */
  refSweepMs?: number;
}

export class MarchEngine {
  readonly world: World;
  readonly locks: KeyedLocks;
  readonly #store: MapStore;
  readonly #clock: Clock;
  readonly #ids: IdBlocks;
  readonly #log: Logger;
  readonly #speed: number;
  readonly #hooks: EngineHooks;
  readonly #metrics: EngineMetrics | undefined;
  readonly #ctx: StepContext;
  readonly #scheduler: StepScheduler;
  readonly #refs: RefSweeper;
  /** The due steps being settled, by march (one at most per march: its keys are held). */
  readonly #steps = new Map<number, StepState>();
  /** Called when a step's attempt fails (recalls waiting behind it give up). */
  readonly #stepFailed = new Set<(s: StepState) => void>();
  #stopped = false;

  constructor(o: EngineOptions) {
    this.world = o.world;
    this.#store = o.store;
    this.#clock = o.clock;
    this.#ids = o.ids;
    this.#log = o.log;
    this.#speed = o.speed;
    this.locks = o.locks ?? new KeyedLocks();
    this.#hooks = o.hooks ?? {};
    this.#metrics = o.metrics;
    this.#scheduler = new StepScheduler({
      clock: o.clock,
      concurrency: o.concurrency,
      tickMs: o.tickMs ?? 0,
      locks: this.locks,
      log: o.log,
      march: (id) => this.world.marches.get(id),
      run: (m, d) => this.#runDue(m, d),
    });
    this.#refs = new RefSweeper({
      store: o.store,
      clock: o.clock,
      log: o.log,
      intervalMs: o.refSweepMs ?? 5000,
    });
    this.#ctx = {
      world: o.world,
      store: o.store,
      battles: o.battles,
      log: o.log,
      publish: o.publish,
      speed: o.speed,
      schedule: (m) => this.schedule(m),
    };
  }

  /** Steps running. */
  get inFlight(): number {
    return this.#scheduler.inFlight;
  }

  /** Events waiting (due or not). */
  get scheduled(): number {
    return this.#scheduler.scheduled;
  }

  // ---- scheduling (scheduler.ts) -------------------------------------------------

  /** Starts settling (after the world is loaded): everything already due first. */
  start(): void {
    this.#scheduler.start();
  }

  /** Stops taking events; running steps finish their current write. */
  stop(): void {
    this.#stopped = true;
    this.#scheduler.stop();
    this.#refs.stop();
  }

  /** Resolves once no step runs (after stop(): the running ones finished their writes). */
  async quiet(): Promise<void> {
    await this.#scheduler.quiet();
    await this.#refs.flush();
  }

  /** Resolves once nothing is running and nothing is due (tests, with a manual clock). */
  async drain(): Promise<void> {
    await this.#scheduler.drain();
    // The finished marches' region entries too (the tests check the lists are clean).
    await this.#refs.flush();
  }

  /** Puts the march's next event (if its state has one) on the heap. */
  schedule(m: March): void {
    this.#scheduler.schedule(m);
  }

  /** The lock keys of everything a march's steps touch. */
  keysOf(m: March): string[] {
    return keysOf(m);
  }

  async #runDue(m: March, d: Due): Promise<void> {
    if (!this.#scheduler.isLive(d)) return; // settled meanwhile (a recall ran it)
    await this.#settleDue(m, d);
  }

  /** Runs the march's due step (the caller holds its keys); `once`: no retry (a recall). */
  async #settleDue(m: March, d: Due, once = false): Promise<void> {
    this.#scheduler.unschedule(m.id);
    const kind = dueKind(m);
    const state: StepState = { marchId: m.id, kind, keys: keysOf(m), failures: 0 };
    this.#steps.set(m.id, state);
    try {
      await this.#settle(m, () => planDue(this.#ctx, m, d.at), { once, state });
    } finally {
      this.#steps.delete(m.id);
    }
    this.#metrics?.settled(kind, this.#clock.now() - d.at);
  }

  /** A step sharing one of `keys` whose last attempt failed (it is being retried). */
  #failingStep(keys: string[]): StepState | undefined {
    for (const s of this.#steps.values()) if (s.failures > 0 && overlaps(s.keys, keys)) return s;
    return undefined;
  }

  /** Why a recall of `marchId` (its keys `keys`) cannot go on now: a step in its way, if any. */
  #busyReason(marchId: number, keys: string[]): string | undefined {
    const head = `march ${marchId} cannot be recalled now`;
    const name = (s: StepState) =>
      `${s.marchId === marchId ? 'its' : `march ${s.marchId}'s`} ${STEP_NAMES[s.kind]}`;
    const failing = this.#failingStep(keys);
    if (failing)
      return `${head}: ${name(failing)} failed ${failing.failures} time${failing.failures === 1 ? '' : 's'} and is being retried (${failing.error}); recall it again once it is settled`;
    for (const s of this.#steps.values())
      if (overlaps(s.keys, keys))
        return `${head}: ${name(s)} is still being settled; recall it again once it is`;
    return undefined;
  }

  // ---- writing a step exactly once -----------------------------------------------

  /**
   * Plans and writes one step, retrying transient failures until it is written; `once`: the
   * first failure is thrown (whoever called decides), `state` records the failures.
   */
  async #settle(
    m: March,
    plan: () => Promise<Plan>,
    o: { once?: boolean; state?: StepState; onWritten?: () => void } = {},
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let p: Plan | undefined;
      try {
        p = await plan();
        await this.#write(m, p, o.onWritten);
        return;
      } catch (err) {
        if (this.#stopped) throw err;
        if (isRefusal(err)) {
          // Refused: either the march record is not what memory says (changed behind
          // map-server's back: take the stored one and go on from there), or another op of the
          // write was refused (retried below, after a pause).
          this.#log.error({ err, march: m.id }, 'march write refused');
          if (await this.#reload(m)) return;
        }
        if (o.state) {
          o.state.failures = attempt + 1;
          o.state.error = err instanceof Error ? err.message : String(err);
          for (const f of this.#stepFailed) f(o.state);
        }
        if (o.once) throw err;
        const wait = backoffMs(attempt);
        this.#log.warn(
          { err, march: m.id, attempt, retryInMs: wait },
          'march step failed: retrying',
        );
        await sleep(wait);
      }
    }
  }

  async #write(m: March, p: Plan, onWritten?: () => void): Promise<void> {
    const step = m.step + 1;
    // The march record's write comes first and carries the step's guard: the version memory
    // holds. A last step removes the record at that version.
    const ops: Op[] = [];
    if (p.after) {
      p.after.step = step;
      ops.push({
        modify: {
          table: T.march,
          member: m.id,
          fields: marchChanges(m, p.after, p.effects),
          expectedVersion: m.version,
        },
      });
    } else {
      ops.push({ remove: { table: T.march, member: m.id, expectedVersion: m.version } });
    }
    ops.push(...p.ops);
    let version = 0;
    try {
      const results = await this.#store.write(m.playerId, ops);
      version = results[0]!.version;
    } catch (err) {
      if (isRefusal(err)) {
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
    onWritten?.();
    await this.#hooks.afterStepWrite?.(m, step);
    for (const e of p.effects) await this.#applyEffect(e);
    const was = marchSegment(m);
    if (p.after) {
      this.world.updateMarch(m, p.after);
      m.version = version;
      this.schedule(m);
    } else {
      this.world.removeMarch(m);
      this.#scheduler.unschedule(m.id);
    }
    p.done(was);
    if (!p.after) {
      // The march is gone; its entry in the region's list goes too, batched with others
      // (ref-sweeper.ts; a crash before that leaves an entry without a march, which the next
      // start removes).
      this.#refs.remove(m.refRegion, m.id);
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
        const wait = backoffMs(attempt);
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
        await sleep(backoffMs(attempt, 2000, 6));
      }
    }
  }

  /** Memory takes the stored march if it differs (after a refused write); whether it did. */
  async #reload(m: March): Promise<boolean> {
    const stored = await this.#retryRead(() => this.#store.fetch(T.march, m.playerId, m.id));
    if (stored?.version === m.version) return false;
    const next = stored ? marchFrom(m.playerId, stored) : null;
    // What a viewport shows changes: the march, and the city or field it holds before or after.
    const now = this.#clock.now();
    const was = marchSegment(m);
    const held = this.#holding([m.targetId, next?.march.targetId ?? m.targetId]);
    this.#detach(m);
    if (!next) {
      this.world.removeMarch(m);
      this.#scheduler.unschedule(m.id);
      publishMarch(this.#ctx, 'march_removed', m, now, was);
      this.#publishHeld(held, now);
      return true;
    }
    for (const e of next.pending) await this.#applyEffect(e);
    this.world.updateMarch(m, next.march);
    this.attach(m);
    this.schedule(m);
    publishMarch(this.#ctx, 'march_changed', m, now, was);
    this.#publishHeld(held, now);
    return true;
  }

  /** The cities and fields of these ids (a march's target), as a viewport shows their hold. */
  #holding(ids: number[]): Held[] {
    return [...new Set(ids)].map((id) => {
      const c = this.world.cities.get(id);
      const f = this.world.fields.get(id);
      return { c, f, reinforcements: c?.reinforcements.size, occupant: f?.occupant };
    });
  }

  /** Tells the streams of each city or field whose hold changed since #holding. */
  #publishHeld(held: Held[], t: number): void {
    for (const h of held) {
      if (h.c && h.c.slot !== 0 && h.c.reinforcements.size !== h.reinforcements)
        publishCity(this.#ctx, 'city_changed', h.c, t);
      if (h.f && h.f.slot !== 0 && h.f.occupant !== h.occupant)
        publishField(this.#ctx, 'field_changed', h.f, t);
    }
  }

  /** Links a march to what it occupies (a field it gathers, a city it defends). */
  attach(m: March): void {
    if (m.state === 'gathering') {
      const f = this.world.fields.get(m.targetId);
      if (f) this.world.updateField(f, { occupant: m });
    } else if (m.state === 'stationed') {
      const c = this.world.cities.get(m.targetId);
      if (c) this.world.station(c, m);
    }
  }

  #detach(m: March): void {
    const f = this.world.fields.get(m.targetId);
    if (f?.occupant === m) this.world.updateField(f, { occupant: undefined });
    this.world.unstation(this.world.cities.get(m.targetId), m);
  }

  // ---- RPCs ----------------------------------------------------------------------

  /** Checks a march request against the map (nothing read from the store yet). */
  validateStart(req: StartMarchInput) {
    return validateStart(this.world, req);
  }

  async startMarch(req: StartMarchInput): Promise<March> {
    validateStart(this.world, req);
    return this.locks.with([`p:${req.playerId}`], async () => {
      const { city, kind, targetId, targetGen } = validateStart(this.world, req);
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
        // Each named by what is wrong with it: a record of a known kind and an unknown tier is
        // not a troop of an unknown kind.
        if (!TROOP_TYPES.includes(type)) {
          throw new FailedPreconditionError(
            `troop ${o.troopId} of player ${req.playerId} is of an unknown kind ${quoteName(type)} (kinds are ${TROOP_TYPES.join(', ')})`,
          );
        }
        if (!(Number.isInteger(tier) && tier >= 1 && tier <= 10)) {
          throw new FailedPreconditionError(
            `troop ${o.troopId} of player ${req.playerId} is of an unknown tier ${typeof r.fields.tier === 'number' ? tier : quoteName(String(r.fields.tier))} (tiers are 1 to 10)`,
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
      // Finished marches' entries of the region waiting for removal ride along.
      const swept = this.#refs.take(city.region);
      try {
        await this.#store.write(city.region, [
          { create: { table: T.marchRef, member: id, fields: { player_id: req.playerId } } },
          ...swept.ops,
        ]);
      } catch (err) {
        this.#refs.putBack(city.region, swept.ids);
        throw err;
      }
      const ops: Op[] = troops.map((s) => ({
        incr: { table: T.troop, member: s.troopId, field: 'count', delta: -s.count, floor: 0 },
      }));
      ops.push({ create: { table: T.march, member: id, fields: marchFields(m) } });
      try {
        const results = await this.#store.write(req.playerId, ops);
        m.version = results[results.length - 1]!.version;
      } catch (err) {
        // Written or not? A refusal says not; otherwise the store says.
        const stored = isRefusal(err)
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
      publishMarch(this.#ctx, 'march_started', m, now);
      return m;
    });
  }

  /**
   * Turns the march back. `answerBy`: aborts when the caller must have its answer (a little
   * before its deadline); the recall then answers UNAVAILABLE with the reason if it has not
   * started its write (and makes none afterwards), DEADLINE_EXCEEDED if its write is out.
   * Without it, the recall waits and settles as a step does (tests, tools).
   */
  async recall(playerId: number, marchId: number, answerBy?: AbortSignal): Promise<March> {
    const m0 = this.world.marches.get(marchId);
    if (!m0 || m0.playerId !== playerId)
      throw new NotFoundError(`player ${playerId} has no march ${marchId}`);
    const keys = this.keysOf(m0);
    if (!answerBy) return this.locks.with(keys, () => this.#recallHolding(marchId));
    // Behind a step that fails and is retried, the wait could be as long as the outage.
    if (this.#failingStep(keys)) throw new UnavailableError(this.#busyReason(marchId, keys)!);
    let phase: 'waiting' | 'settling' | 'writing' | 'written' = 'waiting';
    const giveUp = new AbortController();
    const onFailed = (s: StepState) => {
      if (phase === 'waiting' && overlaps(s.keys, keys))
        giveUp.abort(new UnavailableError(this.#busyReason(marchId, keys)!));
    };
    const onAnswerBy = () => {
      const busy = this.#busyReason(marchId, keys);
      giveUp.abort(
        phase === 'writing'
          ? new DeadlineExceededError(
              `march ${marchId}: the recall's write is still in flight, its outcome unknown (ListMarches tells it)`,
            )
          : phase === 'written'
            ? new DeadlineExceededError(
                `march ${marchId}: the recall is stored; what it changes elsewhere is still being written`,
              )
            : busy
              ? new UnavailableError(busy)
              : // Nothing of the march's in the way: the deadline left too little time.
                new DeadlineExceededError(
                  `march ${marchId} not recalled: the deadline came while it waited for its player or target`,
                ),
      );
    };
    const gaveUp = new Promise<never>((_, reject) => {
      giveUp.signal.addEventListener('abort', () => reject(giveUp.signal.reason), { once: true });
    });
    gaveUp.catch(() => undefined);
    this.#stepFailed.add(onFailed);
    if (answerBy.aborted) onAnswerBy();
    else answerBy.addEventListener('abort', onAnswerBy, { once: true });
    const work = this.locks.with(
      keys,
      () => {
        phase = 'settling';
        return this.#recallHolding(marchId, {
          signal: giveUp.signal,
          writing: () => {
            phase = 'writing';
          },
          written: () => {
            phase = 'written';
          },
        });
      },
      giveUp.signal,
    );
    try {
      return await Promise.race([work, gaveUp]);
    } finally {
      answerBy.removeEventListener('abort', onAnswerBy);
      this.#stepFailed.delete(onFailed);
      // Answered early: what was started finishes holding its keys; its end is only logged.
      if (giveUp.signal.aborted)
        work.catch((err: unknown) => {
          if (err !== giveUp.signal.reason)
            this.#log.warn({ err, march: marchId }, 'recall failed after its answer');
        });
    }
  }

  /** The recall itself, holding the march's keys; `attempt`: answer-by-a-deadline mode. */
  async #recallHolding(marchId: number, attempt?: Attempt): Promise<March> {
    const m = this.world.marches.get(marchId);
    if (!m) throw new FailedPreconditionError(`march ${marchId} has already returned home`);
    const now = this.#clock.now();
    // A step due by now happens first (the march arrived before it was recalled).
    const d = this.#scheduler.dueOf(m.id);
    if (d && d.at <= now) {
      if (!attempt) await this.#settleDue(m, d);
      else {
        const kind = dueKind(m);
        try {
          await this.#settleDue(m, d, true);
        } catch (err) {
          // Not settled: the step goes back to the scheduler, which retries it until it is.
          if (this.world.marches.get(m.id) === m && !this.#scheduler.dueOf(m.id)) this.schedule(m);
          if (this.#stopped) throw err;
          throw new UnavailableError(
            `march ${marchId} cannot be recalled now: its ${STEP_NAMES[kind]} failed (${err instanceof Error ? err.message : String(err)}); it is retried, recall it again once it is settled`,
            err,
          );
        }
      }
    }
    // The caller has its answer already (UNAVAILABLE): the recall is not made.
    if (attempt?.signal.aborted) throw attempt.signal.reason;
    if (!this.world.marches.has(marchId))
      throw new FailedPreconditionError(`march ${marchId} has already returned home`);
    if (m.state === 'returning')
      throw new FailedPreconditionError(`march ${marchId} is already returning`);
    const stationed = m.state === 'stationed';
    attempt?.writing();
    await this.#settle(
      m,
      async () => {
        if (m.state === 'gathering') return gatherEnd(this.#ctx, m, now, 'march_recalled');
        const n = nextOf(m);
        if (m.state === 'outbound') {
          const pos = marchPosition(m, now);
          headHome(this.#speed, n, pos.x, pos.y, now, now - m.legStart);
        } else {
          headHome(this.#speed, n, m.toX, m.toY, now);
        }
        return {
          after: n,
          ops: [],
          effects: [],
          done: (was) => {
            if (stationed) unstation(this.#ctx, this.world.cities.get(m.targetId), m, now);
            publishMarch(this.#ctx, 'march_recalled', m, now, was);
          },
        };
      },
      attempt ? { once: true, onWritten: () => attempt.written() } : {},
    );
    return m;
  }

  /** Finishes the effects a stored step left pending (a start after a crash). */
  applyPending(effects: Effect[]): Promise<void> {
    return effects.reduce((p, e) => p.then(() => this.#applyEffect(e)), Promise.resolve());
  }
}
