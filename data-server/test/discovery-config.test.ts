// data-server's discovery variables, checked once with the rest of its configuration.
import { ConfigError } from '@slg/service-kit';
import t from 'tap';
import { configFromEnv } from '../src/config.ts';

const etcd = 'etcd://127.0.0.1:2379/slg/db-proxy?ttl=5';
const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    configFromEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

t.test('DATASERVER_DBPROXY_ADDR and DATASERVER_REGISTER', async (t) => {
  t.equal(configFromEnv({}).dbProxyAddress, '127.0.0.1:50051', 'static by default');
  t.equal(configFromEnv({}).register, '', 'no registration by default');
  const c = configFromEnv({ DATASERVER_DBPROXY_ADDR: etcd, DATASERVER_REGISTER: etcd });
  t.equal(c.dbProxyAddress, etcd);
  t.equal(c.register, etcd);
  t.match(problems({ DATASERVER_DBPROXY_ADDR: 'etcd://h:2379' }), [
    /^DATASERVER_DBPROXY_ADDR="etcd:\/\/h:2379": must be etcd:\/\/host:port/,
  ]);
  t.match(problems({ DATASERVER_DBPROXY_ADDR: 'nohost' }), [
    /^DATASERVER_DBPROXY_ADDR="nohost": must be host:port or etcd:\/\//,
  ]);
  t.match(problems({ DATASERVER_REGISTER: '127.0.0.1:2379' }), [
    /^DATASERVER_REGISTER="127.0.0.1:2379": must be etcd:\/\//,
  ]);
  t.equal(
    problems({ DATASERVER_DBPROXY_ADDR: 'etcd://x', DATASERVER_REGISTER: 'etcd://h:1/a?ttl=1' })
      .length,
    2,
    'both listed together',
  );
});
