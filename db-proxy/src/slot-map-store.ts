// The persisted slot map's tables on the control backend (the first of DBPROXY_BACKENDS) and the
// statements on them, shared by db-proxy (slot-map.ts) and the mover (reshard.ts). Nothing here
// loads gRPC, so that the operator's command starts fast.
import { createRequire } from 'node:module';
import type * as Mysql from 'mysql2/promise';
import type { BackendSpec } from './shards.ts';

/** A backend's identity in the persisted map: host:port/database, or the SQLite path. */
export function backendId(spec: BackendSpec): string {
  return spec.kind === 'mysql' ? `${spec.host}:${spec.port}/${spec.database}` : spec.path;
}

export const MAP_TABLE = '_slg_slot_map';
export const VERSION_TABLE = '_slg_slot_map_version';
export const PROXIES_TABLE = '_slg_proxies';

export const CONTROL_DDL = [
  `CREATE TABLE IF NOT EXISTS \`${MAP_TABLE}\` (
  \`slot\` INT NOT NULL PRIMARY KEY,
  \`owner\` VARCHAR(512) NOT NULL,
  \`frozen\` TINYINT NOT NULL DEFAULT 0,
  \`moving_to\` VARCHAR(512) NULL,
  \`moved_from\` VARCHAR(512) NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
  `CREATE TABLE IF NOT EXISTS \`${VERSION_TABLE}\` (
  \`id\` TINYINT NOT NULL PRIMARY KEY,
  \`version\` BIGINT NOT NULL,
  \`slots\` INT NOT NULL
) ENGINE=InnoDB`,
  `CREATE TABLE IF NOT EXISTS \`${PROXIES_TABLE}\` (
  \`instance\` VARCHAR(128) NOT NULL PRIMARY KEY,
  \`version\` BIGINT NOT NULL,
  \`lease_until\` BIGINT NOT NULL,
  \`backends\` TEXT NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
];

/** The control server's clock in epoch ms (sessions run with time_zone '+00:00'). */
export const DB_NOW_MS = 'CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)';

const mysql = () => createRequire(import.meta.url)('mysql2/promise') as typeof Mysql;

export interface ControlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** A plain connection to the control backend (not the pool): UTC, REPEATABLE READ snapshots. */
export async function controlConnection(
  t: ControlTarget,
  connectTimeoutMs = 2000,
): Promise<Mysql.Connection> {
  const c = await mysql().createConnection({
    host: t.host,
    port: t.port,
    user: t.user,
    password: t.password,
    connectTimeout: connectTimeoutMs,
    supportBigNumbers: true,
    bigNumberStrings: true,
    charset: 'UTF8MB4_BIN',
    timezone: 'Z',
  });
  c.on('error', () => {}); // a lost connection shows in the next query; the caller reconnects
  try {
    await c.query(`CREATE DATABASE IF NOT EXISTS \`${t.database}\``);
    await c.query(`USE \`${t.database}\``);
    await c.query("SET SESSION time_zone = '+00:00'");
    await c.query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await c.query('SET SESSION innodb_lock_wait_timeout = 10');
  } catch (err) {
    c.destroy();
    throw err;
  }
  return c;
}

export interface SlotRow {
  slot: number;
  owner: string;
  frozen: boolean;
  movingTo: string | null;
  movedFrom: string | null;
}

export interface PersistedMap {
  version: bigint;
  slots: SlotRow[];
}

/** Creates the control tables and seeds the map from `owners` when it has none; idempotent. */
export async function ensureMap(c: Mysql.Connection, owners: readonly string[]): Promise<void> {
  for (const ddl of CONTROL_DDL) await c.query(ddl);
  await c.query(`INSERT IGNORE INTO \`${VERSION_TABLE}\` (id, version, slots) VALUES (1, 0, ?)`, [
    owners.length,
  ]);
  await c.query('START TRANSACTION');
  try {
    const [rows] = await c.query<Mysql.RowDataPacket[]>(
      `SELECT version, slots FROM \`${VERSION_TABLE}\` WHERE id = 1 FOR UPDATE`,
    );
    const have = Number(rows[0]!.slots);
    if (have !== owners.length) {
      throw new Error(
        `the persisted slot map has ${have} slots, DBPROXY_SLOTS says ${owners.length}; the number of slots is fixed for the life of the data`,
      );
    }
    if (BigInt(rows[0]!.version) === 0n) {
      for (let i = 0; i < owners.length; i += 256) {
        const chunk = owners.slice(i, i + 256).map((o, j) => [i + j, o]);
        await c.query(`INSERT INTO \`${MAP_TABLE}\` (slot, owner) VALUES ?`, [chunk]);
      }
      await c.query(`UPDATE \`${VERSION_TABLE}\` SET version = 1 WHERE id = 1`);
    }
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** The map as one consistent snapshot. */
export async function readMap(c: Mysql.Connection): Promise<PersistedMap> {
  await c.query('START TRANSACTION WITH CONSISTENT SNAPSHOT');
  try {
    const [v] = await c.query<Mysql.RowDataPacket[]>(
      `SELECT version FROM \`${VERSION_TABLE}\` WHERE id = 1`,
    );
    const [rows] = await c.query<Mysql.RowDataPacket[]>(
      `SELECT slot, owner, frozen, moving_to, moved_from FROM \`${MAP_TABLE}\` ORDER BY slot`,
    );
    await c.query('COMMIT');
    return {
      version: BigInt(v[0]?.version ?? 0),
      slots: rows.map((r) => ({
        slot: Number(r.slot),
        owner: String(r.owner),
        frozen: Number(r.frozen) !== 0,
        movingTo: r.moving_to === null ? null : String(r.moving_to),
        movedFrom: r.moved_from === null ? null : String(r.moved_from),
      })),
    };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export async function readVersion(c: Mysql.Connection): Promise<bigint> {
  const [v] = await c.query<Mysql.RowDataPacket[]>(
    `SELECT version FROM \`${VERSION_TABLE}\` WHERE id = 1`,
  );
  return BigInt(v[0]?.version ?? 0);
}
