// @slg/data-server: build() for tests and embedding, and the pieces a checker uses.
export { type BuildOptions, build, cacheHealthName, type DataServer, serviceName } from './app.ts';
export type { Cache, CacheState } from './cache/interface.ts';
export { MemoryCache } from './cache/memory.ts';
export { RedisCache } from './cache/redis.ts';
export { configFromEnv, type DataServerConfig, defaultConfig, envSpec } from './config.ts';
export type { ReadHooks } from './read-through.ts';
export { countRecords, decodeFetch, Keys } from './records.ts';
export { loadSchemaInfo, type SchemaInfo, type TableInfo } from './schema.ts';
export { dataServiceDefinition } from './service.ts';
