// @slg/console: build() for tests and embedding.
export { type BuildOptions, build, type ConsoleApp } from './app.ts';
export { loadAssets, type WebAssets, webBuildOptions } from './assets.ts';
export { type ConsoleConfig, configFromEnv, defaultConfig, envSpec } from './config.ts';
export { quantile, readingOf, StackMetrics, selecting } from './stack-metrics.ts';
