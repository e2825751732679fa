// battle-server's discovery variable, checked once with the rest of its configuration.
import t from 'tap';
import { readConfig } from '../src/config.ts';

t.test('BATTLE_REGISTER', async (t) => {
  t.equal(readConfig({}).register, '', 'no registration by default');
  const etcd = 'etcd://127.0.0.1:2379/slg/battle-server';
  t.equal(readConfig({ BATTLE_REGISTER: etcd }).register, etcd);
  t.throws(() => readConfig({ BATTLE_REGISTER: 'etcd://h:2379/slg/x?tll=5' }), {
    name: 'ConfigError',
    problems: [/^BATTLE_REGISTER=.*unknown parameter "tll"/],
  });
});
