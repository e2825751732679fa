// map-server's discovery variables, checked once with the rest of its configuration.
import t from 'tap';
import { configFromEnv } from '../src/config.ts';

t.test('MAPSERVER_DATASERVER_ADDR and MAPSERVER_BATTLE_URL', async (t) => {
  t.equal(configFromEnv({}).dataServerAddress, '127.0.0.1:50052', 'static by default');
  t.equal(configFromEnv({}).battleUrl, 'http://127.0.0.1:8080');
  const ds = 'etcd://127.0.0.1:2379/slg/data-server';
  const battle = 'etcd://127.0.0.1:2379/slg/battle-server';
  const c = configFromEnv({ MAPSERVER_DATASERVER_ADDR: ds, MAPSERVER_BATTLE_URL: battle });
  t.equal(c.dataServerAddress, ds);
  t.equal(c.battleUrl, battle);
  t.throws(
    () =>
      configFromEnv({
        MAPSERVER_DATASERVER_ADDR: 'etcd://h/slg/x',
        MAPSERVER_BATTLE_URL: 'etcd://h:1/a b',
      }),
    {
      name: 'ConfigError',
      problems: [
        /^MAPSERVER_DATASERVER_ADDR=.*"h" is not host:port/,
        /^MAPSERVER_BATTLE_URL=.*key prefix/,
      ],
    },
  );
});
