// The bad-input corpus covers every method the services serve: each method of each service
// definition (the generated ones, as the services register them) has cases in the corpus. A new
// RPC without corpus cases fails here, naming it. No server needed: the cases are data.
import {
  slg_dataserver_v2_DataServiceDefinition,
  slg_dbproxy_v1_DbProxyDefinition,
  slg_mapserver_v1_MapServiceDefinition,
  slg_mapserver_v1_ViewportServiceDefinition,
} from '@slg/proto';
import t from 'tap';
import { dataServerCases } from './corpus/dataserver-cases.ts';
import { dbProxyCases } from './corpus/dbproxy-cases.ts';
import { battleCases } from './corpus/http-cases.ts';
import { mapServerCases, stateCases, watchCases } from './corpus/mapserver-cases.ts';

t.test('every gRPC method has corpus cases', async (t) => {
  const paths = new Map<string, number>();
  for (const c of [...dbProxyCases(), ...dataServerCases(), ...mapServerCases(), ...stateCases()])
    paths.set(c.path, (paths.get(c.path) ?? 0) + 1);
  paths.set('/slg.mapserver.v1.ViewportService/Watch', watchCases().length);
  for (const def of [
    slg_dbproxy_v1_DbProxyDefinition,
    slg_dataserver_v2_DataServiceDefinition,
    slg_mapserver_v1_MapServiceDefinition,
    slg_mapserver_v1_ViewportServiceDefinition,
  ]) {
    for (const m of Object.values(def)) {
      const n = paths.get(m.path) ?? 0;
      t.ok(n >= 10, `${m.path}: ${n} cases`);
    }
  }
  // Health and reflection: scripts/test/corpus-stack-http.test.ts sends cases to each of their methods.
});

t.test('every battle-server route has corpus cases', async (t) => {
  const routes = new Set(battleCases().map((c) => c.route));
  for (const r of [
    'GET /v1/battles/sample/:seed',
    'POST /v1/battles',
    'no route',
    'malformed HTTP',
  ])
    t.ok(routes.has(r), r);
  // GET /v1/battles/canned, /healthz, /readyz and /metrics take no input: their wrong methods,
  // paths and framing are in 'no route' and 'malformed HTTP'.
  const raw = battleCases().map((c) => c.raw.toString('latin1'));
  for (const path of ['/healthz', '/readyz', '/metrics', '/v1/battles/canned'])
    t.ok(
      raw.some((r) => r.includes(` ${path} `)),
      `${path}: a case names it`,
    );
});
