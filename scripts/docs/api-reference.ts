// docs/reference/grpc-api.md, made from the .proto files under proto/slg/ and their comments (the
// wire contracts' single source): each service with its RPCs, then each message and enum with
// its fields. protobufjs reads the comments (`//` lines above an element, or after it on its
// line).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { escapeCell, generatedNote } from './markdown.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const protoDir = join(root, 'proto');

function protoFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...protoFiles(path));
    else if (entry.endsWith('.proto')) out.push(path);
  }
  return out;
}

/** A comment as one paragraph of Markdown (the .proto wraps it at 80 columns). */
function prose(comment: string | null | undefined): string {
  return (comment ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

function typeName(field: protobuf.Field): string {
  const name = field.resolvedType ? field.resolvedType.fullName.replace(/^\./, '') : field.type;
  if (field instanceof protobuf.MapField) return `map<${field.keyType}, ${name}>`;
  const label = field.repeated ? 'repeated ' : field.options?.proto3_optional ? 'optional ' : '';
  return `${label}${name}`;
}

function messageSection(type: protobuf.Type): string[] {
  const lines = [`### \`${type.fullName.replace(/^\./, '')}\``, ''];
  if (type.comment) lines.push(prose(type.comment), '');
  const oneofOf = new Map<string, string>();
  for (const o of type.oneofsArray) {
    // proto3 `optional` is a synthetic oneof of one field: not a choice the reader makes.
    if (o.fieldsArray.length === 1 && o.name === `_${o.fieldsArray[0]!.name}`) continue;
    for (const f of o.fieldsArray) oneofOf.set(f.name, o.name);
  }
  if (type.fieldsArray.length === 0) {
    lines.push('No fields.', '');
    return lines;
  }
  lines.push('| field | number | type | meaning |', '| --- | ---: | --- | --- |');
  for (const f of type.fieldsArray) {
    const oneof = oneofOf.get(f.name);
    const note = [oneof ? `one of \`${oneof}\`` : '', prose(f.comment)].filter(Boolean).join('; ');
    lines.push(`| \`${f.name}\` | ${f.id} | \`${typeName(f)}\` | ${escapeCell(note)} |`);
  }
  lines.push('');
  return lines;
}

function enumSection(e: protobuf.Enum): string[] {
  const lines = [`### \`${e.fullName.replace(/^\./, '')}\` (enum)`, ''];
  if (e.comment) lines.push(prose(e.comment), '');
  lines.push('| value | number | meaning |', '| --- | ---: | --- |');
  for (const [name, id] of Object.entries(e.values)) {
    lines.push(`| \`${name}\` | ${id} | ${escapeCell(prose(e.comments[name]))} |`);
  }
  lines.push('');
  return lines;
}

export function apiReference(): string {
  const files = protoFiles(join(protoDir, 'slg'));
  const lines = [
    '# gRPC API reference',
    '',
    generatedNote('the `.proto` files under `proto/slg/` and their comments'),
    '',
    'Every gRPC service also serves `grpc.health.v1.Health` (no token needed) and server',
    'reflection (`grpc.reflection.v1` and `v1alpha`), so `grpcurl -plaintext 127.0.0.1:50052 list`',
    'and `describe` work; every service `list` names answers its health check by name (SERVING',
    'while the process serves). Reflection refuses a name (file, symbol, type, host) over 512',
    'bytes, longer than any real one, with an in-stream INVALID_ARGUMENT that does not echo the',
    'request. int64 values travel as protobuf int64 and stay exact end to end. Bad input',
    'is INVALID_ARGUMENT with a message naming the field; what each service adds to these contracts',
    "(errors, limits) is in its README's API section.",
    '',
  ];
  for (const file of files) {
    const rootNs = new protobuf.Root();
    rootNs.resolvePath = (_origin, target) =>
      target.startsWith(protoDir) ? target : join(protoDir, target);
    rootNs.loadSync(file, { keepCase: true, alternateCommentMode: true });
    rootNs.resolveAll();
    const rel = relative(root, file);
    const services: protobuf.Service[] = [];
    const types: protobuf.Type[] = [];
    const enums: protobuf.Enum[] = [];
    const walk = (ns: protobuf.NamespaceBase) => {
      for (const o of ns.nestedArray) {
        if (o.filename && o.filename !== file) continue;
        if (o instanceof protobuf.Service) services.push(o);
        else if (o instanceof protobuf.Type) {
          types.push(o);
          walk(o);
        } else if (o instanceof protobuf.Enum) enums.push(o);
        else if (o instanceof protobuf.Namespace) walk(o);
      }
    };
    walk(rootNs);
    const pkg = relative(join(protoDir, 'slg'), file).split('/').slice(0, -1).join('.');
    lines.push(`## \`slg.${pkg}\` (\`${rel}\`)`, '');
    for (const s of services) {
      lines.push(`### service \`${s.fullName.replace(/^\./, '')}\``, '');
      if (s.comment) lines.push(prose(s.comment), '');
      lines.push('| RPC | request | response | what it does |', '| --- | --- | --- | --- |');
      for (const m of s.methodsArray) {
        const req = `${m.requestStream ? 'stream ' : ''}\`${m.requestType}\``;
        const res = `${m.responseStream ? 'stream ' : ''}\`${m.responseType}\``;
        lines.push(`| \`${m.name}\` | ${req} | ${res} | ${escapeCell(prose(m.comment))} |`);
      }
      lines.push('');
    }
    for (const t of types) lines.push(...messageSection(t));
    for (const e of enums) lines.push(...enumSection(e));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
