// CRemoveV2 with `all` is bounded as a list of member_ids is (1,000): it reads the collection's
// member ids page by page, and a collection of more members is refused with
// FAILED_PRECONDITION before anything is removed. (It used to load every row of the collection,
// whatever its size.)
import * as grpc from '@grpc/grpc-js';
import type { slg } from '@slg/proto';
import t from 'tap';
import { failure, startDataServer, startDbProxy, uniquePrefix } from './helpers.ts';

t.test(
  'CRemoveV2 all: up to 1,000 members removed, more refused and nothing removed',
  async (t) => {
    const proxy = await startDbProxy(t, 'cremove_bound');
    const ds = await startDataServer(t, {
      dbProxy: proxy.address,
      cache: 'redis',
      prefix: uniquePrefix('cremove-bound'),
    });
    const c = ds.client;
    /** Items 1..n for an owner, 100 per BatchWriteV2. */
    const fill = async (owner: number, n: number) => {
      for (let first = 1; first <= n; first += 100) {
        const ops: slg.dataserver.v2.WriteOp.$Properties[] = [];
        for (let m = first; m < first + 100 && m <= n; m++) {
          ops.push({ create: { table: 'item', ownerId: owner, memberId: m, fields: {} } });
        }
        await c.BatchWriteV2({ ops });
      }
    };

    await fill(501, 1001);
    const err = await failure(c.CRemoveV2({ table: 'item', ownerId: 501, all: true }));
    t.equal(err.grpcCode, grpc.status.FAILED_PRECONDITION, err.message);
    t.match(err.message, /item of owner 501 has more than 1000 members: remove them by member_ids/);
    t.equal(
      Number((await c.CCountV2({ table: 'item', ownerId: 501 })).count),
      1001,
      'nothing removed',
    );

    await fill(502, 1000);
    const removed = await c.CRemoveV2({ table: 'item', ownerId: 502, all: true });
    t.equal(Number(removed.removed), 1000, 'a collection of 1,000 is removed whole');
    t.equal(Number((await c.CCountV2({ table: 'item', ownerId: 502 })).count), 0);
    t.same((await c.CFetchV2({ table: 'item', ownerId: 502 })).records, [], 'and served empty');
  },
);
