// @slg/map-server: build() for tests, embedding and the bench, and the pieces they use.
export { type BuildOptions, build, type MapServer, serviceName } from './app.ts';
export { type Clock, ManualClock, systemClock } from './clock.ts';
export { configFromEnv, defaultConfig, envSpec, type MapServerConfig } from './config.ts';
export { type BattleClient, HttpBattleClient } from './engine/battles.ts';
export { DiscoveredBattleClient } from './engine/battles-discovered.ts';
export { MAX_MARCHES, reportIdOf } from './engine/march-engine.ts';
export { T as tables } from './store/records.ts';
export { DataServerStore, type MapStore } from './store/store.ts';
export { World } from './world/world.ts';
