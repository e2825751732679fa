// The call context's `signal` sees the client's cancel whenever it is read: before the cancel
// (the usual case) and after it. The signal was made lazily, its 'cancelled' listener attached
// at the first read, so a handler that first looked at it after the cancel was never told.
// And an answered call is never cancelled: grpc-js emits 'cancelled' on every call once its
// status is sent, which must not abort the signal (and build an error) after the fact.
import { slg, slg_echo_v1_EchoServiceDefinition } from '@slg/proto';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import t, { type Test } from 'tap';
import { type CallContext, CancelledError, createGrpcClient, GrpcServer } from '../src/index.ts';

function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => {
    open = r;
  });
  return { wait: () => p, open };
}

/** A kit server whose Echo is `echo`, on port 0, and a client of it; both closed at teardown. */
async function echoServer(
  t: Test,
  echo: (req: slg.echo.v1.EchoRequest, ctx: CallContext) => Promise<slg.echo.v1.EchoResponse>,
) {
  const server = new GrpcServer({
    logger: pino({ level: 'silent' }),
    registry: new Registry(),
    defaultDeadlineMs: 10_000,
  });
  server.addService(slg_echo_v1_EchoServiceDefinition, { Echo: echo });
  const port = await server.listen('127.0.0.1', 0);
  const client = createGrpcClient(slg_echo_v1_EchoServiceDefinition, `127.0.0.1:${port}`);
  t.teardown(async () => {
    client.close();
    await server.shutdown(1000);
  });
  return client;
}

t.test('ctx.signal and a cancel by the client', async (t) => {
  const started = new Map<string, ReturnType<typeof gate>>();
  const proceed = new Map<string, ReturnType<typeof gate>>();
  const seen = new Map<string, ReturnType<typeof gate> & { aborted?: boolean; reason?: unknown }>();
  for (const k of ['late', 'early']) {
    started.set(k, gate());
    proceed.set(k, gate());
    seen.set(k, gate());
  }
  const client = await echoServer(t, async (req, ctx) => {
    const k = req.text;
    const s = seen.get(k);
    if (!s) return slg.echo.v1.EchoResponse.create({ text: req.text });
    // 'early': the handler reads the signal before the cancel; 'late': only after it.
    const signal = k === 'early' ? ctx.signal : undefined;
    started.get(k)!.open();
    await proceed.get(k)!.wait();
    const sig = signal ?? ctx.signal;
    s.aborted = sig.aborted;
    s.reason = sig.reason;
    s.open();
    return slg.echo.v1.EchoResponse.create({ text: 'done' });
  });

  for (const k of ['late', 'early']) {
    t.test(`the signal read ${k === 'late' ? 'first after' : 'before'} the cancel`, async (t) => {
      const controller = new AbortController();
      const call = client.Echo({ text: k }, { signal: controller.signal });
      const failed = call.then(
        () => undefined,
        (err: unknown) => err,
      );
      await started.get(k)!.wait();
      controller.abort();
      const err = (await failed) as { code?: string } | undefined;
      t.equal(err?.code, 'CANCELLED', 'the client sees its call cancelled');
      // The RST_STREAM of the cancel precedes this call's frames on the one connection: once
      // this call is answered, the server has seen the cancel.
      t.equal((await client.Echo({ text: 'ping' })).text, 'ping');
      proceed.get(k)!.open();
      const s = seen.get(k)!;
      await s.wait();
      t.equal(s.aborted, true, 'the handler sees the signal aborted');
      t.type(s.reason, CancelledError, 'with a CancelledError');
    });
  }
});

t.test('an answered call: the signal its handler read is never aborted', async (t) => {
  let signal: AbortSignal | undefined;
  const client = await echoServer(t, async (req, ctx) => {
    signal = ctx.signal;
    return slg.echo.v1.EchoResponse.create({ text: req.text });
  });
  for (let i = 0; i < 3; i++) {
    t.equal((await client.Echo({ text: `call ${i}` })).text, `call ${i}`);
    // grpc-js tells its call's listeners of the end on the next tick after the status: a few
    // turns of the loop later it has.
    for (let k = 0; k < 3; k++) await new Promise((r) => setImmediate(r));
    t.equal(signal?.aborted, false, `call ${i}: the signal it read is not aborted`);
  }
});
