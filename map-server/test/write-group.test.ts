// Writes that wait at the same time go to data-server together (BatchWritesV2) and db-proxy
// commits them in one transaction: each owner's writes are answered on their own, a refused
// or invalid one changes nothing of its own and holds none of the others back, and the store
// ends exactly as the same writes one by one would leave it.
import { FailedPreconditionError, InvalidArgumentError } from '@slg/service-kit';
import { Registry } from 'prom-client';
import t from 'tap';
import { DataServerStore, type Op } from '../src/store/store.ts';
import { startStack } from './stack.ts';

/** Calls of one method the store's client made (its grpc_client_handling_seconds count). */
async function calls(registry: Registry, method: string): Promise<number> {
  const m = await registry.getSingleMetric('grpc_client_handling_seconds')?.get();
  return (m?.values ?? [])
    .filter(
      (v) =>
        (v as { metricName?: string }).metricName?.endsWith('_count') &&
        v.labels.grpc_method === method,
    )
    .reduce((a, v) => a + v.value, 0);
}

t.test('grouped writes: one call, each owner answered on its own', async (t) => {
  const stack = await startStack(t, 'wgroup');
  const registry = new Registry();
  const store = new DataServerStore(stack.dataServer, { registry, writeGroup: 16 });
  t.teardown(() => store.close());

  const owners = Array.from({ length: 12 }, (_, i) => 7000 + i);
  // Each owner: a troop of 100 (written one by one, before the group).
  for (const o of owners) {
    await stack.store.write(o, [
      { create: { table: 'troop', member: 1, fields: { kind: 'infantry', tier: 1, count: 100 } } },
    ]);
  }
  const troop = (o: number) => stack.store.fetch('troop', o, 1);
  const refusedOwner = owners[3]!;
  const invalidOwner = owners[7]!;
  const before = await calls(registry, 'BatchWritesV2');

  const writes = owners.map((o): Promise<unknown> => {
    const take: Op = { incr: { table: 'troop', member: 1, field: 'count', delta: -10, floor: 0 } };
    if (o === refusedOwner) {
      // The incr would apply; the modify at a version the troop is not at refuses the batch.
      return store.write(o, [
        take,
        { modify: { table: 'troop', member: 1, fields: { tier: 2 }, expectedVersion: 99 } },
      ]);
    }
    if (o === invalidOwner) {
      return store.write(o, [take, { create: { table: 'no_such_table', member: 1, fields: {} } }]);
    }
    return store.write(o, [take, { modify: { table: 'troop', member: 1, fields: { tier: 3 } } }]);
  });
  const settled = await Promise.allSettled(writes);

  t.ok(
    (await calls(registry, 'BatchWritesV2')) - before >= 1,
    'the writes went to data-server as a group',
  );
  t.ok(
    (await calls(registry, 'BatchWritesV2')) - before < owners.length,
    'fewer calls than writes',
  );
  for (let i = 0; i < owners.length; i++) {
    const o = owners[i]!;
    const s = settled[i]!;
    const stored = await troop(o);
    if (o === refusedOwner) {
      t.ok(
        s.status === 'rejected' && s.reason instanceof FailedPreconditionError,
        'the version mismatch: FAILED_PRECONDITION',
      );
      t.match(stored?.fields, { count: 100, tier: 1 }, 'the refused batch wrote nothing');
    } else if (o === invalidOwner) {
      t.ok(
        s.status === 'rejected' && s.reason instanceof InvalidArgumentError,
        'the unknown table: INVALID_ARGUMENT',
      );
      t.match(stored?.fields, { count: 100, tier: 1 }, 'the invalid batch wrote nothing');
    } else {
      t.equal(s.status, 'fulfilled', `owner ${o}: written`);
      const results = (s as PromiseFulfilledResult<{ version: number; value?: number }[]>).value;
      t.equal(results[0]?.value, 90, `owner ${o}: the incr's new value answered`);
      t.match(stored, { version: results[1]?.version, fields: { count: 90, tier: 3 } });
    }
  }

  // The same group again: each write lands once (no batch of the first group was retried
  // into this one), and a group of one goes alone.
  await Promise.all(
    owners
      .filter((o) => o !== refusedOwner && o !== invalidOwner)
      .map((o) =>
        store.write(o, [
          { incr: { table: 'troop', member: 1, field: 'count', delta: -1, floor: 0 } },
        ]),
      ),
  );
  for (const o of owners) {
    const want = o === refusedOwner || o === invalidOwner ? 100 : 89;
    t.equal((await troop(o))?.fields.count, want, `owner ${o}: count exact`);
  }
  const calls1 = await calls(registry, 'BatchWritesV2');
  await store.write(owners[0]!, [
    { incr: { table: 'troop', member: 1, field: 'count', delta: -1, floor: 0 } },
  ]);
  t.equal(await calls(registry, 'BatchWritesV2'), calls1, 'a write alone: its own RPC');
  t.equal((await troop(owners[0]!))?.fields.count, 88);
});

t.test('one group in flight: writes that come meanwhile wait and form the next', async (t) => {
  const stack = await startStack(t, 'wgroup1');
  const store = new DataServerStore(stack.dataServer, { writeGroup: 64, groupsInFlight: 1 });
  t.teardown(() => store.close());
  // Every write method of the client, counted while its call is unanswered.
  let active = 0;
  let most = 0;
  let sent = 0;
  const client = store.client as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const name of ['BatchWritesV2', 'BatchWriteV2', 'CreateV2', 'ModifyV2', 'IncrByV2']) {
    const call = client[name]!;
    client[name] = (...a: unknown[]) => {
      active++;
      sent++;
      most = Math.max(most, active);
      return call(...a).finally(() => active--);
    };
  }
  const owners = Array.from({ length: 40 }, (_, i) => 7100 + i);
  await Promise.all(
    owners.map((o) =>
      stack.store.write(o, [
        {
          create: { table: 'troop', member: 1, fields: { kind: 'infantry', tier: 1, count: 100 } },
        },
      ]),
    ),
  );
  // 40 writers, each writing again a few turns of the event loop after its last write was
  // answered (0 to 6 turns, by owner), 5 times over: new writes keep coming while a group is
  // in flight.
  const turns = (n: number) =>
    Array.from({ length: n }).reduce<Promise<unknown>>(
      (p) => p.then(() => new Promise((r) => setImmediate(r))),
      Promise.resolve(),
    );
  await Promise.all(
    owners.map(async (o) => {
      for (let i = 0; i < 5; i++) {
        await turns(o % 7);
        await store.write(o, [
          { incr: { table: 'troop', member: 1, field: 'count', delta: -1, floor: 0 } },
        ]);
      }
    }),
  );
  t.equal(most, 1, 'never two groups unanswered at once');
  t.ok(sent < 200 / 4, `the 200 writes went in ${sent} calls`);
  for (const o of owners) t.equal((await stack.store.fetch('troop', o, 1))?.fields.count, 95);
});

t.test(
  'a linger: under load a group that is not full waits, a full one goes at once',
  async (t) => {
    const stack = await startStack(t, 'wgroupl');
    const registry = new Registry();
    // A linger longer than any test: only a full group (or close) can send what waits.
    const store = new DataServerStore(stack.dataServer, {
      registry,
      writeGroup: 8,
      lingerMs: 600_000,
    });
    t.teardown(() => store.close());
    const owners = Array.from({ length: 9 }, (_, i) => 7200 + i);
    await Promise.all(
      owners.map((o) =>
        stack.store.write(o, [
          {
            create: {
              table: 'troop',
              member: 1,
              fields: { kind: 'infantry', tier: 1, count: 100 },
            },
          },
        ]),
      ),
    );
    const incr = (o: number) =>
      store.write(o, [
        { incr: { table: 'troop', member: 1, field: 'count', delta: -1, floor: 0 } },
      ]);
    // A lone writer never waits: each of its groups is one write, sent at once on its own
    // (a group of one op goes as that op's call).
    const incrs0 = await calls(registry, 'IncrByV2');
    for (let i = 0; i < 3; i++) await incr(owners[0]!);
    t.equal(
      await calls(registry, 'IncrByV2'),
      incrs0 + 3,
      'three writes one after the other: three calls, each answered without the linger',
    );
    t.equal(await calls(registry, 'BatchWritesV2'), 0, 'none of them waited to form a group');
    // Two writes of one turn go together at once; they are a load, so the next group lingers.
    await Promise.all([incr(owners[0]!), incr(owners[1]!)]);
    const calls0 = await calls(registry, 'BatchWritesV2');
    const answered: number[] = [];
    const waiting = owners.slice(1, 8).map((o) => incr(o).then(() => answered.push(o)));
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    t.same(answered, [], 'seven writes wait: the group is not full and the linger has not passed');
    t.equal(await calls(registry, 'BatchWritesV2'), calls0, 'nothing sent while they wait');
    waiting.push(incr(owners[8]!).then(() => answered.push(owners[8]!)));
    await Promise.all(waiting);
    t.equal(answered.length, 8, 'the eighth write fills the group: all eight answered');
    t.equal(await calls(registry, 'BatchWritesV2'), calls0 + 1, 'in one call');
    t.equal((await stack.store.fetch('troop', owners[0]!, 1))?.fields.count, 96);
    t.equal((await stack.store.fetch('troop', owners[1]!, 1))?.fields.count, 98);
    for (const o of owners.slice(2))
      t.equal((await stack.store.fetch('troop', o, 1))?.fields.count, 99);
  },
);

t.test('close: a lingering write fails at once instead of waiting for its timer', async (t) => {
  const stack = await startStack(t, 'wgroupc');
  const store = new DataServerStore(stack.dataServer, { writeGroup: 8, lingerMs: 600_000 });
  const owners = [7300, 7301];
  for (const o of owners) {
    await stack.store.write(o, [
      { create: { table: 'troop', member: 1, fields: { kind: 'infantry', tier: 1, count: 100 } } },
    ]);
  }
  const incr = (o: number) =>
    store.write(o, [{ incr: { table: 'troop', member: 1, field: 'count', delta: -1 } }]);
  await Promise.all(owners.map(incr));
  const lingering = incr(owners[0]!);
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  store.close();
  await t.rejects(
    lingering,
    'the write waiting for the linger is sent and refused by the closed client',
  );
  t.equal(
    (await stack.store.fetch('troop', owners[0]!, 1))?.fields.count,
    99,
    'only the first applied',
  );
});
