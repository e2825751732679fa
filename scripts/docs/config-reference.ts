// docs/reference/configuration.md, made from the services' own configuration definitions: the
// envalid specs of each service's config.ts (their kit helpers carry the bounds), service-kit's
// common variables and its security variables. Nothing here restates a default or a bound.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { configSpec as battleSpec } from '@slg/battle-server/config';
import { envSpec as consoleSpec } from '@slg/console/config';
import { envSpec as dataServerSpec } from '@slg/data-server/config';
import { integers as dbProxyIntegers, spec as dbProxySpec } from '@slg/db-proxy/config';
import { envSpec as mapServerSpec } from '@slg/map-server/config';
import { grpcLimitsEnv } from '@slg/service-kit';
import {
  commonEnv,
  describeEnv,
  type EnvVarReference,
  securityEnvReference,
} from '@slg/service-kit/core';
import { escapeCell, generatedNote } from './markdown.ts';

/**
 * A default that is a path of this checkout is shown relative to the checkout's root, so that
 * the page is the same on every machine (and for a worktree whose packages resolve elsewhere).
 */
function portablePath(value: string): string {
  if (!value.startsWith('/')) return value;
  for (let dir = dirname(value); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'slg-backend') {
      const rel = relative(dir, value);
      return value.endsWith('/') ? `${rel}/` : rel;
    }
  }
  return value;
}

function table(rows: readonly EnvVarReference[]): string[] {
  const out = [
    '| variable | type | default | accepted | what it does |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const def = r.default === '' ? '(empty)' : `\`${escapeCell(portablePath(r.default))}\``;
    out.push(
      `| \`${r.name}\` | ${r.type} | ${def} | ${escapeCell(r.range)} | ${escapeCell(r.desc)} |`,
    );
  }
  return out;
}

/** The variables of `spec` that are not the kit's common ones (nor its gRPC limits). */
function own(spec: Parameters<typeof describeEnv>[0]): EnvVarReference[] {
  return describeEnv(spec).filter((r) => !(r.name in commonEnv) && !(r.name in grpcLimitsEnv));
}

export function configReference(): string {
  const services: [name: string, source: string, rows: EnvVarReference[]][] = [
    ['db-proxy', 'db-proxy/src/config.ts', [...own(dbProxySpec), ...describeEnv(dbProxyIntegers)]],
    ['data-server', 'data-server/src/config.ts', own(dataServerSpec)],
    ['map-server', 'map-server/src/config.ts', own(mapServerSpec)],
    ['battle-server', 'battle-server/src/config.ts', own(battleSpec)],
    ['console', 'console/src/config.ts', own(consoleSpec)],
  ];
  const lines = [
    '# Configuration reference',
    '',
    generatedNote(
      "each service's `src/config.ts` (the console's included), service-kit's `src/common-env.ts`, `src/grpc-limits.ts` and `src/tls.ts`",
    ),
    '',
    'Every service reads its environment once, at start-up, and checks it whole: a bad value',
    'stops the service with exit code 78 and one message naming every problem',
    '(`DBPROXY_POOL_SIZE="0": must be an integer from 1 to 1000`). A few checks span variables',
    '(`DBPROXY_MAP_LEASE_MS` at least twice `DBPROXY_MAP_REFRESH_MS`, `DATASERVER_REDIS_URL` or',
    '`DATASERVER_REDIS_CLUSTER` but not both); their messages name both. A port of 0 takes any free',
    'port, which the service reports in its `"msg":"listening"` log line.',
    '',
    '## Every service',
    '',
    ...table(describeEnv(commonEnv)),
    '',
    '### Limits of a gRPC port',
    '',
    'Read by db-proxy, data-server and map-server (`service-kit/src/grpc-limits.ts`). A connection',
    'over the cap is closed as it is accepted; one that sent no request in time gets a GOAWAY.',
    '',
    ...table(describeEnv(grpcLimitsEnv)),
    '',
    '### Security between services',
    '',
    'The same for every service, and read by the bench; what they protect and what stays open:',
    '[the security guide](../guides/security.md).',
    '',
    ...table(securityEnvReference),
  ];
  for (const [name, source, rows] of services) {
    lines.push('', `## ${name}`, '', `From \`${source}\`.`, '', ...table(rows));
  }
  lines.push('');
  return lines.join('\n');
}
