// The operator's command for the persisted slot map (DBPROXY_SLOT_MAP=backend), with db-proxy's
// own environment (DBPROXY_BACKENDS, DBPROXY_SLOTS, DBPROXY_SCHEMA):
//
//   npm run reshard -w @slg/db-proxy -- status
//   npm run reshard -w @slg/db-proxy -- move 0-99,512 mysql://root@db2:3306/slg_1
//
// `move` runs the sequence of reshard.ts while every db-proxy keeps serving; it prints one JSON
// line per step and exits 0 when the slots are moved, 1 on failure (run it again to finish).
import { fileURLToPath } from 'node:url';
import { parseSlotList, ReshardError, Resharder } from './reshard.ts';
import { defaultSchemaPath } from './schema.ts';

const usage = `usage: reshard status
       reshard move <slots: a-b,c,...> <backend: host:port/database or a mysql:// URL of DBPROXY_BACKENDS>
options (environment): DBPROXY_BACKENDS, DBPROXY_SLOTS, DBPROXY_SCHEMA as db-proxy's;
  RESHARD_ACK_TIMEOUT_MS (30000): how long to wait for every db-proxy to take a new map`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd !== 'status' && cmd !== 'move') {
    process.stderr.write(`${usage}\n`);
    return 64;
  }
  // db-proxy's own variables, read here without its config module (which loads gRPC: seconds
  // of start-up on a busy machine for a command that needs three values).
  const backends = (process.env.DBPROXY_BACKENDS ?? '').trim();
  const slots = Number(process.env.DBPROXY_SLOTS?.trim() || 1024);
  if (!backends || !Number.isInteger(slots) || slots < 1 || slots > 1 << 20) {
    process.stderr.write(
      'DBPROXY_BACKENDS (the mysql:// URLs, the control backend first) and DBPROXY_SLOTS (1-1048576) as db-proxy has them\n',
    );
    return 64;
  }
  const config = {
    backends,
    slots,
    schema: process.env.DBPROXY_SCHEMA?.trim() || fileURLToPath(defaultSchemaPath),
  };
  const ackTimeoutMs = Number(process.env.RESHARD_ACK_TIMEOUT_MS ?? 30_000);
  if (!Number.isInteger(ackTimeoutMs) || ackTimeoutMs < 1) {
    process.stderr.write('RESHARD_ACK_TIMEOUT_MS: must be a positive integer\n');
    return 64;
  }
  const r = new Resharder({
    backends: config.backends,
    slots: config.slots,
    schema: config.schema,
    ackTimeoutMs,
    log: (msg, fields) =>
      process.stdout.write(
        `${JSON.stringify({ time: new Date().toISOString(), msg, ...fields })}\n`,
      ),
  });
  try {
    if (cmd === 'status') {
      const map = await r.map();
      const owners = new Map<string, number[]>();
      for (const s of map.slots) owners.set(s.owner, [...(owners.get(s.owner) ?? []), s.slot]);
      const out = {
        version: `${map.version}`,
        owners: Object.fromEntries([...owners].map(([o, list]) => [o, ranges(list)])),
        frozen: ranges(map.slots.filter((s) => s.frozen).map((s) => s.slot)),
        unfinished: ranges(map.slots.filter((s) => s.movedFrom !== null).map((s) => s.slot)),
        proxies: (await r.proxies()).map((p) => ({ ...p, version: `${p.version}` })),
      };
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      return 0;
    }
    if (rest.length !== 2) {
      process.stderr.write(`${usage}\n`);
      return 64;
    }
    await r.move(parseSlotList(rest[0]!, config.slots), rest[1]!);
    return 0;
  } catch (err) {
    process.stderr.write(
      `reshard: ${err instanceof ReshardError ? err.message : (err as Error).stack}\n`,
    );
    return 1;
  } finally {
    await r.close();
  }
}

function ranges(list: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < list.length; ) {
    let j = i;
    while (j + 1 < list.length && list[j + 1] === list[j]! + 1) j++;
    parts.push(i === j ? `${list[i]}` : `${list[i]}-${list[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

process.exitCode = await main(process.argv.slice(2));
