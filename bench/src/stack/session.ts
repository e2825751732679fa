// One player's session, a seeded script: log in (the player, its buildings, troops and items),
// open the map at its city (a viewport query and a stream), then a number of actions drawn from
// the mix with think times between them (pan; start a gather march; start an attack on a city or
// a monster seen in the viewport; recall a march; upgrade a building: resources taken with
// IncrByV2, the level with ModifyV2; read mail), receive battle reports (each recomputed through
// battle-server to its hash), and log out. At each pan and at log-out the stream's model is
// checked against a fresh snapshot; at log-out the player's troops are checked (records + marches
// out + dead in its reports = what it started with).

import type { slg } from '@slg/proto';
import type { Rng, WeightedChoice } from '../lib/rng.ts';
import type { DataClient, MapClient, PlayerState, Violation } from './checks.ts';
import { add, intField, isRefused, num, type Recorders } from './ops.ts';
import { type Rect, ViewModel, ViewStream } from './view.ts';

export const ACTIONS = ['pan', 'gather', 'attack', 'recall', 'upgrade', 'mail'] as const;
export type Action = (typeof ACTIONS)[number];

/** The actions' weights when `bench stack --mix` is not given. */
export const DEFAULT_MIX: ReadonlyMap<Action, number> = new Map([
  ['pan', 2],
  ['gather', 3],
  ['attack', 2],
  ['recall', 1],
  ['upgrade', 2],
  ['mail', 1],
]);

export interface SessionSettings {
  viewWidth: number;
  viewHeight: number;
  actions: number;
  thinkMs: number;
  streamTimeoutMs: number;
}

export interface SessionContext {
  rec: Recorders;
  data: DataClient;
  map: MapClient;
  mapAddress: string;
  world: { width: number; height: number };
  /** The bench's players (attack targets are among them). */
  players: ReadonlySet<number>;
  state: (player: number) => PlayerState;
  settings: SessionSettings;
  mix: WeightedChoice<Action>;
  violation: (v: Violation) => void;
  /** Marches the sessions started: march id -> player. */
  marches: Map<number, number>;
  /** Counters of what the sessions did. */
  counts: Record<string, number>;
  /** The troop check at log-out: records + marches + dead (null: no stable read in 5 tries). */
  checkTroops: (player: number, step: string) => Promise<void>;
  /** Recomputes a battle report's hash through battle-server (a violation when it differs). */
  checkReport: (player: number, reportId: number, step: string, recorded: boolean) => Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const REFUSALS = ['FAILED_PRECONDITION', 'NOT_FOUND', 'ALREADY_EXISTS', 'ABORTED', 'OUT_OF_RANGE'];

export async function runSession(ctx: SessionContext, player: number, rng: Rng): Promise<void> {
  const { rec, data, map, settings: s } = ctx;
  const count = (k: string) => add(ctx.counts, k, 1);
  const st = ctx.state(player);
  const think = () => sleep(s.thinkMs * (0.5 + rng.float()));
  const list = (table: string) =>
    rec.must('CFetchV2', () => data.CFetchV2({ table, ownerId: player }));
  let step = 'login';
  // Log in.
  await rec.must('FetchV2', () => data.FetchV2({ table: 'player', ownerId: player, memberId: 0 }));
  const buildings = await list('building');
  const troops = await list('troop');
  await list('item');
  const available = new Map(
    (troops.records ?? []).map((r) => [num(r.memberId), intField(r.fields, 'count')]),
  );
  const building = new Map(
    (buildings.records ?? []).map((r) => [
      num(r.memberId),
      { level: intField(r.fields, 'level'), version: num(r.version) },
    ]),
  );
  await think();

  // Open the map at the city: a query and a stream of the same rectangle.
  step = 'open map';
  const city = await rec.must('GetCity', () => map.GetCity({ playerId: player }));
  const around = (cx: number, cy: number): Rect => ({
    x: clamp(cx - (s.viewWidth >> 1), 0, Math.max(0, ctx.world.width - s.viewWidth)),
    y: clamp(cy - (s.viewHeight >> 1), 0, Math.max(0, ctx.world.height - s.viewHeight)),
    width: Math.min(s.viewWidth, ctx.world.width),
    height: Math.min(s.viewHeight, ctx.world.height),
  });
  let rect = around(city.x ?? 0, city.y ?? 0);
  let contents = await rec.must('QueryViewport', () => map.QueryViewport(rect));
  const view = new ViewStream(ctx.mapAddress);
  const snapshot = async () => {
    const snap = await rec.must('Watch', () => view.snapshot(rect, s.streamTimeoutMs));
    return ViewModel.of(rect, snap.snapshot ?? {});
  };
  // The stream's snapshot again: the events since must have built the same model.
  const checkpoint = async () => {
    const fresh = await snapshot();
    const diff = view.model ? view.model.diff(fresh) : [];
    count('stream checks');
    if (diff.length)
      ctx.violation({
        check: 'stream',
        player,
        step,
        detail: `viewport ${rect.x},${rect.y} ${rect.width}x${rect.height}: ${diff.join('; ')}`,
      });
    for (const p of view.problems.splice(0))
      ctx.violation({ check: 'stream', player, step, detail: p });
    view.model = fresh;
  };
  try {
    view.model = await snapshot();

    for (let a = 0; a < s.actions; a++) {
      await think();
      const action = ctx.mix.pick(rng);
      step = `${action} (action ${a + 1})`;
      count(action);
      switch (action) {
        case 'pan': {
          await checkpoint();
          const cx = rect.x + (rect.width >> 1) + rng.range(-rect.width, rect.width);
          const cy = rect.y + (rect.height >> 1) + rng.range(-rect.height, rect.height);
          rect = around(clamp(cx, 0, ctx.world.width - 1), clamp(cy, 0, ctx.world.height - 1));
          contents = await rec.must('QueryViewport', () => map.QueryViewport(rect));
          // The stream moved to the new rectangle: its snapshot starts the model again.
          view.model = await snapshot();
          break;
        }
        case 'gather': {
          const fields = (contents.fields ?? []).filter((f) => num(f.occupiedBy) === 0);
          if (!fields.length) {
            count('gather: no free field in view');
            break;
          }
          const f = rng.pick(fields);
          const n = Math.min(rng.range(20, 200), available.get(1) ?? 0);
          if (n <= 0) break;
          await march('gather', f, [{ troopId: 1, count: n }]);
          break;
        }
        case 'attack': {
          const cities = (contents.cities ?? []).filter((c) => {
            const id = num(c.playerId);
            return id !== player && ctx.players.has(id);
          });
          const monsters = contents.monsters ?? [];
          const orders = [
            { troopId: 2, count: Math.min(rng.range(50, 400), available.get(2) ?? 0) },
            { troopId: 1, count: Math.min(rng.range(50, 400), available.get(1) ?? 0) },
          ].filter((o) => o.count > 0);
          if (!orders.length) break;
          if (cities.length && (rng.chance(0.5) || !monsters.length))
            await march('attack_city', rng.pick(cities), orders);
          else if (monsters.length) await march('attack_monster', rng.pick(monsters), orders);
          else count('attack: no target in view');
          break;
        }
        case 'recall': {
          const list = await rec.must('ListMarches', () => map.ListMarches({ playerId: player }));
          const out = (list.marches ?? []).filter((m) => m.state !== 'returning');
          if (!out.length) break;
          const m = rng.pick(out);
          const r = await rec.call(
            'RecallMarch',
            () => map.RecallMarch({ playerId: player, marchId: m.id! }),
            REFUSALS,
          );
          count(isRefused(r) ? 'recall refused' : 'recalled');
          break;
        }
        case 'upgrade': {
          const ids = [...building.keys()];
          if (!ids.length) break;
          const id = rng.pick(ids);
          const b = building.get(id)!;
          // Resources first, one IncrByV2 each (never below 0); a refusal ends the upgrade.
          if (!((await spend('wood', 100 * b.level)) && (await spend('stone', 50 * b.level)))) {
            count('upgrade: not enough');
            break;
          }
          const r = await modify('building', id, { level: { int: b.level + 1 } }, b.version);
          if (isRefused(r)) count('upgrade: building changed');
          else building.set(id, { level: b.level + 1, version: num(r.version) });
          break;
        }
        case 'mail': {
          const mails = await list('mail');
          const unread = (mails.records ?? []).filter((m) => !m.fields?.read?.bool);
          for (const m of unread.slice(0, 2))
            await modify('mail', num(m.memberId), { read: { bool: true } });
          break;
        }
      }
    }

    // Battle reports: the new ones read and recomputed.
    await think();
    step = 'reports';
    const reports = await list('map_report');
    for (const r of reports.records ?? []) {
      const id = num(r.memberId);
      if (st.baseReports.has(id) || st.reportsChecked.has(id)) continue;
      if ((r.fields?.kind?.str ?? '') !== 'battle') continue;
      await ctx.checkReport(player, id, step, true);
    }

    // Log out: the stream checked a last time, then the troops.
    step = 'logout';
    await checkpoint();
  } finally {
    view.close();
  }
  await ctx.checkTroops(player, step);

  async function march(
    kind: string,
    to: { x?: number | null; y?: number | null },
    orders: { troopId: number; count: number }[],
  ): Promise<void> {
    const r = await rec.call(
      'StartMarch',
      () =>
        map.StartMarch({
          playerId: player,
          kind,
          targetX: to.x ?? 0,
          targetY: to.y ?? 0,
          troops: orders,
        }),
      REFUSALS,
    );
    if (isRefused(r)) {
      count(`${kind} refused`);
      return;
    }
    count(`${kind} started`);
    ctx.marches.set(num(r.id), player);
    for (const o of orders) available.set(o.troopId, (available.get(o.troopId) ?? 0) - o.count);
  }

  function modify(
    table: string,
    memberId: number,
    fields: Record<string, slg.common.v1.IValue>,
    expectedVersion?: number,
  ) {
    return rec.call(
      'ModifyV2',
      () => data.ModifyV2({ table, ownerId: player, memberId, fields, expectedVersion }),
      REFUSALS,
    );
  }

  async function spend(resource: string, amount: number): Promise<boolean> {
    const r = await rec
      .call(
        'IncrByV2',
        () =>
          data.IncrByV2({
            table: 'player',
            ownerId: player,
            memberId: 0,
            field: resource,
            delta: -amount,
            floor: 0,
          }),
        REFUSALS,
      )
      .catch((err: unknown) => {
        // The outcome is unknown: this player's resources cannot be checked.
        st.uncertain ??= `IncrByV2 ${resource} -${amount}: ${(err as Error).message}`;
        throw err;
      });
    if (isRefused(r)) return false;
    add(st.spent, resource, amount);
    return true;
  }
}
