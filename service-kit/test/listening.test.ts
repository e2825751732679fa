// The listening line (a service's bound ports) and the 'stack up' line of scripts/start.ts: what
// a service writes is what its starters read back.
import { pino } from 'pino';
import t from 'tap';
import {
  formatStackUp,
  LISTENING_MSG,
  listeningPorts,
  logListening,
  parseStackUp,
} from '../src/index.ts';

function capture(level: string) {
  const lines: string[] = [];
  const logger = pino({ name: 'svc', level }, { write: (s: string) => lines.push(s.trimEnd()) });
  return { logger, lines };
}

t.test('the listening line is written at any level, and read back', async (t) => {
  for (const level of ['info', 'warn', 'silent']) {
    const { logger, lines } = capture(level);
    logger.info('not at this level');
    logListening(logger, { port: 41023, metricsPort: 39211 }, { backends: ['sqlite:x'] });
    const written = lines.filter((l) => l.includes(`"msg":"${LISTENING_MSG}"`));
    t.equal(written.length, 1, `LOG_LEVEL=${level}: one listening line`);
    const log = JSON.parse(written[0]!) as Record<string, unknown>;
    t.match(log, {
      name: 'svc',
      level: 30,
      port: 41023,
      metricsPort: 39211,
      backends: ['sqlite:x'],
    });
    t.same(listeningPorts(log), { port: 41023, metricsPort: 39211 }, 'from the parsed object');
    t.same(listeningPorts(written[0]), { port: 41023, metricsPort: 39211 }, 'from the raw line');
    t.equal(logger.level, level, "the service's own level is unchanged");
  }
  const { logger, lines } = capture('warn');
  logListening(logger, { port: 8080, metricsPort: null }, { port: 1, msg: 'other' });
  t.same(listeningPorts(lines[0]), { port: 8080, metricsPort: null }, 'extras never override');
});

t.test('other lines are not a listening line', async (t) => {
  for (const line of [
    'listening',
    '{"msg":"listening"}',
    '{"msg":"listening","port":0}',
    '{"msg":"listening","port":"80"}',
    '{"msg":"started","port":80}',
    '{not json',
  ])
    t.equal(listeningPorts(line), undefined, line);
  t.equal(listeningPorts(null), undefined);
});

t.test("the 'stack up' line names every bound port", async (t) => {
  const services = [
    { name: 'db-proxy', port: 50051, metricsPort: 9101 },
    { name: 'data-server', port: 41000, metricsPort: 41001 },
    { name: 'battle-server', port: 8080, metricsPort: 8080 },
    { name: 'map-server', port: 50053, metricsPort: null },
  ];
  const line = formatStackUp(services);
  t.equal(
    line,
    'stack up: db-proxy :50051 (metrics :9101), data-server :41000 (metrics :41001), battle-server :8080, map-server :50053 (no metrics) — Ctrl-C stops it',
  );
  const parsed = parseStackUp(`[npm start] ${line}`);
  t.same(
    [...(parsed ?? [])].map(([name, p]) => ({ name, ...p })),
    services,
    'read back, prefixed or not',
  );
  t.equal(parseStackUp('stack down'), undefined);
});
