import t from 'tap';
import {
  bool,
  ConfigError,
  describeEnv,
  int,
  listenPort,
  loadConfig,
  nonNegativeNum,
  num,
  port,
  positiveNum,
  readInts,
  str,
} from '../src/index.ts';

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

t.test('int: its bounds are checked by the validator and named in the message', async (t) => {
  const spec = { N: int({ default: 5, min: 1, max: 10, desc: 'a count' }) };
  t.equal(loadConfig(spec, {}).N, 5, 'the default');
  t.equal(loadConfig(spec, { N: '10' }).N, 10, 'the upper bound is allowed');
  t.equal(loadConfig(spec, { N: ' 1 ' }).N, 1, 'spaces around are ignored');
  for (const bad of ['0', '11', '2.5', 'abc', '']) {
    t.throws(
      () => loadConfig(spec, { N: bad }),
      {
        name: 'ConfigError',
        problems: [`N=${JSON.stringify(bad)}: must be an integer from 1 to 10`],
      },
      `N=${JSON.stringify(bad)} refused, once`,
    );
  }
});

t.test(
  'positiveNum and nonNegativeNum take fractions and refuse what is out of range',
  async (t) => {
    const spec = {
      P: positiveNum({ default: 1, desc: 'above 0' }),
      Z: nonNegativeNum({ default: 0, desc: '0 or more' }),
    };
    const ok = loadConfig(spec, { P: '0.5', Z: '0' });
    t.same([ok.P, ok.Z], [0.5, 0]);
    t.throws(() => loadConfig(spec, { P: '0', Z: '-0.1' }), {
      name: 'ConfigError',
      problems: ['P="0": must be a positive number', 'Z="-0.1": must be 0 or more'],
    });
    t.throws(() => loadConfig(spec, { P: 'Infinity' }), {
      name: 'ConfigError',
      problems: ['P="Infinity": must be a positive number'],
    });
  },
);

t.test('readInts: blank takes the default, every bad value is named', async (t) => {
  const spec = {
    A: int({ default: 3, min: 1, max: 9, desc: 'a' }),
    B: int({ default: 4, min: 1, max: 9, desc: 'b' }),
    C: int({ default: 5, min: 1, max: 9, desc: 'c' }),
  };
  const { values, problems } = readInts(spec, { A: ' ', B: '7', C: '10' });
  t.equal(values.A, 3, 'blank: the default');
  t.equal(values.B, 7);
  t.same(problems, ['C="10": must be an integer from 1 to 9']);
});

t.test('describeEnv: every column from the definitions, in their order', async (t) => {
  const rows = describeEnv({
    A_PORT: listenPort({ default: 50051, desc: 'gRPC port' }),
    B_COUNT: int({ default: 16, min: 1, max: 1000, desc: 'connections' }),
    C_TTL: positiveNum({ default: 3000, desc: 'a lease' }),
    D_WAIT: nonNegativeNum({ default: 3, desc: 'a wait' }),
    E_MODE: str({ default: 'env', choices: ['env', 'backend'], desc: 'where the map is' }),
    F_URL: str({ default: '', desc: 'empty: none' }),
    G_ON: bool({ default: false, desc: 'a switch' }),
    H_SIZE: num({ default: 1.5, desc: 'any number' }),
  });
  t.same(rows, [
    {
      name: 'A_PORT',
      type: 'port',
      default: '50051',
      range: '0 to 65535 (0: any free port)',
      desc: 'gRPC port',
    },
    { name: 'B_COUNT', type: 'integer', default: '16', range: '1 to 1000', desc: 'connections' },
    { name: 'C_TTL', type: 'number', default: '3000', range: '> 0', desc: 'a lease' },
    { name: 'D_WAIT', type: 'number', default: '3', range: '≥ 0', desc: 'a wait' },
    {
      name: 'E_MODE',
      type: 'string',
      default: 'env',
      range: 'env, backend',
      desc: 'where the map is',
    },
    { name: 'F_URL', type: 'string', default: '', range: '', desc: 'empty: none' },
    { name: 'G_ON', type: 'boolean', default: 'false', range: '', desc: 'a switch' },
    { name: 'H_SIZE', type: 'number', default: '1.5', range: '', desc: 'any number' },
  ]);
  t.throws(() => describeEnv({ X: str({ default: '' }) }), /X: no description/);
});
