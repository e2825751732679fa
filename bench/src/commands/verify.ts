// `bench verify`: the post-verification alone, reading the expected state of every record from
// the JSON a `bench data` run wrote.

import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { defaultSchemaPath, loadGameSchema } from '../data/schema.ts';
import { verifyAndReport } from '../data/verify.ts';
import { parseNonNegativeNumber, parsePositiveInt } from '../lib/options.ts';
import { readResult, showPath, writeResult } from '../lib/result-file.ts';
import { type DataResult, targetOptions } from './data.ts';

export function verifyCommand(): Command {
  const cmd = new Command('verify')
    .description(
      'the post-verification alone: compare every record a `bench data` run knows (from its JSON) as data-server serves it, as db-proxy stores it, and as expected',
    )
    .argument('<result.json>', 'the JSON file of a `bench data` run');
  for (const o of targetOptions()) cmd.addOption(o);
  cmd
    .option('-c, --concurrency <n>', 'verification calls in flight', parsePositiveInt, 32)
    .option('--deadline-ms <ms>', 'gRPC deadline of every call', parsePositiveInt, 10_000)
    .option('--print-limit <n>', 'mismatches printed (all are counted)', parseNonNegativeNumber, 50)
    .option('--update', 'write the verification into the result file')
    .option('--schema <file>', "db-proxy's schema file (default: the run's, else the repo's)")
    .action(async (file: string, o: Record<string, unknown>) => {
      const run = readResult<DataResult>(file);
      if (run.kind !== 'data' || !Array.isArray(run.records))
        throw new Error(`${file} is not the result of a bench data run`);
      // The run's schema file when it is here (a result may come from another machine).
      const schemaPath =
        (o.schema as string | undefined) ??
        (existsSync(run.settings.schemaPath) ? run.settings.schemaPath : defaultSchemaPath);
      const v = await verifyAndReport(
        {
          target: o.target as string,
          dbproxy: (o.dbproxy as string | undefined) ?? null,
          schema: loadGameSchema(schemaPath),
          records: run.records,
          concurrency: o.concurrency as number,
          deadlineMs: o.deadlineMs as number,
          printLimit: o.printLimit as number,
        },
        ` of ${showPath(file)}`,
        (line) => console.log(line),
      );
      if (o.update) {
        run.verification = v.result;
        writeResult(file, run);
      }
      process.exitCode = v.failed ? 1 : 0;
    });
  return cmd;
}
