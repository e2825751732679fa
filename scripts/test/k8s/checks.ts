// What the test of deploy/k8s checks, as functions that return the problems they find (one
// line each), so that the test can also show each check failing on a broken copy.
//   - schemas: every object against the Kubernetes API's JSON schema of its kind (the OpenAPI
//     definitions as the npm package kubernetes-models ships them, compiled by ajv), and
//     strictly (no field the API does not know) through TypeScript's excess-property check
//     against the same package's declarations;
//   - cross-references: env vars, ports, probes, images, addresses, selectors, budgets,
//     autoscalers, architecture pinning, resources against the measured figures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig as battleConfig } from '@slg/battle-server';
import { configFromEnv as consoleConfig } from '@slg/console';
import { configFromEnv as dataServerConfig } from '@slg/data-server';
import { loadDbProxyConfig } from '@slg/db-proxy';
import { configFromEnv as mapServerConfig } from '@slg/map-server';
import { commonEnv } from '@slg/service-kit/core';
import { typeCheckLiterals } from '../typecheck-literals.ts';
import type { K8sObject } from './render.ts';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

// ---------------------------------------------------------------- loose views of the objects

interface Probe {
  grpc?: { port: number; service?: string };
  httpGet?: { path?: string; port: number | string };
  tcpSocket?: { port: number | string };
  exec?: { command: string[] };
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: {
    requests?: Record<string, string | number>;
    limits?: Record<string, string | number>;
  };
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: {
    containers: Container[];
    affinity?: {
      nodeAffinity?: {
        requiredDuringSchedulingIgnoredDuringExecution?: {
          nodeSelectorTerms: { matchExpressions?: { key: string; values?: string[] }[] }[];
        };
      };
    };
  };
}
interface Workload extends K8sObject {
  spec: {
    replicas?: number;
    serviceName?: string;
    selector: { matchLabels?: Record<string, string> };
    template: PodTemplate;
  };
}
interface ServiceObj extends K8sObject {
  spec: {
    clusterIP?: string;
    selector?: Record<string, string>;
    ports: { name?: string; port: number; targetPort?: number | string }[];
  };
}

const isWorkload = (o: K8sObject): o is Workload =>
  o.kind === 'Deployment' || o.kind === 'StatefulSet';
const workloads = (objects: K8sObject[]) => objects.filter(isWorkload);
const byKind = <T extends K8sObject>(objects: K8sObject[], kind: string) =>
  objects.filter((o) => o.kind === kind) as T[];
const id = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

// ---------------------------------------------------------------- the stack's own services

interface Effective {
  host: string;
  port: number;
  /** The /metrics (and /healthz) port; battle-server serves them on its HTTP port. */
  metricsPort: number;
}

export interface ServiceSpec {
  /** The Deployment's name, the docker-bake target and the Dockerfile stage. */
  name: string;
  protocol: 'grpc' | 'http';
  /** The file that reads every variable the service reads (README: "read once"). */
  configFile: string;
  prefix: string;
  /** The service's own config loader: throws on a bad value. */
  load: (env: NodeJS.ProcessEnv) => Effective;
}

export const SERVICES: ServiceSpec[] = [
  {
    name: 'db-proxy',
    protocol: 'grpc',
    configFile: 'db-proxy/src/config.ts',
    prefix: 'DBPROXY_',
    load: (env) => {
      const c = loadDbProxyConfig(env);
      return { host: c.host, port: c.port, metricsPort: c.metricsPort ?? -1 };
    },
  },
  {
    name: 'data-server',
    protocol: 'grpc',
    configFile: 'data-server/src/config.ts',
    prefix: 'DATASERVER_',
    load: (env) => dataServerConfig(env),
  },
  {
    name: 'map-server',
    protocol: 'grpc',
    configFile: 'map-server/src/config.ts',
    prefix: 'MAPSERVER_',
    load: (env) => mapServerConfig(env),
  },
  {
    name: 'battle-server',
    protocol: 'http',
    configFile: 'battle-server/src/config.ts',
    prefix: 'BATTLE_',
    load: (env) => {
      const c = battleConfig(env);
      return { host: c.host, port: c.port, metricsPort: c.port };
    },
  },
  {
    name: 'console',
    protocol: 'http',
    configFile: 'console/src/config.ts',
    prefix: 'CONSOLE_',
    load: (env) => {
      const c = consoleConfig(env);
      return { host: c.host, port: c.port, metricsPort: c.port };
    },
  },
];

/**
 * The addresses each service must be given in Kubernetes: their defaults are 127.0.0.1 (or,
 * for DBPROXY_BACKENDS and DATASERVER_REDIS_URL, the embedded single-process backends).
 */
export const REQUIRED_ENV: Record<string, string[]> = {
  'db-proxy': ['DBPROXY_BACKENDS'],
  'data-server': ['DATASERVER_DBPROXY_ADDR', 'DATASERVER_REDIS_URL'],
  'map-server': ['MAPSERVER_DATASERVER_ADDR', 'MAPSERVER_BATTLE_URL'],
  'battle-server': [],
  console: [
    'CONSOLE_MAPSERVER_ADDR',
    'CONSOLE_DATASERVER_ADDR',
    'CONSOLE_DBPROXY_METRICS_URL',
    'CONSOLE_DATASERVER_METRICS_URL',
    'CONSOLE_MAPSERVER_METRICS_URL',
    'CONSOLE_BATTLE_METRICS_URL',
  ],
};

/** Read by Node or glibc, not by a service's config: a manifest may set these too. */
const PROCESS_ENV = new Set(['NODE_OPTIONS', 'NODE_ENV', 'MALLOC_ARENA_MAX']);

/** The variables a service's config reads: its prefix's names in its config file, and the kit's. */
export function envNamesRead(s: ServiceSpec): Set<string> {
  const source = readFileSync(join(root, s.configFile), 'utf8');
  const names = new Set(Object.keys(commonEnv));
  for (const m of source.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g)) {
    if (m[0].startsWith(s.prefix)) names.add(m[0]);
  }
  return names;
}

/** `ENV` of the Dockerfile's `runtime` stage and of the service's stage. */
export function imageEnv(service: string): Record<string, string> {
  const text = readFileSync(join(root, 'Dockerfile.multiarch'), 'utf8');
  const env: Record<string, string> = {};
  let stage = '';
  for (const line of text.split('\n')) {
    const from = /^FROM\s.*\bAS\s+(\S+)/i.exec(line);
    if (from) stage = from[1]!;
    const e = /^ENV\s+(.*)$/.exec(line);
    if (e && (stage === 'runtime' || stage === service)) {
      for (const pair of e[1]!.trim().split(/\s+/)) {
        const [k, ...v] = pair.split('=');
        env[k!] = v.join('=');
      }
    }
  }
  return env;
}

/** The images docker-bake.hcl builds, by target: `${REGISTRY default}/${name}:${TAG default}`. */
export function bakeImages(): Map<string, string> {
  const hcl = readFileSync(join(root, 'docker-bake.hcl'), 'utf8');
  const def = (v: string) =>
    new RegExp(`variable "${v}" \\{[^}]*?default = "([^"]*)"`, 's').exec(hcl)?.[1];
  const registry = def('REGISTRY');
  const tag = def('TAG');
  if (registry === undefined || tag === undefined) throw new Error('docker-bake.hcl: no defaults');
  const images = new Map<string, string>();
  for (const m of hcl.matchAll(
    /target "([a-z0-9-]+)" \{[^}]*?tags\s*=\s*image_tags\("([^"]+)"\)/gs,
  )) {
    images.set(m[1]!, `${registry}/${m[2]}:${tag}`);
  }
  return images;
}

/** The backends' images, not the stack's (the StatefulSets of a "bring your own"-able backend). */
export const BACKEND_IMAGES: Record<string, string> = {
  mariadb: 'docker.io/library/mariadb:11.4',
  redis: 'docker.io/library/redis:7.4',
};

/**
 * Memory figures measured under load, MiB (docs/guides/kubernetes.md cites each): a memory request
 * must hold the working set under load, the limit the highest peak measured.
 */
export const MEASURED_MIB: Record<string, { load: number; peak: number }> = {
  'db-proxy': { load: 300, peak: 300 },
  'data-server': { load: 300, peak: 300 },
  'map-server': { load: 411, peak: 461.5 },
  'battle-server': { load: 286, peak: 286 },
  console: { load: 114, peak: 114 },
};

// ---------------------------------------------------------------- helpers

/** A Kubernetes quantity in base units (bytes, cores). */
export function quantity(q: string | number): number {
  if (typeof q === 'number') return q;
  const m = /^([0-9.]+)(m|k|Ki|M|Mi|G|Gi|T|Ti)?$/.exec(q);
  if (!m) throw new Error(`not a quantity: ${q}`);
  const units: Record<string, number> = {
    m: 1e-3,
    k: 1e3,
    Ki: 1024,
    M: 1e6,
    Mi: 1024 ** 2,
    G: 1e9,
    Gi: 1024 ** 3,
    T: 1e12,
    Ti: 1024 ** 4,
  };
  return Number(m[1]) * (m[2] ? units[m[2]]! : 1);
}

function secretValue(objects: K8sObject[], name: string, key: string): string | undefined {
  const s = objects.find((o) => o.kind === 'Secret' && o.metadata.name === name) as
    | (K8sObject & { stringData?: Record<string, string>; data?: Record<string, string> })
    | undefined;
  if (s?.stringData?.[key] !== undefined) return s.stringData[key];
  const b64 = s?.data?.[key];
  return b64 === undefined ? undefined : Buffer.from(b64, 'base64').toString('utf8');
}

function configMapValue(objects: K8sObject[], name: string, key: string): string | undefined {
  const c = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name) as
    | (K8sObject & { data?: Record<string, string> })
    | undefined;
  return c?.data?.[key];
}

/** The environment a container gets: the image's, then the manifest's (values resolved). */
function containerEnv(
  objects: K8sObject[],
  service: string,
  c: Container,
  problems: string[],
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...imageEnv(service) };
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    else if (e.valueFrom?.secretKeyRef) {
      const { name, key } = e.valueFrom.secretKeyRef;
      const v = secretValue(objects, name, key);
      if (v === undefined)
        problems.push(`${service}: env ${e.name}: no key ${key} in Secret ${name}`);
      else env[e.name] = v;
    } else if (e.valueFrom?.configMapKeyRef) {
      const { name, key } = e.valueFrom.configMapKeyRef;
      const v = configMapValue(objects, name, key);
      if (v === undefined)
        problems.push(`${service}: env ${e.name}: no key ${key} in ConfigMap ${name}`);
      else env[e.name] = v;
    } else problems.push(`${service}: env ${e.name}: no value this check can resolve`);
  }
  return env;
}

function portNumber(c: Container, port: number | string): number | undefined {
  if (typeof port === 'number') return port;
  return c.ports?.find((p) => p.name === port)?.containerPort;
}

function selects(
  selector: Record<string, string> | undefined,
  labels: Record<string, string> = {},
) {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

function archValues(w: Workload): string[] | undefined {
  const terms =
    w.spec.template.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution
      ?.nodeSelectorTerms ?? [];
  for (const t of terms) {
    for (const e of t.matchExpressions ?? []) if (e.key === 'kubernetes.io/arch') return e.values;
  }
  return undefined;
}

/**
 * Whether `host:port` reaches a Service port of the rendered objects: `svc`, `svc.ns`,
 * `svc.ns.svc[.cluster.local]`, or a StatefulSet pod `sts-N.svc[...]` behind a headless Service.
 * Returns the problem, or undefined.
 */
function addressProblem(objects: K8sObject[], host: string, port: number): string | undefined {
  const labels = host.split('.');
  let name = labels[0]!;
  let pod: string | undefined;
  const services = byKind<ServiceObj>(objects, 'Service');
  if (!services.some((s) => s.metadata.name === name) && labels.length > 1) {
    pod = labels[0];
    name = labels[1]!;
  }
  const svc = services.find((s) => s.metadata.name === name);
  if (!svc) return `${host}: no Service ${name}`;
  const rest = labels.slice(pod ? 2 : 1);
  const ns = svc.metadata.namespace;
  if (rest.length > 0 && (rest[0] !== ns || (rest.length > 1 && rest[1] !== 'svc')))
    return `${host}: Service ${name} is in namespace ${ns}`;
  if (!svc.spec.ports.some((p) => p.port === port))
    return `${host}:${port}: Service ${name} has no port ${port}`;
  if (pod) {
    const sts = byKind<Workload>(objects, 'StatefulSet').find((s) => s.spec.serviceName === name);
    if (svc.spec.clusterIP !== 'None') return `${host}: pod DNS needs Service ${name} headless`;
    const m = /^(.+)-(\d+)$/.exec(pod);
    if (!sts || !m || m[1] !== sts.metadata.name || Number(m[2]) >= (sts.spec.replicas ?? 1))
      return `${host}: no pod ${pod} of a StatefulSet behind Service ${name}`;
  }
  return undefined;
}

// ---------------------------------------------------------------- the checks

interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** ajv's standalone validators carry no messages: ajv's wording, from keyword and params. */
function describe(e: SchemaError): string {
  const p = e.params;
  switch (e.keyword) {
    case 'type':
      return `must be ${p.type}`;
    case 'format':
      return `must match format "${p.format}"`;
    case 'required':
      return `must have required property '${p.missingProperty}'`;
    case 'enum':
      return `must be one of ${JSON.stringify(p.allowedValues)}`;
    default:
      return `${e.keyword} ${JSON.stringify(p)}`;
  }
}

/** Every object against the JSON schema of its apiVersion/kind (kubernetes-models, ajv). */
export async function schemaProblems(objects: K8sObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const o of objects) {
    const [group, version] = o.apiVersion.includes('/')
      ? o.apiVersion.split('/')
      : ['core', o.apiVersion];
    const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
    const schema = `IoK8sApi${cap(group!.split('.')[0]!)}${cap(version!)}${o.kind}`;
    let validate: ((data: unknown) => boolean) & { errors?: SchemaError[] | null };
    try {
      ({ validate } = await import(`kubernetes-models/_schemas/${schema}`));
    } catch {
      problems.push(`${id(o)}: no schema for ${o.apiVersion} ${o.kind} in kubernetes-models`);
      continue;
    }
    if (!validate(o)) {
      for (const e of validate.errors ?? [])
        problems.push(`${id(o)}: ${e.instancePath || '/'} ${describe(e)}`);
    }
  }
  return problems;
}

/**
 * No field the API does not know: each object as an object literal of the kind's interface in
 * kubernetes-models, type-checked (excess-property errors name the field and the type).
 */
export function strictFieldProblems(objects: K8sObject[]): string[] {
  return typeCheckLiterals(
    objects.map((o) => ({
      label: id(o),
      type: `I${o.kind}`,
      from: `kubernetes-models/${o.apiVersion}/${o.kind}`,
      value: o,
    })),
  );
}

/** Env vars, images, ports, probes, hosts, addresses, resources of the stack's Deployments. */
export function serviceProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const images = bakeImages();
  for (const s of SERVICES) {
    const d = byKind<Workload>(objects, 'Deployment').find((o) => o.metadata.name === s.name);
    if (!d) {
      problems.push(`${s.name}: no Deployment`);
      continue;
    }
    const [c, ...more] = d.spec.template.spec.containers;
    if (!c || more.length) {
      problems.push(`${s.name}: one container expected`);
      continue;
    }
    // The image: what docker-bake.hcl builds for this target.
    if (images.get(s.name) !== c.image)
      problems.push(`${s.name}: image ${c.image} is not docker-bake's ${images.get(s.name)}`);
    // Every variable set is one the service reads; the service accepts the values.
    const read = envNamesRead(s);
    for (const e of c.env ?? []) {
      if (!read.has(e.name) && !PROCESS_ENV.has(e.name))
        problems.push(`${s.name}: env ${e.name} is not read by ${s.configFile}`);
    }
    for (const name of REQUIRED_ENV[s.name] ?? []) {
      if (!c.env?.some((e) => e.name === name)) problems.push(`${s.name}: ${name} is not set`);
    }
    const env = containerEnv(objects, s.name, c, problems);
    let eff: Effective;
    try {
      eff = s.load(env);
    } catch (err) {
      problems.push(`${s.name}: its config refuses the environment: ${(err as Error).message}`);
      continue;
    }
    if (eff.host !== '0.0.0.0')
      problems.push(`${s.name}: listens on ${eff.host}, unreachable by the kubelet's probes`);
    // Addresses of the other services in its environment reach a Service port.
    for (const [k, v] of Object.entries(env)) {
      if (!v || !read.has(k)) continue;
      const addrs: [string, number][] = [];
      if (/_ADDR$/.test(k)) {
        const m = /^([^:]+):(\d+)$/.exec(v);
        if (m) addrs.push([m[1]!, Number(m[2])]);
      }
      if (/_URL$|_BACKENDS$/.test(k)) {
        for (const u of v.split(/[\s,]+/).filter(Boolean)) {
          if (!/^[a-z]+:\/\//.test(u)) continue;
          const url = new URL(u);
          const defaults: Record<string, number> = { 'http:': 80, 'redis:': 6379, 'mysql:': 3306 };
          addrs.push([url.hostname, Number(url.port || defaults[url.protocol])]);
        }
      }
      for (const [host, port] of addrs) {
        const p = addressProblem(objects, host, port);
        if (p) problems.push(`${s.name}: ${k}: ${p}`);
      }
    }
    // Ports: the container's are the service's (gRPC and metrics, or HTTP).
    const expected = s.protocol === 'grpc' ? [eff.port, eff.metricsPort].sort() : [eff.port];
    const declared = (c.ports ?? []).map((p) => p.containerPort).sort();
    if (JSON.stringify(declared) !== JSON.stringify(expected))
      problems.push(`${s.name}: container ports ${declared} are not the service's ${expected}`);
    const prom = d.spec.template.metadata?.annotations?.['prometheus.io/port'];
    if (prom !== String(eff.metricsPort))
      problems.push(
        `${s.name}: prometheus.io/port ${prom} is not its metrics port ${eff.metricsPort}`,
      );
    // Probes: on the service's health checks, at its ports.
    for (const kind of ['readinessProbe', 'livenessProbe', 'startupProbe'] as const) {
      const probe = c[kind];
      if (!probe) {
        if (kind !== 'startupProbe') problems.push(`${s.name}: no ${kind}`);
        continue;
      }
      if (probe.grpc) {
        if (s.protocol !== 'grpc')
          problems.push(`${s.name}: ${kind}: gRPC probe on an HTTP service`);
        if (probe.grpc.port !== eff.port)
          problems.push(
            `${s.name}: ${kind}: gRPC port ${probe.grpc.port} is not its port ${eff.port}`,
          );
        if ((probe.grpc.service ?? '') !== '')
          problems.push(
            `${s.name}: ${kind}: health of "${probe.grpc.service}", not the server's ""`,
          );
      } else if (probe.httpGet) {
        const port = portNumber(c, probe.httpGet.port);
        const paths = s.protocol === 'http' ? ['/healthz', '/readyz'] : ['/healthz'];
        if (port !== eff.metricsPort)
          problems.push(
            `${s.name}: ${kind}: HTTP port ${probe.httpGet.port} is not ${eff.metricsPort}`,
          );
        if (!paths.includes(probe.httpGet.path ?? '/'))
          problems.push(`${s.name}: ${kind}: ${probe.httpGet.path} is none of ${paths.join(', ')}`);
      } else problems.push(`${s.name}: ${kind}: neither its gRPC health nor its HTTP check`);
    }
    const ready = c.readinessProbe;
    if (s.protocol === 'grpc' ? !ready?.grpc : ready?.httpGet?.path !== '/readyz')
      problems.push(`${s.name}: readiness is not its health check (gRPC health, or /readyz)`);
    // Resources: requests and limits, memory at least what was measured.
    const r = c.resources;
    for (const [where, name] of [
      ['requests', 'cpu'],
      ['requests', 'memory'],
      ['limits', 'cpu'],
      ['limits', 'memory'],
    ] as const) {
      if (r?.[where]?.[name] === undefined) problems.push(`${s.name}: no ${where}.${name}`);
    }
    const m = MEASURED_MIB[s.name]!;
    const mib = (q: string | number | undefined) => (q === undefined ? 0 : quantity(q) / 1024 ** 2);
    if (mib(r?.requests?.memory) < m.load)
      problems.push(`${s.name}: memory request under the ${m.load} MiB measured under load`);
    if (mib(r?.limits?.memory) < m.peak)
      problems.push(`${s.name}: memory limit under the ${m.peak} MiB peak measured`);
  }
  return problems;
}

/** Images of the workloads: docker-bake's, or a backend's in its own StatefulSet. */
export function imageProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const stack = new Set(bakeImages().values());
  for (const w of workloads(objects)) {
    for (const c of w.spec.template.spec.containers) {
      const ok =
        (w.kind === 'Deployment' && stack.has(c.image)) ||
        (w.kind === 'StatefulSet' && BACKEND_IMAGES[w.metadata.name] === c.image);
      if (!ok) problems.push(`${id(w)}: image ${c.image} is neither docker-bake's nor a backend's`);
    }
  }
  return problems;
}

/** Selectors select what they mean to, ports resolve, budgets and autoscalers are in place. */
export function wiringProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const ws = workloads(objects);
  for (const w of ws) {
    if (!selects(w.spec.selector.matchLabels, w.spec.template.metadata?.labels))
      problems.push(`${id(w)}: its selector does not match its pod labels`);
    const others = ws.filter(
      (o) => o !== w && selects(w.spec.selector.matchLabels, o.spec.template.metadata?.labels),
    );
    if (others.length) problems.push(`${id(w)}: its selector also selects ${others.map(id)}`);
    if (
      w.kind === 'StatefulSet' &&
      !objects.some((o) => o.kind === 'Service' && o.metadata.name === w.spec.serviceName)
    )
      problems.push(`${id(w)}: serviceName ${w.spec.serviceName} is no Service`);
  }
  for (const svc of byKind<ServiceObj>(objects, 'Service')) {
    const targets = ws.filter((w) => selects(svc.spec.selector, w.spec.template.metadata?.labels));
    if (targets.length !== 1) {
      problems.push(`${id(svc)}: selects ${targets.length} workloads (${targets.map(id)})`);
      continue;
    }
    const c = targets[0]!.spec.template.spec.containers[0]!;
    for (const p of svc.spec.ports) {
      const target = portNumber(c, p.targetPort ?? p.port);
      if (target === undefined || !c.ports?.some((cp) => cp.containerPort === target))
        problems.push(`${id(svc)}: port ${p.port} -> ${p.targetPort}: no such container port`);
      else if (target !== p.port)
        problems.push(`${id(svc)}: port ${p.port} forwards to ${target}: keep them equal`);
    }
  }
  const pdbs = byKind<K8sObject & { spec: { selector: { matchLabels?: Record<string, string> } } }>(
    objects,
    'PodDisruptionBudget',
  );
  for (const pdb of pdbs) {
    const n = ws.filter((w) =>
      selects(pdb.spec.selector.matchLabels, w.spec.template.metadata?.labels),
    );
    if (n.length !== 1) problems.push(`${id(pdb)}: selects ${n.length} workloads`);
  }
  for (const d of byKind<Workload>(objects, 'Deployment')) {
    if (!pdbs.some((p) => selects(p.spec.selector.matchLabels, d.spec.template.metadata?.labels)))
      problems.push(`${id(d)}: no PodDisruptionBudget`);
  }
  const hpas = byKind<
    K8sObject & {
      spec: {
        scaleTargetRef: { apiVersion: string; kind: string; name: string };
        minReplicas?: number;
        maxReplicas: number;
      };
    }
  >(objects, 'HorizontalPodAutoscaler');
  for (const h of hpas) {
    const t = h.spec.scaleTargetRef;
    const d = ws.find(
      (w) => w.kind === t.kind && w.metadata.name === t.name && w.apiVersion === t.apiVersion,
    );
    if (!d) problems.push(`${id(h)}: scales ${t.kind}/${t.name}, which does not exist`);
    else if (d.spec.replicas !== undefined)
      problems.push(`${id(d)}: sets replicas, which every apply would reset under ${id(h)}`);
    if ((h.spec.minReplicas ?? 1) < 2) problems.push(`${id(h)}: minReplicas under 2`);
  }
  for (const name of ['battle-server', 'data-server']) {
    if (!hpas.some((h) => h.spec.scaleTargetRef.name === name))
      problems.push(`${name}: no HorizontalPodAutoscaler`);
  }
  return problems;
}

/** Every workload may run only on `arch` nodes (or on either, for the base). */
export function archProblems(objects: K8sObject[], arches: string[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(objects)) {
    const v = archValues(w);
    if (JSON.stringify(v) !== JSON.stringify(arches))
      problems.push(
        `${id(w)}: kubernetes.io/arch In ${JSON.stringify(v)}, expected ${JSON.stringify(arches)}`,
      );
  }
  return problems;
}
