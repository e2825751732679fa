// The console in a real browser for the tests: Debian's chromium, headless, driven by
// playwright-core (no browser download: the one on the machine), with a fresh profile and nothing
// reaching out (no updates, no sync, no QUIC). And a small world of players with cities, made
// through the stack's own APIs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
  toLong,
} from '@slg/proto';
import { createGrpcClient, type Security } from '@slg/service-kit';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

// For scripts/console-measure.ts, which launches its own browser: playwright-core is a
// development dependency, taken through the test toolkit.
export { chromium, type Page };

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenBrowser {
  /** Pages of one size, one colour scheme, at one device pixel per CSS pixel. */
  context: BrowserContext;
  close(): Promise<void>;
}

/** chromium launched (a fresh profile), or why it cannot be (the reason a test skips with). */
export async function launchChromium(
  opts: { colorScheme?: 'light' | 'dark'; width?: number; height?: number } = {},
): Promise<OpenBrowser | { skip: string }> {
  if (!existsSync(CHROMIUM)) return { skip: `no ${CHROMIUM}: apt-get install chromium` };
  const profile = mkdtempSync(join(tmpdir(), 'slg-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
      headless: true,
      viewport: { width: opts.width ?? 1100, height: opts.height ?? 900 },
      deviceScaleFactor: 1,
      colorScheme: opts.colorScheme ?? 'light',
    });
    return {
      context,
      close: async () => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    return { skip: `${CHROMIUM} does not start: ${(err as Error).message.split('\n')[0]}` };
  }
}

/** Every console error and uncaught page error of `page`, as they come. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return errors;
}

/** A canvas data attribute (the counts the map keeps there), as a number. */
export async function mapFigure(page: Page, name: string): Promise<number> {
  return Number(await page.locator('#map').getAttribute(`data-${name}`));
}

export const TROOP = { troopId: 1, kind: 'infantry', tier: 1, count: 100_000 };

/**
 * Players `ids` (player and one infantry record each) written through data-server in one
 * BatchWritesV2, then their cities placed near `points` with one PlaceCities.
 */
export async function seedCities(
  addr: { data: string; map: string },
  ids: number[],
  points: { x: number; y: number }[],
  security?: Security,
): Promise<void> {
  const data = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, addr.data, {
    deadlineMs: 30_000,
    ...(security ? { security } : {}),
  });
  const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, addr.map, {
    deadlineMs: 60_000,
    ...(security ? { security } : {}),
  });
  try {
    const fields = (o: Record<string, string | number>) =>
      Object.fromEntries(
        Object.entries(o).map(([k, v]) => [
          k,
          typeof v === 'string' ? { str: v } : { int: toLong(BigInt(v)) },
        ]),
      );
    // data-server takes at most 100 batches a call.
    for (let i = 0; i < ids.length; i += 100) {
      const res = await data.BatchWritesV2(
        slg.dataserver.v2.BatchWritesRequest.create({
          batches: ids.slice(i, i + 100).map((id) => ({
            ops: [
              {
                create: {
                  table: 'player',
                  ownerId: toLong(BigInt(id)),
                  fields: fields({ name: `console-${id}`, food: 1000, alliance_id: 1 }),
                },
              },
              {
                create: {
                  table: 'troop',
                  ownerId: toLong(BigInt(id)),
                  memberId: toLong(BigInt(TROOP.troopId)),
                  fields: fields({ kind: TROOP.kind, tier: TROOP.tier, count: TROOP.count }),
                },
              },
            ],
          })),
        }),
      );
      const failed = res.outcomes.filter((o) => o.failed);
      if (failed.length)
        throw new Error(`${failed.length} players not written: ${failed[0]!.failed!.message}`);
    }
    for (let i = 0; i < ids.length; i += 1000) {
      const placed = await map.PlaceCities({
        cities: ids.slice(i, i + 1000).map((id, k) => ({
          playerId: toLong(BigInt(id)),
          nearX: points[i + k]!.x,
          nearY: points[i + k]!.y,
        })),
      });
      const failed = placed.results.filter((r) => r.code);
      if (failed.length)
        throw new Error(`${failed.length} cities not placed: ${failed[0]!.message}`);
    }
  } finally {
    data.close();
    map.close();
  }
}
