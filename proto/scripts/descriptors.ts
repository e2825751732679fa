// Builds the standard FileDescriptorProtos that protoc would produce for our
// .proto files (one per file, with its imports, fully-qualified type names,
// json names, map entries and proto3-optional synthetic oneofs), from
// protobufjs's parse. Some Node reflection helpers serve one merged
// descriptor or drop the imports; strict implementations in other languages
// refuse those, so the test suite compares these bytes with protoc's own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import * as descriptorModule from 'protobufjs/ext/descriptor/index.js';

// protobufjs's descriptor types (its .d.ts declares none): reflected Types of descriptor.proto.
const descriptor = ((descriptorModule as { default?: unknown }).default ?? descriptorModule) as {
  FileDescriptorSet: protobuf.Type;
  FileDescriptorProto: protobuf.Type;
};

// FieldDescriptorProto.Type numbers.
const scalarTypes: Record<string, number> = {
  double: 1,
  float: 2,
  int64: 3,
  uint64: 4,
  int32: 5,
  fixed64: 6,
  fixed32: 7,
  bool: 8,
  string: 9,
  bytes: 12,
  uint32: 13,
  sfixed32: 15,
  sfixed64: 16,
  sint32: 17,
  sint64: 18,
};
const TYPE_MESSAGE = 11;
const TYPE_ENUM = 14;
const LABEL_OPTIONAL = 1;
const LABEL_REPEATED = 3;

type Plain = Record<string, unknown>;

function fqn(obj: protobuf.ReflectionObject): string {
  return obj.fullName; // protobufjs keeps the leading dot: ".slg.common.v1.Value"
}

function jsonName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function entryName(field: string): string {
  const camel = jsonName(field);
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Entry`;
}

function scalarOrRef(type: string, resolved: protobuf.ReflectionObject | null): Plain {
  const scalar = scalarTypes[type];
  if (scalar !== undefined) return { type: scalar };
  if (resolved instanceof protobuf.Enum) return { type: TYPE_ENUM, typeName: fqn(resolved) };
  if (resolved instanceof protobuf.Type) return { type: TYPE_MESSAGE, typeName: fqn(resolved) };
  throw new Error(`unresolved type ${type}`);
}

function enumProto(e: protobuf.Enum): Plain {
  return {
    name: e.name,
    value: Object.entries(e.values).map(([name, number]) => ({ name, number })),
  };
}

function messageProto(type: protobuf.Type): Plain {
  const fields: Plain[] = [];
  const nested: Plain[] = [];
  const enums: Plain[] = [];
  // protoc numbers the real oneofs first, then the synthetic ones of proto3 optional fields.
  const realOneofs = type.oneofsArray.filter((o) => !isSynthetic(o));
  const synthetic: string[] = [];

  for (const field of type.fieldsArray) {
    const out: Plain = { name: field.name, number: field.id };
    if (field instanceof protobuf.MapField) {
      const entry = entryName(field.name);
      nested.push({
        name: entry,
        field: [
          {
            name: 'key',
            number: 1,
            label: LABEL_OPTIONAL,
            ...scalarOrRef(field.keyType, null),
            jsonName: 'key',
          },
          {
            name: 'value',
            number: 2,
            label: LABEL_OPTIONAL,
            ...scalarOrRef(field.type, field.resolvedType),
            jsonName: 'value',
          },
        ],
        options: { mapEntry: true },
      });
      Object.assign(out, {
        label: LABEL_REPEATED,
        type: TYPE_MESSAGE,
        typeName: `${fqn(type)}.${entry}`,
      });
    } else {
      Object.assign(out, {
        label: field.repeated ? LABEL_REPEATED : LABEL_OPTIONAL,
        ...scalarOrRef(field.type, field.resolvedType),
      });
    }
    const oneof = field.partOf;
    if (oneof) {
      if (isSynthetic(oneof)) {
        synthetic.push(oneof.name);
        out.oneofIndex = realOneofs.length + synthetic.length - 1;
      } else {
        out.oneofIndex = realOneofs.indexOf(oneof);
      }
    }
    out.jsonName = jsonName(field.name);
    if (oneof && isSynthetic(oneof)) out.proto3Optional = true;
    fields.push(out);
  }
  for (const child of type.nestedArray) {
    if (child instanceof protobuf.Type) nested.push(messageProto(child));
    else if (child instanceof protobuf.Enum) enums.push(enumProto(child));
  }
  const msg: Plain = { name: type.name, field: fields };
  if (nested.length) msg.nestedType = nested;
  if (enums.length) msg.enumType = enums;
  const oneofs = [...realOneofs.map((o) => o.name), ...synthetic];
  if (oneofs.length) msg.oneofDecl = oneofs.map((name) => ({ name }));
  return msg;
}

function isSynthetic(oneof: protobuf.OneOf): boolean {
  const only = oneof.fieldsArray[0];
  return (
    oneof.fieldsArray.length === 1 && only !== undefined && only.options?.proto3_optional === true
  );
}

function serviceProto(service: protobuf.Service): Plain {
  return {
    name: service.name,
    method: service.methodsArray.map((m) => {
      const out: Plain = {
        name: m.name,
        inputType: fqn(m.resolvedRequestType!),
        outputType: fqn(m.resolvedResponseType!),
      };
      if (m.requestStream) out.clientStreaming = true;
      if (m.responseStream) out.serverStreaming = true;
      return out;
    }),
  };
}

/** Every top-level definition of one file, found by walking the namespaces of its package. */
function definitionsOf(
  root: protobuf.Root,
  pkg: string,
  file: string,
): protobuf.ReflectionObject[] {
  const ns = pkg ? root.lookup(pkg) : root;
  if (!(ns instanceof protobuf.Namespace)) return [];
  return ns.nestedArray.filter(
    (o) =>
      (o instanceof protobuf.Type || o instanceof protobuf.Enum || o instanceof protobuf.Service) &&
      o.filename === file,
  );
}

/** Encodes a FileDescriptorSet of the given files (paths relative to protoDir), in the order given. */
export function buildDescriptorSet(protoDir: string, files: string[]): Uint8Array {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => join(protoDir, target);
  const parsed = new Map<string, protobuf.IParserResult & { syntax: string }>();
  for (const file of files) {
    const source = readFileSync(join(protoDir, file), 'utf8');
    const syntax = /^\s*syntax\s*=\s*"([^"]+)"\s*;/m.exec(source)?.[1] ?? 'proto2';
    if (syntax !== 'proto2' && syntax !== 'proto3')
      throw new Error(`${file}: syntax ${syntax} is not supported`);
    const result = { ...protobuf.parse(source, root, { keepCase: true }), syntax };
    for (const o of root.nestedArray) tagFile(o, file);
    parsed.set(file, result);
  }
  root.resolveAll();

  const out: Plain[] = [];
  for (const file of files) {
    const result = parsed.get(file)!;
    const pkg = result.package ?? '';
    const defs = definitionsOf(root, pkg, file);
    const fd: Plain = { name: file };
    if (pkg) fd.package = pkg;
    if (result.imports?.length) fd.dependency = result.imports;
    const messages = defs.filter((d): d is protobuf.Type => d instanceof protobuf.Type);
    const enums = defs.filter((d): d is protobuf.Enum => d instanceof protobuf.Enum);
    const services = defs.filter((d): d is protobuf.Service => d instanceof protobuf.Service);
    if (messages.length) fd.messageType = messages.map(messageProto);
    if (enums.length) fd.enumType = enums.map(enumProto);
    if (services.length) fd.service = services.map(serviceProto);
    // protoc leaves syntax unset for proto2 files.
    if (result.syntax === 'proto3') fd.syntax = 'proto3';
    out.push(fd);
  }
  const set = descriptor.FileDescriptorSet.fromObject({ file: out });
  return descriptor.FileDescriptorSet.encode(set).finish();
}

/** protobufjs's parse leaves filename unset; mark each new definition with the file that declared it. */
function tagFile(obj: protobuf.ReflectionObject, file: string): void {
  if (
    obj instanceof protobuf.Type ||
    obj instanceof protobuf.Enum ||
    obj instanceof protobuf.Service
  ) {
    if (obj.filename === null) obj.filename = file;
    return;
  }
  if (obj instanceof protobuf.Namespace) for (const child of obj.nestedArray) tagFile(child, file);
}
