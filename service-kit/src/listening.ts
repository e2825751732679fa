// The ports a service bound, as it reports them and as its starters read them back. A
// service may be told port 0 (any free port: listenPort in config.ts); whoever started it
// learns the port the kernel chose from one log line, never by guessing a free port first
// (another process could take it before the service binds it).
//
// The line: pino JSON on stdout, `"msg":"listening"`, with `port` (gRPC, or battle-server's
// HTTP) and `metricsPort` (where GET /metrics answers: battle-server serves it on `port`;
// null when a service runs without one), e.g.
//   {"level":30,"name":"db-proxy","port":41023,"metricsPort":39211,"msg":"listening"}
// scripts/start.ts reads these lines and prints every bound port in its 'stack up' line
// (formatStackUp below), which the stack's own starters read back (parseStackUp).
import type { Logger } from './logger.ts';

export const LISTENING_MSG = 'listening';

export interface ListeningPorts {
  port: number;
  /** Where GET /metrics answers (battle-server: `port`); null: no /metrics server. */
  metricsPort: number | null;
}

/**
 * Writes the service's listening line, whatever LOG_LEVEL says: the starters run the services
 * at LOG_LEVEL=warn (or quieter) and still need the bound ports, and one info line per process
 * is no noise. A child logger of its own level does it without changing the service's level.
 * `extra` adds fields (never `port`, `metricsPort` or `msg`).
 */
export function logListening(
  logger: Logger,
  ports: ListeningPorts,
  extra: Record<string, unknown> = {},
): void {
  logger
    .child({}, { level: 'info' })
    .info({ ...extra, port: ports.port, metricsPort: ports.metricsPort }, LISTENING_MSG);
}

const isPort = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 65_535;

/** The ports of a listening line: a parsed log object, or a raw line of output; else undefined. */
export function listeningPorts(log: unknown): ListeningPorts | undefined {
  let entry = log;
  if (typeof entry === 'string') {
    if (!entry.startsWith('{')) return undefined;
    try {
      entry = JSON.parse(entry) as unknown;
    } catch {
      return undefined;
    }
  }
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { msg, port, metricsPort } = entry as Record<string, unknown>;
  if (msg !== LISTENING_MSG || !isPort(port)) return undefined;
  return { port, metricsPort: isPort(metricsPort) ? metricsPort : null };
}

export const STACK_UP = 'stack up:';

/**
 * scripts/start.ts's last line once every service listens, naming each one's bound ports:
 *   stack up: db-proxy :50051 (metrics :9101), battle-server :8080 — Ctrl-C stops it
 * A metrics port that is the service's own port (battle-server) is not repeated.
 */
export function formatStackUp(services: ({ name: string } & ListeningPorts)[]): string {
  const each = services.map(({ name, port, metricsPort }) => {
    if (metricsPort === port) return `${name} :${port}`;
    return `${name} :${port} (${metricsPort === null ? 'no metrics' : `metrics :${metricsPort}`})`;
  });
  return `${STACK_UP} ${each.join(', ')} — Ctrl-C stops it`;
}

/** Every service's ports from a formatStackUp line (anywhere in `line`), by name; else undefined. */
export function parseStackUp(line: string): Map<string, ListeningPorts> | undefined {
  const at = line.indexOf(STACK_UP);
  if (at < 0) return undefined;
  const out = new Map<string, ListeningPorts>();
  const each = /([a-z][a-z-]*) :(\d+)(?: \((?:metrics :(\d+)|(no metrics))\))?/g;
  for (const m of line.slice(at + STACK_UP.length).matchAll(each)) {
    const port = Number(m[2]);
    out.set(m[1]!, { port, metricsPort: m[4] ? null : m[3] ? Number(m[3]) : port });
  }
  return out;
}
