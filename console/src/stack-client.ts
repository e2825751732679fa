// The console's calls to the stack, read-only: map-server (the world, viewports, cities, marches,
// reports, and its Watch stream) and data-server (a player's record, its reports' list). Every
// call has the config's deadline; TLS and the internal token are the stack's (SLG_* variables).
import * as grpc from '@grpc/grpc-js';
import {
  type slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
  slg_mapserver_v1_ViewportServiceDefinition,
} from '@slg/proto';
import { clientSettings, createGrpcClient, type GrpcClient, type Security } from '@slg/service-kit';

export type MapClient = GrpcClient<typeof slg_mapserver_v1_MapServiceDefinition>;
export type DataClient = GrpcClient<typeof slg_dataserver_v2_DataServiceDefinition>;
export type WatchCall = grpc.ClientDuplexStream<
  slg.mapserver.v1.IWatchRequest,
  slg.mapserver.v1.WatchEvent
>;

export interface StackClient {
  map: MapClient;
  data: DataClient;
  /** A new Watch stream (on its own channel: closing it closes nothing else). */
  watch(): WatchCall;
  close(): void;
}

export function stackClient(opts: {
  mapServerAddress: string;
  dataServerAddress: string;
  deadlineMs: number;
  security: Security | undefined;
}): StackClient {
  const common = { deadlineMs: opts.deadlineMs, security: opts.security ?? {} };
  const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, opts.mapServerAddress, {
    ...common,
    idempotent: ['GetWorld', 'QueryViewport', 'GetCity', 'ListMarches', 'GetReport'],
  });
  const data = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, opts.dataServerAddress, {
    ...common,
    idempotent: ['FetchV2', 'CFetchV2'],
  });
  const { credentials, options } = clientSettings(opts.security ?? {});
  // One channel for every stream of this process: grpc-js multiplexes them on one connection.
  // Reconnects as the kit's unary clients do: a restarted map-server is found within 2 s, not
  // after grpc-js's default backoff of up to two minutes.
  const streams = new grpc.Client(opts.mapServerAddress, credentials, {
    ...options,
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.initial_reconnect_backoff_ms': 100,
    'grpc.max_reconnect_backoff_ms': 2_000,
  });
  const def = slg_mapserver_v1_ViewportServiceDefinition.Watch;
  return {
    map,
    data,
    watch: () =>
      streams.makeBidiStreamRequest(
        def.path,
        def.requestSerialize,
        def.responseDeserialize,
      ) as WatchCall,
    close() {
      map.close();
      data.close();
      streams.close();
    },
  };
}
