// bench stack against the real stack: a few seconds of sessions on
// db-proxy over MariaDB, data-server over Redis, battle-server and map-server, every invariant
// checked and none violated; and each check shown to have run (marches settled, reports recomputed, stream snapshots compared, records verified),
// so that "no violation" is not "nothing checked". The services run in this process on port 0
// (starting the five bundles takes 30-50 s on this busy machine; the 5-minute run in docs/results.md
// is on the bundles). The command's usage errors, without a stack.
import t from 'tap';
import { parseMix, settingsFrom } from '../src/commands/stack.ts';
import { prepare, runOnce } from '../src/stack/run.ts';
import { inProcessStack, requireBackends, shortRun } from './helpers/stack-run.ts';

t.test('bench stack: usage errors name the flag', async (t) => {
  const base = { rate: 2, duration: '5s' };
  for (const [over, says] of [
    [{ map: '127.0.0.1:1' }, '--map, --data and --battle-url go together'],
    [{ rate: 0 }, '--rate must be > 0'],
  ] as const) {
    t.throws(() => settingsFrom({ ...base, ...over }), { name: 'UsageError', message: says }, says);
  }
  t.equal(settingsFrom(base).target, null, 'no --map: the stack is started here');
  t.throws(() => parseMix('pan=1,fly=2'), { message: /unknown action "fly"/ }, 'an unknown action');
  t.throws(() => parseMix('pan=0'), { message: /at least one action/ }, 'no weight above 0');
  t.equal(parseMix('attack=3').get('attack'), 3, 'a mix parsed');
});

await requireBackends();

t.test('a short run on the real stack: every invariant checked, none violated', async (t) => {
  const services = await inProcessStack('stk');
  t.teardown(() => services.close());
  const s = shortRun({ target: services.target });
  const stack = await prepare(s, () => {});
  t.teardown(() => stack.close());
  const r = await runOnce(s, stack, s.rate, (l) => t.comment(l));
  t.same(r.violations, [], 'no violation');
  t.equal(r.errors, 0, 'no call failed');
  t.equal(r.sessions.failed, 0, 'no session failed');
  t.ok(r.sessions.completed >= 3, `sessions completed (${r.sessions.completed})`);
  const i = r.invariants;
  t.ok(r.marchesStarted > 0, `marches started (${r.marchesStarted})`);
  t.equal(i.marchesSettled, r.marchesStarted, 'every march settled exactly once');
  t.equal(i.ledgerMissing, 0, 'no change of the map missing from the ledger');
  t.ok(i.ledgerEvents > 0, `the ledger saw the changes (${i.ledgerEvents})`);
  t.ok(i.troopChecksDuring > 0, `troops checked at log-outs (${i.troopChecksDuring})`);
  t.equal(i.playersChecked, s.players, 'every player checked after the run');
  t.equal(i.resourcesUnchecked, 0, "every player's resources checked");
  t.ok(i.streamChecks > 0, `stream snapshots compared (${i.streamChecks})`);
  t.ok(i.reportsRecomputed > 0, `battle reports recomputed (${i.reportsRecomputed})`);
  t.ok(i.cacheRecords > s.players * 5, `records verified cache == store (${i.cacheRecords})`);
  // Every RPC and HTTP call of the sessions has its line.
  const names = r.ops.map((o) => o.name);
  for (const op of ['FetchV2', 'CFetchV2', 'QueryViewport', 'Watch', 'StartMarch'])
    t.ok(names.includes(op), `${op} measured`);
  // A report is read in a session only when its battle ended before the session's log-out,
  // which depends on the machine's speed (on a quiet one a 2 s run ends first); the checks
  // after the run read and recompute every report, measured in their own table.
  const checkNames = r.checkOps.map((o) => o.name);
  for (const op of ['GetReport', 'POST /v1/battles'])
    t.ok(names.includes(op) || checkNames.includes(op), `${op} measured`);
  t.equal(r.valid, r.problems.length === 0);
});
