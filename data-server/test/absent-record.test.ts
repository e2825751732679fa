// "No such record" travels one way from db-proxy to data-server: db-proxy's Get answers OK with
// `RowResponse.row` unset (not NOT_FOUND), so a read of a missing record is no error on either
// side's RPC metrics, and FetchV2 answers as data-server's README says: an empty response,
// cached as "absent" until a write.
import { toBigInt } from '@slg/proto';
import t from 'tap';
import {
  cacheKinds,
  dbProxyCalls,
  int,
  metricCount,
  startDataServer,
  startDbProxy,
  uniquePrefix,
} from './helpers.ts';

const GET = { grpc_service: 'slg.dbproxy.v1.DbProxy', grpc_method: 'Get' };

for (const cache of cacheKinds()) {
  t.test(`a missing record, with the ${cache} cache`, async (t) => {
    const proxy = await startDbProxy(t, `absent_${cache}`);
    const ds = await startDataServer(t, {
      dbProxy: proxy.address,
      cache,
      prefix: uniquePrefix(`absent-${cache}`),
    });
    const c = ds.client;
    const served = (code: string) =>
      metricCount(proxy.app.registry, 'grpc_server_handling_seconds', { ...GET, grpc_code: code });
    const asked = (code: string) =>
      metricCount(ds.app.registry, 'grpc_client_handling_seconds', { ...GET, grpc_code: code });

    const player = await c.FetchV2({ table: 'player', ownerId: 4242 });
    t.equal(player.record, null, 'FetchV2 of a missing player: an empty response');
    const member = await c.FetchV2({ table: 'building', ownerId: 4242, memberId: 9 });
    t.equal(member.record, null, 'FetchV2 of a missing member: an empty response');
    t.equal(await dbProxyCalls(ds.app, 'Get'), 2, 'each read db-proxy once');

    t.equal(await served('OK'), 2, "db-proxy's server metrics: both Gets answered OK");
    t.equal(await served('NOT_FOUND'), 0, 'none NOT_FOUND');
    t.equal(
      await metricCount(proxy.app.registry, 'grpc_server_errors_total', GET),
      0,
      'no server error counted for a missing row',
    );
    t.equal(await asked('OK'), 2, "data-server's client metrics: both OK");
    t.equal(await asked('NOT_FOUND'), 0);

    // Cached as absent: read again without db-proxy.
    t.equal((await c.FetchV2({ table: 'player', ownerId: 4242 })).record, null);
    t.equal(await dbProxyCalls(ds.app, 'Get'), 2, 'the second read is served by the cache');

    const inspect = await c.InspectV2({ table: 'building', ownerId: 4242, memberId: 9 });
    t.equal(inspect.stored, null, 'InspectV2: nothing stored');
    t.equal(inspect.served, null, 'nothing served');
    t.equal(await served('OK'), 3, "InspectV2's Get of the missing row: OK too");

    // A create replaces the cached "absent"; the next read serves the record.
    await c.CreateV2({ table: 'player', ownerId: 4242, fields: { gold: int(7) } });
    const made = await c.FetchV2({ table: 'player', ownerId: 4242 });
    t.equal(toBigInt(made.record?.version ?? 0), 1n);
    t.equal(toBigInt(made.record?.fields?.gold?.int ?? 0), 7n);
  });
}
