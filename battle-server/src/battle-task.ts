// The unit of work of the service, shared by the pool's worker threads and the in-line runner:
// a task in, a JSON string out (the JSON is made where the battle is fought, so the HTTP thread
// only copies bytes).
import { simulate } from './model/engine.ts';
import { sampleBattle } from './model/sample.ts';
import type { BattleInput, BattleResult } from './model/types.ts';

export type BattleTask =
  | { kind: 'sample'; seed: number }
  | { kind: 'battle'; input: BattleInput; report: boolean };

/** The ~200-byte answer of the sample endpoint. */
export function summarize(r: BattleResult): string {
  const a = r.attacker;
  const d = r.defender;
  return (
    `{"seed":${r.seed},"winner":"${r.winner}","rounds":${r.rounds},` +
    `"attacker":{"dead":${a.dead},"wounded":${a.wounded}},` +
    `"defender":{"dead":${d.dead},"wounded":${d.wounded}},` +
    `"hash":"${r.hash}"}`
  );
}

export function runTask(task: BattleTask): string {
  if (task.kind === 'sample') return summarize(simulate(sampleBattle(task.seed)));
  return JSON.stringify(simulate(task.input, { report: task.report }));
}
