// CPU per request: what each measured process spent per request it served, beside what the bare
// grpc-js echo server spent per call in the ceiling phases of the same run (its multiple of
// that, "x echo"), and the load generator's CPU per request beside its own per echo call. These
// figures hold on any machine (a share of two busy cores changes the rate, not the CPU a request
// costs), and they are what decides how many players one machine serves.
import type { CeilingResult } from './ceiling.ts';
import { commandLabel } from './proc.ts';
import type { UsageSampler } from './proc-stats.ts';
import { int, table } from './report.ts';

/** One process's CPU over a set of phases, and the requests served meanwhile. */
interface CpuSample {
  cpuS: number;
  requests: number;
}

interface ProcessCost {
  pid: number;
  /** What the process is (its command line, shortened). */
  label: string;
  cpuS: number;
  requests: number;
  /** CPU microseconds per request. */
  us: number;
  /** `us` over the echo server's CPU per call (null without a ceiling). */
  multipleOfEcho: number | null;
  /** Microseconds per request its threads waited for a CPU (null: not readable). */
  waitUs: number | null;
}

export interface CpuPerRequest {
  /** The bare echo server, per call, in the ceiling phases of the run (E). */
  echoServer: { cpuS: number; calls: number; us: number } | null;
  /** The load generator's own CPU per echo call in those phases. */
  echoClient: { cpuS: number; calls: number; us: number } | null;
  /** Each server process given by --server-pids whose CPU could be read. */
  servers: ProcessCost[];
  /** The servers together (the whole stack behind the load generator). */
  serversTotal: { cpuS: number; us: number; multipleOfEcho: number | null } | null;
  /** The load generator per request, and its multiple of its per-echo-call figure. */
  client: {
    cpuS: number;
    requests: number;
    us: number;
    multipleOfEchoClient: number | null;
    waitUs: number | null;
  };
}

const perUs = (cpuS: number, n: number) => (n > 0 ? (cpuS * 1e6) / n : 0);
const waitPerUs = (s: number | null | undefined, n: number) => (s == null ? null : perUs(s, n));

/**
 * The run's CPU per request. `echoServer` and `echoClient`: the ceiling phases' CPU and calls
 * (summed over the phases); `servers`: per server process, its CPU over the measured phases
 * (null when /proc could not be read); `requests`: the requests the measured phases sent.
 */
export function cpuPerRequest(o: {
  echoServer: CpuSample | null;
  echoClient: CpuSample | null;
  servers: { pid: number; label: string; cpuS: number | null; runQueueWaitS?: number | null }[];
  clientCpuS: number;
  clientRunQueueWaitS?: number | null;
  requests: number;
}): CpuPerRequest {
  const perCall = (e: CpuSample | null) =>
    e && e.requests > 0 ? { cpuS: e.cpuS, calls: e.requests, us: perUs(e.cpuS, e.requests) } : null;
  const echo = perCall(o.echoServer);
  const echoClient = perCall(o.echoClient);
  const multiple = (us: number, of: { us: number } | null) => (of && of.us > 0 ? us / of.us : null);
  const servers: ProcessCost[] = o.servers.flatMap((s) => {
    if (s.cpuS === null) return [];
    const us = perUs(s.cpuS, o.requests);
    return [
      {
        pid: s.pid,
        label: s.label,
        cpuS: s.cpuS,
        requests: o.requests,
        us,
        multipleOfEcho: multiple(us, echo),
        waitUs: waitPerUs(s.runQueueWaitS, o.requests),
      },
    ];
  });
  const totalCpu = servers.reduce((n, s) => n + s.cpuS, 0);
  const totalUs = perUs(totalCpu, o.requests);
  const clientUs = perUs(o.clientCpuS, o.requests);
  return {
    echoServer: echo,
    echoClient,
    servers,
    serversTotal:
      servers.length > 0
        ? { cpuS: totalCpu, us: totalUs, multipleOfEcho: multiple(totalUs, echo) }
        : null,
    client: {
      cpuS: o.clientCpuS,
      requests: o.requests,
      us: clientUs,
      multipleOfEchoClient: multiple(clientUs, echoClient),
      waitUs: waitPerUs(o.clientRunQueueWaitS, o.requests),
    },
  };
}

/** A run's CPU per request from its measured phases' usage and the echo phases beside them. */
export function cpuBesideEcho(
  ceilings: readonly CeilingResult[],
  usage: ReturnType<UsageSampler['stop']>,
  requests: number,
): CpuPerRequest {
  const measured = ceilings.filter((c) => c.server?.cpuS != null);
  const sum = (xs: number[]) => xs.reduce((n, v) => n + v, 0);
  return cpuPerRequest({
    echoServer: measured.length
      ? {
          cpuS: sum(measured.map((c) => c.server!.cpuS!)),
          requests: sum(measured.map((c) => c.requests)),
        }
      : null,
    echoClient: ceilings.length
      ? {
          cpuS: sum(ceilings.map((c) => c.client.userCpuS + c.client.systemCpuS)),
          requests: sum(ceilings.map((c) => c.requests)),
        }
      : null,
    servers: usage.servers.map((srv) => ({
      pid: srv.pid,
      label: commandLabel(srv.pid, srv.name),
      cpuS: srv.cpuS,
      runQueueWaitS: srv.runQueueWaitS,
    })),
    clientCpuS: usage.client.userCpuS + usage.client.systemCpuS,
    clientRunQueueWaitS: usage.client.runQueueWaitS,
    requests,
  });
}

const x = (m: number | null) => (m === null ? '-' : `${m.toFixed(2)}x`);
const us = (v: number) => (v >= 100 ? int(v) : v.toFixed(1));

/**
 * The printed table: one row per process, CPU per request in µs and the multiple of E, and
 * (where the kernel keeps schedstat) the µs per request its threads waited for a CPU.
 */
export function cpuTable(c: CpuPerRequest): string {
  const waits = c.servers.some((s) => s.waitUs !== null) || c.client.waitUs !== null;
  const wait = (v: number | null) => (v === null ? '-' : us(v));
  const rows: string[][] = [];
  if (c.echoServer)
    rows.push([
      'echo server (ceiling phases), per call = E',
      '',
      int(c.echoServer.calls),
      us(c.echoServer.us),
      '1.00x',
      '',
    ]);
  for (const s of c.servers)
    rows.push([
      s.label,
      String(s.pid),
      int(s.requests),
      us(s.us),
      x(s.multipleOfEcho),
      wait(s.waitUs),
    ]);
  if (c.serversTotal && c.servers.length > 1)
    rows.push([
      'all servers above',
      '',
      int(c.client.requests),
      us(c.serversTotal.us),
      x(c.serversTotal.multipleOfEcho),
      '',
    ]);
  if (waits)
    rows.push([
      'load generator (this process)',
      '',
      int(c.client.requests),
      us(c.client.us),
      '',
      wait(c.client.waitUs),
    ]);
  const head = ['process', 'pid', `requests`, 'CPU us', 'x echo', 'waited us'];
  const lines = [
    `CPU per request (us; "x echo": its multiple of E, the echo server's CPU per call in the same run${waits ? '; "waited": the time its threads were ready to run but found no free CPU, per request' : ''}):`,
    table(waits ? head : head.slice(0, -1), waits ? rows : rows.map((r) => r.slice(0, -1))),
    `load generator: ${us(c.client.us)} us per request` +
      (c.echoClient
        ? ` against ${us(c.echoClient.us)} us per echo call: ${x(c.client.multipleOfEchoClient)} its echo client`
        : ''),
  ];
  if (c.servers.length === 0)
    lines.push('(no server CPU: give the servers with --server-pids to measure theirs)');
  return lines.join('\n');
}
