// @slg/db-proxy: the gRPC gateway to MySQL. Other packages use `build` to run
// one in-process (tests) and the schema loader and types.
export { type BuildOptions, build, configWith, type DbProxyApp, SERVICE_NAME } from './app.ts';
export type { Backend, Dialect } from './backends/types.ts';
export { type DbProxyConfig, defaults, loadDbProxyConfig } from './config.ts';
export { loadQueries, type NamedQuery } from './queries.ts';
export {
  type Cell,
  type Column,
  type ColumnType,
  defaultSchemaPath,
  loadSchema,
  type Schema,
  SchemaError,
  type Table,
  VERSION_COLUMN,
} from './schema.ts';
export { parseBackends, slotOf } from './shards.ts';
