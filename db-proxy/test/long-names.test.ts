// A table, column, query or parameter name of kilobytes is quoted cut to a short prefix: repeated
// whole (twice for a column), the status outgrew the client's metadata limit and the caller got
// RESOURCE_EXHAUSTED ("received initial metadata size exceeds limit"), not INVALID_ARGUMENT.
import t from 'tap';
import { failure, int, kinds, startProxy } from './helpers.ts';

t.test('names of 9 KB: INVALID_ARGUMENT with a short message', async (t) => {
  const kind = kinds().includes('sqlite') ? 'sqlite' : 'mysql';
  const h = await startProxy(t, kind, 'longnames');
  const c = h.client;
  const long = `n${'x'.repeat(9 * 1024)}`;
  const calls: [string, () => Promise<unknown>][] = [
    ['Get table', () => c.Get({ table: long, key: [int(1)] })],
    [
      'Insert column',
      () => c.Insert({ table: 'player', fields: { player_id: int(1), [long]: int(1) } }),
    ],
    [
      'Update column',
      () => c.Update({ table: 'player', key: [int(1)], fields: { [long]: int(1) } }),
    ],
    [
      'Increment field',
      () => c.Increment({ table: 'player', key: [int(1)], field: long, delta: 1 }),
    ],
    ['Query name', () => c.Query({ name: long, shardKey: int(1) })],
    [
      'Query parameter',
      () => c.Query({ name: 'top_power', shardKey: int(1), params: { [long]: int(1) } }),
    ],
  ];
  for (const [what, call] of calls) {
    const err = await failure(call());
    t.equal(err.code, 'INVALID_ARGUMENT', `${what}: ${err.message.slice(0, 100)}`);
    t.ok(err.message.length < 400, `${what}: a ${err.message.length}-character message`);
    t.match(err.message, /\(9217 characters\)/, `${what}: says how long the name was`);
  }
});
