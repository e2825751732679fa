// The services the images carry, in one place: what each image holds besides
// its bundle, and how it is reached. The build stage stages from this list
// (stage.ts); the verification checks the images against it (verify.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib.ts';

export interface ServiceImage {
  name: 'db-proxy' | 'data-server' | 'map-server' | 'battle-server' | 'console';
  /** Files besides <name>/dist/ the bundle reads at run time, repo-relative (same path under /app). */
  assets: string[];
  /** The port variable and its default. */
  portVar: string;
  port: number;
  /** Its /metrics port variable, when apart from the main port. */
  metricsPortVar?: string;
  metricsPort?: number;
  health: 'grpc' | 'http';
}

export const SERVICES: ServiceImage[] = [
  {
    name: 'db-proxy',
    assets: ['db-proxy/schema/game.json', 'db-proxy/config/queries.json'],
    portVar: 'DBPROXY_PORT',
    port: 50051,
    metricsPortVar: 'DBPROXY_METRICS_PORT',
    metricsPort: 9101,
    health: 'grpc',
  },
  {
    name: 'data-server',
    // data-server validates records against db-proxy's schema file (DATASERVER_SCHEMA_PATH).
    assets: ['db-proxy/schema/game.json'],
    portVar: 'DATASERVER_PORT',
    port: 50052,
    metricsPortVar: 'DATASERVER_METRICS_PORT',
    metricsPort: 9102,
    health: 'grpc',
  },
  {
    name: 'map-server',
    assets: [],
    portVar: 'MAPSERVER_PORT',
    port: 50053,
    metricsPortVar: 'MAPSERVER_METRICS_PORT',
    metricsPort: 9103,
    health: 'grpc',
  },
  {
    name: 'battle-server',
    assets: [],
    portVar: 'BATTLE_PORT',
    port: 8080,
    health: 'http',
  },
  {
    // Its page is in console/dist/web/, inside the bundle's folder.
    name: 'console',
    assets: [],
    portVar: 'CONSOLE_PORT',
    port: 8090,
    health: 'http',
  },
];

/** The services of this checkout (map-server only once its main exists). */
export function presentServices(root = repoRoot): ServiceImage[] {
  return SERVICES.filter((s) => existsSync(join(root, s.name, 'src', 'main.ts')));
}
