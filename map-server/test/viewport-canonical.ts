// The viewport tests' random viewports, their reference and how they compare with it. The
// reference is protobufjs's
// encoding of convert.ts's messages (QueryViewport's first path) of the entities a query or a
// scan of every object (World.scan) found; an answer is compared decoded, each list sorted by id,
// since the scan's order is not the tile order.
import { slg } from '@slg/proto';
import type { Rng } from '@slg/service-kit/prng';
import { cityMsg, fieldMsg, marchMsg, monsterMsg } from '../src/convert.ts';
import type { Rect } from '../src/world/geometry.ts';
import type { ViewportResult } from '../src/world/world.ts';

const pb = slg.mapserver.v1;

/**
 * A viewport inside `map`: its size drawn first (`size.min` + below(`size.width`) tiles wide,
 * the same for its height), then its place.
 */
export function randomRect(
  rng: Rng,
  map: { width: number; height: number },
  size: { min: number; width: number; height: number },
): Rect {
  const width = size.min + rng.int(size.width);
  const height = size.min + rng.int(size.height);
  return {
    x: rng.int(map.width - width + 1),
    y: rng.int(map.height - height + 1),
    width,
    height,
  };
}

/** The decoded ViewportContents, lists sorted by id, as JSON. */
export function canonical(b: Uint8Array): string {
  const o = pb.ViewportContents.toObject(pb.ViewportContents.decode(b), {
    longs: String,
    defaults: true,
    arrays: true,
  });
  const byId = (key: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
    const d = BigInt(a[key] as string) - BigInt(b[key] as string);
    return d < 0n ? -1 : d > 0n ? 1 : JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
  };
  o.cities.sort(byId('playerId'));
  for (const k of ['fields', 'monsters', 'marches']) o[k].sort(byId('id'));
  return JSON.stringify(o);
}

/** convert.ts's messages of what a query or a scan found, as QueryViewport's answer. */
export function contentsOf(res: ViewportResult, nowMs: number): slg.mapserver.v1.IViewportContents {
  return {
    cities: res.cities.map(cityMsg),
    fields: res.fields.map(fieldMsg),
    monsters: res.monsters.map(monsterMsg),
    marches: res.marches.map(marchMsg),
    nowMs,
  };
}

/** Those messages as protobufjs encodes them. */
export function referenceBytes(res: ViewportResult, nowMs: number): Uint8Array {
  return pb.ViewportContents.encode(pb.ViewportContents.create(contentsOf(res, nowMs))).finish();
}
