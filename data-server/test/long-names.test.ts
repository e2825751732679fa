// A table or field name of kilobytes is quoted cut to a short prefix: repeated whole, the status
// outgrew the client's metadata limit and the caller got RESOURCE_EXHAUSTED, not INVALID_ARGUMENT.
import t from 'tap';
import { int, startDataServer, startDbProxy, uniquePrefix } from './helpers.ts';

t.test('names of 9 KB: INVALID_ARGUMENT with a short message', async (t) => {
  const proxy = await startDbProxy(t, 'longnames', 'sqlite');
  const ds = await startDataServer(t, {
    dbProxy: proxy.address,
    cache: 'memory',
    prefix: uniquePrefix('longnames'),
  });
  const c = ds.client;
  const long = `n${'x'.repeat(9 * 1024)}`;
  const calls: [string, () => Promise<unknown>][] = [
    ['FetchV2 table', () => c.FetchV2({ table: long, ownerId: 1 })],
    [
      'CreateV2 field',
      () => c.CreateV2({ table: 'player', ownerId: 1, fields: { [long]: int(1) } }),
    ],
    [
      'ModifyV2 field',
      () => c.ModifyV2({ table: 'player', ownerId: 1, fields: { [long]: int(1) } }),
    ],
    ['IncrByV2 field', () => c.IncrByV2({ table: 'player', ownerId: 1, field: long, delta: 1 })],
  ];
  for (const [what, call] of calls) {
    const err = (await call().then(
      () => undefined,
      (e: unknown) => e,
    )) as { code?: string; message?: string } | undefined;
    t.equal(err?.code, 'INVALID_ARGUMENT', `${what}: ${err?.message?.slice(0, 100)}`);
    t.ok((err?.message?.length ?? 0) < 400, `${what}: a ${err?.message?.length}-character message`);
    t.match(err?.message, /\(9217 characters\)/, `${what}: says how long the name was`);
  }
});
