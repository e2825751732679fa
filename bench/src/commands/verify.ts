// `bench verify`: the post-verification alone, reading the expected state of every record from
// the JSON a `bench data` run wrote.

import { Command } from 'commander';
import { loadGameSchema } from '../data/schema.ts';
import { verifyAndReport } from '../data/verify.ts';
import { readResult, showPath } from '../lib/result-file.ts';
import { type DataResult, targetOptions } from './data.ts';

export function verifyCommand(): Command {
  const cmd = new Command('verify')
    .description(
      'the post-verification alone: compare every record a `bench data` run knows (from its JSON) as data-server serves it, as db-proxy stores it, and as expected',
    )
    .argument('<result.json>', 'the JSON file of a `bench data` run');
  for (const o of targetOptions()) cmd.addOption(o);
  cmd.action(async (file: string, o: Record<string, unknown>) => {
    const run = readResult<DataResult>(file);
    if (run.kind !== 'data' || !Array.isArray(run.records))
      throw new Error(`${file} is not the result of a bench data run`);
    // As many calls in flight and the same deadline as the run (as `bench data --verify`).
    const v = await verifyAndReport(
      {
        target: o.target as string,
        dbproxy: (o.dbproxy as string | undefined) ?? null,
        schema: loadGameSchema(),
        records: run.records,
        concurrency: run.settings.concurrency,
        deadlineMs: run.settings.deadlineMs,
        printLimit: 50,
      },
      ` of ${showPath(file)}`,
      (line) => console.log(line),
    );
    process.exitCode = v.failed ? 1 : 0;
  });
  return cmd;
}
