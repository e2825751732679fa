// map-server's memory under a viewport load: the old generation V8 lets grow with the
// load's garbage stays within MAPSERVER_HEAP_GROWING_PERCENT of what it held when ready. The
// server runs in a child process (memory-load-server.ts: its heap is the server's alone) with
// the V8 flags every service starts with; the load is QueryViewport at random 30 x 20
// rectangles, 64 in flight, answers taken as bytes (memory-load-client.ts).
// Without the bound, the same load grew the old generation by several times its ready size.
import { once } from 'node:events';
import { slg } from '@slg/proto';
import t from 'tap';
import { createRng } from './helpers.ts';
import { ask, forkLoadServer, viewportClient, viewportLoad } from './memory-load-client.ts';

const QUERIES = 16_000;
const IN_FLIGHT = 64;
const MB = 2 ** 20;

t.test('the old generation stays bounded under a viewport load', async (t) => {
  const child = forkLoadServer();
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const { port, heapGrowingPercent } = await ask<{ port: number; heapGrowingPercent: number }>(
    child,
    null,
    'port',
  );
  t.ok(
    heapGrowingPercent > 0 && heapGrowingPercent <= 50,
    `the default bound is set: ${heapGrowingPercent}%`,
  );

  const { query, close } = viewportClient(port);
  t.teardown(close);
  // A few answers decoded: the load is real queries answered with contents.
  const sample = slg.mapserver.v1.ViewportContents.decode(
    await query({ x: 100, y: 100, width: 30, height: 20 }),
  );
  t.ok(sample.fields.length > 0, `an answer holds fields (${sample.fields.length})`);

  const { base } = await ask<{ base: number }>(child, 'mark', 'base');
  const rng = createRng(12);
  let answered = 0;
  let bytes = 0;
  await viewportLoad(query, rng, QUERIES, IN_FLIGHT, (answer) => {
    bytes += answer.length;
    answered++;
  });
  const mem = await ask<{ peak: number; majorGcs: number; now: number }>(child, 'mem', 'peak');
  t.equal(
    answered,
    QUERIES,
    `${answered} queries answered, ${(bytes / answered).toFixed(0)} B each`,
  );

  // V8 lets the old generation reach the bound before it finishes the full collection it
  // started at the limit (marking runs concurrently while the server allocates), and the
  // limit has a floor of a few MB over small heaps: hence the slack.
  const slack = 16 * MB;
  const bound = base * (1 + heapGrowingPercent / 100) + slack;
  t.ok(
    mem.peak <= bound,
    `old generation ${(base / MB).toFixed(1)} MB when ready, peak ${(mem.peak / MB).toFixed(1)} MB under the load (bound ${(bound / MB).toFixed(1)} MB), ${mem.majorGcs} full collections`,
  );
  // The load did reach the limit: the bound was held by collections, not by a short load.
  t.ok(mem.majorGcs >= 2, `${mem.majorGcs} full collections during the load`);

  child.send('stop');
  await once(child, 'exit');
});
