// @slg/battle-server: the app builder, the runners and the battle model.
export { type BuildOptions, build } from './app.ts';
export { type BattleTask, runTask, summarize } from './battle-task.ts';
export { type BattleConfig, configSpec, readConfig } from './config.ts';
export * from './model/index.ts';
export { type PoolOptions, PoolRunner } from './pool.ts';
export { type BattleRunner, InlineRunner, type RunnerStats } from './runner.ts';
export { type RunningServer, serve, startServer } from './server.ts';
