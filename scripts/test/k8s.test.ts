// deploy/k8s, offline: the base and both architecture overlays rendered (the kustomize subset
// of k8s/render.ts), every object valid against the Kubernetes API's JSON schemas (npm's
// kubernetes-models: the API's OpenAPI definitions compiled by ajv) and strict (no unknown
// field), and wired to the services as they are (k8s/checks.ts). Each check is also shown
// failing on a broken copy, so that a green run means something.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import t from 'tap';
import { parseAllDocuments } from 'yaml';
import {
  archProblems,
  bakeImages,
  imageProblems,
  root,
  SERVICES,
  schemaProblems,
  serviceProblems,
  strictFieldProblems,
  wiringProblems,
} from './k8s/checks.ts';
import { type K8sObject, render } from './k8s/render.ts';

const dir = join(root, 'deploy/k8s');
const base = render(join(dir, 'base'));
const overlays = { amd64: render(join(dir, 'amd64')), arm64: render(join(dir, 'arm64')) };

// biome-ignore lint/suspicious/noExplicitAny: the test edits parsed YAML at known paths
type Loose = any;
const find = (objects: K8sObject[], kind: string, name: string): Loose =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
/** The first container of a workload, in a deep copy of `objects` that the test may break. */
function broken(edit: (objects: K8sObject[]) => void): K8sObject[] {
  const copy = structuredClone(base);
  edit(copy);
  return copy;
}
const container = (objects: K8sObject[], name: string): Loose =>
  find(objects, 'Deployment', name).spec.template.spec.containers[0]!;

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const kustomize = kubectl.status === 0 ? false : 'kubectl (and its kustomize) is not installed';

t.test(
  'render.ts renders as kustomize does (kubectl kustomize)',
  { skip: kustomize },
  async (t) => {
    const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
    const sorted = (objects: K8sObject[]) =>
      [...objects].sort((a, b) => key(a).localeCompare(key(b)));
    for (const [name, objects] of [['base', base], ...Object.entries(overlays)] as const) {
      const out = spawnSync('kubectl', ['kustomize', join(dir, name)], { encoding: 'utf8' });
      t.equal(out.status, 0, `kubectl kustomize deploy/k8s/${name}: ${out.stderr}`);
      const theirs = parseAllDocuments(out.stdout).map((d) => d.toJS() as K8sObject);
      t.same(sorted(objects), sorted(theirs), `deploy/k8s/${name}: the same objects`);
    }
  },
);

t.test('the base renders the whole stack', async (t) => {
  const kinds = base.map((o) => `${o.kind}/${o.metadata.name}`).sort();
  for (const s of SERVICES) {
    for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget']) {
      t.ok(kinds.includes(`${kind}/${s.name}`), `${kind}/${s.name}`);
    }
  }
  for (const name of ['battle-server', 'data-server']) {
    t.ok(kinds.includes(`HorizontalPodAutoscaler/${name}`), `HorizontalPodAutoscaler/${name}`);
  }
  t.ok(kinds.includes('StatefulSet/mariadb') && kinds.includes('StatefulSet/redis'), 'backends');
  t.ok(
    base.every((o) => o.kind === 'Namespace' || o.metadata.namespace === 'slg'),
    'every namespaced object in slg',
  );
  t.same([...bakeImages().keys()].sort(), SERVICES.map((s) => s.name).sort(), 'bake targets');
});

for (const [name, objects] of [['base', base], ...Object.entries(overlays)] as const) {
  t.test(`${name}: valid against the Kubernetes API schemas`, async (t) => {
    t.same(await schemaProblems(objects), [], 'JSON schema of each kind');
  });
}

t.test('base: no field the API does not know (strict)', async (t) => {
  t.same(strictFieldProblems(base), []);
});

t.test('base: wired to the services as they are', async (t) => {
  t.same(serviceProblems(base), [], 'env, images, ports, probes, hosts, addresses, resources');
  t.same(imageProblems(base), [], 'images');
  t.same(wiringProblems(base), [], 'selectors, Service ports, budgets, autoscalers');
});

t.test('architecture: the base runs anywhere, each overlay on its own', async (t) => {
  t.same(archProblems(base, ['amd64', 'arm64']), []);
  for (const [arch, objects] of Object.entries(overlays)) {
    t.same(archProblems(objects, [arch]), [], `${arch}: every workload pinned`);
    // Nothing else differs from the base.
    const unpinned: Loose[] = structuredClone(objects);
    for (const o of unpinned) {
      if (o.kind !== 'Deployment' && o.kind !== 'StatefulSet') continue;
      const terms =
        o.spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution
          .nodeSelectorTerms;
      terms[0]!.matchExpressions[0]!.values = ['amd64', 'arm64'];
    }
    t.same(unpinned, base, `${arch}: the base but for the pinning`);
  }
});

t.test('each check fails on a broken copy', async (t) => {
  const cases: [
    string,
    (o: K8sObject[]) => void,
    RegExp,
    (o: K8sObject[]) => Promise<string[]> | string[],
  ][] = [
    [
      'a field of the wrong type',
      (o) => {
        find(o, 'Deployment', 'db-proxy').spec.replicas = 'two';
      },
      /Deployment\/db-proxy: \/spec\/replicas must be integer/,
      schemaProblems,
    ],
    [
      'a quantity that is none',
      (o) => {
        container(o, 'data-server').resources.requests.memory = '320MB';
      },
      /resources\/requests\/memory must match format "quantity"/,
      schemaProblems,
    ],
    [
      'a misspelt field',
      (o) => {
        const c = container(o, 'map-server');
        c.readinesProbe = c.readinessProbe!;
        delete c.readinessProbe;
      },
      /Deployment\/map-server: .*readinesProbe.* does not exist in type 'IContainer'/,
      strictFieldProblems,
    ],
    [
      'a variable the service does not read',
      (o) => {
        container(o, 'data-server').env.push({
          name: 'DATASERVER_REDIS_URI',
          value: 'redis://redis:6379',
        });
      },
      /data-server: env DATASERVER_REDIS_URI is not read by data-server\/src\/config.ts/,
      serviceProblems,
    ],
    [
      'a value the service refuses',
      (o) => {
        container(o, 'map-server').env.push({
          name: 'MAPSERVER_WIDTH',
          value: 'wide',
        });
      },
      /map-server: its config refuses the environment: [\s\S]*MAPSERVER_WIDTH="wide"/,
      serviceProblems,
    ],
    [
      'a probe on another port',
      (o) => {
        container(o, 'db-proxy').readinessProbe.grpc.port = 50052;
      },
      /db-proxy: readinessProbe: gRPC port 50052 is not its port 50051/,
      serviceProblems,
    ],
    [
      'an address no Service answers',
      (o) => {
        const env = container(o, 'data-server').env as unknown as { name: string; value: string }[];
        env.find((e) => e.name === 'DATASERVER_DBPROXY_ADDR')!.value = 'db-proxy:50052';
      },
      /data-server: DATASERVER_DBPROXY_ADDR: db-proxy:50052: Service db-proxy has no port 50052/,
      serviceProblems,
    ],
    [
      'an address left to its default',
      (o) => {
        const c = container(o, 'map-server');
        c.env = (c.env as unknown as { name: string }[]).filter(
          (e) => e.name !== 'MAPSERVER_BATTLE_URL',
        );
      },
      /map-server: MAPSERVER_BATTLE_URL is not set/,
      serviceProblems,
    ],
    [
      'a memory request under the measured load',
      (o) => {
        container(o, 'battle-server').resources.requests.memory = '128Mi';
      },
      /battle-server: memory request under the 286 MiB measured under load/,
      serviceProblems,
    ],
    [
      'an image docker-bake does not build',
      (o) => {
        container(o, 'db-proxy').image = 'slg/db-proxi:dev';
      },
      /Deployment\/db-proxy: image slg\/db-proxi:dev is neither/,
      imageProblems,
    ],
    [
      'a Service selecting nothing',
      (o) => {
        find(o, 'Service', 'battle-server').spec.selector = {
          'app.kubernetes.io/name': 'battle',
        };
      },
      /Service\/battle-server: selects 0 workloads/,
      wiringProblems,
    ],
    [
      'a Deployment whose selector misses its pods',
      (o) => {
        find(o, 'Deployment', 'data-server').spec.selector.matchLabels = {
          app: 'data-server',
        };
      },
      /Deployment\/data-server: its selector does not match its pod labels/,
      wiringProblems,
    ],
    [
      'a replica count under an autoscaler',
      (o) => {
        find(o, 'Deployment', 'battle-server').spec.replicas = 3;
      },
      /Deployment\/battle-server: sets replicas, which every apply would reset/,
      wiringProblems,
    ],
    [
      'an autoscaler of nothing',
      (o) => {
        find(o, 'HorizontalPodAutoscaler', 'data-server').spec.scaleTargetRef.name = 'data';
      },
      /HorizontalPodAutoscaler\/data-server: scales Deployment\/data/,
      wiringProblems,
    ],
  ];
  for (const [what, edit, expected, check] of cases) {
    const problems = await check(broken(edit));
    t.match(problems.join('\n'), expected, what);
  }
  t.match(
    archProblems(overlays.arm64, ['amd64']).join('\n'),
    /Deployment\/db-proxy: kubernetes.io\/arch In \["arm64"\], expected \["amd64"\]/,
    'the wrong architecture',
  );
});
