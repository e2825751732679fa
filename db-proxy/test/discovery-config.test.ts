// db-proxy's discovery variable, checked once with the rest of its configuration.
import t from 'tap';
import { loadDbProxyConfig } from '../src/config.ts';

t.test('DBPROXY_REGISTER', async (t) => {
  t.equal(loadDbProxyConfig({}).register, '', 'no registration by default');
  const etcd = 'etcd://127.0.0.1:2379,127.0.0.2:2379/slg/db-proxy?ttl=5&advertise=10.0.0.5';
  t.equal(loadDbProxyConfig({ DBPROXY_REGISTER: etcd }).register, etcd);
  t.throws(() => loadDbProxyConfig({ DBPROXY_REGISTER: 'etcd://h:2379/slg/x?ttl=1' }), {
    name: 'ConfigError',
    problems: [/^DBPROXY_REGISTER=.*ttl="1": must be an integer from 2 to 3600/],
  });
});
