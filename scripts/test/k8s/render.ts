// The subset of kustomize that deploy/k8s uses, so that a test can render the base and the
// overlays offline, without kubectl: `resources` (files of YAML documents, or directories with
// a kustomization.yaml), `namespace`, and `patches` of JSON 6902 operations (replace, add,
// remove) selected by kind and name. Anything else in a kustomization.yaml is an error here:
// a new kustomize feature in deploy/k8s needs this renderer to learn it first.
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> } & Record<
    string,
    unknown
  >;
  [field: string]: unknown;
}

interface JsonPatchOp {
  op: 'replace' | 'add' | 'remove';
  path: string;
  value?: unknown;
}

const KNOWN_KEYS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'patches']);
/** Cluster-scoped kinds: kustomize's `namespace` leaves them alone. */
const CLUSTER_SCOPED = new Set(['Namespace']);

/** Every object a YAML file holds (its `---`-separated documents), in order. */
export function readObjects(file: string): K8sObject[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  const out: K8sObject[] = [];
  for (const doc of docs) {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as K8sObject | null;
    if (value !== null) out.push(value);
  }
  return out;
}

/** `kubectl kustomize dir`, for the features above. */
export function render(dir: string): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  const k = parseYaml(readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const key of Object.keys(k)) {
    if (!KNOWN_KEYS.has(key)) throw new Error(`${file}: "${key}" is not supported by render.ts`);
  }
  if (k.kind !== 'Kustomization') throw new Error(`${file}: kind is not Kustomization`);
  const objects: K8sObject[] = [];
  for (const r of (k.resources as string[] | undefined) ?? []) {
    const path = resolve(dir, r);
    objects.push(...(statSync(path).isDirectory() ? render(path) : readObjects(path)));
  }
  for (const p of (k.patches as Record<string, unknown>[] | undefined) ?? []) {
    const target = p.target as { kind?: string; name?: string } | undefined;
    if (
      !target ||
      typeof p.patch !== 'string' ||
      Object.keys(p).some((x) => !['target', 'patch'].includes(x))
    )
      throw new Error(`${file}: a patch needs exactly an inline JSON 6902 "patch" and a "target"`);
    for (const key of Object.keys(target)) {
      if (!['kind', 'name'].includes(key)) throw new Error(`${file}: target.${key} not supported`);
    }
    const ops = parseYaml(p.patch) as JsonPatchOp[];
    const matched = objects.filter(
      (o) =>
        (target.kind === undefined || o.kind === target.kind) &&
        (target.name === undefined || o.metadata.name === target.name),
    );
    if (matched.length === 0) throw new Error(`${file}: a patch's target matches nothing`);
    for (const o of matched)
      for (const op of ops) applyOp(o, op, `${file}: ${o.kind}/${o.metadata.name}`);
  }
  if (typeof k.namespace === 'string') {
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  return objects;
}

function applyOp(root: unknown, op: JsonPatchOp, where: string): void {
  const keys = op.path
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = keys.pop();
  if (last === undefined) throw new Error(`${where}: empty patch path`);
  let node = root as Record<string, unknown>;
  for (const key of keys) {
    const next = node[key];
    if (next === null || typeof next !== 'object') throw new Error(`${where}: no ${op.path}`);
    node = next as Record<string, unknown>;
  }
  const exists = Object.hasOwn(node, last);
  if (op.op === 'replace') {
    if (!exists) throw new Error(`${where}: replace of a missing ${op.path}`);
    node[last] = structuredClone(op.value);
  } else if (op.op === 'add') {
    if (Array.isArray(node) && last === '-') node.push(structuredClone(op.value));
    else if (Array.isArray(node)) node.splice(Number(last), 0, structuredClone(op.value));
    else node[last] = structuredClone(op.value);
  } else if (op.op === 'remove') {
    if (!exists) throw new Error(`${where}: remove of a missing ${op.path}`);
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    throw new Error(`${where}: op "${(op as { op: string }).op}" not supported`);
  }
}
