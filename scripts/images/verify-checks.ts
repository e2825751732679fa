// What the running images must answer, checked from this machine (amd64 Node,
// the repo's generated clients): reflection, a data round trip with exact
// values, and the golden battles, identical on both architectures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBattle } from '@slg/battle-server/model';
import { type slg, slg_dataserver_v2_DataServiceDefinition, toBigInt, toLong } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import { ReflectionStream } from '../test/reflection-client.ts';
import { repoRoot, StepError } from './lib.ts';

export interface Backends {
  /** The MariaDB database of this run (dropped at the end), or undefined: embedded SQLite. */
  database?: string;
  /** The Redis key prefix of this run (its keys deleted at the end), or undefined: in-process. */
  redisPrefix?: string;
}

export async function cleanBackends(b: Backends): Promise<void> {
  if (b.database) {
    const mysql = (await import('mysql2/promise')).default;
    const c = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    await c.query(`DROP DATABASE IF EXISTS \`${b.database}\``).finally(() => c.end());
  }
  if (b.redisPrefix) {
    const { Redis } = await import('ioredis');
    const r = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
    await r.connect();
    try {
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(cursor, 'MATCH', `${b.redisPrefix}*`, 'COUNT', 1000);
        if (keys.length) await r.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      r.disconnect();
    }
  }
}

/** Lists the services by reflection and fetches the file of `service`: the descriptors are in the bundle. */
export async function checkReflection(address: string, service: string, label: string) {
  const r = new ReflectionStream(address);
  try {
    const names = await r.listServices();
    if (!names.includes(service)) {
      throw new StepError(`${label}: reflection lists ${names.join(', ')}, not ${service}`);
    }
    const files = await r.files({ fileContainingSymbol: service });
    if (!files[0]?.service?.some((s) => `${files[0]!.package}.${s.name}` === service)) {
      throw new StepError(`${label}: reflection answered no file describing ${service}`);
    }
  } catch (err) {
    if (err instanceof StepError) throw err;
    throw new StepError(`${label}: reflection failed: ${(err as Error).message}`);
  } finally {
    r.close();
  }
}

type Value = slg.common.v1.IValue;

/** A Value as a comparable string: its kind and exact content. */
function show(v: Value | null | undefined): string {
  if (!v) return 'unset';
  // A decoded Value names its oneof member in `kind`; a plain object (what we sent) has only
  // the member itself.
  const kind =
    (v as { kind?: string }).kind ??
    ['int', 'float', 'str', 'bool', 'bytes'].find((k) => (v as Record<string, unknown>)[k] != null);
  switch (kind) {
    case 'int':
      return `int ${toBigInt(v.int as never)}`;
    case 'float':
      return `float ${Object.is(v.float, -0) ? '-0' : v.float}`;
    case 'str':
      return `str ${JSON.stringify(v.str)}`;
    case 'bool':
      return `bool ${v.bool}`;
    case 'bytes':
      return `bytes ${Buffer.from(v.bytes as Uint8Array).toString('hex')}`;
    default:
      return 'unset';
  }
}

/**
 * A mail (every column type) created through the arm64 data-server, then read
 * back: FetchV2 (as served) and InspectV2 (served, and as db-proxy holds it in
 * MariaDB), each field compared exactly: int64 at both ends of the range, a
 * double that is not a short decimal, non-ASCII text, every byte value.
 */
export async function checkRoundTrip(address: string): Promise<string> {
  const c = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, address, {
    deadlineMs: 30_000,
  });
  const owner = 9_007_199_254_740_993n; // 2^53 + 1: not a double
  const member = 9_223_372_036_854_775_807n;
  const fields: Record<string, Value> = {
    sender_id: { int: toLong(-9_223_372_036_854_775_808n) },
    subject: { str: '城の包囲 ⚔ — naïve 🏰' },
    body: { str: 'x'.repeat(1000) },
    read: { bool: true },
    attachment: { bytes: Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i)) },
    rating: { float: 0.1 + 0.2 },
    sent_at: { int: toLong(1_764_547_200_123n) },
  };
  const key = { table: 'mail', ownerId: toLong(owner), memberId: toLong(member) };
  const problems: string[] = [];
  const compare = (what: string, r: slg.dataserver.v2.IRecord | null | undefined) => {
    if (!r) {
      problems.push(`${what}: no record`);
      return;
    }
    if (toBigInt(r.ownerId as never) !== owner) problems.push(`${what}: owner_id ${r.ownerId}`);
    if (toBigInt(r.memberId as never) !== member) problems.push(`${what}: member_id ${r.memberId}`);
    if (toBigInt(r.version as never) !== 1n) problems.push(`${what}: version ${r.version}`);
    for (const [name, want] of Object.entries(fields)) {
      const got = show(r.fields?.[name]);
      if (got !== show(want)) problems.push(`${what}: ${name} = ${got}, sent ${show(want)}`);
    }
  };
  try {
    await c.waitForReady(30_000);
    const created = await c.CreateV2({ ...key, fields });
    if (toBigInt(created.version as never) !== 1n) {
      problems.push(`CreateV2: version ${created.version}`);
    }
    compare('FetchV2', (await c.FetchV2(key)).record);
    const inspected = await c.InspectV2(key);
    compare('InspectV2 served', inspected.served);
    compare('InspectV2 stored (db-proxy)', inspected.stored);
  } catch (err) {
    throw new StepError(`data round trip through the arm64 data-server: ${(err as Error).message}`);
  } finally {
    c.close();
  }
  if (problems.length) {
    throw new StepError(`data round trip through the arm64 data-server: ${problems.join('; ')}`);
  }
  return `CreateV2 then FetchV2 and InspectV2 (served and stored) returned all ${Object.keys(fields).length} fields exactly`;
}

interface Golden {
  kind: 'sample' | 'random';
  seed: number;
  winner: string;
  rounds: number;
  hash: string;
}

/** The pinned golden battles, read from battle-server's golden test (one source of truth). */
export function goldenBattles(): Golden[] {
  const text = readFileSync(join(repoRoot, 'battle-server/test/model-golden.test.ts'), 'utf8');
  const out: Golden[] = [];
  for (const [kind, name] of [
    ['sample', 'SAMPLES'],
    ['random', 'RANDOM'],
  ] as const) {
    const body = new RegExp(`const ${name}[^=]*=\\s*\\[([\\s\\S]*?)\\n\\];`).exec(text)?.[1] ?? '';
    for (const m of body.matchAll(/\[(\d+), '(\w+)', (\d+), '([0-9a-f]{64})'\]/g)) {
      out.push({ kind, seed: Number(m[1]), winner: m[2]!, rounds: Number(m[3]), hash: m[4]! });
    }
  }
  if (out.length < 10) {
    throw new StepError(
      `battle-server/test/model-golden.test.ts: found ${out.length} golden battles (its SAMPLES/RANDOM tables changed shape?)`,
    );
  }
  return out;
}

async function fight(port: number, g: Golden): Promise<string> {
  const url = `http://127.0.0.1:${port}/v1/battles${g.kind === 'sample' ? `/sample/${g.seed}` : ''}`;
  const res =
    g.kind === 'sample'
      ? await fetch(url)
      : await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(randomBattle(g.seed)),
        });
  const body = await res.text();
  if (res.status !== 200) throw new StepError(`${url}: HTTP ${res.status} ${body.slice(0, 200)}`);
  return body;
}

/** Every golden battle on the arm64 and the amd64 image: the pinned result, byte-identical answers. */
export async function checkBattles(armPort: number, amdPort: number): Promise<string> {
  const golden = goldenBattles();
  const problems: string[] = [];
  for (const g of golden) {
    const [arm, amd] = await Promise.all([fight(armPort, g), fight(amdPort, g)]);
    const r = JSON.parse(arm) as { winner: string; rounds: number; hash: string };
    const name = `${g.kind} ${g.seed}`;
    if (r.hash !== g.hash || r.winner !== g.winner || r.rounds !== g.rounds) {
      problems.push(
        `${name}: arm64 gave ${r.winner}/${r.rounds}/${r.hash}, pinned ${g.winner}/${g.rounds}/${g.hash}`,
      );
    }
    if (arm !== amd) problems.push(`${name}: the arm64 and amd64 answers differ`);
  }
  if (problems.length) throw new StepError(`golden battles: ${problems.join('; ')}`);
  return `${golden.length} golden battles: the pinned hashes on arm64, answers byte-identical to amd64`;
}
