// map-server's corpus (slg.mapserver.v1.MapService and ViewportService.Watch): ids out of
// range, coordinates off the map, nasty march kinds, troop orders out of range, bad rectangles,
// wrong wire types, malformed bytes, oversize messages and 1 ms deadlines. No player record
// exists, so nothing can be placed or marched; the lookups of an absent player or report go
// through data-server, whose cache they would fill, so each is made once before the corpus
// (`warmUp`) and is a cache hit during it.
import * as grpc from '@grpc/grpc-js';
import {
  ALREADY,
  caseList,
  DEADLINE,
  deadline,
  EXHAUSTED,
  type Expect,
  FAILED,
  type GrpcCase,
  INVALID,
  inv,
  judge,
  label,
  NOT_FOUND,
  nasty,
  type Outcome,
  withField,
} from './cases.ts';
import { encode, type Field, i, m, malformed, s, wrongWireTypes } from './wire.ts';

const svc = '/slg.mapserver.v1.MapService/';
const watchPath = '/slg.mapserver.v1.ViewportService/Watch';
/** A player with no record, no city, no march, no report. */
const PLAYER = 4_545_454_545n;
const MAX_SAFE = 2n ** 53n - 1n;

const failed = (message: string | RegExp): Expect => ({ codes: [FAILED], message });
const notFound = (message: string | RegExp): Expect => ({ codes: [NOT_FOUND], message });

const rect = (x: number, y: number, w: number, h: number): Field[] => [
  i(1, x),
  i(2, y),
  i(3, w),
  i(4, h),
];

const base = {
  GetWorld: (): Field[] => [],
  PlaceCity: (): Field[] => [i(1, PLAYER), i(2, 10), i(3, 10)],
  RelocateCity: (): Field[] => [i(1, PLAYER), i(2, 10), i(3, 10)],
  RemoveCity: (): Field[] => [i(1, PLAYER)],
  GetCity: (): Field[] => [i(1, PLAYER)],
  StartMarch: (): Field[] => [
    i(1, PLAYER),
    s(2, 'scout'),
    i(3, 5),
    i(4, 5),
    m(5, [i(1, 1), i(2, 10)]),
  ],
  RecallMarch: (): Field[] => [i(1, PLAYER), i(2, 1)],
  ListMarches: (): Field[] => [i(1, PLAYER)],
  QueryViewport: (): Field[] => rect(0, 0, 0, 0),
  GetReport: (): Field[] => [i(1, PLAYER), i(2, 1)],
};
type Method = keyof typeof base;
const methods = Object.keys(base) as Method[];

/** The calls of the corpus that read data-server (an absent player, an absent report): once before. */
export const warmUp: { path: string; bytes: Buffer }[] = [
  { path: `${svc}PlaceCity`, bytes: encode(base.PlaceCity()) },
  { path: `${svc}GetReport`, bytes: encode(base.GetReport()) },
];

export function mapServerCases(): GrpcCase[] {
  const { cases, add } = caseList<Method>('map-server', svc);

  // 1. Ids out of range (1..2^53-1), in every method that takes them.
  const badIds: [string, bigint][] = [
    ['0', 0n],
    ['-1', -1n],
    ['2^53', MAX_SAFE + 1n],
    ['2^63-1', 2n ** 63n - 1n],
    ['-2^63', -(2n ** 63n)],
  ];
  for (const method of methods) {
    if (method === 'GetWorld' || method === 'QueryViewport') continue;
    for (const [what, v] of badIds) {
      add(
        method,
        `player_id ${what}`,
        withField(base[method](), 1, v === 0n ? [] : [i(1, v)]),
        inv('player_id'),
      );
    }
  }
  for (const method of ['RecallMarch', 'GetReport'] as const) {
    const field = method === 'RecallMarch' ? 'march_id' : 'report_id';
    for (const [what, v] of badIds) {
      add(
        method,
        `${field} ${what}`,
        withField(base[method](), 2, v === 0n ? [] : [i(2, v)]),
        inv(field),
      );
    }
  }
  // Valid ids of nothing.
  add('GetCity', 'a player without a city', base.GetCity(), notFound('has no city'));
  add('RelocateCity', 'a player without a city', base.RelocateCity(), notFound('has no city'));
  add('RecallMarch', 'a march that does not exist', base.RecallMarch(), notFound('has no march'));
  add('GetReport', 'a report that does not exist', base.GetReport(), notFound('has no report'));
  add('PlaceCity', 'a player that does not exist', base.PlaceCity(), failed('does not exist'));
  add('StartMarch', 'a player without a city', base.StartMarch(), failed('has no city'));

  // 2. Coordinates off the 64 x 64 map.
  const off: [string, number, number][] = [
    ['x -1', -1, 10],
    ['y -1', 10, -1],
    ['x 64', 64, 10],
    ['y 64', 10, 64],
    ['x 2^31-1', 2 ** 31 - 1, 10],
    ['y -2^31', 10, -(2 ** 31)],
  ];
  for (const [what, x, y] of off) {
    add('PlaceCity', `near ${what}`, [i(1, PLAYER), i(2, x), i(3, y)], inv('outside'));
    add('RelocateCity', `to ${what}`, [i(1, PLAYER), i(2, x), i(3, y)], {
      codes: [INVALID, NOT_FOUND],
      message: /outside|has no city/,
    });
    add(
      'StartMarch',
      `target ${what}`,
      withField(withField(base.StartMarch(), 3, [i(3, x)]), 4, [i(4, y)]),
      inv('outside'),
    );
  }

  // 3. March kinds and troop orders.
  for (const { name: what, value } of nasty) {
    add(
      'StartMarch',
      `kind = ${what} ${label(value)}`,
      withField(base.StartMarch(), 2, [s(2, value)]),
      Buffer.isBuffer(value)
        ? inv(/malformed.*UTF-8/is)
        : value.length > 64
          ? // quoted and cut (it was repeated whole: 100,000 characters reset the connection)
            inv(
              new RegExp(
                `^kind: "${value.slice(0, 64)}"\\.\\.\\. \\(${value.length} characters\\) is not one of`,
              ),
            )
          : inv('kind'),
    );
  }
  add('StartMarch', 'kind empty', withField(base.StartMarch(), 2, []), inv('kind'));
  add(
    'StartMarch',
    'kind GATHER (case)',
    withField(base.StartMarch(), 2, [s(2, 'GATHER')]),
    inv('kind'),
  );
  add('StartMarch', 'no troops', withField(base.StartMarch(), 5, []), inv('troops'));
  add(
    'StartMarch',
    '17 stacks',
    withField(
      base.StartMarch(),
      5,
      Array.from({ length: 17 }, (_, k) => m(5, [i(1, k + 1), i(2, 1)])),
    ),
    inv('troops'),
  );
  add(
    'StartMarch',
    '1,000 stacks',
    withField(
      base.StartMarch(),
      5,
      Array.from({ length: 1000 }, (_, k) => m(5, [i(1, k + 1), i(2, 1)])),
    ),
    inv('troops'),
  );
  add(
    'StartMarch',
    'a troop listed twice',
    withField(base.StartMarch(), 5, [m(5, [i(1, 1), i(2, 1)]), m(5, [i(1, 1), i(2, 1)])]),
    inv('listed twice'),
  );
  for (const [what, v] of badIds) {
    add(
      'StartMarch',
      `troops[0].troop_id ${what}`,
      withField(base.StartMarch(), 5, [m(5, [...(v === 0n ? [] : [i(1, v)]), i(2, 1)])]),
      inv('troop_id'),
    );
    if (v === MAX_SAFE + 1n) continue; // a count, not an id: 2^53 is just too many troops below
    add(
      'StartMarch',
      `troops[0].count ${what}`,
      withField(base.StartMarch(), 5, [m(5, [i(1, 1), ...(v === 0n ? [] : [i(2, v)])])]),
      inv('count'),
    );
  }
  add(
    'StartMarch',
    'troops[0].count 2^53+1',
    withField(base.StartMarch(), 5, [m(5, [i(1, 1), i(2, MAX_SAFE + 2n)])]),
    inv('count'),
  );

  // 4. Viewport rectangles (sides 1..32 here, inside the map).
  const rects: [string, number, number, number, number][] = [
    ['0 x 0', 0, 0, 0, 0],
    ['width 0', 0, 0, 0, 5],
    ['height -1', 0, 0, 5, -1],
    ['33 x 1 (max side 32)', 0, 0, 33, 1],
    ['2^31-1 x 2^31-1', 0, 0, 2 ** 31 - 1, 2 ** 31 - 1],
    ['x -1', -1, 0, 5, 5],
    ['y -2^31', 0, -(2 ** 31), 5, 5],
    ['x 60 width 5 (past the edge)', 60, 0, 5, 5],
    ['x 2^31-1 width 32 (sum past int32)', 2 ** 31 - 1, 0, 32, 1],
    ['y 64', 0, 64, 1, 1],
  ];
  for (const [what, x, y, w, h] of rects) add('QueryViewport', what, rect(x, y, w, h), inv('rect'));

  // 5. Wrong wire types: the field is skipped (an id of 0, a kind of ''), wire types 6 and 7 do
  // not decode.
  const fieldOne: Record<Method, Expect> = {
    GetWorld: inv('malformed'),
    PlaceCity: inv('player_id'),
    RelocateCity: inv('player_id'),
    RemoveCity: inv('player_id'),
    GetCity: inv('player_id'),
    StartMarch: inv('player_id'),
    RecallMarch: inv('player_id'),
    ListMarches: inv('player_id'),
    QueryViewport: inv('rect'),
    GetReport: inv('player_id'),
  };
  for (const method of methods) {
    for (const w of wrongWireTypes(1, 0)) {
      const malformedOnly = w.name.startsWith('wire type');
      if (method === 'GetWorld' && !malformedOnly) continue; // an unknown field of an empty request: a valid GetWorld
      const bytes = Buffer.concat([encode(base[method]().filter((f) => f.n !== 1)), w.raw]);
      add(
        method,
        `field 1 as ${w.name}`,
        bytes,
        malformedOnly ? inv(/malformed.*wire type/is) : fieldOne[method],
      );
    }
  }
  for (const w of wrongWireTypes(2, 2)) {
    if (w.name.startsWith('wire type')) continue;
    add(
      'StartMarch',
      `kind as ${w.name}`,
      Buffer.concat([encode(withField(base.StartMarch(), 2, [])), w.raw]),
      inv('kind'),
    );
  }

  // 6. Bytes that are not a request (GetWorld: those that do not decode at all).
  for (const method of methods) {
    const empty = method === 'QueryViewport' ? inv('rect') : inv('player_id');
    for (const c of malformed(encode(base[method]()))) {
      if (c.empty && method === 'GetWorld') continue;
      add(method, c.name, c.bytes, c.empty ? empty : inv('malformed request'));
    }
  }

  // 7. Over the 4 MiB receive limit.
  for (const method of methods) {
    const bytes = Buffer.concat([
      encode(base[method]()),
      encode([s(15, Buffer.alloc(5 * 1024 * 1024, 0x61))]),
    ]);
    add(method, '5 MiB request (over the receive limit)', bytes, {
      codes: [EXHAUSTED],
      message: 'larger than max',
    });
  }

  // 9. PlaceCities: up to 1,000 entries, each as PlaceCity's request; a bad entry refuses all.
  const pc = (entries: Field[][]) => entries.map((e) => m(1, e));
  const entry = (id: bigint, x = 10, y = 10): Field[] => [i(1, id), i(2, x), i(3, y)];
  const addPc = (name: string, fields: Field[] | Buffer, expect: Expect, deadlineMs?: number) =>
    cases.push({
      method: 'map-server PlaceCities',
      name,
      path: `${svc}PlaceCities`,
      bytes: Buffer.isBuffer(fields) ? fields : encode(fields),
      expect,
      deadlineMs,
    });
  for (const [what, v] of badIds) {
    addPc(
      `cities[0].player_id ${what}`,
      pc([v === 0n ? [i(2, 1)] : entry(v)]),
      inv('cities[0].player_id'),
    );
    addPc(
      `cities[5].player_id ${what} after 5 good ones`,
      pc([...[1n, 2n, 3n, 4n, 5n].map((k) => entry(PLAYER + k)), v === 0n ? [i(2, 1)] : entry(v)]),
      inv('cities[5].player_id'),
    );
  }
  for (const [what, x, y] of off)
    addPc(
      `cities[1] near ${what}`,
      pc([entry(PLAYER), entry(PLAYER + 1n, x, y)]),
      inv('cities[1]'),
    );
  addPc(
    'a player named twice',
    pc([entry(PLAYER), entry(PLAYER + 1n), entry(PLAYER)]),
    inv('named twice'),
  );
  addPc(
    '1,001 entries (max 1,000)',
    pc(Array.from({ length: 1001 }, (_, k) => entry(PLAYER + BigInt(k)))),
    inv('1001 entries'),
  );
  for (const w of wrongWireTypes(1, 2)) {
    if (!w.name.startsWith('wire type')) continue; // skipped: an empty request, a valid one
    addPc(`cities as ${w.name}`, w.raw, inv(/malformed.*wire type/is));
  }
  for (const w of wrongWireTypes(1, 0)) {
    if (w.name.startsWith('wire type')) continue;
    // An entry whose player_id has the wrong wire type: skipped, so the id is 0.
    addPc(
      `cities[0].player_id as ${w.name}`,
      encode([{ n: 1, len: Buffer.concat([w.raw, encode([i(2, 1)])]) }]),
      inv('cities[0].player_id'),
    );
  }
  for (const c of malformed(encode(pc([entry(PLAYER)])))) {
    if (c.empty) continue;
    addPc(c.name, c.bytes, inv('malformed request'));
  }
  addPc(
    '5 MiB request (over the receive limit)',
    Buffer.concat([
      encode(pc([entry(PLAYER)])),
      encode([s(15, Buffer.alloc(5 * 1024 * 1024, 0x61))]),
    ]),
    { codes: [EXHAUSTED], message: 'larger than max' },
  );
  // The corpus's own player already has a city: answered in time, its result says so.
  addPc('1 ms deadline (a player with a city)', pc([entry(OWNER)]), deadline('ok'), 1);

  // 8. 1 ms deadlines on calls that go to data-server (an absent report, an absent player).
  for (const w of warmUp) {
    const method = w.path.slice(w.path.lastIndexOf('/') + 1) as Method;
    add(
      method,
      '1 ms deadline',
      w.bytes,
      deadline(method === 'GetReport' ? notFound('has no report') : failed('does not exist')),
      1,
    );
  }
  return cases;
}

/** A player of the corpus's own, made before it starts: a record, 100 troops, a city. */
export const OWNER = 4_545_454_600n;

/** The calls that make OWNER (data-server, then map-server), and warm the caches its cases read. */
export const setup: { service: 'data-server' | 'map-server'; path: string; bytes: Buffer }[] = [
  {
    service: 'data-server',
    path: '/slg.dataserver.v2.DataService/CreateV2',
    bytes: encode([s(1, 'player'), i(2, OWNER), m(4, [s(1, 'name'), m(2, [s(3, 'corpus')])])]),
  },
  {
    service: 'data-server',
    path: '/slg.dataserver.v2.DataService/CreateV2',
    bytes: encode([
      s(1, 'troop'),
      i(2, OWNER),
      i(3, 1),
      m(4, [s(1, 'kind'), m(2, [s(3, 'infantry')])]),
      m(4, [s(1, 'tier'), m(2, [i(1, 1)])]),
      m(4, [s(1, 'count'), m(2, [i(1, 100)])]),
    ]),
  },
  {
    service: 'map-server',
    path: `${svc}PlaceCity`,
    bytes: encode([i(1, OWNER), i(2, 10), i(3, 10)]),
  },
];

/** Refusals that depend on state: OWNER's city and troops (FAILED_PRECONDITION, NOT_FOUND). */
export function stateCases(): GrpcCase[] {
  const out: GrpcCase[] = [];
  const add = (method: Method, name: string, fields: Field[], expect: Expect) =>
    out.push({
      method: `map-server ${method}`,
      name: `(state) ${name}`,
      path: svc + method,
      bytes: encode(fields),
      expect,
    });
  const march = (kind: string, x: number, y: number, troops: [number, number][]) => [
    i(1, OWNER),
    s(2, kind),
    i(3, x),
    i(4, y),
    ...troops.map(([id, n]) => m(5, [i(1, id), i(2, n)])),
  ];
  // Every target of a 6 x 6 patch: whatever is there, 101 of 100 troops cannot leave.
  for (let x = 20; x < 26; x++) {
    for (let y = 20; y < 26; y++) {
      add(
        'StartMarch',
        `scout (${x}, ${y}) with 101 of 100 troops`,
        march('scout', x, y, [[1, 101]]),
        failed(/100 available, 101 asked|blocked/),
      );
    }
  }
  add(
    'StartMarch',
    'a troop the player does not have',
    march('scout', 20, 20, [[2, 1]]),
    failed(/no troop 2|blocked/),
  );
  add(
    'StartMarch',
    'a known troop and an unknown one',
    march('scout', 20, 20, [
      [1, 1],
      [3, 1],
    ]),
    failed(/no troop 3|blocked/),
  );
  add(
    'StartMarch',
    'reinforce a tile without a city',
    march('reinforce', 40, 40, [[1, 1]]),
    failed(/city|blocked|target/),
  );
  add(
    'StartMarch',
    'attack_monster where no monster is',
    march('attack_monster', 0, 63, [[1, 1]]),
    failed(/monster|blocked|target/),
  );
  add('PlaceCity', 'a second city', [i(1, OWNER), i(2, 30), i(3, 30)], {
    codes: [ALREADY],
    message: 'has a city',
  });
  add('RelocateCity', 'off the map', [i(1, OWNER), i(2, 63), i(3, 63)], {
    codes: [INVALID, FAILED],
    message: /would leave|outside/,
  });
  add(
    'RecallMarch',
    'a march it does not have',
    [i(1, OWNER), i(2, 999)],
    notFound('has no march'),
  );
  return out;
}

/** A Watch case: the messages sent on the stream, and the status it must end with. */
export interface WatchCase {
  name: string;
  messages: Buffer[];
  deadlineMs?: number;
  expect: Expect;
}

export function watchCases(): WatchCase[] {
  const out: WatchCase[] = [];
  const msg = (x: number, y: number, w: number, h: number) => encode([m(1, rect(x, y, w, h))]);
  const good = msg(0, 0, 8, 8);
  for (const [what, x, y, w, h] of [
    ['0 x 0', 0, 0, 0, 0],
    ['33 x 33', 0, 0, 33, 33],
    ['x -1', -1, 0, 4, 4],
    ['past the edge', 62, 62, 4, 4],
    ['2^31-1 sides', 0, 0, 2 ** 31 - 1, 2 ** 31 - 1],
  ] as const) {
    out.push({ name: `rect ${what}`, messages: [msg(x, y, w, h)], expect: inv('rect') });
    out.push({
      name: `a good rect, then ${what}`,
      messages: [good, msg(x, y, w, h)],
      expect: inv('rect'),
    });
  }
  out.push({ name: 'no rect', messages: [Buffer.alloc(0)], expect: inv('rect is required') });
  for (const c of malformed(good)) {
    out.push({
      name: c.name,
      messages: [c.bytes],
      expect: c.empty ? inv('rect is required') : inv('malformed request'),
    });
    if (!c.empty)
      out.push({
        name: `a good rect, then ${c.name}`,
        messages: [good, c.bytes],
        expect: inv('malformed request'),
      });
  }
  out.push({
    name: 'rect with invalid UTF-8 in an unknown string field',
    messages: [encode([s(9, Buffer.from([0xff]))])],
    expect: inv('rect is required'),
  });
  out.push({
    name: '5 MiB message (over the receive limit)',
    messages: [Buffer.concat([good, encode([s(15, Buffer.alloc(5 * 1024 * 1024))])])],
    expect: { codes: [EXHAUSTED], message: 'larger than max' },
  });
  out.push({
    name: '1 ms deadline',
    messages: [good],
    deadlineMs: 1,
    expect: { codes: [DEADLINE], message: 'deadline' },
  });
  return out;
}

const identity = (b: Buffer) => b;

/** Runs the Watch cases one at a time: each stream must end with its status. */
export async function runWatch(address: string, cases: WatchCase[]): Promise<Outcome[]> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure(), {
    'grpc.max_send_message_length': -1,
    'grpc.max_receive_message_length': -1,
  });
  const out: Outcome[] = [];
  try {
    for (const c of cases) {
      const { code, details } = await new Promise<{ code: number; details: string }>((resolve) => {
        const call = client.makeBidiStreamRequest(watchPath, identity, identity, {
          deadline: Date.now() + (c.deadlineMs ?? 10_000),
        });
        call.on('data', () => {});
        call.on('error', () => {});
        call.on('status', (st: grpc.StatusObject) =>
          resolve({ code: st.code, details: st.details }),
        );
        for (const b of c.messages) call.write(b);
      });
      out.push(
        judge(
          { method: 'map-server Watch (stream)', name: c.name, expect: c.expect },
          code,
          details,
        ),
      );
    }
  } finally {
    client.close();
  }
  return out;
}
