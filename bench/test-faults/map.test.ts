// Faults of map-server (its bundle on a small world, stored through the private data stack,
// battles by battle-server) under a load of city placements, city reads and viewport queries:
// SIGKILL and restart, SIGSTOP/SIGCONT. A ledger of its own: every PlaceCity acknowledged must
// be there after the fault, at its tiles (lost otherwise); one of unknown outcome may be there
// or not; the world holds no city nobody placed (phantom: GetWorld's count against the
// ledger's); every GetCity answer is the city as placed (mismatch otherwise). Errors only of the
// documented kinds; the first acknowledged placement sent after map-server is back within the
// recovery bound.
import {
  slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
  toBigInt,
  toLong,
} from '@slg/proto';
import { createGrpcClient, type ServiceError } from '@slg/service-kit';
import t from 'tap';
import {
  type FaultRow,
  faultTable,
  OUTAGE_CODES,
  pause,
  RECOVERY_BOUND_MS,
  sleep,
  startDataStack,
  startMapServer,
  waitFor,
  writeRows,
} from './harness.ts';

const FIRST_PLAYER = 9_100_000;
const WORLD = 60;

t.test('map-server: SIGKILL + restart, SIGSTOP/SIGCONT under city placements', async (t) => {
  const stack = await startDataStack(t);
  const t0 = performance.now();
  const map = await startMapServer(t, stack, WORLD);
  t.comment(`battle-server and map-server up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const client = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, map.address, {
    deadlineMs: 2000,
  });
  const ds = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, stack.dataServer.address, {
    deadlineMs: 5000,
  });
  t.teardown(() => {
    client.close();
    ds.close();
  });
  const pb = slg.mapserver.v1;

  // The ledger: acknowledged cities (player -> "x,y"), placements of unknown outcome.
  const acked = new Map<number, string>();
  const unknown = new Set<number>();
  const oks: number[] = []; // send times of acknowledged placements
  const errors: Record<string, number> = {};
  let requests = 0;
  let mismatches = 0;
  let next = FIRST_PLAYER;
  let running = true;
  let shown = 0;
  const fail = (err: unknown) => {
    if (shown++ < 3) t.comment(`error: ${(err as Error).message}`);
    const code = (err as ServiceError).code ?? 'UNKNOWN';
    errors[code] = (errors[code] ?? 0) + 1;
  };
  const place = async () => {
    const player = next++;
    // map-server reads the player's records from data-server: the player first (not counted).
    try {
      await ds.CreateV2(
        slg.dataserver.v2.CreateRequest.create({
          table: 'player',
          ownerId: toLong(BigInt(player)),
        }),
      );
    } catch (err) {
      if (shown++ < 3) t.comment(`CreateV2 player: ${(err as Error).message}`);
      await sleep(50);
      return;
    }
    const sentAt = performance.now();
    requests++;
    try {
      const city = await client.PlaceCity(
        pb.PlaceCityRequest.create({
          playerId: toLong(BigInt(player)),
          nearX: (player * 7) % WORLD,
          nearY: (player * 13) % WORLD,
        }),
      );
      acked.set(player, `${city.x},${city.y}`);
      oks.push(sentAt);
    } catch (err) {
      const code = (err as ServiceError).code;
      if (code === 'FAILED_PRECONDITION') {
        if (shown++ < 3) t.comment(`PlaceCity: ${(err as Error).message}`);
        return; // no free spot: an answer, nothing placed
      }
      fail(err);
      unknown.add(player);
      await sleep(50);
    }
  };
  const read = async () => {
    const players = [...acked.keys()];
    // Nothing placed yet: wait (an await of nothing would never yield to I/O).
    if (players.length === 0) return sleep(20);
    const player = players[Math.floor(Math.random() * players.length)]!;
    requests++;
    try {
      if (Math.random() < 0.5) {
        const city = await client.GetCity(
          pb.GetCityRequest.create({ playerId: toLong(BigInt(player)) }),
        );
        if (`${city.x},${city.y}` !== acked.get(player)) mismatches++;
      } else {
        await client.QueryViewport(pb.Rect.create({ x: 0, y: 0, width: 30, height: 30 }));
      }
    } catch (err) {
      fail(err);
      await sleep(50);
    }
  };
  const loops = Array.from({ length: 6 }, async (_, i) => {
    while (running) await (i < 2 ? place() : read());
  });
  const stop = async () => {
    running = false;
    await Promise.all(loops.splice(0));
  };
  t.teardown(stop);

  /**
   * After the load is paused: every acknowledged city there, where it was placed; a placement of
   * unknown outcome settled (there or not: it joins the ledger when there); no city nobody placed.
   */
  const check = async () => {
    let lost = 0;
    for (const [player, at] of acked) {
      try {
        const city = await client.GetCity(
          pb.GetCityRequest.create({ playerId: toLong(BigInt(player)) }),
        );
        if (`${city.x},${city.y}` !== at) mismatches++;
      } catch (err) {
        if ((err as ServiceError).code === 'NOT_FOUND') lost++;
        else throw err;
      }
    }
    let applied = 0;
    for (const player of unknown) {
      try {
        const city = await client.GetCity(
          pb.GetCityRequest.create({ playerId: toLong(BigInt(player)) }),
        );
        acked.set(player, `${city.x},${city.y}`);
        applied++;
      } catch (err) {
        if ((err as ServiceError).code !== 'NOT_FOUND') throw err;
      }
    }
    const world = await client.GetWorld(pb.GetWorldRequest.create({}));
    const phantom = Math.max(0, Number(toBigInt(world.cities)) - (acked.size - lost));
    return { lost, phantom, applied };
  };

  const rows: FaultRow[] = [];
  const fault = async (name: string, inject: () => Promise<void>) => {
    const before = { requests, mismatches, errors: { ...errors } };
    const t0 = performance.now();
    await waitFor(() => oks.filter((s) => s >= t0).length >= 3, 60_000, 'placements before');
    await inject();
    const backAt = performance.now();
    let recoveryMs: number | null = null;
    try {
      await waitFor(() => oks.some((s) => s >= backAt), RECOVERY_BOUND_MS, 'a placement after');
      recoveryMs = performance.now() - backAt;
    } catch {
      recoveryMs = null;
    }
    await waitFor(() => oks.filter((s) => s >= backAt).length >= 5, 60_000, 'placements after');
    await stop();
    const unknownWrites = unknown.size;
    const { lost, phantom, applied } = await check();
    const diff: Record<string, number> = {};
    for (const [k, v] of Object.entries(errors))
      if (v - (before.errors[k] ?? 0) > 0) diff[k] = v - (before.errors[k] ?? 0);
    const row: FaultRow = {
      group: 'map-server',
      fault: name,
      requests: requests - before.requests,
      errors: diff,
      recoveryMs,
      unknownWrites,
      unknownApplied: applied,
      lost,
      phantom,
      mismatches: mismatches - before.mismatches,
      unreadable: 0,
      verifiedRecords: acked.size,
    };
    rows.push(row);
    t.ok(
      recoveryMs !== null && recoveryMs <= RECOVERY_BOUND_MS,
      `${name}: a placement acknowledged within ${RECOVERY_BOUND_MS / 1000} s (${recoveryMs === null ? 'none' : `${Math.round(recoveryMs)} ms`})`,
    );
    t.equal(lost, 0, `${name}: every acknowledged city there (${acked.size})`);
    t.equal(phantom, 0, `${name}: no city nobody placed`);
    t.equal(row.mismatches, 0, `${name}: every city where it was placed`);
    const other = Object.keys(diff).filter((c) => !OUTAGE_CODES.has(c));
    t.equal(
      other.join(', '),
      '',
      `${name}: errors only of the documented kinds: ${JSON.stringify(diff)}`,
    );
    unknown.clear();
    running = true;
    loops.push(
      ...Array.from({ length: 6 }, async (_, i) => {
        while (running) await (i < 2 ? place() : read());
      }),
    );
  };
  await fault('map-server SIGKILL + restart', async () => {
    await map.proc.stop('SIGKILL');
    await map.start();
  });
  await fault('map-server SIGSTOP/SIGCONT', async () => {
    await pause(map.proc);
    await map.healthy();
  });
  t.comment(`\n${faultTable(rows)}`);
  writeRows('map-server', rows);
});
