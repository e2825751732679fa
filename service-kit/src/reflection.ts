// gRPC server reflection (grpc.reflection.v1 and v1alpha), serving the
// protoc-equivalent FileDescriptorProtos that proto/ generates: one per file,
// with its imports, so strict implementations (grpcurl, protoc-based tools)
// can load them. A file is always sent with its transitive dependencies.

import { createRequire } from 'node:module';
import type * as grpc from '@grpc/grpc-js';
import {
  descriptorSet,
  grpc_reflection_v1_ServerReflectionDefinition,
  grpc_reflection_v1alpha_ServerReflectionDefinition,
} from '@slg/proto';
import type protobuf from 'protobufjs';
import { quoteName } from './errors.ts';

// protobufjs's descriptor types (its .d.ts declares none): reflected Types of descriptor.proto.
// Loaded on the first reflection request only: it pulls in the full protobufjs (parser,
// reflection), which a service that is never reflected on need not hold in memory.
type DescriptorTypes = { FileDescriptorSet: protobuf.Type; FileDescriptorProto: protobuf.Type };
const loadDescriptor = () =>
  createRequire(import.meta.url)('protobufjs/ext/descriptor/index.js') as DescriptorTypes;

type Fd = {
  name: string;
  package?: string;
  dependency?: string[];
  messageType?: Msg[];
  enumType?: { name: string }[];
  service?: { name: string; method?: { name: string }[] }[];
};
type Msg = {
  name: string;
  nestedType?: Msg[];
  enumType?: { name: string }[];
  field?: { name: string }[];
};

interface Index {
  /** File name → encoded FileDescriptorProto. */
  bytes: Map<string, Uint8Array>;
  deps: Map<string, string[]>;
  /** Fully-qualified symbol (no leading dot) → file name. */
  symbols: Map<string, string>;
}

let cached: Index | undefined;

function index(): Index {
  if (cached) return cached;
  const descriptor = loadDescriptor();
  const set = descriptor.FileDescriptorSet.decode(descriptorSet());
  const bytes = new Map<string, Uint8Array>();
  const deps = new Map<string, string[]>();
  const symbols = new Map<string, string>();
  for (const file of set.file) {
    const fd = descriptor.FileDescriptorProto.toObject(file as never) as Fd;
    bytes.set(fd.name, descriptor.FileDescriptorProto.encode(file as never).finish());
    deps.set(fd.name, fd.dependency ?? []);
    const prefix = fd.package ? `${fd.package}.` : '';
    const addMessage = (scope: string, m: Msg) => {
      const name = `${scope}${m.name}`;
      symbols.set(name, fd.name);
      for (const f of m.field ?? []) symbols.set(`${name}.${f.name}`, fd.name);
      for (const e of m.enumType ?? []) symbols.set(`${name}.${e.name}`, fd.name);
      for (const n of m.nestedType ?? []) addMessage(`${name}.`, n);
    };
    for (const m of fd.messageType ?? []) addMessage(prefix, m);
    for (const e of fd.enumType ?? []) symbols.set(`${prefix}${e.name}`, fd.name);
    for (const s of fd.service ?? []) {
      symbols.set(`${prefix}${s.name}`, fd.name);
      for (const m of s.method ?? []) symbols.set(`${prefix}${s.name}.${m.name}`, fd.name);
    }
  }
  cached = { bytes, deps, symbols };
  return cached;
}

/** The file and every file it imports, transitively, the file itself first. */
export function fileWithDependencies(file: string): Uint8Array[] {
  const { bytes, deps } = index();
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    order.push(f);
    for (const d of deps.get(f) ?? []) visit(d);
  };
  visit(file);
  return order.map((f) => bytes.get(f)).filter((b): b is Uint8Array => b !== undefined);
}

export function fileOfSymbol(symbol: string): string | undefined {
  return index().symbols.get(symbol.replace(/^\./, ''));
}

type ReflectionRequest = {
  host?: string;
  fileByFilename?: string | null;
  fileContainingSymbol?: string | null;
  fileContainingExtension?: { containingType?: string | null } | null;
  allExtensionNumbersOfType?: string | null;
  listServices?: string | null;
  messageRequest?: string;
};

const INVALID_ARGUMENT = 3;
const NOT_FOUND = 5;

/**
 * The longest name (file, symbol, type, host) a request may carry, in UTF-8 bytes. A response
 * echoes its request (`original_request`, and the host as `valid_host`), so a name of megabytes
 * came back as megabytes, on every message of the stream. The longest name this server knows
 * is 79 characters (a field of reflection.proto); 512 bytes leaves room for any real file or
 * symbol a tool may ask about, and keeps a refused request's answer under a kilobyte.
 */
export const MAX_NAME_BYTES = 512;

/** The first name of the request that is longer than any real one, described; or undefined. */
function overlongName(req: ReflectionRequest): string | undefined {
  const names: [string, string | null | undefined][] = [
    ['host', req.host],
    ['file_by_filename', req.fileByFilename],
    ['file_containing_symbol', req.fileContainingSymbol],
    ['file_containing_extension.containing_type', req.fileContainingExtension?.containingType],
    ['all_extension_numbers_of_type', req.allExtensionNumbersOfType],
    ['list_services', req.listServices],
  ];
  for (const [field, name] of names) {
    if (name && Buffer.byteLength(name) > MAX_NAME_BYTES)
      return `${field} ${quoteName(name)} is longer than any file or symbol name (at most ${MAX_NAME_BYTES} bytes)`;
  }
  return undefined;
}

/** Builds one response (same shape for v1 and v1alpha) to one reflection request. */
export function answer(req: ReflectionRequest, services: () => string[]): Record<string, unknown> {
  const overlong = overlongName(req);
  // Refused before anything is looked up, and without the request: echoing it is the harm.
  if (overlong) return { errorResponse: { errorCode: INVALID_ARGUMENT, errorMessage: overlong } };
  const base = { validHost: req.host ?? '', originalRequest: req };
  const files = (names: Uint8Array[]) => ({
    ...base,
    fileDescriptorResponse: { fileDescriptorProto: names },
  });
  const error = (message: string) => ({
    ...base,
    errorResponse: { errorCode: NOT_FOUND, errorMessage: message },
  });
  switch (req.messageRequest) {
    case 'listServices':
      return { ...base, listServicesResponse: { service: services().map((name) => ({ name })) } };
    case 'fileByFilename': {
      const name = req.fileByFilename ?? '';
      return index().bytes.has(name)
        ? files(fileWithDependencies(name))
        : error(`file ${quoteName(name)} not found`);
    }
    case 'fileContainingSymbol': {
      const symbol = req.fileContainingSymbol ?? '';
      const file = fileOfSymbol(symbol);
      return file
        ? files(fileWithDependencies(file))
        : error(`symbol ${quoteName(symbol)} not found`);
    }
    case 'allExtensionNumbersOfType': {
      const type = req.allExtensionNumbersOfType ?? '';
      return fileOfSymbol(type)
        ? { ...base, allExtensionNumbersResponse: { baseTypeName: type, extensionNumber: [] } }
        : error(`type ${quoteName(type)} not found`);
    }
    case 'fileContainingExtension':
      return error('no extensions are declared by this server');
    default:
      return {
        ...base,
        errorResponse: { errorCode: INVALID_ARGUMENT, errorMessage: 'empty reflection request' },
      };
  }
}

type Stream = grpc.ServerDuplexStream<ReflectionRequest, Record<string, unknown>>;

export function reflectionServices(services: () => string[]): {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}[] {
  const implementation: grpc.UntypedServiceImplementation = {
    ServerReflectionInfo: (call: Stream) => {
      call.on('data', (req: ReflectionRequest) => call.write(answer(req, services)));
      call.on('end', () => call.end());
      call.on('error', () => call.end());
    },
  };
  return [
    { definition: grpc_reflection_v1_ServerReflectionDefinition as never, implementation },
    { definition: grpc_reflection_v1alpha_ServerReflectionDefinition as never, implementation },
  ];
}
