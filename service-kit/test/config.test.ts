import t from 'tap';
import { ConfigError, listenPort, loadConfig, num, port, str } from '../src/index.ts';

t.test('every problem is reported together', async (t) => {
  const spec = { A_PORT: port(), B_NUM: num({ default: 1 }), C_STR: str() };
  const err = (() => {
    try {
      loadConfig(spec, { A_PORT: 'abc', B_NUM: 'x' });
    } catch (e) {
      return e;
    }
    return undefined;
  })();
  t.type(err, ConfigError);
  const problems = (err as ConfigError).problems;
  t.equal(problems.length, 3);
  t.match(problems.join('\n'), /A_PORT="abc"/);
  t.match(problems.join('\n'), /B_NUM="x"/);
  t.match(problems.join('\n'), /C_STR: required but not set/);
});

t.test('defaults apply and values are typed', async (t) => {
  const c = loadConfig(
    { A_PORT: port({ default: 8080 }), B_NUM: num({ default: 2 }) },
    { B_NUM: '7' },
  );
  t.equal(c.A_PORT, 8080);
  t.equal(c.B_NUM, 7);
});

t.test('listenPort: 0 (any free port) to 65535; anything else names the variable', async (t) => {
  const spec = { A_PORT: listenPort({ default: 50051 }) };
  t.equal(loadConfig(spec, {}).A_PORT, 50051, 'the default');
  t.equal(loadConfig(spec, { A_PORT: '0' }).A_PORT, 0, '0: any free port');
  t.equal(loadConfig(spec, { A_PORT: '65535' }).A_PORT, 65535);
  for (const bad of ['-1', '65536', 'abc', '1.5', '', '080', '0x50']) {
    t.throws(
      () => loadConfig(spec, { A_PORT: bad }),
      {
        name: 'ConfigError',
        problems: [
          `A_PORT=${JSON.stringify(bad)}: must be an integer from 0 to 65535 (0: any free port)`,
        ],
      },
      `A_PORT=${JSON.stringify(bad)} refused`,
    );
  }
});
