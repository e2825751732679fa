// Sharding: a fixed number of slots (1,024 by default); a shard key (an owner
// id) always hashes to the same slot, and each slot belongs to one backend.
// The whole map is configured in one place, DBPROXY_BACKENDS:
//
//   mysql://root@127.0.0.1:3306/slg_0?slots=0-511 mysql://root@127.0.0.1:3306/slg_1?slots=512-1023
//
// (slots split evenly in order when no backend names its own). With
// DBPROXY_SLOT_MAP=backend this map only seeds a persisted one that can change
// while db-proxy serves (slot-map.ts; slots are moved by reshard.ts); the slot
// function itself never changes.

export interface MysqlSpec {
  kind: 'mysql';
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  slots: [number, number][] | undefined;
}

export interface SqliteSpec {
  kind: 'sqlite';
  path: string;
  slots: [number, number][] | undefined;
}

export type BackendSpec = MysqlSpec | SqliteSpec;

/** murmur3's 32-bit finaliser: every input bit moves every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The slot of a shard key. Fixed forever: changing it would move every row. */
export function slotOf(key: bigint, slots: number): number {
  const lo = Number(BigInt.asUintN(32, key));
  const hi = Number(BigInt.asUintN(32, key >> 32n));
  return fmix32((lo ^ fmix32(hi ^ 0x9e3779b9)) >>> 0) % slots;
}

export class ShardMap<B> {
  readonly slots: number;
  readonly backends: readonly B[];
  #bySlot: B[];

  /** `owners[slot]` is the index in `backends` of the slot's backend. */
  constructor(backends: readonly B[], owners: readonly number[]) {
    this.slots = owners.length;
    this.backends = backends;
    this.#bySlot = owners.map((i) => backends[i]!);
  }

  /** A new owner for every slot (the persisted map changed: slot-map.ts); -1 leaves a slot unowned. */
  assign(owners: readonly number[]): void {
    if (owners.length !== this.slots)
      throw new Error(`${owners.length} owners for ${this.slots} slots`);
    this.#bySlot = owners.map((i) => this.backends[i]!);
  }

  forKey(key: bigint): B {
    return this.#bySlot[slotOf(key, this.slots)]!;
  }

  /** The slots each backend owns, as ranges (for the start-up log). */
  ranges(): { backend: B; slots: string }[] {
    return this.backends.map((backend) => {
      const own: string[] = [];
      let start = -1;
      for (let s = 0; s <= this.slots; s++) {
        const mine = s < this.slots && this.#bySlot[s] === backend;
        if (mine && start < 0) start = s;
        if (!mine && start >= 0) {
          own.push(start === s - 1 ? `${start}` : `${start}-${s - 1}`);
          start = -1;
        }
      }
      return { backend, slots: own.join(',') };
    });
  }
}

/**
 * Parses DBPROXY_BACKENDS (whitespace- or comma-separated URLs) into backend
 * specs and the owner of every slot; throws an Error listing every problem.
 */
export function parseBackends(
  list: string,
  slots: number,
): { specs: BackendSpec[]; owners: number[] } {
  const problems: string[] = [];
  const specs: BackendSpec[] = [];
  for (const entry of list.split(/[\s,]+/).filter(Boolean)) {
    try {
      specs.push(parseBackend(entry, slots));
    } catch (err) {
      problems.push(`${redact(entry)}: ${(err as Error).message}`);
    }
  }
  if (problems.length === 0 && specs.length === 0) problems.push('no backend given');
  const owners: number[] = new Array(slots).fill(-1);
  if (problems.length === 0) {
    const explicit = specs.filter((s) => s.slots).length;
    if (explicit === 0) {
      // Even split, in order: backend i owns [i*slots/n, (i+1)*slots/n).
      for (let s = 0; s < slots; s++) owners[s] = Math.floor((s * specs.length) / slots);
    } else if (explicit !== specs.length) {
      problems.push('either every backend names its slots (?slots=a-b) or none does');
    } else {
      specs.forEach((spec, i) => {
        for (const [a, b] of spec.slots!) {
          for (let s = a; s <= b; s++) {
            if (owners[s] !== -1) problems.push(`slot ${s} is given to two backends`);
            owners[s] = i;
          }
        }
      });
      const missing = owners.flatMap((o, s) => (o === -1 ? [s] : []));
      if (missing.length) problems.push(`slots without a backend: ${compact(missing)}`);
    }
  }
  const seen = new Set<string>();
  for (const spec of specs) {
    const id = spec.kind === 'mysql' ? `${spec.host}:${spec.port}/${spec.database}` : spec.path;
    if (seen.has(id)) problems.push(`${id} is listed twice`);
    seen.add(id);
  }
  if (problems.length) throw new Error(`DBPROXY_BACKENDS: ${problems.join('; ')}`);
  return { specs, owners };
}

function parseBackend(entry: string, slots: number): BackendSpec {
  if (entry.startsWith('sqlite:')) {
    const [path = '', query = ''] = entry.slice('sqlite:'.length).split('?');
    if (!path) throw new Error('sqlite: needs a file path (or :memory:)');
    return {
      kind: 'sqlite',
      path: decodeURIComponent(path),
      slots: parseSlots(new URLSearchParams(query).get('slots'), slots),
    };
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new Error('not a URL (mysql://user:password@host:port/database or sqlite:path)');
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new Error(`unknown scheme ${url.protocol} (mysql: or sqlite:)`);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,64}$/.test(database)) {
    throw new Error('the database name (the URL path) must be 1-64 letters, digits or _');
  }
  for (const k of url.searchParams.keys())
    if (k !== 'slots') throw new Error(`unknown option ?${k}`);
  return {
    kind: 'mysql',
    host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username) || 'root',
    password: decodeURIComponent(url.password),
    database,
    slots: parseSlots(url.searchParams.get('slots'), slots),
  };
}

function parseSlots(spec: string | null, slots: number): [number, number][] | undefined {
  if (spec === null) return undefined;
  const out: [number, number][] = [];
  for (const part of spec.split(/[\s+;]/).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`slots "${part}": expected a or a-b`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > b || b >= slots)
      throw new Error(`slots "${part}": must be within 0-${slots - 1}, low to high`);
    out.push([a, b]);
  }
  if (out.length === 0) throw new Error('?slots= is empty');
  return out;
}

function compact(list: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < list.length; ) {
    let j = i;
    while (j + 1 < list.length && list[j + 1] === list[j]! + 1) j++;
    parts.push(i === j ? `${list[i]}` : `${list[i]}-${list[j]}`);
    i = j + 1;
  }
  return parts.length > 8 ? `${parts.slice(0, 8).join(',')},...` : parts.join(',');
}

/** A backend URL without its password, for logs and errors. */
export function redact(entry: string): string {
  return entry.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}
