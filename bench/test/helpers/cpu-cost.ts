// The checks every CPU-per-request figure of a run must pass against the raw figures beside it.
import type { Test } from 'tap';
import type { CpuPerRequest } from '../../src/lib/cpu-cost.ts';

export /** What every CpuPerRequest of a run must satisfy, against the raw figures it came from. */
function checkConsistent(
  t: Test,
  c: CpuPerRequest,
  requests: number,
  pid: number,
  what: string,
): void {
  t.ok(c.echoServer && c.echoServer.calls > 0 && c.echoServer.us > 0, `${what}: E measured`);
  const e = c.echoServer!;
  t.ok(Math.abs(e.us - (e.cpuS * 1e6) / e.calls) < 1e-6, `${what}: E = echo CPU / echo calls`);
  t.equal(c.servers.length, 1, `${what}: the one server pid`);
  const s = c.servers[0]!;
  t.equal(s.pid, pid);
  t.equal(s.requests, requests, `${what}: per request of the measured phases`);
  t.ok(s.cpuS > 0 && s.us > 0, `${what}: the server's CPU was read`);
  t.ok(Math.abs(s.us - (s.cpuS * 1e6) / requests) < 1e-6, `${what}: us = CPU / requests`);
  t.ok(Math.abs(s.multipleOfEcho! - s.us / e.us) < 1e-9, `${what}: multiple = server / E`);
  t.ok(c.client.us > 0 && c.echoClient && c.echoClient.us > 0, `${what}: the load generator's`);
  t.ok(
    Math.abs(c.client.multipleOfEchoClient! - c.client.us / c.echoClient!.us) < 1e-9,
    `${what}: client multiple = client / echo client`,
  );
}
