// A server that tracks its writes (tracksWrites) answers a call whose deadline passes before
// its handler did itself, instead of grpc-js's bare "Deadline exceeded": `outcome unknown: ...`
// naming what the handler had let through its gate (`ctx.writing`) and not taken back, else
// `not applied: ...`. At that moment the call ends: the gate refuses from then on and the
// signal is aborted, so nothing the handler still tries is sent. A DEADLINE_EXCEEDED the
// handler throws itself says the outcome the same way. The calls are raw HTTP/2 with a
// `grpc-timeout` and no timer of the client's, so the answer read is the server's.
import { slg_echo_v1_EchoServiceDefinition as Def, slg } from '@slg/proto';
import { rawGrpcClient } from '@slg/test-kit/raw-grpc';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import t, { type Test } from 'tap';
import { type CallContext, DeadlineExceededError, GrpcServer } from '../src/index.ts';

function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => {
    open = r;
  });
  return { wait: () => p, open };
}

const echo = (text: string) => Def.Echo.requestSerialize(slg.echo.v1.EchoRequest.create({ text }));

async function server(
  t: Test,
  tracksWrites: boolean,
  handler: (req: slg.echo.v1.EchoRequest, ctx: CallContext) => Promise<slg.echo.v1.EchoResponse>,
) {
  const s = new GrpcServer({
    logger: pino({ level: 'silent' }),
    registry: new Registry(),
    tracksWrites,
  });
  s.addService(Def, { Echo: handler });
  const port = await s.listen('127.0.0.1', 0);
  const raw = rawGrpcClient(`127.0.0.1:${port}`);
  t.teardown(async () => {
    raw.close();
    await s.shutdown(1000);
  });
  return raw;
}

t.test('the kit answers at the deadline, saying what was sent', async (t) => {
  /** What the handler of each case saw after the kit's answer. */
  const after = new Map<string, { aborted: boolean; reason: string; gate: string }>();
  const release = gate();
  const reached = new Map<string, ReturnType<typeof gate>>();
  for (const k of ['nothing', 'wrote', 'took back']) reached.set(k, gate());
  const raw = await server(t, true, async (req, ctx) => {
    const k = req.text;
    if (k === 'wrote') ctx.writing('COMMIT on db1');
    if (k === 'took back') ctx.writing('UPDATE on db1')(); // it changed nothing
    reached.get(k)!.open();
    await release.wait();
    let refused = '';
    try {
      ctx.writing('a late COMMIT');
    } catch (err) {
      refused = `${(err as DeadlineExceededError).code} ${(err as Error).message}`;
    }
    after.set(k, {
      aborted: ctx.signal.aborted,
      reason: (ctx.signal.reason as DeadlineExceededError)?.code,
      gate: refused,
    });
    return slg.echo.v1.EchoResponse.create({ text: 'too late' });
  });
  // The handlers pass their gates well within the deadline (2 s), then wait past it.
  const answers = await Promise.all(
    ['nothing', 'wrote', 'took back'].map((k) => raw.unary(Def.Echo.path, echo(k), '2S')),
  );
  t.same(
    answers.map((a) => [a.code, a.details]),
    [
      [4, 'not applied: deadline exceeded before Echo answered'],
      [
        4,
        'outcome unknown: COMMIT on db1 may have been applied; deadline exceeded before Echo answered',
      ],
      [4, 'not applied: deadline exceeded before Echo answered'],
    ],
  );
  release.open();
  await Promise.all([...reached.values()].map((g) => g.wait()));
  // Each handler ran on after the answer: its gate refuses, its signal is aborted.
  while (after.size < 3) await new Promise((r) => setImmediate(r));
  for (const [k, seen] of after) {
    t.same(
      seen,
      {
        aborted: true,
        reason: 'DEADLINE_EXCEEDED',
        gate: 'DEADLINE_EXCEEDED not applied: a late COMMIT was not sent: deadline exceeded before Echo answered',
      },
      `${k}: nothing is sent after the answer`,
    );
  }
});

t.test("a handler's own DEADLINE_EXCEEDED says the outcome", async (t) => {
  const raw = await server(t, true, async (req, ctx) => {
    if (req.text === 'wrote') ctx.writing('INSERT on db1');
    throw new DeadlineExceededError('deadline exceeded while waiting for a connection');
  });
  t.same(await raw.unary(Def.Echo.path, echo('nothing'), '10S'), {
    code: 4,
    details: 'not applied: deadline exceeded while waiting for a connection',
    message: undefined,
  });
  t.same(await raw.unary(Def.Echo.path, echo('wrote'), '10S'), {
    code: 4,
    details:
      'outcome unknown: INSERT on db1 may have been applied; deadline exceeded while waiting for a connection',
    message: undefined,
  });
});

t.test('a server that does not track its writes: grpc-js answers the deadline', async (t) => {
  const release = gate();
  t.teardown(release.open);
  const raw = await server(t, false, async () => {
    await release.wait();
    return slg.echo.v1.EchoResponse.create({});
  });
  const a = await raw.unary(Def.Echo.path, echo('x'), '200m');
  t.same([a.code, a.details], [4, 'Deadline exceeded'], 'it cannot say what was applied');
});

t.test('nothing is sent after the answer, whichever it was', async (t) => {
  const refused = gate();
  let seen = '';
  const raw = await server(t, true, async (_req, ctx) => {
    // Work the handler left behind, running after its answer.
    setImmediate(() => {
      try {
        ctx.writing('a stray COMMIT');
        seen = 'sent';
      } catch (err) {
        seen = `${(err as DeadlineExceededError).code} ${(err as Error).message}`;
      }
      refused.open();
    });
    return slg.echo.v1.EchoResponse.create({ text: 'ok' });
  });
  t.equal((await raw.unary(Def.Echo.path, echo('x'), '10S')).code, 0);
  await refused.wait();
  t.equal(
    seen,
    'CANCELLED not applied: a stray COMMIT was not sent: its call had already been answered',
  );
});
