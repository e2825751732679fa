import t from 'tap';
import { ConfigError, loadConfig, num, port, str } from '../src/index.ts';

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
