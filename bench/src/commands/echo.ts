// `bench echo`: the machine's gRPC ceiling alone (a bare grpc-js echo service in a child process).
import { Command } from 'commander';
import { DEFAULT_WEIGHTS } from '../data/operations.ts';
import { loadGameSchema } from '../data/schema.ts';
import { estimateMessageSizes } from '../data/sizes.ts';
import { ceilingLike, measureCeiling } from '../lib/ceiling.ts';
import { collectEnvironment, environmentLine } from '../lib/environment.ts';
import { percentiles } from '../lib/histogram.ts';
import {
  describeLoad,
  loadOptions,
  loadSettingsFrom,
  parseNonNegativeNumber,
  UsageError,
} from '../lib/options.ts';
import { bytes, caseStudyLine, int, latencyTable, totals, totalsLine } from '../lib/report.ts';
import {
  defaultResultPath,
  RESULT_SCHEMA_VERSION,
  showPath,
  writeResult,
} from '../lib/result-file.ts';

export function echoCommand(): Command {
  const cmd = new Command('echo')
    .description(
      "the machine's gRPC ceiling: load a bare grpc-js echo service (started by the bench) with the same client settings as a data run",
    )
    .option(
      '--request-bytes <n>',
      "request payload size (default: the data workload's typical request)",
      parseNonNegativeNumber,
    )
    .option(
      '--response-bytes <n>',
      "response payload size (default: the data workload's typical response)",
      parseNonNegativeNumber,
    );
  for (const o of loadOptions({ duration: '10s' })) cmd.addOption(o);
  cmd.action(async (o: Record<string, unknown>) => {
    const s = loadSettingsFrom(o);
    if (s.requests !== null)
      throw new UsageError('bench echo runs for a duration: use --duration, not --requests');
    const env = collectEnvironment();
    const est = estimateMessageSizes(loadGameSchema(), DEFAULT_WEIGHTS, {
      seed: 1,
      members: 3,
      firstPlayer: 1_000_000n,
    });
    const requestBytes = (o.requestBytes as number | undefined) ?? est.requestBytes;
    const responseBytes = (o.responseBytes as number | undefined) ?? est.responseBytes;
    console.log(
      `bench echo: ${describeLoad(s)}; request ${bytes(requestBytes)}, response ${bytes(responseBytes)}`,
    );
    console.log(environmentLine(env));
    const r = await measureCeiling(
      ceilingLike(s, { durationMs: s.durationMs!, rate: s.rate, requestBytes, responseBytes }),
    );
    for (const op of r.ops) console.log(caseStudyLine(op));
    console.log(latencyTable(r.ops, r.elapsedS));
    const t = totals(r.ops, r.elapsedS);
    console.log(totalsLine(t));
    const percent = (cores: number | null) =>
      cores === null ? '?' : `${(cores * 100).toFixed(0)}%`;
    console.log(
      `client CPU ${percent(r.client.cores)} of one core; echo server CPU ${percent(r.server?.cores ?? null)} of one core, peak RSS ${r.server?.peakRssBytes ? bytes(r.server.peakRssBytes) : '?'}`,
    );
    if (r.firstError) console.log(`first error: ${r.firstError}`);
    const path = writeResult(s.out ?? defaultResultPath('echo', env.startedAt), {
      schemaVersion: RESULT_SCHEMA_VERSION,
      kind: 'echo',
      environment: env,
      settings: { ...s, requestBytes, responseBytes },
      totals: t,
      ops: r.ops.map((op) => ({ ...op, percentilesUs: percentiles(op) })),
      client: r.client,
      servers: r.server ? [r.server] : [],
    });
    console.log(`result: ${showPath(path)}`);
    console.log(
      s.rate === null
        ? `ceiling: ${int(r.rate)} requests/s`
        : `open model: ${int(s.rate)} requests/s intended, ${int(r.rate)} answered per second; latency counts from each intended send time`,
    );
    if (t.errors > 0 || t.mismatches > 0) process.exitCode = 1;
  });
  return cmd;
}
