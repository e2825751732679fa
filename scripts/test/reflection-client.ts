// A reflection client that knows nothing of the services but what they say of themselves, as
// grpcurl: it lists the services, fetches each one's file with file_containing_symbol, decodes
// the FileDescriptorProtos with protobufjs's descriptor support, and builds requests from them.
import * as grpc from '@grpc/grpc-js';
import {
  grpc as pb,
  grpc_reflection_v1_ServerReflectionDefinition as V1,
  grpc_reflection_v1alpha_ServerReflectionDefinition as V1alpha,
} from '@slg/proto';
import protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor.js';

type Request = Record<string, unknown>;
type Response = pb.reflection.v1.ServerReflectionResponse;
type Method = typeof V1.ServerReflectionInfo;

/** One reflection stream: requests answered in order, one response each. */
export class ReflectionStream {
  readonly #client: grpc.Client;
  readonly #call: grpc.ClientDuplexStream<unknown, Response>;
  readonly #waiting: { resolve: (r: Response) => void; reject: (e: Error) => void }[] = [];

  constructor(address: string, alpha = false) {
    this.#client = new grpc.Client(address, grpc.credentials.createInsecure());
    const def = (alpha ? V1alpha.ServerReflectionInfo : V1.ServerReflectionInfo) as Method;
    this.#call = this.#client.makeBidiStreamRequest(
      def.path,
      def.requestSerialize as (m: unknown) => Buffer,
      def.responseDeserialize,
      new grpc.Metadata(),
      { deadline: Date.now() + 30_000 },
    );
    this.#call.on('data', (res: Response) => this.#waiting.shift()?.resolve(res));
    this.#call.on('error', (err: Error) => {
      for (const w of this.#waiting.splice(0)) w.reject(err);
    });
  }

  ask(request: Request): Promise<Response> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      this.#call.write(pb.reflection.v1.ServerReflectionRequest.create(request));
    });
  }

  async listServices(): Promise<string[]> {
    const res = await this.ask({ listServices: '' });
    return (res.listServicesResponse?.service ?? []).map((s) => s.name ?? '');
  }

  /** The FileDescriptorProtos answered (the file first, then its imports), decoded. */
  async files(request: Request): Promise<descriptor.IFileDescriptorProto[]> {
    const res = await this.ask(request);
    if (res.errorResponse) {
      throw new Error(
        `reflection error ${res.errorResponse.errorCode}: ${res.errorResponse.errorMessage}`,
      );
    }
    return (res.fileDescriptorResponse?.fileDescriptorProto ?? []).map(
      (b) => descriptor.FileDescriptorProto.decode(b) as descriptor.IFileDescriptorProto,
    );
  }

  close(): void {
    this.#call.end();
    this.#client.close();
  }
}

/** A reflected root built from FileDescriptorProtos alone. */
export function rootOf(files: descriptor.IFileDescriptorProto[]): protobuf.Root {
  const root = protobuf.Root.fromDescriptor({ file: files });
  root.resolveAll();
  return root;
}

/** Every message type of a file, nested ones included, by full name (no leading dot). */
export function messagesOf(file: descriptor.IFileDescriptorProto): string[] {
  const names: string[] = [];
  const visit = (scope: string, m: descriptor.IDescriptorProto) => {
    const name = `${scope}${m.name}`;
    // map<,> fields are nested *Entry messages: synthetic, not symbols a server must know.
    if (m.options?.mapEntry) return;
    names.push(name);
    for (const n of m.nestedType ?? []) visit(`${name}.`, n);
  };
  const prefix = file.package ? `${file.package}.` : '';
  for (const m of file.messageType ?? []) visit(prefix, m);
  return names;
}

/**
 * Calls a unary method known only from reflection: the request built from a plain object with
 * the reflected request type, the answer decoded with the reflected response type, longs as strings.
 */
export function callReflected(
  address: string,
  root: protobuf.Root,
  service: string,
  method: string,
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const m = root.lookupService(service).methods[method];
  if (!m?.resolvedRequestType || !m.resolvedResponseType) {
    throw new Error(`${service}.${method}: not found in the reflected descriptors`);
  }
  const reqType = m.resolvedRequestType;
  const resType = m.resolvedResponseType;
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    client.makeUnaryRequest(
      `/${service}/${method}`,
      (o: Record<string, unknown>) => Buffer.from(reqType.encode(reqType.fromObject(o)).finish()),
      (b: Buffer) => resType.toObject(resType.decode(b), { longs: String, defaults: true }),
      request,
      new grpc.Metadata(),
      { deadline: Date.now() + 10_000 },
      (err, res) => (err ? reject(err) : resolve(res as Record<string, unknown>)),
    );
  }).finally(() => client.close());
}
