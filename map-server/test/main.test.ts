// Configuration: defaults, every problem listed at once, and the process exiting 78 on a bad one.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@slg/service-kit';
import t from 'tap';
import { configFromEnv } from '../src/config.ts';

t.test('defaults', async (t) => {
  const c = configFromEnv({});
  t.equal(c.port, 50053);
  t.equal(c.metricsPort, 9103);
  t.equal(c.dataServerAddress, '127.0.0.1:50052');
  t.equal(c.battleUrl, 'http://127.0.0.1:8080');
  t.same([c.width, c.height, c.regionSize], [1200, 1200, 100]);
});

t.test('every bad variable is named', async (t) => {
  const err = (() => {
    try {
      configFromEnv({
        MAPSERVER_PORT: 'x',
        MAPSERVER_WIDTH: '3',
        MAPSERVER_DATASERVER_ADDR: 'nowhere',
        MAPSERVER_BATTLE_URL: 'ftp://a/b',
        MAPSERVER_SPEED: '0.5',
      });
    } catch (e) {
      return e as ConfigError;
    }
    throw new Error('expected a ConfigError');
  })();
  t.type(err, ConfigError);
  t.equal(err.problems.length, 5, err.message);
  t.match(err.message, /MAPSERVER_PORT="x"/);
  t.match(err.message, /MAPSERVER_WIDTH="3": must be an integer from 8 to 10000/);
  t.match(err.message, /MAPSERVER_DATASERVER_ADDR="nowhere": must be host:port/);
  t.match(err.message, /MAPSERVER_BATTLE_URL="ftp:\/\/a\/b": must be http:\/\/host:port/);
  t.match(err.message, /MAPSERVER_SPEED="0.5": must be an integer from 1/);
});

t.test('a bad variable stops the process with exit code 78', async (t) => {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, MAPSERVER_REGION_SIZE: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const [code] = (await once(child, 'exit')) as [number];
  t.equal(code, 78);
  t.match(err, /MAPSERVER_REGION_SIZE="0": must be an integer from 4 to 1000/);
});
