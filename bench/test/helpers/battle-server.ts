// A real battle-server for the bench's tests: in this process on port 0, its battles fought
// in-line (no worker pool to start on a busy machine), closed when the test ends.
import { build, InlineRunner } from '@slg/battle-server';

/** Its base URL (http://127.0.0.1:PORT). */
export async function battleServer(t: {
  teardown(fn: () => Promise<void>): void;
}): Promise<string> {
  const runner = new InlineRunner();
  await runner.start();
  const app = await build({ runner });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(async () => {
    await app.close();
    await runner.close();
  });
  return base;
}
