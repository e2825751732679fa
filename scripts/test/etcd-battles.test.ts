// map-server -> battle-server through etcd: two battle-server processes (one in pool
// mode, one in cluster mode: there the primary registers) register with BATTLE_REGISTER on a
// private etcd; map-server's DiscoveredBattleClient (MAPSERVER_BATTLE_URL=etcd://...) spreads
// battles over both. One SIGKILLed: battles go on without a failure (the dead one, still listed
// until its lease expires, is skipped for the other), and its key goes when the lease expires.
// The other SIGTERMed withdraws its key itself.
import { sampleBattle } from '@slg/battle-server/model';
import { type BattleClient, DiscoveredBattleClient, HttpBattleClient } from '@slg/map-server';
import { sharedInstances } from '@slg/service-kit/discovery';
import { etcdMissing, PrivateEtcd } from '@slg/test-kit/private-etcd';
import t from 'tap';
import { buildServices } from '../build.ts';
import { bundleMain, type NodeProcess, spawnNode } from './helpers/bundles.ts';

// What ships: the bundle of `npm run build` (it also starts faster than the sources).
const battleMain = bundleMain('battle-server');

interface Proc {
  proc: NodeProcess;
  port: number;
  key: Promise<string>;
  logs: Record<string, unknown>[];
}

async function startBattle(url: string, mode: 'pool' | 'cluster'): Promise<Proc> {
  const proc = spawnNode(battleMain, {
    name: 'battle-server',
    env: {
      ...process.env,
      BATTLE_MODE: mode,
      BATTLE_THREADS: '1',
      BATTLE_PROCESSES: '1',
      // Any free port, read back from its listening line (cluster mode: the primary's).
      BATTLE_PORT: '0',
      BATTLE_REGISTER: url,
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
    },
  });
  const key = proc.logged('discovery: registered').then((l) => String(l.key));
  key.catch(() => {});
  const { port } = await proc.listening();
  return { proc, port, key, logs: proc.logs };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

t.test(
  'battles spread over etcd-registered battle-servers; a killed one is skipped',
  { skip: etcdMissing() ?? false },
  async (t) => {
    const [etcd] = await Promise.all([PrivateEtcd.start(), buildServices()]);
    t.teardown(() => etcd.stop());
    const url = etcd.url(`/t${process.pid}/battle-server`, 'ttl=5');
    const [pool, clustered] = await Promise.all([
      startBattle(url, 'pool'),
      startBattle(url, 'cluster'),
    ]);
    t.teardown(async () => {
      await pool.proc.stop('SIGKILL');
      await clustered.proc.stop('SIGKILL');
    });
    await Promise.all([pool.key, clustered.key]);
    const view = sharedInstances(url);
    t.teardown(() => view.release());
    await view.instances.ready;
    await waitFor(() => view.instances.list().length === 2, 'both battle-servers in the watch');

    // Each instance's client counts the battles sent to it.
    const sent = new Map<string, number>();
    const client = new DiscoveredBattleClient(
      url,
      (base): BattleClient => {
        const inner = new HttpBattleClient(base, 10_000);
        return {
          fight: (input) => {
            sent.set(base, (sent.get(base) ?? 0) + 1);
            return inner.fight(input);
          },
        };
      },
      'http',
    );
    t.teardown(() => client.close());
    const base = (p: Proc) => `http://127.0.0.1:${p.port}`;

    const winners = new Set<string>();
    for (let seed = 1; seed <= 20; seed++)
      winners.add((await client.fight(sampleBattle(seed))).winner);
    t.ok(winners.size > 0, `20 battles answered (winners: ${[...winners].join(', ')})`);
    t.same(
      [sent.get(base(pool)), sent.get(base(clustered))],
      [10, 10],
      'round-robin: 10 battles each (the pool-mode process and the cluster primary both registered)',
    );

    // SIGKILL the pool-mode one: still listed until its lease expires, but every battle is
    // answered (a refused connection is UNAVAILABLE: the next instance is tried).
    const poolKey = await pool.key;
    await pool.proc.stop('SIGKILL');
    const deadBefore = sent.get(base(pool)) ?? 0;
    let failed = 0;
    let fought = 0;
    while (view.instances.list().some((i) => i.key === poolKey)) {
      await client.fight(sampleBattle(100 + fought)).catch(() => failed++);
      fought++;
    }
    t.equal(failed, 0, `no battle failed while the dead one was listed (${fought} battles)`);
    const deadTried = (sent.get(base(pool)) ?? 0) - deadBefore;
    t.ok(deadTried > 0, `the dead one was tried (${deadTried} times) and skipped for the other`);
    t.ok(
      deadTried < fought || fought === 1,
      `then passed over for a while, not tried before every battle (${deadTried} of ${fought})`,
    );
    t.same(
      view.instances.list().map((i) => i.address),
      [`127.0.0.1:${clustered.port}`],
      "the killed one's key went when its lease expired",
    );
    const before = sent.get(base(pool)) ?? 0;
    for (let seed = 200; seed < 210; seed++) await client.fight(sampleBattle(seed));
    t.equal(sent.get(base(pool)) ?? 0, before, 'no battle sent to it after the expiry');

    // SIGTERM: the cluster primary withdraws its key itself.
    await clustered.proc.stop('SIGTERM');
    t.ok(
      clustered.logs.some((l) => l.msg === 'discovery: withdrawn'),
      'the cluster primary withdrew on SIGTERM',
    );
    await waitFor(() => view.instances.list().length === 0, 'no instance listed');
    await t.rejects(client.fight(sampleBattle(1)), {
      message: /no battle-server registered under etcd:\/\//,
    });
  },
);
