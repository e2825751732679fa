// The piscina task: a battle task in, its JSON out. It loads the model only (no HTTP, no logger),
// to keep each worker thread small.
import { type BattleTask, runTask } from './battle-task.ts';

export default function battleWorker(task: BattleTask): string {
  return runTask(task);
}
