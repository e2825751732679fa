import * as $protobuf from "protobufjs";
import Long = require("long");

export namespace grpc {

    namespace health {

        namespace v1 {

            interface IHealthCheckRequest extends grpc.health.v1.HealthCheckRequest.$Properties {
            }

            class HealthCheckRequest {
                constructor(properties?: grpc.health.v1.HealthCheckRequest.$Properties);
                $unknowns?: Uint8Array[];
                service: string;
                static create(properties: grpc.health.v1.HealthCheckRequest.$Shape): grpc.health.v1.HealthCheckRequest & grpc.health.v1.HealthCheckRequest.$Shape;
                static create(properties?: grpc.health.v1.HealthCheckRequest.$Properties): grpc.health.v1.HealthCheckRequest;
                static encode(message: grpc.health.v1.HealthCheckRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.health.v1.HealthCheckRequest & grpc.health.v1.HealthCheckRequest.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.health.v1.HealthCheckRequest;
                static toObject(message: grpc.health.v1.HealthCheckRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace HealthCheckRequest {
                interface $Properties {
                    service?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.health.v1.HealthCheckRequest.$Properties;
            }

            interface IHealthCheckResponse extends grpc.health.v1.HealthCheckResponse.$Properties {
            }

            class HealthCheckResponse {
                constructor(properties?: grpc.health.v1.HealthCheckResponse.$Properties);
                $unknowns?: Uint8Array[];
                status: grpc.health.v1.HealthCheckResponse.ServingStatus;
                static create(properties: grpc.health.v1.HealthCheckResponse.$Shape): grpc.health.v1.HealthCheckResponse & grpc.health.v1.HealthCheckResponse.$Shape;
                static create(properties?: grpc.health.v1.HealthCheckResponse.$Properties): grpc.health.v1.HealthCheckResponse;
                static encode(message: grpc.health.v1.HealthCheckResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.health.v1.HealthCheckResponse & grpc.health.v1.HealthCheckResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.health.v1.HealthCheckResponse;
                static toObject(message: grpc.health.v1.HealthCheckResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace HealthCheckResponse {
                interface $Properties {
                    status?: (grpc.health.v1.HealthCheckResponse.ServingStatus|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.health.v1.HealthCheckResponse.$Properties;

                enum ServingStatus {
                    UNKNOWN = 0,
                    SERVING = 1,
                    NOT_SERVING = 2,
                    SERVICE_UNKNOWN = 3
                }
            }

            class Health extends $protobuf.rpc.Service {
                constructor(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean);
                static create(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean): Health;
                check: grpc.health.v1.Health.Check;
                watch: grpc.health.v1.Health.Watch;
            }

            namespace Health {
                type CheckCallback = (error: (Error|null), response?: grpc.health.v1.HealthCheckResponse) => void;
                type Check = {
                  (request: grpc.health.v1.IHealthCheckRequest, callback: grpc.health.v1.Health.CheckCallback): void;
                  (request: grpc.health.v1.IHealthCheckRequest): Promise<grpc.health.v1.HealthCheckResponse>;
                  readonly name: "Check";
                  readonly path: "/grpc.health.v1.Health/Check";
                  readonly requestType: "HealthCheckRequest";
                  readonly responseType: "HealthCheckResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type WatchCallback = (error: (Error|null), response?: grpc.health.v1.HealthCheckResponse) => void;
                type Watch = {
                  (request: grpc.health.v1.IHealthCheckRequest, callback: grpc.health.v1.Health.WatchCallback): void;
                  (request: grpc.health.v1.IHealthCheckRequest): Promise<grpc.health.v1.HealthCheckResponse>;
                  readonly name: "Watch";
                  readonly path: "/grpc.health.v1.Health/Watch";
                  readonly requestType: "HealthCheckRequest";
                  readonly responseType: "HealthCheckResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: true;
                };
            }
        }
    }

    namespace reflection {

        namespace v1 {

            class ServerReflection extends $protobuf.rpc.Service {
                constructor(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean);
                static create(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean): ServerReflection;
                serverReflectionInfo: grpc.reflection.v1.ServerReflection.ServerReflectionInfo;
            }

            namespace ServerReflection {
                type ServerReflectionInfoCallback = (error: (Error|null), response?: grpc.reflection.v1.ServerReflectionResponse) => void;
                type ServerReflectionInfo = {
                  (request: grpc.reflection.v1.IServerReflectionRequest, callback: grpc.reflection.v1.ServerReflection.ServerReflectionInfoCallback): void;
                  (request: grpc.reflection.v1.IServerReflectionRequest): Promise<grpc.reflection.v1.ServerReflectionResponse>;
                  readonly name: "ServerReflectionInfo";
                  readonly path: "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo";
                  readonly requestType: "ServerReflectionRequest";
                  readonly responseType: "ServerReflectionResponse";
                  readonly requestStream: true;
                  readonly responseStream: true;
                };
            }

            interface IServerReflectionRequest extends grpc.reflection.v1.ServerReflectionRequest.$Properties {
            }

            class ServerReflectionRequest {
                constructor(properties?: grpc.reflection.v1.ServerReflectionRequest.$Properties);
                $unknowns?: Uint8Array[];
                host: string;
                fileByFilename?: (string|null);
                fileContainingSymbol?: (string|null);
                fileContainingExtension?: (grpc.reflection.v1.ExtensionRequest.$Properties|null);
                allExtensionNumbersOfType?: (string|null);
                listServices?: (string|null);
                messageRequest?: ("fileByFilename"|"fileContainingSymbol"|"fileContainingExtension"|"allExtensionNumbersOfType"|"listServices");
                static create(properties: grpc.reflection.v1.ServerReflectionRequest.$Shape): grpc.reflection.v1.ServerReflectionRequest & grpc.reflection.v1.ServerReflectionRequest.$Shape;
                static create(properties?: grpc.reflection.v1.ServerReflectionRequest.$Properties): grpc.reflection.v1.ServerReflectionRequest;
                static encode(message: grpc.reflection.v1.ServerReflectionRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1.ServerReflectionRequest & grpc.reflection.v1.ServerReflectionRequest.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1.ServerReflectionRequest;
                static toObject(message: grpc.reflection.v1.ServerReflectionRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ServerReflectionRequest {
                interface $Properties {
                    host?: (string|null);
                    fileByFilename?: (string|null);
                    fileContainingSymbol?: (string|null);
                    fileContainingExtension?: (grpc.reflection.v1.ExtensionRequest.$Properties|null);
                    allExtensionNumbersOfType?: (string|null);
                    listServices?: (string|null);
                    messageRequest?: ("fileByFilename"|"fileContainingSymbol"|"fileContainingExtension"|"allExtensionNumbersOfType"|"listServices");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  host?: string|null;
                  fileByFilename?: string|null;
                  fileContainingSymbol?: string|null;
                  fileContainingExtension?: grpc.reflection.v1.ExtensionRequest.$Shape|null;
                  allExtensionNumbersOfType?: string|null;
                  listServices?: string|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ messageRequest?: undefined; fileByFilename?: null; fileContainingSymbol?: null; fileContainingExtension?: null; allExtensionNumbersOfType?: null; listServices?: null }|{ messageRequest?: "fileByFilename"; fileByFilename: string; fileContainingSymbol?: null; fileContainingExtension?: null; allExtensionNumbersOfType?: null; listServices?: null }|{ messageRequest?: "fileContainingSymbol"; fileByFilename?: null; fileContainingSymbol: string; fileContainingExtension?: null; allExtensionNumbersOfType?: null; listServices?: null }|{ messageRequest?: "fileContainingExtension"; fileByFilename?: null; fileContainingSymbol?: null; fileContainingExtension: grpc.reflection.v1.ExtensionRequest.$Shape; allExtensionNumbersOfType?: null; listServices?: null }|{ messageRequest?: "allExtensionNumbersOfType"; fileByFilename?: null; fileContainingSymbol?: null; fileContainingExtension?: null; allExtensionNumbersOfType: string; listServices?: null }|{ messageRequest?: "listServices"; fileByFilename?: null; fileContainingSymbol?: null; fileContainingExtension?: null; allExtensionNumbersOfType?: null; listServices: string })
                );
            }

            interface IExtensionRequest extends grpc.reflection.v1.ExtensionRequest.$Properties {
            }

            class ExtensionRequest {
                constructor(properties?: grpc.reflection.v1.ExtensionRequest.$Properties);
                $unknowns?: Uint8Array[];
                containingType: string;
                extensionNumber: number;
                static create(properties: grpc.reflection.v1.ExtensionRequest.$Shape): grpc.reflection.v1.ExtensionRequest & grpc.reflection.v1.ExtensionRequest.$Shape;
                static create(properties?: grpc.reflection.v1.ExtensionRequest.$Properties): grpc.reflection.v1.ExtensionRequest;
                static encode(message: grpc.reflection.v1.ExtensionRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1.ExtensionRequest & grpc.reflection.v1.ExtensionRequest.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1.ExtensionRequest;
                static toObject(message: grpc.reflection.v1.ExtensionRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ExtensionRequest {
                interface $Properties {
                    containingType?: (string|null);
                    extensionNumber?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1.ExtensionRequest.$Properties;
            }

            interface IServerReflectionResponse extends grpc.reflection.v1.ServerReflectionResponse.$Properties {
            }

            class ServerReflectionResponse {
                constructor(properties?: grpc.reflection.v1.ServerReflectionResponse.$Properties);
                $unknowns?: Uint8Array[];
                validHost: string;
                originalRequest?: (grpc.reflection.v1.ServerReflectionRequest.$Properties|null);
                fileDescriptorResponse?: (grpc.reflection.v1.FileDescriptorResponse.$Properties|null);
                allExtensionNumbersResponse?: (grpc.reflection.v1.ExtensionNumberResponse.$Properties|null);
                listServicesResponse?: (grpc.reflection.v1.ListServiceResponse.$Properties|null);
                errorResponse?: (grpc.reflection.v1.ErrorResponse.$Properties|null);
                messageResponse?: ("fileDescriptorResponse"|"allExtensionNumbersResponse"|"listServicesResponse"|"errorResponse");
                static create(properties: grpc.reflection.v1.ServerReflectionResponse.$Shape): grpc.reflection.v1.ServerReflectionResponse & grpc.reflection.v1.ServerReflectionResponse.$Shape;
                static create(properties?: grpc.reflection.v1.ServerReflectionResponse.$Properties): grpc.reflection.v1.ServerReflectionResponse;
                static encode(message: grpc.reflection.v1.ServerReflectionResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1.ServerReflectionResponse & grpc.reflection.v1.ServerReflectionResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1.ServerReflectionResponse;
                static toObject(message: grpc.reflection.v1.ServerReflectionResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ServerReflectionResponse {
                interface $Properties {
                    validHost?: (string|null);
                    originalRequest?: (grpc.reflection.v1.ServerReflectionRequest.$Properties|null);
                    fileDescriptorResponse?: (grpc.reflection.v1.FileDescriptorResponse.$Properties|null);
                    allExtensionNumbersResponse?: (grpc.reflection.v1.ExtensionNumberResponse.$Properties|null);
                    listServicesResponse?: (grpc.reflection.v1.ListServiceResponse.$Properties|null);
                    errorResponse?: (grpc.reflection.v1.ErrorResponse.$Properties|null);
                    messageResponse?: ("fileDescriptorResponse"|"allExtensionNumbersResponse"|"listServicesResponse"|"errorResponse");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  validHost?: string|null;
                  originalRequest?: grpc.reflection.v1.ServerReflectionRequest.$Shape|null;
                  fileDescriptorResponse?: grpc.reflection.v1.FileDescriptorResponse.$Shape|null;
                  allExtensionNumbersResponse?: grpc.reflection.v1.ExtensionNumberResponse.$Shape|null;
                  listServicesResponse?: grpc.reflection.v1.ListServiceResponse.$Shape|null;
                  errorResponse?: grpc.reflection.v1.ErrorResponse.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ messageResponse?: undefined; fileDescriptorResponse?: null; allExtensionNumbersResponse?: null; listServicesResponse?: null; errorResponse?: null }|{ messageResponse?: "fileDescriptorResponse"; fileDescriptorResponse: grpc.reflection.v1.FileDescriptorResponse.$Shape; allExtensionNumbersResponse?: null; listServicesResponse?: null; errorResponse?: null }|{ messageResponse?: "allExtensionNumbersResponse"; fileDescriptorResponse?: null; allExtensionNumbersResponse: grpc.reflection.v1.ExtensionNumberResponse.$Shape; listServicesResponse?: null; errorResponse?: null }|{ messageResponse?: "listServicesResponse"; fileDescriptorResponse?: null; allExtensionNumbersResponse?: null; listServicesResponse: grpc.reflection.v1.ListServiceResponse.$Shape; errorResponse?: null }|{ messageResponse?: "errorResponse"; fileDescriptorResponse?: null; allExtensionNumbersResponse?: null; listServicesResponse?: null; errorResponse: grpc.reflection.v1.ErrorResponse.$Shape })
                );
            }

            interface IFileDescriptorResponse extends grpc.reflection.v1.FileDescriptorResponse.$Properties {
            }

            class FileDescriptorResponse {
                constructor(properties?: grpc.reflection.v1.FileDescriptorResponse.$Properties);
                $unknowns?: Uint8Array[];
                fileDescriptorProto: Uint8Array[];
                static create(properties: grpc.reflection.v1.FileDescriptorResponse.$Shape): grpc.reflection.v1.FileDescriptorResponse & grpc.reflection.v1.FileDescriptorResponse.$Shape;
                static create(properties?: grpc.reflection.v1.FileDescriptorResponse.$Properties): grpc.reflection.v1.FileDescriptorResponse;
                static encode(message: grpc.reflection.v1.FileDescriptorResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1.FileDescriptorResponse & grpc.reflection.v1.FileDescriptorResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1.FileDescriptorResponse;
                static toObject(message: grpc.reflection.v1.FileDescriptorResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace FileDescriptorResponse {
                interface $Properties {
                    fileDescriptorProto?: (Uint8Array[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1.FileDescriptorResponse.$Properties;
            }

            interface IExtensionNumberResponse extends grpc.reflection.v1.ExtensionNumberResponse.$Properties {
            }

            class ExtensionNumberResponse {
                constructor(properties?: grpc.reflection.v1.ExtensionNumberResponse.$Properties);
                $unknowns?: Uint8Array[];
                baseTypeName: string;
                extensionNumber: number[];
                static create(properties: grpc.reflection.v1.ExtensionNumberResponse.$Shape): grpc.reflection.v1.ExtensionNumberResponse & grpc.reflection.v1.ExtensionNumberResponse.$Shape;
                static create(properties?: grpc.reflection.v1.ExtensionNumberResponse.$Properties): grpc.reflection.v1.ExtensionNumberResponse;
                static encode(message: grpc.reflection.v1.ExtensionNumberResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1.ExtensionNumberResponse & grpc.reflection.v1.ExtensionNumberResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1.ExtensionNumberResponse;
                static toObject(message: grpc.reflection.v1.ExtensionNumberResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ExtensionNumberResponse {
                interface $Properties {
                    baseTypeName?: (string|null);
                    extensionNumber?: (number[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1.ExtensionNumberResponse.$Properties;
            }

            interface IListServiceResponse extends grpc.reflection.v1.ListServiceResponse.$Properties {
            }

            class ListServiceResponse {
                constructor(properties?: grpc.reflection.v1.ListServiceResponse.$Properties);
                $unknowns?: Uint8Array[];
                service: grpc.reflection.v1.ServiceResponse.$Properties[];
                static create(properties: grpc.reflection.v1.ListServiceResponse.$Shape): grpc.reflection.v1.ListServiceResponse & grpc.reflection.v1.ListServiceResponse.$Shape;
                static create(properties?: grpc.reflection.v1.ListServiceResponse.$Properties): grpc.reflection.v1.ListServiceResponse;
                static encode(message: grpc.reflection.v1.ListServiceResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1.ListServiceResponse & grpc.reflection.v1.ListServiceResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1.ListServiceResponse;
                static toObject(message: grpc.reflection.v1.ListServiceResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ListServiceResponse {
                interface $Properties {
                    service?: (grpc.reflection.v1.ServiceResponse.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1.ListServiceResponse.$Properties;
            }

            interface IServiceResponse extends grpc.reflection.v1.ServiceResponse.$Properties {
            }

            class ServiceResponse {
                constructor(properties?: grpc.reflection.v1.ServiceResponse.$Properties);
                $unknowns?: Uint8Array[];
                name: string;
                static create(properties: grpc.reflection.v1.ServiceResponse.$Shape): grpc.reflection.v1.ServiceResponse & grpc.reflection.v1.ServiceResponse.$Shape;
                static create(properties?: grpc.reflection.v1.ServiceResponse.$Properties): grpc.reflection.v1.ServiceResponse;
                static encode(message: grpc.reflection.v1.ServiceResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1.ServiceResponse & grpc.reflection.v1.ServiceResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1.ServiceResponse;
                static toObject(message: grpc.reflection.v1.ServiceResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ServiceResponse {
                interface $Properties {
                    name?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1.ServiceResponse.$Properties;
            }

            interface IErrorResponse extends grpc.reflection.v1.ErrorResponse.$Properties {
            }

            class ErrorResponse {
                constructor(properties?: grpc.reflection.v1.ErrorResponse.$Properties);
                $unknowns?: Uint8Array[];
                errorCode: number;
                errorMessage: string;
                static create(properties: grpc.reflection.v1.ErrorResponse.$Shape): grpc.reflection.v1.ErrorResponse & grpc.reflection.v1.ErrorResponse.$Shape;
                static create(properties?: grpc.reflection.v1.ErrorResponse.$Properties): grpc.reflection.v1.ErrorResponse;
                static encode(message: grpc.reflection.v1.ErrorResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1.ErrorResponse & grpc.reflection.v1.ErrorResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1.ErrorResponse;
                static toObject(message: grpc.reflection.v1.ErrorResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ErrorResponse {
                interface $Properties {
                    errorCode?: (number|null);
                    errorMessage?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1.ErrorResponse.$Properties;
            }
        }

        namespace v1alpha {

            class ServerReflection extends $protobuf.rpc.Service {
                constructor(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean);
                static create(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean): ServerReflection;
                serverReflectionInfo: grpc.reflection.v1alpha.ServerReflection.ServerReflectionInfo;
            }

            namespace ServerReflection {
                type ServerReflectionInfoCallback = (error: (Error|null), response?: grpc.reflection.v1alpha.ServerReflectionResponse) => void;
                type ServerReflectionInfo = {
                  (request: grpc.reflection.v1alpha.IServerReflectionRequest, callback: grpc.reflection.v1alpha.ServerReflection.ServerReflectionInfoCallback): void;
                  (request: grpc.reflection.v1alpha.IServerReflectionRequest): Promise<grpc.reflection.v1alpha.ServerReflectionResponse>;
                  readonly name: "ServerReflectionInfo";
                  readonly path: "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo";
                  readonly requestType: "ServerReflectionRequest";
                  readonly responseType: "ServerReflectionResponse";
                  readonly requestStream: true;
                  readonly responseStream: true;
                };
            }

            interface IServerReflectionRequest extends grpc.reflection.v1alpha.ServerReflectionRequest.$Properties {
            }

            class ServerReflectionRequest {
                constructor(properties?: grpc.reflection.v1alpha.ServerReflectionRequest.$Properties);
                $unknowns?: Uint8Array[];
                host: string;
                fileByFilename?: (string|null);
                fileContainingSymbol?: (string|null);
                fileContainingExtension?: (grpc.reflection.v1alpha.ExtensionRequest.$Properties|null);
                allExtensionNumbersOfType?: (string|null);
                listServices?: (string|null);
                messageRequest?: ("fileByFilename"|"fileContainingSymbol"|"fileContainingExtension"|"allExtensionNumbersOfType"|"listServices");
                static create(properties: grpc.reflection.v1alpha.ServerReflectionRequest.$Shape): grpc.reflection.v1alpha.ServerReflectionRequest & grpc.reflection.v1alpha.ServerReflectionRequest.$Shape;
                static create(properties?: grpc.reflection.v1alpha.ServerReflectionRequest.$Properties): grpc.reflection.v1alpha.ServerReflectionRequest;
                static encode(message: grpc.reflection.v1alpha.ServerReflectionRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1alpha.ServerReflectionRequest & grpc.reflection.v1alpha.ServerReflectionRequest.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1alpha.ServerReflectionRequest;
                static toObject(message: grpc.reflection.v1alpha.ServerReflectionRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ServerReflectionRequest {
                interface $Properties {
                    host?: (string|null);
                    fileByFilename?: (string|null);
                    fileContainingSymbol?: (string|null);
                    fileContainingExtension?: (grpc.reflection.v1alpha.ExtensionRequest.$Properties|null);
                    allExtensionNumbersOfType?: (string|null);
                    listServices?: (string|null);
                    messageRequest?: ("fileByFilename"|"fileContainingSymbol"|"fileContainingExtension"|"allExtensionNumbersOfType"|"listServices");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  host?: string|null;
                  fileByFilename?: string|null;
                  fileContainingSymbol?: string|null;
                  fileContainingExtension?: grpc.reflection.v1alpha.ExtensionRequest.$Shape|null;
                  allExtensionNumbersOfType?: string|null;
                  listServices?: string|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ messageRequest?: undefined; fileByFilename?: null; fileContainingSymbol?: null; fileContainingExtension?: null; allExtensionNumbersOfType?: null; listServices?: null }|{ messageRequest?: "fileByFilename"; fileByFilename: string; fileContainingSymbol?: null; fileContainingExtension?: null; allExtensionNumbersOfType?: null; listServices?: null }|{ messageRequest?: "fileContainingSymbol"; fileByFilename?: null; fileContainingSymbol: string; fileContainingExtension?: null; allExtensionNumbersOfType?: null; listServices?: null }|{ messageRequest?: "fileContainingExtension"; fileByFilename?: null; fileContainingSymbol?: null; fileContainingExtension: grpc.reflection.v1alpha.ExtensionRequest.$Shape; allExtensionNumbersOfType?: null; listServices?: null }|{ messageRequest?: "allExtensionNumbersOfType"; fileByFilename?: null; fileContainingSymbol?: null; fileContainingExtension?: null; allExtensionNumbersOfType: string; listServices?: null }|{ messageRequest?: "listServices"; fileByFilename?: null; fileContainingSymbol?: null; fileContainingExtension?: null; allExtensionNumbersOfType?: null; listServices: string })
                );
            }

            interface IExtensionRequest extends grpc.reflection.v1alpha.ExtensionRequest.$Properties {
            }

            class ExtensionRequest {
                constructor(properties?: grpc.reflection.v1alpha.ExtensionRequest.$Properties);
                $unknowns?: Uint8Array[];
                containingType: string;
                extensionNumber: number;
                static create(properties: grpc.reflection.v1alpha.ExtensionRequest.$Shape): grpc.reflection.v1alpha.ExtensionRequest & grpc.reflection.v1alpha.ExtensionRequest.$Shape;
                static create(properties?: grpc.reflection.v1alpha.ExtensionRequest.$Properties): grpc.reflection.v1alpha.ExtensionRequest;
                static encode(message: grpc.reflection.v1alpha.ExtensionRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1alpha.ExtensionRequest & grpc.reflection.v1alpha.ExtensionRequest.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1alpha.ExtensionRequest;
                static toObject(message: grpc.reflection.v1alpha.ExtensionRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ExtensionRequest {
                interface $Properties {
                    containingType?: (string|null);
                    extensionNumber?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1alpha.ExtensionRequest.$Properties;
            }

            interface IServerReflectionResponse extends grpc.reflection.v1alpha.ServerReflectionResponse.$Properties {
            }

            class ServerReflectionResponse {
                constructor(properties?: grpc.reflection.v1alpha.ServerReflectionResponse.$Properties);
                $unknowns?: Uint8Array[];
                validHost: string;
                originalRequest?: (grpc.reflection.v1alpha.ServerReflectionRequest.$Properties|null);
                fileDescriptorResponse?: (grpc.reflection.v1alpha.FileDescriptorResponse.$Properties|null);
                allExtensionNumbersResponse?: (grpc.reflection.v1alpha.ExtensionNumberResponse.$Properties|null);
                listServicesResponse?: (grpc.reflection.v1alpha.ListServiceResponse.$Properties|null);
                errorResponse?: (grpc.reflection.v1alpha.ErrorResponse.$Properties|null);
                messageResponse?: ("fileDescriptorResponse"|"allExtensionNumbersResponse"|"listServicesResponse"|"errorResponse");
                static create(properties: grpc.reflection.v1alpha.ServerReflectionResponse.$Shape): grpc.reflection.v1alpha.ServerReflectionResponse & grpc.reflection.v1alpha.ServerReflectionResponse.$Shape;
                static create(properties?: grpc.reflection.v1alpha.ServerReflectionResponse.$Properties): grpc.reflection.v1alpha.ServerReflectionResponse;
                static encode(message: grpc.reflection.v1alpha.ServerReflectionResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1alpha.ServerReflectionResponse & grpc.reflection.v1alpha.ServerReflectionResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1alpha.ServerReflectionResponse;
                static toObject(message: grpc.reflection.v1alpha.ServerReflectionResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ServerReflectionResponse {
                interface $Properties {
                    validHost?: (string|null);
                    originalRequest?: (grpc.reflection.v1alpha.ServerReflectionRequest.$Properties|null);
                    fileDescriptorResponse?: (grpc.reflection.v1alpha.FileDescriptorResponse.$Properties|null);
                    allExtensionNumbersResponse?: (grpc.reflection.v1alpha.ExtensionNumberResponse.$Properties|null);
                    listServicesResponse?: (grpc.reflection.v1alpha.ListServiceResponse.$Properties|null);
                    errorResponse?: (grpc.reflection.v1alpha.ErrorResponse.$Properties|null);
                    messageResponse?: ("fileDescriptorResponse"|"allExtensionNumbersResponse"|"listServicesResponse"|"errorResponse");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  validHost?: string|null;
                  originalRequest?: grpc.reflection.v1alpha.ServerReflectionRequest.$Shape|null;
                  fileDescriptorResponse?: grpc.reflection.v1alpha.FileDescriptorResponse.$Shape|null;
                  allExtensionNumbersResponse?: grpc.reflection.v1alpha.ExtensionNumberResponse.$Shape|null;
                  listServicesResponse?: grpc.reflection.v1alpha.ListServiceResponse.$Shape|null;
                  errorResponse?: grpc.reflection.v1alpha.ErrorResponse.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ messageResponse?: undefined; fileDescriptorResponse?: null; allExtensionNumbersResponse?: null; listServicesResponse?: null; errorResponse?: null }|{ messageResponse?: "fileDescriptorResponse"; fileDescriptorResponse: grpc.reflection.v1alpha.FileDescriptorResponse.$Shape; allExtensionNumbersResponse?: null; listServicesResponse?: null; errorResponse?: null }|{ messageResponse?: "allExtensionNumbersResponse"; fileDescriptorResponse?: null; allExtensionNumbersResponse: grpc.reflection.v1alpha.ExtensionNumberResponse.$Shape; listServicesResponse?: null; errorResponse?: null }|{ messageResponse?: "listServicesResponse"; fileDescriptorResponse?: null; allExtensionNumbersResponse?: null; listServicesResponse: grpc.reflection.v1alpha.ListServiceResponse.$Shape; errorResponse?: null }|{ messageResponse?: "errorResponse"; fileDescriptorResponse?: null; allExtensionNumbersResponse?: null; listServicesResponse?: null; errorResponse: grpc.reflection.v1alpha.ErrorResponse.$Shape })
                );
            }

            interface IFileDescriptorResponse extends grpc.reflection.v1alpha.FileDescriptorResponse.$Properties {
            }

            class FileDescriptorResponse {
                constructor(properties?: grpc.reflection.v1alpha.FileDescriptorResponse.$Properties);
                $unknowns?: Uint8Array[];
                fileDescriptorProto: Uint8Array[];
                static create(properties: grpc.reflection.v1alpha.FileDescriptorResponse.$Shape): grpc.reflection.v1alpha.FileDescriptorResponse & grpc.reflection.v1alpha.FileDescriptorResponse.$Shape;
                static create(properties?: grpc.reflection.v1alpha.FileDescriptorResponse.$Properties): grpc.reflection.v1alpha.FileDescriptorResponse;
                static encode(message: grpc.reflection.v1alpha.FileDescriptorResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1alpha.FileDescriptorResponse & grpc.reflection.v1alpha.FileDescriptorResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1alpha.FileDescriptorResponse;
                static toObject(message: grpc.reflection.v1alpha.FileDescriptorResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace FileDescriptorResponse {
                interface $Properties {
                    fileDescriptorProto?: (Uint8Array[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1alpha.FileDescriptorResponse.$Properties;
            }

            interface IExtensionNumberResponse extends grpc.reflection.v1alpha.ExtensionNumberResponse.$Properties {
            }

            class ExtensionNumberResponse {
                constructor(properties?: grpc.reflection.v1alpha.ExtensionNumberResponse.$Properties);
                $unknowns?: Uint8Array[];
                baseTypeName: string;
                extensionNumber: number[];
                static create(properties: grpc.reflection.v1alpha.ExtensionNumberResponse.$Shape): grpc.reflection.v1alpha.ExtensionNumberResponse & grpc.reflection.v1alpha.ExtensionNumberResponse.$Shape;
                static create(properties?: grpc.reflection.v1alpha.ExtensionNumberResponse.$Properties): grpc.reflection.v1alpha.ExtensionNumberResponse;
                static encode(message: grpc.reflection.v1alpha.ExtensionNumberResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1alpha.ExtensionNumberResponse & grpc.reflection.v1alpha.ExtensionNumberResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1alpha.ExtensionNumberResponse;
                static toObject(message: grpc.reflection.v1alpha.ExtensionNumberResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ExtensionNumberResponse {
                interface $Properties {
                    baseTypeName?: (string|null);
                    extensionNumber?: (number[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1alpha.ExtensionNumberResponse.$Properties;
            }

            interface IListServiceResponse extends grpc.reflection.v1alpha.ListServiceResponse.$Properties {
            }

            class ListServiceResponse {
                constructor(properties?: grpc.reflection.v1alpha.ListServiceResponse.$Properties);
                $unknowns?: Uint8Array[];
                service: grpc.reflection.v1alpha.ServiceResponse.$Properties[];
                static create(properties: grpc.reflection.v1alpha.ListServiceResponse.$Shape): grpc.reflection.v1alpha.ListServiceResponse & grpc.reflection.v1alpha.ListServiceResponse.$Shape;
                static create(properties?: grpc.reflection.v1alpha.ListServiceResponse.$Properties): grpc.reflection.v1alpha.ListServiceResponse;
                static encode(message: grpc.reflection.v1alpha.ListServiceResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1alpha.ListServiceResponse & grpc.reflection.v1alpha.ListServiceResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1alpha.ListServiceResponse;
                static toObject(message: grpc.reflection.v1alpha.ListServiceResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ListServiceResponse {
                interface $Properties {
                    service?: (grpc.reflection.v1alpha.ServiceResponse.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1alpha.ListServiceResponse.$Properties;
            }

            interface IServiceResponse extends grpc.reflection.v1alpha.ServiceResponse.$Properties {
            }

            class ServiceResponse {
                constructor(properties?: grpc.reflection.v1alpha.ServiceResponse.$Properties);
                $unknowns?: Uint8Array[];
                name: string;
                static create(properties: grpc.reflection.v1alpha.ServiceResponse.$Shape): grpc.reflection.v1alpha.ServiceResponse & grpc.reflection.v1alpha.ServiceResponse.$Shape;
                static create(properties?: grpc.reflection.v1alpha.ServiceResponse.$Properties): grpc.reflection.v1alpha.ServiceResponse;
                static encode(message: grpc.reflection.v1alpha.ServiceResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1alpha.ServiceResponse & grpc.reflection.v1alpha.ServiceResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1alpha.ServiceResponse;
                static toObject(message: grpc.reflection.v1alpha.ServiceResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ServiceResponse {
                interface $Properties {
                    name?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1alpha.ServiceResponse.$Properties;
            }

            interface IErrorResponse extends grpc.reflection.v1alpha.ErrorResponse.$Properties {
            }

            class ErrorResponse {
                constructor(properties?: grpc.reflection.v1alpha.ErrorResponse.$Properties);
                $unknowns?: Uint8Array[];
                errorCode: number;
                errorMessage: string;
                static create(properties: grpc.reflection.v1alpha.ErrorResponse.$Shape): grpc.reflection.v1alpha.ErrorResponse & grpc.reflection.v1alpha.ErrorResponse.$Shape;
                static create(properties?: grpc.reflection.v1alpha.ErrorResponse.$Properties): grpc.reflection.v1alpha.ErrorResponse;
                static encode(message: grpc.reflection.v1alpha.ErrorResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): grpc.reflection.v1alpha.ErrorResponse & grpc.reflection.v1alpha.ErrorResponse.$Shape;
                static fromObject(object: { [k: string]: any }): grpc.reflection.v1alpha.ErrorResponse;
                static toObject(message: grpc.reflection.v1alpha.ErrorResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ErrorResponse {
                interface $Properties {
                    errorCode?: (number|null);
                    errorMessage?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = grpc.reflection.v1alpha.ErrorResponse.$Properties;
            }
        }
    }
}

export namespace slg {

    namespace common {

        namespace v1 {

            interface IValue extends slg.common.v1.Value.$Properties {
            }

            class Value {
                constructor(properties?: slg.common.v1.Value.$Properties);
                $unknowns?: Uint8Array[];
                int?: (number|Long|null);
                float?: (number|null);
                str?: (string|null);
                bool?: (boolean|null);
                bytes?: (Uint8Array|null);
                kind?: ("int"|"float"|"str"|"bool"|"bytes");
                static create(properties: slg.common.v1.Value.$Shape): slg.common.v1.Value & slg.common.v1.Value.$Shape;
                static create(properties?: slg.common.v1.Value.$Properties): slg.common.v1.Value;
                static encode(message: slg.common.v1.Value.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.common.v1.Value & slg.common.v1.Value.$Shape;
                static fromObject(object: { [k: string]: any }): slg.common.v1.Value;
                static toObject(message: slg.common.v1.Value, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Value {
                interface $Properties {
                    int?: (number|Long|null);
                    float?: (number|null);
                    str?: (string|null);
                    bool?: (boolean|null);
                    bytes?: (Uint8Array|null);
                    kind?: ("int"|"float"|"str"|"bool"|"bytes");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  int?: number|Long|null;
                  float?: number|null;
                  str?: string|null;
                  bool?: boolean|null;
                  bytes?: Uint8Array|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ kind?: undefined; int?: null; float?: null; str?: null; bool?: null; bytes?: null }|{ kind?: "int"; int: number|Long; float?: null; str?: null; bool?: null; bytes?: null }|{ kind?: "float"; int?: null; float: number; str?: null; bool?: null; bytes?: null }|{ kind?: "str"; int?: null; float?: null; str: string; bool?: null; bytes?: null }|{ kind?: "bool"; int?: null; float?: null; str?: null; bool: boolean; bytes?: null }|{ kind?: "bytes"; int?: null; float?: null; str?: null; bool?: null; bytes: Uint8Array })
                );
            }

            interface IFields extends slg.common.v1.Fields.$Properties {
            }

            class Fields {
                constructor(properties?: slg.common.v1.Fields.$Properties);
                $unknowns?: Uint8Array[];
                fields: { [k: string]: slg.common.v1.Value.$Properties };
                static create(properties: slg.common.v1.Fields.$Shape): slg.common.v1.Fields & slg.common.v1.Fields.$Shape;
                static create(properties?: slg.common.v1.Fields.$Properties): slg.common.v1.Fields;
                static encode(message: slg.common.v1.Fields.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.common.v1.Fields & slg.common.v1.Fields.$Shape;
                static fromObject(object: { [k: string]: any }): slg.common.v1.Fields;
                static toObject(message: slg.common.v1.Fields, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Fields {
                interface $Properties {
                    fields?: ({ [k: string]: slg.common.v1.Value.$Properties }|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  fields?: { [k: string]: slg.common.v1.Value.$Shape }|null;
                  $unknowns?: Uint8Array[];
                };
            }
        }
    }

    namespace dataserver {

        namespace v2 {

            class DataService extends $protobuf.rpc.Service {
                constructor(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean);
                static create(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean): DataService;
                fetchV2: slg.dataserver.v2.DataService.FetchV2;
                cFetchV2: slg.dataserver.v2.DataService.CFetchV2;
                modifyV2: slg.dataserver.v2.DataService.ModifyV2;
                incrByV2: slg.dataserver.v2.DataService.IncrByV2;
                createV2: slg.dataserver.v2.DataService.CreateV2;
                removeV2: slg.dataserver.v2.DataService.RemoveV2;
                cRemoveV2: slg.dataserver.v2.DataService.CRemoveV2;
                cCountV2: slg.dataserver.v2.DataService.CCountV2;
                inspectV2: slg.dataserver.v2.DataService.InspectV2;
                batchWriteV2: slg.dataserver.v2.DataService.BatchWriteV2;
                batchWritesV2: slg.dataserver.v2.DataService.BatchWritesV2;
            }

            namespace DataService {
                type FetchV2Callback = (error: (Error|null), response?: slg.dataserver.v2.FetchResponse) => void;
                type FetchV2 = {
                  (request: slg.dataserver.v2.IFetchRequest, callback: slg.dataserver.v2.DataService.FetchV2Callback): void;
                  (request: slg.dataserver.v2.IFetchRequest): Promise<slg.dataserver.v2.FetchResponse>;
                  readonly name: "FetchV2";
                  readonly path: "/slg.dataserver.v2.DataService/FetchV2";
                  readonly requestType: "FetchRequest";
                  readonly responseType: "FetchResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type CFetchV2Callback = (error: (Error|null), response?: slg.dataserver.v2.CFetchResponse) => void;
                type CFetchV2 = {
                  (request: slg.dataserver.v2.ICFetchRequest, callback: slg.dataserver.v2.DataService.CFetchV2Callback): void;
                  (request: slg.dataserver.v2.ICFetchRequest): Promise<slg.dataserver.v2.CFetchResponse>;
                  readonly name: "CFetchV2";
                  readonly path: "/slg.dataserver.v2.DataService/CFetchV2";
                  readonly requestType: "CFetchRequest";
                  readonly responseType: "CFetchResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type ModifyV2Callback = (error: (Error|null), response?: slg.dataserver.v2.ModifyResponse) => void;
                type ModifyV2 = {
                  (request: slg.dataserver.v2.IModifyRequest, callback: slg.dataserver.v2.DataService.ModifyV2Callback): void;
                  (request: slg.dataserver.v2.IModifyRequest): Promise<slg.dataserver.v2.ModifyResponse>;
                  readonly name: "ModifyV2";
                  readonly path: "/slg.dataserver.v2.DataService/ModifyV2";
                  readonly requestType: "ModifyRequest";
                  readonly responseType: "ModifyResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type IncrByV2Callback = (error: (Error|null), response?: slg.dataserver.v2.IncrByResponse) => void;
                type IncrByV2 = {
                  (request: slg.dataserver.v2.IIncrByRequest, callback: slg.dataserver.v2.DataService.IncrByV2Callback): void;
                  (request: slg.dataserver.v2.IIncrByRequest): Promise<slg.dataserver.v2.IncrByResponse>;
                  readonly name: "IncrByV2";
                  readonly path: "/slg.dataserver.v2.DataService/IncrByV2";
                  readonly requestType: "IncrByRequest";
                  readonly responseType: "IncrByResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type CreateV2Callback = (error: (Error|null), response?: slg.dataserver.v2.CreateResponse) => void;
                type CreateV2 = {
                  (request: slg.dataserver.v2.ICreateRequest, callback: slg.dataserver.v2.DataService.CreateV2Callback): void;
                  (request: slg.dataserver.v2.ICreateRequest): Promise<slg.dataserver.v2.CreateResponse>;
                  readonly name: "CreateV2";
                  readonly path: "/slg.dataserver.v2.DataService/CreateV2";
                  readonly requestType: "CreateRequest";
                  readonly responseType: "CreateResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type RemoveV2Callback = (error: (Error|null), response?: slg.dataserver.v2.RemoveResponse) => void;
                type RemoveV2 = {
                  (request: slg.dataserver.v2.IRemoveRequest, callback: slg.dataserver.v2.DataService.RemoveV2Callback): void;
                  (request: slg.dataserver.v2.IRemoveRequest): Promise<slg.dataserver.v2.RemoveResponse>;
                  readonly name: "RemoveV2";
                  readonly path: "/slg.dataserver.v2.DataService/RemoveV2";
                  readonly requestType: "RemoveRequest";
                  readonly responseType: "RemoveResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type CRemoveV2Callback = (error: (Error|null), response?: slg.dataserver.v2.CRemoveResponse) => void;
                type CRemoveV2 = {
                  (request: slg.dataserver.v2.ICRemoveRequest, callback: slg.dataserver.v2.DataService.CRemoveV2Callback): void;
                  (request: slg.dataserver.v2.ICRemoveRequest): Promise<slg.dataserver.v2.CRemoveResponse>;
                  readonly name: "CRemoveV2";
                  readonly path: "/slg.dataserver.v2.DataService/CRemoveV2";
                  readonly requestType: "CRemoveRequest";
                  readonly responseType: "CRemoveResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type CCountV2Callback = (error: (Error|null), response?: slg.dataserver.v2.CCountResponse) => void;
                type CCountV2 = {
                  (request: slg.dataserver.v2.ICCountRequest, callback: slg.dataserver.v2.DataService.CCountV2Callback): void;
                  (request: slg.dataserver.v2.ICCountRequest): Promise<slg.dataserver.v2.CCountResponse>;
                  readonly name: "CCountV2";
                  readonly path: "/slg.dataserver.v2.DataService/CCountV2";
                  readonly requestType: "CCountRequest";
                  readonly responseType: "CCountResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type InspectV2Callback = (error: (Error|null), response?: slg.dataserver.v2.InspectResponse) => void;
                type InspectV2 = {
                  (request: slg.dataserver.v2.IInspectRequest, callback: slg.dataserver.v2.DataService.InspectV2Callback): void;
                  (request: slg.dataserver.v2.IInspectRequest): Promise<slg.dataserver.v2.InspectResponse>;
                  readonly name: "InspectV2";
                  readonly path: "/slg.dataserver.v2.DataService/InspectV2";
                  readonly requestType: "InspectRequest";
                  readonly responseType: "InspectResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type BatchWriteV2Callback = (error: (Error|null), response?: slg.dataserver.v2.BatchWriteResponse) => void;
                type BatchWriteV2 = {
                  (request: slg.dataserver.v2.IBatchWriteRequest, callback: slg.dataserver.v2.DataService.BatchWriteV2Callback): void;
                  (request: slg.dataserver.v2.IBatchWriteRequest): Promise<slg.dataserver.v2.BatchWriteResponse>;
                  readonly name: "BatchWriteV2";
                  readonly path: "/slg.dataserver.v2.DataService/BatchWriteV2";
                  readonly requestType: "BatchWriteRequest";
                  readonly responseType: "BatchWriteResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type BatchWritesV2Callback = (error: (Error|null), response?: slg.dataserver.v2.BatchWritesResponse) => void;
                type BatchWritesV2 = {
                  (request: slg.dataserver.v2.IBatchWritesRequest, callback: slg.dataserver.v2.DataService.BatchWritesV2Callback): void;
                  (request: slg.dataserver.v2.IBatchWritesRequest): Promise<slg.dataserver.v2.BatchWritesResponse>;
                  readonly name: "BatchWritesV2";
                  readonly path: "/slg.dataserver.v2.DataService/BatchWritesV2";
                  readonly requestType: "BatchWritesRequest";
                  readonly responseType: "BatchWritesResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
            }

            interface IRecord extends slg.dataserver.v2.Record.$Properties {
            }

            class Record {
                constructor(properties?: slg.dataserver.v2.Record.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                memberId: (number|Long);
                fields: { [k: string]: slg.common.v1.Value.$Properties };
                version: (number|Long);
                static create(properties: slg.dataserver.v2.Record.$Shape): slg.dataserver.v2.Record & slg.dataserver.v2.Record.$Shape;
                static create(properties?: slg.dataserver.v2.Record.$Properties): slg.dataserver.v2.Record;
                static encode(message: slg.dataserver.v2.Record.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.Record & slg.dataserver.v2.Record.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.Record;
                static toObject(message: slg.dataserver.v2.Record, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Record {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    memberId?: (number|Long|null);
                    fields?: ({ [k: string]: slg.common.v1.Value.$Properties }|null);
                    version?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  ownerId?: number|Long|null;
                  memberId?: number|Long|null;
                  fields?: { [k: string]: slg.common.v1.Value.$Shape }|null;
                  version?: number|Long|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IFetchRequest extends slg.dataserver.v2.FetchRequest.$Properties {
            }

            class FetchRequest {
                constructor(properties?: slg.dataserver.v2.FetchRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                memberId: (number|Long);
                static create(properties: slg.dataserver.v2.FetchRequest.$Shape): slg.dataserver.v2.FetchRequest & slg.dataserver.v2.FetchRequest.$Shape;
                static create(properties?: slg.dataserver.v2.FetchRequest.$Properties): slg.dataserver.v2.FetchRequest;
                static encode(message: slg.dataserver.v2.FetchRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.FetchRequest & slg.dataserver.v2.FetchRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.FetchRequest;
                static toObject(message: slg.dataserver.v2.FetchRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace FetchRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    memberId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.FetchRequest.$Properties;
            }

            interface IFetchResponse extends slg.dataserver.v2.FetchResponse.$Properties {
            }

            class FetchResponse {
                constructor(properties?: slg.dataserver.v2.FetchResponse.$Properties);
                $unknowns?: Uint8Array[];
                record?: (slg.dataserver.v2.Record.$Properties|null);
                static create(properties: slg.dataserver.v2.FetchResponse.$Shape): slg.dataserver.v2.FetchResponse & slg.dataserver.v2.FetchResponse.$Shape;
                static create(properties?: slg.dataserver.v2.FetchResponse.$Properties): slg.dataserver.v2.FetchResponse;
                static encode(message: slg.dataserver.v2.FetchResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.FetchResponse & slg.dataserver.v2.FetchResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.FetchResponse;
                static toObject(message: slg.dataserver.v2.FetchResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace FetchResponse {
                interface $Properties {
                    record?: (slg.dataserver.v2.Record.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  record?: slg.dataserver.v2.Record.$Shape|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface ICFetchRequest extends slg.dataserver.v2.CFetchRequest.$Properties {
            }

            class CFetchRequest {
                constructor(properties?: slg.dataserver.v2.CFetchRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                static create(properties: slg.dataserver.v2.CFetchRequest.$Shape): slg.dataserver.v2.CFetchRequest & slg.dataserver.v2.CFetchRequest.$Shape;
                static create(properties?: slg.dataserver.v2.CFetchRequest.$Properties): slg.dataserver.v2.CFetchRequest;
                static encode(message: slg.dataserver.v2.CFetchRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.CFetchRequest & slg.dataserver.v2.CFetchRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.CFetchRequest;
                static toObject(message: slg.dataserver.v2.CFetchRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CFetchRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.CFetchRequest.$Properties;
            }

            interface ICFetchResponse extends slg.dataserver.v2.CFetchResponse.$Properties {
            }

            class CFetchResponse {
                constructor(properties?: slg.dataserver.v2.CFetchResponse.$Properties);
                $unknowns?: Uint8Array[];
                records: slg.dataserver.v2.Record.$Properties[];
                static create(properties: slg.dataserver.v2.CFetchResponse.$Shape): slg.dataserver.v2.CFetchResponse & slg.dataserver.v2.CFetchResponse.$Shape;
                static create(properties?: slg.dataserver.v2.CFetchResponse.$Properties): slg.dataserver.v2.CFetchResponse;
                static encode(message: slg.dataserver.v2.CFetchResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.CFetchResponse & slg.dataserver.v2.CFetchResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.CFetchResponse;
                static toObject(message: slg.dataserver.v2.CFetchResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CFetchResponse {
                interface $Properties {
                    records?: (slg.dataserver.v2.Record.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  records?: slg.dataserver.v2.Record.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IModifyRequest extends slg.dataserver.v2.ModifyRequest.$Properties {
            }

            class ModifyRequest {
                constructor(properties?: slg.dataserver.v2.ModifyRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                memberId: (number|Long);
                fields: { [k: string]: slg.common.v1.Value.$Properties };
                expectedVersion?: (number|Long|null);
                static create(properties: slg.dataserver.v2.ModifyRequest.$Shape): slg.dataserver.v2.ModifyRequest & slg.dataserver.v2.ModifyRequest.$Shape;
                static create(properties?: slg.dataserver.v2.ModifyRequest.$Properties): slg.dataserver.v2.ModifyRequest;
                static encode(message: slg.dataserver.v2.ModifyRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.ModifyRequest & slg.dataserver.v2.ModifyRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.ModifyRequest;
                static toObject(message: slg.dataserver.v2.ModifyRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ModifyRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    memberId?: (number|Long|null);
                    fields?: ({ [k: string]: slg.common.v1.Value.$Properties }|null);
                    expectedVersion?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  ownerId?: number|Long|null;
                  memberId?: number|Long|null;
                  fields?: { [k: string]: slg.common.v1.Value.$Shape }|null;
                  expectedVersion?: number|Long|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IModifyResponse extends slg.dataserver.v2.ModifyResponse.$Properties {
            }

            class ModifyResponse {
                constructor(properties?: slg.dataserver.v2.ModifyResponse.$Properties);
                $unknowns?: Uint8Array[];
                version: (number|Long);
                static create(properties: slg.dataserver.v2.ModifyResponse.$Shape): slg.dataserver.v2.ModifyResponse & slg.dataserver.v2.ModifyResponse.$Shape;
                static create(properties?: slg.dataserver.v2.ModifyResponse.$Properties): slg.dataserver.v2.ModifyResponse;
                static encode(message: slg.dataserver.v2.ModifyResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.ModifyResponse & slg.dataserver.v2.ModifyResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.ModifyResponse;
                static toObject(message: slg.dataserver.v2.ModifyResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ModifyResponse {
                interface $Properties {
                    version?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.ModifyResponse.$Properties;
            }

            interface IIncrByRequest extends slg.dataserver.v2.IncrByRequest.$Properties {
            }

            class IncrByRequest {
                constructor(properties?: slg.dataserver.v2.IncrByRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                memberId: (number|Long);
                field: string;
                delta: (number|Long);
                floor?: (number|Long|null);
                ceiling?: (number|Long|null);
                static create(properties: slg.dataserver.v2.IncrByRequest.$Shape): slg.dataserver.v2.IncrByRequest & slg.dataserver.v2.IncrByRequest.$Shape;
                static create(properties?: slg.dataserver.v2.IncrByRequest.$Properties): slg.dataserver.v2.IncrByRequest;
                static encode(message: slg.dataserver.v2.IncrByRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.IncrByRequest & slg.dataserver.v2.IncrByRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.IncrByRequest;
                static toObject(message: slg.dataserver.v2.IncrByRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace IncrByRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    memberId?: (number|Long|null);
                    field?: (string|null);
                    delta?: (number|Long|null);
                    floor?: (number|Long|null);
                    ceiling?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.IncrByRequest.$Properties;
            }

            interface IIncrByResponse extends slg.dataserver.v2.IncrByResponse.$Properties {
            }

            class IncrByResponse {
                constructor(properties?: slg.dataserver.v2.IncrByResponse.$Properties);
                $unknowns?: Uint8Array[];
                value: (number|Long);
                version: (number|Long);
                static create(properties: slg.dataserver.v2.IncrByResponse.$Shape): slg.dataserver.v2.IncrByResponse & slg.dataserver.v2.IncrByResponse.$Shape;
                static create(properties?: slg.dataserver.v2.IncrByResponse.$Properties): slg.dataserver.v2.IncrByResponse;
                static encode(message: slg.dataserver.v2.IncrByResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.IncrByResponse & slg.dataserver.v2.IncrByResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.IncrByResponse;
                static toObject(message: slg.dataserver.v2.IncrByResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace IncrByResponse {
                interface $Properties {
                    value?: (number|Long|null);
                    version?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.IncrByResponse.$Properties;
            }

            interface ICreateRequest extends slg.dataserver.v2.CreateRequest.$Properties {
            }

            class CreateRequest {
                constructor(properties?: slg.dataserver.v2.CreateRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                memberId: (number|Long);
                fields: { [k: string]: slg.common.v1.Value.$Properties };
                static create(properties: slg.dataserver.v2.CreateRequest.$Shape): slg.dataserver.v2.CreateRequest & slg.dataserver.v2.CreateRequest.$Shape;
                static create(properties?: slg.dataserver.v2.CreateRequest.$Properties): slg.dataserver.v2.CreateRequest;
                static encode(message: slg.dataserver.v2.CreateRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.CreateRequest & slg.dataserver.v2.CreateRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.CreateRequest;
                static toObject(message: slg.dataserver.v2.CreateRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CreateRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    memberId?: (number|Long|null);
                    fields?: ({ [k: string]: slg.common.v1.Value.$Properties }|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  ownerId?: number|Long|null;
                  memberId?: number|Long|null;
                  fields?: { [k: string]: slg.common.v1.Value.$Shape }|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface ICreateResponse extends slg.dataserver.v2.CreateResponse.$Properties {
            }

            class CreateResponse {
                constructor(properties?: slg.dataserver.v2.CreateResponse.$Properties);
                $unknowns?: Uint8Array[];
                version: (number|Long);
                static create(properties: slg.dataserver.v2.CreateResponse.$Shape): slg.dataserver.v2.CreateResponse & slg.dataserver.v2.CreateResponse.$Shape;
                static create(properties?: slg.dataserver.v2.CreateResponse.$Properties): slg.dataserver.v2.CreateResponse;
                static encode(message: slg.dataserver.v2.CreateResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.CreateResponse & slg.dataserver.v2.CreateResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.CreateResponse;
                static toObject(message: slg.dataserver.v2.CreateResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CreateResponse {
                interface $Properties {
                    version?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.CreateResponse.$Properties;
            }

            interface IRemoveRequest extends slg.dataserver.v2.RemoveRequest.$Properties {
            }

            class RemoveRequest {
                constructor(properties?: slg.dataserver.v2.RemoveRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                memberId: (number|Long);
                expectedVersion?: (number|Long|null);
                static create(properties: slg.dataserver.v2.RemoveRequest.$Shape): slg.dataserver.v2.RemoveRequest & slg.dataserver.v2.RemoveRequest.$Shape;
                static create(properties?: slg.dataserver.v2.RemoveRequest.$Properties): slg.dataserver.v2.RemoveRequest;
                static encode(message: slg.dataserver.v2.RemoveRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.RemoveRequest & slg.dataserver.v2.RemoveRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.RemoveRequest;
                static toObject(message: slg.dataserver.v2.RemoveRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace RemoveRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    memberId?: (number|Long|null);
                    expectedVersion?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.RemoveRequest.$Properties;
            }

            interface IRemoveResponse extends slg.dataserver.v2.RemoveResponse.$Properties {
            }

            class RemoveResponse {
                constructor(properties?: slg.dataserver.v2.RemoveResponse.$Properties);
                $unknowns?: Uint8Array[];
                removed: boolean;
                static create(properties: slg.dataserver.v2.RemoveResponse.$Shape): slg.dataserver.v2.RemoveResponse & slg.dataserver.v2.RemoveResponse.$Shape;
                static create(properties?: slg.dataserver.v2.RemoveResponse.$Properties): slg.dataserver.v2.RemoveResponse;
                static encode(message: slg.dataserver.v2.RemoveResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.RemoveResponse & slg.dataserver.v2.RemoveResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.RemoveResponse;
                static toObject(message: slg.dataserver.v2.RemoveResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace RemoveResponse {
                interface $Properties {
                    removed?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.RemoveResponse.$Properties;
            }

            interface ICRemoveRequest extends slg.dataserver.v2.CRemoveRequest.$Properties {
            }

            class CRemoveRequest {
                constructor(properties?: slg.dataserver.v2.CRemoveRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                memberIds: (number|Long)[];
                all: boolean;
                static create(properties: slg.dataserver.v2.CRemoveRequest.$Shape): slg.dataserver.v2.CRemoveRequest & slg.dataserver.v2.CRemoveRequest.$Shape;
                static create(properties?: slg.dataserver.v2.CRemoveRequest.$Properties): slg.dataserver.v2.CRemoveRequest;
                static encode(message: slg.dataserver.v2.CRemoveRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.CRemoveRequest & slg.dataserver.v2.CRemoveRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.CRemoveRequest;
                static toObject(message: slg.dataserver.v2.CRemoveRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CRemoveRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    memberIds?: ((number|Long)[]|null);
                    all?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.CRemoveRequest.$Properties;
            }

            interface ICRemoveResponse extends slg.dataserver.v2.CRemoveResponse.$Properties {
            }

            class CRemoveResponse {
                constructor(properties?: slg.dataserver.v2.CRemoveResponse.$Properties);
                $unknowns?: Uint8Array[];
                removed: (number|Long);
                static create(properties: slg.dataserver.v2.CRemoveResponse.$Shape): slg.dataserver.v2.CRemoveResponse & slg.dataserver.v2.CRemoveResponse.$Shape;
                static create(properties?: slg.dataserver.v2.CRemoveResponse.$Properties): slg.dataserver.v2.CRemoveResponse;
                static encode(message: slg.dataserver.v2.CRemoveResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.CRemoveResponse & slg.dataserver.v2.CRemoveResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.CRemoveResponse;
                static toObject(message: slg.dataserver.v2.CRemoveResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CRemoveResponse {
                interface $Properties {
                    removed?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.CRemoveResponse.$Properties;
            }

            interface ICCountRequest extends slg.dataserver.v2.CCountRequest.$Properties {
            }

            class CCountRequest {
                constructor(properties?: slg.dataserver.v2.CCountRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                static create(properties: slg.dataserver.v2.CCountRequest.$Shape): slg.dataserver.v2.CCountRequest & slg.dataserver.v2.CCountRequest.$Shape;
                static create(properties?: slg.dataserver.v2.CCountRequest.$Properties): slg.dataserver.v2.CCountRequest;
                static encode(message: slg.dataserver.v2.CCountRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.CCountRequest & slg.dataserver.v2.CCountRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.CCountRequest;
                static toObject(message: slg.dataserver.v2.CCountRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CCountRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.CCountRequest.$Properties;
            }

            interface ICCountResponse extends slg.dataserver.v2.CCountResponse.$Properties {
            }

            class CCountResponse {
                constructor(properties?: slg.dataserver.v2.CCountResponse.$Properties);
                $unknowns?: Uint8Array[];
                count: (number|Long);
                static create(properties: slg.dataserver.v2.CCountResponse.$Shape): slg.dataserver.v2.CCountResponse & slg.dataserver.v2.CCountResponse.$Shape;
                static create(properties?: slg.dataserver.v2.CCountResponse.$Properties): slg.dataserver.v2.CCountResponse;
                static encode(message: slg.dataserver.v2.CCountResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.CCountResponse & slg.dataserver.v2.CCountResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.CCountResponse;
                static toObject(message: slg.dataserver.v2.CCountResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CCountResponse {
                interface $Properties {
                    count?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.CCountResponse.$Properties;
            }

            interface IInspectRequest extends slg.dataserver.v2.InspectRequest.$Properties {
            }

            class InspectRequest {
                constructor(properties?: slg.dataserver.v2.InspectRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                ownerId: (number|Long);
                memberId: (number|Long);
                static create(properties: slg.dataserver.v2.InspectRequest.$Shape): slg.dataserver.v2.InspectRequest & slg.dataserver.v2.InspectRequest.$Shape;
                static create(properties?: slg.dataserver.v2.InspectRequest.$Properties): slg.dataserver.v2.InspectRequest;
                static encode(message: slg.dataserver.v2.InspectRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.InspectRequest & slg.dataserver.v2.InspectRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.InspectRequest;
                static toObject(message: slg.dataserver.v2.InspectRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace InspectRequest {
                interface $Properties {
                    table?: (string|null);
                    ownerId?: (number|Long|null);
                    memberId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.InspectRequest.$Properties;
            }

            interface IInspectResponse extends slg.dataserver.v2.InspectResponse.$Properties {
            }

            class InspectResponse {
                constructor(properties?: slg.dataserver.v2.InspectResponse.$Properties);
                $unknowns?: Uint8Array[];
                served?: (slg.dataserver.v2.Record.$Properties|null);
                stored?: (slg.dataserver.v2.Record.$Properties|null);
                cached: boolean;
                static create(properties: slg.dataserver.v2.InspectResponse.$Shape): slg.dataserver.v2.InspectResponse & slg.dataserver.v2.InspectResponse.$Shape;
                static create(properties?: slg.dataserver.v2.InspectResponse.$Properties): slg.dataserver.v2.InspectResponse;
                static encode(message: slg.dataserver.v2.InspectResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.InspectResponse & slg.dataserver.v2.InspectResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.InspectResponse;
                static toObject(message: slg.dataserver.v2.InspectResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace InspectResponse {
                interface $Properties {
                    served?: (slg.dataserver.v2.Record.$Properties|null);
                    stored?: (slg.dataserver.v2.Record.$Properties|null);
                    cached?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  served?: slg.dataserver.v2.Record.$Shape|null;
                  stored?: slg.dataserver.v2.Record.$Shape|null;
                  cached?: boolean|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IWriteOp extends slg.dataserver.v2.WriteOp.$Properties {
            }

            class WriteOp {
                constructor(properties?: slg.dataserver.v2.WriteOp.$Properties);
                $unknowns?: Uint8Array[];
                create?: (slg.dataserver.v2.CreateRequest.$Properties|null);
                modify?: (slg.dataserver.v2.ModifyRequest.$Properties|null);
                incrBy?: (slg.dataserver.v2.IncrByRequest.$Properties|null);
                remove?: (slg.dataserver.v2.RemoveRequest.$Properties|null);
                op?: ("create"|"modify"|"incrBy"|"remove");
                static create(properties: slg.dataserver.v2.WriteOp.$Shape): slg.dataserver.v2.WriteOp & slg.dataserver.v2.WriteOp.$Shape;
                static create(properties?: slg.dataserver.v2.WriteOp.$Properties): slg.dataserver.v2.WriteOp;
                static encode(message: slg.dataserver.v2.WriteOp.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.WriteOp & slg.dataserver.v2.WriteOp.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.WriteOp;
                static toObject(message: slg.dataserver.v2.WriteOp, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace WriteOp {
                interface $Properties {
                    create?: (slg.dataserver.v2.CreateRequest.$Properties|null);
                    modify?: (slg.dataserver.v2.ModifyRequest.$Properties|null);
                    incrBy?: (slg.dataserver.v2.IncrByRequest.$Properties|null);
                    remove?: (slg.dataserver.v2.RemoveRequest.$Properties|null);
                    op?: ("create"|"modify"|"incrBy"|"remove");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  create?: slg.dataserver.v2.CreateRequest.$Shape|null;
                  modify?: slg.dataserver.v2.ModifyRequest.$Shape|null;
                  incrBy?: slg.dataserver.v2.IncrByRequest.$Shape|null;
                  remove?: slg.dataserver.v2.RemoveRequest.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ op?: undefined; create?: null; modify?: null; incrBy?: null; remove?: null }|{ op?: "create"; create: slg.dataserver.v2.CreateRequest.$Shape; modify?: null; incrBy?: null; remove?: null }|{ op?: "modify"; create?: null; modify: slg.dataserver.v2.ModifyRequest.$Shape; incrBy?: null; remove?: null }|{ op?: "incrBy"; create?: null; modify?: null; incrBy: slg.dataserver.v2.IncrByRequest.$Shape; remove?: null }|{ op?: "remove"; create?: null; modify?: null; incrBy?: null; remove: slg.dataserver.v2.RemoveRequest.$Shape })
                );
            }

            interface IBatchWriteRequest extends slg.dataserver.v2.BatchWriteRequest.$Properties {
            }

            class BatchWriteRequest {
                constructor(properties?: slg.dataserver.v2.BatchWriteRequest.$Properties);
                $unknowns?: Uint8Array[];
                ops: slg.dataserver.v2.WriteOp.$Properties[];
                static create(properties: slg.dataserver.v2.BatchWriteRequest.$Shape): slg.dataserver.v2.BatchWriteRequest & slg.dataserver.v2.BatchWriteRequest.$Shape;
                static create(properties?: slg.dataserver.v2.BatchWriteRequest.$Properties): slg.dataserver.v2.BatchWriteRequest;
                static encode(message: slg.dataserver.v2.BatchWriteRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.BatchWriteRequest & slg.dataserver.v2.BatchWriteRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.BatchWriteRequest;
                static toObject(message: slg.dataserver.v2.BatchWriteRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchWriteRequest {
                interface $Properties {
                    ops?: (slg.dataserver.v2.WriteOp.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  ops?: slg.dataserver.v2.WriteOp.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IWriteResult extends slg.dataserver.v2.WriteResult.$Properties {
            }

            class WriteResult {
                constructor(properties?: slg.dataserver.v2.WriteResult.$Properties);
                $unknowns?: Uint8Array[];
                create?: (slg.dataserver.v2.CreateResponse.$Properties|null);
                modify?: (slg.dataserver.v2.ModifyResponse.$Properties|null);
                incrBy?: (slg.dataserver.v2.IncrByResponse.$Properties|null);
                remove?: (slg.dataserver.v2.RemoveResponse.$Properties|null);
                result?: ("create"|"modify"|"incrBy"|"remove");
                static create(properties: slg.dataserver.v2.WriteResult.$Shape): slg.dataserver.v2.WriteResult & slg.dataserver.v2.WriteResult.$Shape;
                static create(properties?: slg.dataserver.v2.WriteResult.$Properties): slg.dataserver.v2.WriteResult;
                static encode(message: slg.dataserver.v2.WriteResult.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.WriteResult & slg.dataserver.v2.WriteResult.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.WriteResult;
                static toObject(message: slg.dataserver.v2.WriteResult, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace WriteResult {
                interface $Properties {
                    create?: (slg.dataserver.v2.CreateResponse.$Properties|null);
                    modify?: (slg.dataserver.v2.ModifyResponse.$Properties|null);
                    incrBy?: (slg.dataserver.v2.IncrByResponse.$Properties|null);
                    remove?: (slg.dataserver.v2.RemoveResponse.$Properties|null);
                    result?: ("create"|"modify"|"incrBy"|"remove");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  create?: slg.dataserver.v2.CreateResponse.$Shape|null;
                  modify?: slg.dataserver.v2.ModifyResponse.$Shape|null;
                  incrBy?: slg.dataserver.v2.IncrByResponse.$Shape|null;
                  remove?: slg.dataserver.v2.RemoveResponse.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ result?: undefined; create?: null; modify?: null; incrBy?: null; remove?: null }|{ result?: "create"; create: slg.dataserver.v2.CreateResponse.$Shape; modify?: null; incrBy?: null; remove?: null }|{ result?: "modify"; create?: null; modify: slg.dataserver.v2.ModifyResponse.$Shape; incrBy?: null; remove?: null }|{ result?: "incrBy"; create?: null; modify?: null; incrBy: slg.dataserver.v2.IncrByResponse.$Shape; remove?: null }|{ result?: "remove"; create?: null; modify?: null; incrBy?: null; remove: slg.dataserver.v2.RemoveResponse.$Shape })
                );
            }

            interface IBatchWriteResponse extends slg.dataserver.v2.BatchWriteResponse.$Properties {
            }

            class BatchWriteResponse {
                constructor(properties?: slg.dataserver.v2.BatchWriteResponse.$Properties);
                $unknowns?: Uint8Array[];
                results: slg.dataserver.v2.WriteResult.$Properties[];
                static create(properties: slg.dataserver.v2.BatchWriteResponse.$Shape): slg.dataserver.v2.BatchWriteResponse & slg.dataserver.v2.BatchWriteResponse.$Shape;
                static create(properties?: slg.dataserver.v2.BatchWriteResponse.$Properties): slg.dataserver.v2.BatchWriteResponse;
                static encode(message: slg.dataserver.v2.BatchWriteResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.BatchWriteResponse & slg.dataserver.v2.BatchWriteResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.BatchWriteResponse;
                static toObject(message: slg.dataserver.v2.BatchWriteResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchWriteResponse {
                interface $Properties {
                    results?: (slg.dataserver.v2.WriteResult.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  results?: slg.dataserver.v2.WriteResult.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IBatchWritesRequest extends slg.dataserver.v2.BatchWritesRequest.$Properties {
            }

            class BatchWritesRequest {
                constructor(properties?: slg.dataserver.v2.BatchWritesRequest.$Properties);
                $unknowns?: Uint8Array[];
                batches: slg.dataserver.v2.BatchWriteRequest.$Properties[];
                static create(properties: slg.dataserver.v2.BatchWritesRequest.$Shape): slg.dataserver.v2.BatchWritesRequest & slg.dataserver.v2.BatchWritesRequest.$Shape;
                static create(properties?: slg.dataserver.v2.BatchWritesRequest.$Properties): slg.dataserver.v2.BatchWritesRequest;
                static encode(message: slg.dataserver.v2.BatchWritesRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.BatchWritesRequest & slg.dataserver.v2.BatchWritesRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.BatchWritesRequest;
                static toObject(message: slg.dataserver.v2.BatchWritesRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchWritesRequest {
                interface $Properties {
                    batches?: (slg.dataserver.v2.BatchWriteRequest.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  batches?: slg.dataserver.v2.BatchWriteRequest.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IBatchFailure extends slg.dataserver.v2.BatchFailure.$Properties {
            }

            class BatchFailure {
                constructor(properties?: slg.dataserver.v2.BatchFailure.$Properties);
                $unknowns?: Uint8Array[];
                code: number;
                message: string;
                static create(properties: slg.dataserver.v2.BatchFailure.$Shape): slg.dataserver.v2.BatchFailure & slg.dataserver.v2.BatchFailure.$Shape;
                static create(properties?: slg.dataserver.v2.BatchFailure.$Properties): slg.dataserver.v2.BatchFailure;
                static encode(message: slg.dataserver.v2.BatchFailure.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.BatchFailure & slg.dataserver.v2.BatchFailure.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.BatchFailure;
                static toObject(message: slg.dataserver.v2.BatchFailure, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchFailure {
                interface $Properties {
                    code?: (number|null);
                    message?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dataserver.v2.BatchFailure.$Properties;
            }

            interface IBatchOutcome extends slg.dataserver.v2.BatchOutcome.$Properties {
            }

            class BatchOutcome {
                constructor(properties?: slg.dataserver.v2.BatchOutcome.$Properties);
                $unknowns?: Uint8Array[];
                written?: (slg.dataserver.v2.BatchWriteResponse.$Properties|null);
                failed?: (slg.dataserver.v2.BatchFailure.$Properties|null);
                outcome?: ("written"|"failed");
                static create(properties: slg.dataserver.v2.BatchOutcome.$Shape): slg.dataserver.v2.BatchOutcome & slg.dataserver.v2.BatchOutcome.$Shape;
                static create(properties?: slg.dataserver.v2.BatchOutcome.$Properties): slg.dataserver.v2.BatchOutcome;
                static encode(message: slg.dataserver.v2.BatchOutcome.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.BatchOutcome & slg.dataserver.v2.BatchOutcome.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.BatchOutcome;
                static toObject(message: slg.dataserver.v2.BatchOutcome, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchOutcome {
                interface $Properties {
                    written?: (slg.dataserver.v2.BatchWriteResponse.$Properties|null);
                    failed?: (slg.dataserver.v2.BatchFailure.$Properties|null);
                    outcome?: ("written"|"failed");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  written?: slg.dataserver.v2.BatchWriteResponse.$Shape|null;
                  failed?: slg.dataserver.v2.BatchFailure.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ outcome?: undefined; written?: null; failed?: null }|{ outcome?: "written"; written: slg.dataserver.v2.BatchWriteResponse.$Shape; failed?: null }|{ outcome?: "failed"; written?: null; failed: slg.dataserver.v2.BatchFailure.$Shape })
                );
            }

            interface IBatchWritesResponse extends slg.dataserver.v2.BatchWritesResponse.$Properties {
            }

            class BatchWritesResponse {
                constructor(properties?: slg.dataserver.v2.BatchWritesResponse.$Properties);
                $unknowns?: Uint8Array[];
                outcomes: slg.dataserver.v2.BatchOutcome.$Properties[];
                static create(properties: slg.dataserver.v2.BatchWritesResponse.$Shape): slg.dataserver.v2.BatchWritesResponse & slg.dataserver.v2.BatchWritesResponse.$Shape;
                static create(properties?: slg.dataserver.v2.BatchWritesResponse.$Properties): slg.dataserver.v2.BatchWritesResponse;
                static encode(message: slg.dataserver.v2.BatchWritesResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dataserver.v2.BatchWritesResponse & slg.dataserver.v2.BatchWritesResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dataserver.v2.BatchWritesResponse;
                static toObject(message: slg.dataserver.v2.BatchWritesResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchWritesResponse {
                interface $Properties {
                    outcomes?: (slg.dataserver.v2.BatchOutcome.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  outcomes?: slg.dataserver.v2.BatchOutcome.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }
        }
    }

    namespace dbproxy {

        namespace v1 {

            class DbProxy extends $protobuf.rpc.Service {
                constructor(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean);
                static create(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean): DbProxy;
                get: slg.dbproxy.v1.DbProxy.Get;
                list: slg.dbproxy.v1.DbProxy.List;
                count: slg.dbproxy.v1.DbProxy.Count;
                insert: slg.dbproxy.v1.DbProxy.Insert;
                update: slg.dbproxy.v1.DbProxy.Update;
                increment: slg.dbproxy.v1.DbProxy.Increment;
                delete: slg.dbproxy.v1.DbProxy.Delete;
                deleteMany: slg.dbproxy.v1.DbProxy.DeleteMany;
                batch: slg.dbproxy.v1.DbProxy.Batch;
                batches: slg.dbproxy.v1.DbProxy.Batches;
                query: slg.dbproxy.v1.DbProxy.Query;
            }

            namespace DbProxy {
                type GetCallback = (error: (Error|null), response?: slg.dbproxy.v1.RowResponse) => void;
                type Get = {
                  (request: slg.dbproxy.v1.IGetRequest, callback: slg.dbproxy.v1.DbProxy.GetCallback): void;
                  (request: slg.dbproxy.v1.IGetRequest): Promise<slg.dbproxy.v1.RowResponse>;
                  readonly name: "Get";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Get";
                  readonly requestType: "GetRequest";
                  readonly responseType: "RowResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type ListCallback = (error: (Error|null), response?: slg.dbproxy.v1.ListResponse) => void;
                type List = {
                  (request: slg.dbproxy.v1.IListRequest, callback: slg.dbproxy.v1.DbProxy.ListCallback): void;
                  (request: slg.dbproxy.v1.IListRequest): Promise<slg.dbproxy.v1.ListResponse>;
                  readonly name: "List";
                  readonly path: "/slg.dbproxy.v1.DbProxy/List";
                  readonly requestType: "ListRequest";
                  readonly responseType: "ListResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type CountCallback = (error: (Error|null), response?: slg.dbproxy.v1.CountResponse) => void;
                type Count = {
                  (request: slg.dbproxy.v1.ICountRequest, callback: slg.dbproxy.v1.DbProxy.CountCallback): void;
                  (request: slg.dbproxy.v1.ICountRequest): Promise<slg.dbproxy.v1.CountResponse>;
                  readonly name: "Count";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Count";
                  readonly requestType: "CountRequest";
                  readonly responseType: "CountResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type InsertCallback = (error: (Error|null), response?: slg.dbproxy.v1.WriteResponse) => void;
                type Insert = {
                  (request: slg.dbproxy.v1.IInsertRequest, callback: slg.dbproxy.v1.DbProxy.InsertCallback): void;
                  (request: slg.dbproxy.v1.IInsertRequest): Promise<slg.dbproxy.v1.WriteResponse>;
                  readonly name: "Insert";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Insert";
                  readonly requestType: "InsertRequest";
                  readonly responseType: "WriteResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type UpdateCallback = (error: (Error|null), response?: slg.dbproxy.v1.WriteResponse) => void;
                type Update = {
                  (request: slg.dbproxy.v1.IUpdateRequest, callback: slg.dbproxy.v1.DbProxy.UpdateCallback): void;
                  (request: slg.dbproxy.v1.IUpdateRequest): Promise<slg.dbproxy.v1.WriteResponse>;
                  readonly name: "Update";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Update";
                  readonly requestType: "UpdateRequest";
                  readonly responseType: "WriteResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type IncrementCallback = (error: (Error|null), response?: slg.dbproxy.v1.IncrementResponse) => void;
                type Increment = {
                  (request: slg.dbproxy.v1.IIncrementRequest, callback: slg.dbproxy.v1.DbProxy.IncrementCallback): void;
                  (request: slg.dbproxy.v1.IIncrementRequest): Promise<slg.dbproxy.v1.IncrementResponse>;
                  readonly name: "Increment";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Increment";
                  readonly requestType: "IncrementRequest";
                  readonly responseType: "IncrementResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type DeleteCallback = (error: (Error|null), response?: slg.dbproxy.v1.DeleteResponse) => void;
                type Delete = {
                  (request: slg.dbproxy.v1.IDeleteRequest, callback: slg.dbproxy.v1.DbProxy.DeleteCallback): void;
                  (request: slg.dbproxy.v1.IDeleteRequest): Promise<slg.dbproxy.v1.DeleteResponse>;
                  readonly name: "Delete";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Delete";
                  readonly requestType: "DeleteRequest";
                  readonly responseType: "DeleteResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type DeleteManyCallback = (error: (Error|null), response?: slg.dbproxy.v1.DeleteManyResponse) => void;
                type DeleteMany = {
                  (request: slg.dbproxy.v1.IDeleteManyRequest, callback: slg.dbproxy.v1.DbProxy.DeleteManyCallback): void;
                  (request: slg.dbproxy.v1.IDeleteManyRequest): Promise<slg.dbproxy.v1.DeleteManyResponse>;
                  readonly name: "DeleteMany";
                  readonly path: "/slg.dbproxy.v1.DbProxy/DeleteMany";
                  readonly requestType: "DeleteManyRequest";
                  readonly responseType: "DeleteManyResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type BatchCallback = (error: (Error|null), response?: slg.dbproxy.v1.BatchResponse) => void;
                type Batch = {
                  (request: slg.dbproxy.v1.IBatchRequest, callback: slg.dbproxy.v1.DbProxy.BatchCallback): void;
                  (request: slg.dbproxy.v1.IBatchRequest): Promise<slg.dbproxy.v1.BatchResponse>;
                  readonly name: "Batch";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Batch";
                  readonly requestType: "BatchRequest";
                  readonly responseType: "BatchResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type BatchesCallback = (error: (Error|null), response?: slg.dbproxy.v1.BatchesResponse) => void;
                type Batches = {
                  (request: slg.dbproxy.v1.IBatchesRequest, callback: slg.dbproxy.v1.DbProxy.BatchesCallback): void;
                  (request: slg.dbproxy.v1.IBatchesRequest): Promise<slg.dbproxy.v1.BatchesResponse>;
                  readonly name: "Batches";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Batches";
                  readonly requestType: "BatchesRequest";
                  readonly responseType: "BatchesResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type QueryCallback = (error: (Error|null), response?: slg.dbproxy.v1.QueryResponse) => void;
                type Query = {
                  (request: slg.dbproxy.v1.IQueryRequest, callback: slg.dbproxy.v1.DbProxy.QueryCallback): void;
                  (request: slg.dbproxy.v1.IQueryRequest): Promise<slg.dbproxy.v1.QueryResponse>;
                  readonly name: "Query";
                  readonly path: "/slg.dbproxy.v1.DbProxy/Query";
                  readonly requestType: "QueryRequest";
                  readonly responseType: "QueryResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
            }

            interface IRow extends slg.dbproxy.v1.Row.$Properties {
            }

            class Row {
                constructor(properties?: slg.dbproxy.v1.Row.$Properties);
                $unknowns?: Uint8Array[];
                fields: { [k: string]: slg.common.v1.Value.$Properties };
                version: (number|Long);
                static create(properties: slg.dbproxy.v1.Row.$Shape): slg.dbproxy.v1.Row & slg.dbproxy.v1.Row.$Shape;
                static create(properties?: slg.dbproxy.v1.Row.$Properties): slg.dbproxy.v1.Row;
                static encode(message: slg.dbproxy.v1.Row.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.Row & slg.dbproxy.v1.Row.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.Row;
                static toObject(message: slg.dbproxy.v1.Row, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Row {
                interface $Properties {
                    fields?: ({ [k: string]: slg.common.v1.Value.$Properties }|null);
                    version?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  fields?: { [k: string]: slg.common.v1.Value.$Shape }|null;
                  version?: number|Long|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IGetRequest extends slg.dbproxy.v1.GetRequest.$Properties {
            }

            class GetRequest {
                constructor(properties?: slg.dbproxy.v1.GetRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                key: slg.common.v1.Value.$Properties[];
                static create(properties: slg.dbproxy.v1.GetRequest.$Shape): slg.dbproxy.v1.GetRequest & slg.dbproxy.v1.GetRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.GetRequest.$Properties): slg.dbproxy.v1.GetRequest;
                static encode(message: slg.dbproxy.v1.GetRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.GetRequest & slg.dbproxy.v1.GetRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.GetRequest;
                static toObject(message: slg.dbproxy.v1.GetRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace GetRequest {
                interface $Properties {
                    table?: (string|null);
                    key?: (slg.common.v1.Value.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  key?: slg.common.v1.Value.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IRowResponse extends slg.dbproxy.v1.RowResponse.$Properties {
            }

            class RowResponse {
                constructor(properties?: slg.dbproxy.v1.RowResponse.$Properties);
                $unknowns?: Uint8Array[];
                row?: (slg.dbproxy.v1.Row.$Properties|null);
                static create(properties: slg.dbproxy.v1.RowResponse.$Shape): slg.dbproxy.v1.RowResponse & slg.dbproxy.v1.RowResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.RowResponse.$Properties): slg.dbproxy.v1.RowResponse;
                static encode(message: slg.dbproxy.v1.RowResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.RowResponse & slg.dbproxy.v1.RowResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.RowResponse;
                static toObject(message: slg.dbproxy.v1.RowResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace RowResponse {
                interface $Properties {
                    row?: (slg.dbproxy.v1.Row.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  row?: slg.dbproxy.v1.Row.$Shape|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IListRequest extends slg.dbproxy.v1.ListRequest.$Properties {
            }

            class ListRequest {
                constructor(properties?: slg.dbproxy.v1.ListRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                shardKey?: (slg.common.v1.Value.$Properties|null);
                pageSize: number;
                pageToken: string;
                static create(properties: slg.dbproxy.v1.ListRequest.$Shape): slg.dbproxy.v1.ListRequest & slg.dbproxy.v1.ListRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.ListRequest.$Properties): slg.dbproxy.v1.ListRequest;
                static encode(message: slg.dbproxy.v1.ListRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.ListRequest & slg.dbproxy.v1.ListRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.ListRequest;
                static toObject(message: slg.dbproxy.v1.ListRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ListRequest {
                interface $Properties {
                    table?: (string|null);
                    shardKey?: (slg.common.v1.Value.$Properties|null);
                    pageSize?: (number|null);
                    pageToken?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  shardKey?: slg.common.v1.Value.$Shape|null;
                  pageSize?: number|null;
                  pageToken?: string|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IListResponse extends slg.dbproxy.v1.ListResponse.$Properties {
            }

            class ListResponse {
                constructor(properties?: slg.dbproxy.v1.ListResponse.$Properties);
                $unknowns?: Uint8Array[];
                rows: slg.dbproxy.v1.Row.$Properties[];
                nextPageToken: string;
                static create(properties: slg.dbproxy.v1.ListResponse.$Shape): slg.dbproxy.v1.ListResponse & slg.dbproxy.v1.ListResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.ListResponse.$Properties): slg.dbproxy.v1.ListResponse;
                static encode(message: slg.dbproxy.v1.ListResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.ListResponse & slg.dbproxy.v1.ListResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.ListResponse;
                static toObject(message: slg.dbproxy.v1.ListResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ListResponse {
                interface $Properties {
                    rows?: (slg.dbproxy.v1.Row.$Properties[]|null);
                    nextPageToken?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  rows?: slg.dbproxy.v1.Row.$Shape[]|null;
                  nextPageToken?: string|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface ICountRequest extends slg.dbproxy.v1.CountRequest.$Properties {
            }

            class CountRequest {
                constructor(properties?: slg.dbproxy.v1.CountRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                shardKey?: (slg.common.v1.Value.$Properties|null);
                static create(properties: slg.dbproxy.v1.CountRequest.$Shape): slg.dbproxy.v1.CountRequest & slg.dbproxy.v1.CountRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.CountRequest.$Properties): slg.dbproxy.v1.CountRequest;
                static encode(message: slg.dbproxy.v1.CountRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.CountRequest & slg.dbproxy.v1.CountRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.CountRequest;
                static toObject(message: slg.dbproxy.v1.CountRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CountRequest {
                interface $Properties {
                    table?: (string|null);
                    shardKey?: (slg.common.v1.Value.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  shardKey?: slg.common.v1.Value.$Shape|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface ICountResponse extends slg.dbproxy.v1.CountResponse.$Properties {
            }

            class CountResponse {
                constructor(properties?: slg.dbproxy.v1.CountResponse.$Properties);
                $unknowns?: Uint8Array[];
                count: (number|Long);
                static create(properties: slg.dbproxy.v1.CountResponse.$Shape): slg.dbproxy.v1.CountResponse & slg.dbproxy.v1.CountResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.CountResponse.$Properties): slg.dbproxy.v1.CountResponse;
                static encode(message: slg.dbproxy.v1.CountResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.CountResponse & slg.dbproxy.v1.CountResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.CountResponse;
                static toObject(message: slg.dbproxy.v1.CountResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace CountResponse {
                interface $Properties {
                    count?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dbproxy.v1.CountResponse.$Properties;
            }

            interface IInsertRequest extends slg.dbproxy.v1.InsertRequest.$Properties {
            }

            class InsertRequest {
                constructor(properties?: slg.dbproxy.v1.InsertRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                fields: { [k: string]: slg.common.v1.Value.$Properties };
                static create(properties: slg.dbproxy.v1.InsertRequest.$Shape): slg.dbproxy.v1.InsertRequest & slg.dbproxy.v1.InsertRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.InsertRequest.$Properties): slg.dbproxy.v1.InsertRequest;
                static encode(message: slg.dbproxy.v1.InsertRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.InsertRequest & slg.dbproxy.v1.InsertRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.InsertRequest;
                static toObject(message: slg.dbproxy.v1.InsertRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace InsertRequest {
                interface $Properties {
                    table?: (string|null);
                    fields?: ({ [k: string]: slg.common.v1.Value.$Properties }|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  fields?: { [k: string]: slg.common.v1.Value.$Shape }|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IUpdateRequest extends slg.dbproxy.v1.UpdateRequest.$Properties {
            }

            class UpdateRequest {
                constructor(properties?: slg.dbproxy.v1.UpdateRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                key: slg.common.v1.Value.$Properties[];
                fields: { [k: string]: slg.common.v1.Value.$Properties };
                expectedVersion?: (number|Long|null);
                static create(properties: slg.dbproxy.v1.UpdateRequest.$Shape): slg.dbproxy.v1.UpdateRequest & slg.dbproxy.v1.UpdateRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.UpdateRequest.$Properties): slg.dbproxy.v1.UpdateRequest;
                static encode(message: slg.dbproxy.v1.UpdateRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.UpdateRequest & slg.dbproxy.v1.UpdateRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.UpdateRequest;
                static toObject(message: slg.dbproxy.v1.UpdateRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace UpdateRequest {
                interface $Properties {
                    table?: (string|null);
                    key?: (slg.common.v1.Value.$Properties[]|null);
                    fields?: ({ [k: string]: slg.common.v1.Value.$Properties }|null);
                    expectedVersion?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  key?: slg.common.v1.Value.$Shape[]|null;
                  fields?: { [k: string]: slg.common.v1.Value.$Shape }|null;
                  expectedVersion?: number|Long|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IWriteResponse extends slg.dbproxy.v1.WriteResponse.$Properties {
            }

            class WriteResponse {
                constructor(properties?: slg.dbproxy.v1.WriteResponse.$Properties);
                $unknowns?: Uint8Array[];
                version: (number|Long);
                static create(properties: slg.dbproxy.v1.WriteResponse.$Shape): slg.dbproxy.v1.WriteResponse & slg.dbproxy.v1.WriteResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.WriteResponse.$Properties): slg.dbproxy.v1.WriteResponse;
                static encode(message: slg.dbproxy.v1.WriteResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.WriteResponse & slg.dbproxy.v1.WriteResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.WriteResponse;
                static toObject(message: slg.dbproxy.v1.WriteResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace WriteResponse {
                interface $Properties {
                    version?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dbproxy.v1.WriteResponse.$Properties;
            }

            interface IIncrementRequest extends slg.dbproxy.v1.IncrementRequest.$Properties {
            }

            class IncrementRequest {
                constructor(properties?: slg.dbproxy.v1.IncrementRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                key: slg.common.v1.Value.$Properties[];
                field: string;
                delta: (number|Long);
                floor?: (number|Long|null);
                ceiling?: (number|Long|null);
                expectedVersion?: (number|Long|null);
                static create(properties: slg.dbproxy.v1.IncrementRequest.$Shape): slg.dbproxy.v1.IncrementRequest & slg.dbproxy.v1.IncrementRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.IncrementRequest.$Properties): slg.dbproxy.v1.IncrementRequest;
                static encode(message: slg.dbproxy.v1.IncrementRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.IncrementRequest & slg.dbproxy.v1.IncrementRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.IncrementRequest;
                static toObject(message: slg.dbproxy.v1.IncrementRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace IncrementRequest {
                interface $Properties {
                    table?: (string|null);
                    key?: (slg.common.v1.Value.$Properties[]|null);
                    field?: (string|null);
                    delta?: (number|Long|null);
                    floor?: (number|Long|null);
                    ceiling?: (number|Long|null);
                    expectedVersion?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  key?: slg.common.v1.Value.$Shape[]|null;
                  field?: string|null;
                  delta?: number|Long|null;
                  floor?: number|Long|null;
                  ceiling?: number|Long|null;
                  expectedVersion?: number|Long|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IIncrementResponse extends slg.dbproxy.v1.IncrementResponse.$Properties {
            }

            class IncrementResponse {
                constructor(properties?: slg.dbproxy.v1.IncrementResponse.$Properties);
                $unknowns?: Uint8Array[];
                value: (number|Long);
                version: (number|Long);
                static create(properties: slg.dbproxy.v1.IncrementResponse.$Shape): slg.dbproxy.v1.IncrementResponse & slg.dbproxy.v1.IncrementResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.IncrementResponse.$Properties): slg.dbproxy.v1.IncrementResponse;
                static encode(message: slg.dbproxy.v1.IncrementResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.IncrementResponse & slg.dbproxy.v1.IncrementResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.IncrementResponse;
                static toObject(message: slg.dbproxy.v1.IncrementResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace IncrementResponse {
                interface $Properties {
                    value?: (number|Long|null);
                    version?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dbproxy.v1.IncrementResponse.$Properties;
            }

            interface IDeleteRequest extends slg.dbproxy.v1.DeleteRequest.$Properties {
            }

            class DeleteRequest {
                constructor(properties?: slg.dbproxy.v1.DeleteRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                key: slg.common.v1.Value.$Properties[];
                expectedVersion?: (number|Long|null);
                static create(properties: slg.dbproxy.v1.DeleteRequest.$Shape): slg.dbproxy.v1.DeleteRequest & slg.dbproxy.v1.DeleteRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.DeleteRequest.$Properties): slg.dbproxy.v1.DeleteRequest;
                static encode(message: slg.dbproxy.v1.DeleteRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.DeleteRequest & slg.dbproxy.v1.DeleteRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.DeleteRequest;
                static toObject(message: slg.dbproxy.v1.DeleteRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace DeleteRequest {
                interface $Properties {
                    table?: (string|null);
                    key?: (slg.common.v1.Value.$Properties[]|null);
                    expectedVersion?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  key?: slg.common.v1.Value.$Shape[]|null;
                  expectedVersion?: number|Long|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IDeleteResponse extends slg.dbproxy.v1.DeleteResponse.$Properties {
            }

            class DeleteResponse {
                constructor(properties?: slg.dbproxy.v1.DeleteResponse.$Properties);
                $unknowns?: Uint8Array[];
                version: (number|Long);
                static create(properties: slg.dbproxy.v1.DeleteResponse.$Shape): slg.dbproxy.v1.DeleteResponse & slg.dbproxy.v1.DeleteResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.DeleteResponse.$Properties): slg.dbproxy.v1.DeleteResponse;
                static encode(message: slg.dbproxy.v1.DeleteResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.DeleteResponse & slg.dbproxy.v1.DeleteResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.DeleteResponse;
                static toObject(message: slg.dbproxy.v1.DeleteResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace DeleteResponse {
                interface $Properties {
                    version?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dbproxy.v1.DeleteResponse.$Properties;
            }

            interface IKeyRest extends slg.dbproxy.v1.KeyRest.$Properties {
            }

            class KeyRest {
                constructor(properties?: slg.dbproxy.v1.KeyRest.$Properties);
                $unknowns?: Uint8Array[];
                values: slg.common.v1.Value.$Properties[];
                static create(properties: slg.dbproxy.v1.KeyRest.$Shape): slg.dbproxy.v1.KeyRest & slg.dbproxy.v1.KeyRest.$Shape;
                static create(properties?: slg.dbproxy.v1.KeyRest.$Properties): slg.dbproxy.v1.KeyRest;
                static encode(message: slg.dbproxy.v1.KeyRest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.KeyRest & slg.dbproxy.v1.KeyRest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.KeyRest;
                static toObject(message: slg.dbproxy.v1.KeyRest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace KeyRest {
                interface $Properties {
                    values?: (slg.common.v1.Value.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  values?: slg.common.v1.Value.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IDeleteManyRequest extends slg.dbproxy.v1.DeleteManyRequest.$Properties {
            }

            class DeleteManyRequest {
                constructor(properties?: slg.dbproxy.v1.DeleteManyRequest.$Properties);
                $unknowns?: Uint8Array[];
                table: string;
                shardKey?: (slg.common.v1.Value.$Properties|null);
                members: slg.dbproxy.v1.KeyRest.$Properties[];
                all: boolean;
                static create(properties: slg.dbproxy.v1.DeleteManyRequest.$Shape): slg.dbproxy.v1.DeleteManyRequest & slg.dbproxy.v1.DeleteManyRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.DeleteManyRequest.$Properties): slg.dbproxy.v1.DeleteManyRequest;
                static encode(message: slg.dbproxy.v1.DeleteManyRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.DeleteManyRequest & slg.dbproxy.v1.DeleteManyRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.DeleteManyRequest;
                static toObject(message: slg.dbproxy.v1.DeleteManyRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace DeleteManyRequest {
                interface $Properties {
                    table?: (string|null);
                    shardKey?: (slg.common.v1.Value.$Properties|null);
                    members?: (slg.dbproxy.v1.KeyRest.$Properties[]|null);
                    all?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  table?: string|null;
                  shardKey?: slg.common.v1.Value.$Shape|null;
                  members?: slg.dbproxy.v1.KeyRest.$Shape[]|null;
                  all?: boolean|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IDeleteManyResponse extends slg.dbproxy.v1.DeleteManyResponse.$Properties {
            }

            class DeleteManyResponse {
                constructor(properties?: slg.dbproxy.v1.DeleteManyResponse.$Properties);
                $unknowns?: Uint8Array[];
                deleted: (number|Long);
                static create(properties: slg.dbproxy.v1.DeleteManyResponse.$Shape): slg.dbproxy.v1.DeleteManyResponse & slg.dbproxy.v1.DeleteManyResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.DeleteManyResponse.$Properties): slg.dbproxy.v1.DeleteManyResponse;
                static encode(message: slg.dbproxy.v1.DeleteManyResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.DeleteManyResponse & slg.dbproxy.v1.DeleteManyResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.DeleteManyResponse;
                static toObject(message: slg.dbproxy.v1.DeleteManyResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace DeleteManyResponse {
                interface $Properties {
                    deleted?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dbproxy.v1.DeleteManyResponse.$Properties;
            }

            interface IBatchOp extends slg.dbproxy.v1.BatchOp.$Properties {
            }

            class BatchOp {
                constructor(properties?: slg.dbproxy.v1.BatchOp.$Properties);
                $unknowns?: Uint8Array[];
                insert?: (slg.dbproxy.v1.InsertRequest.$Properties|null);
                update?: (slg.dbproxy.v1.UpdateRequest.$Properties|null);
                increment?: (slg.dbproxy.v1.IncrementRequest.$Properties|null);
                delete?: (slg.dbproxy.v1.DeleteRequest.$Properties|null);
                deleteMany?: (slg.dbproxy.v1.DeleteManyRequest.$Properties|null);
                op?: ("insert"|"update"|"increment"|"delete"|"deleteMany");
                static create(properties: slg.dbproxy.v1.BatchOp.$Shape): slg.dbproxy.v1.BatchOp & slg.dbproxy.v1.BatchOp.$Shape;
                static create(properties?: slg.dbproxy.v1.BatchOp.$Properties): slg.dbproxy.v1.BatchOp;
                static encode(message: slg.dbproxy.v1.BatchOp.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.BatchOp & slg.dbproxy.v1.BatchOp.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.BatchOp;
                static toObject(message: slg.dbproxy.v1.BatchOp, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchOp {
                interface $Properties {
                    insert?: (slg.dbproxy.v1.InsertRequest.$Properties|null);
                    update?: (slg.dbproxy.v1.UpdateRequest.$Properties|null);
                    increment?: (slg.dbproxy.v1.IncrementRequest.$Properties|null);
                    "delete"?: (slg.dbproxy.v1.DeleteRequest.$Properties|null);
                    deleteMany?: (slg.dbproxy.v1.DeleteManyRequest.$Properties|null);
                    op?: ("insert"|"update"|"increment"|"delete"|"deleteMany");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  insert?: slg.dbproxy.v1.InsertRequest.$Shape|null;
                  update?: slg.dbproxy.v1.UpdateRequest.$Shape|null;
                  increment?: slg.dbproxy.v1.IncrementRequest.$Shape|null;
                  "delete"?: slg.dbproxy.v1.DeleteRequest.$Shape|null;
                  deleteMany?: slg.dbproxy.v1.DeleteManyRequest.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ op?: undefined; insert?: null; update?: null; increment?: null; "delete"?: null; deleteMany?: null }|{ op?: "insert"; insert: slg.dbproxy.v1.InsertRequest.$Shape; update?: null; increment?: null; "delete"?: null; deleteMany?: null }|{ op?: "update"; insert?: null; update: slg.dbproxy.v1.UpdateRequest.$Shape; increment?: null; "delete"?: null; deleteMany?: null }|{ op?: "increment"; insert?: null; update?: null; increment: slg.dbproxy.v1.IncrementRequest.$Shape; "delete"?: null; deleteMany?: null }|{ op?: "delete"; insert?: null; update?: null; increment?: null; "delete": slg.dbproxy.v1.DeleteRequest.$Shape; deleteMany?: null }|{ op?: "deleteMany"; insert?: null; update?: null; increment?: null; "delete"?: null; deleteMany: slg.dbproxy.v1.DeleteManyRequest.$Shape })
                );
            }

            interface IBatchResult extends slg.dbproxy.v1.BatchResult.$Properties {
            }

            class BatchResult {
                constructor(properties?: slg.dbproxy.v1.BatchResult.$Properties);
                $unknowns?: Uint8Array[];
                insert?: (slg.dbproxy.v1.WriteResponse.$Properties|null);
                update?: (slg.dbproxy.v1.WriteResponse.$Properties|null);
                increment?: (slg.dbproxy.v1.IncrementResponse.$Properties|null);
                delete?: (slg.dbproxy.v1.DeleteResponse.$Properties|null);
                deleteMany?: (slg.dbproxy.v1.DeleteManyResponse.$Properties|null);
                result?: ("insert"|"update"|"increment"|"delete"|"deleteMany");
                static create(properties: slg.dbproxy.v1.BatchResult.$Shape): slg.dbproxy.v1.BatchResult & slg.dbproxy.v1.BatchResult.$Shape;
                static create(properties?: slg.dbproxy.v1.BatchResult.$Properties): slg.dbproxy.v1.BatchResult;
                static encode(message: slg.dbproxy.v1.BatchResult.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.BatchResult & slg.dbproxy.v1.BatchResult.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.BatchResult;
                static toObject(message: slg.dbproxy.v1.BatchResult, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchResult {
                interface $Properties {
                    insert?: (slg.dbproxy.v1.WriteResponse.$Properties|null);
                    update?: (slg.dbproxy.v1.WriteResponse.$Properties|null);
                    increment?: (slg.dbproxy.v1.IncrementResponse.$Properties|null);
                    "delete"?: (slg.dbproxy.v1.DeleteResponse.$Properties|null);
                    deleteMany?: (slg.dbproxy.v1.DeleteManyResponse.$Properties|null);
                    result?: ("insert"|"update"|"increment"|"delete"|"deleteMany");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  insert?: slg.dbproxy.v1.WriteResponse.$Shape|null;
                  update?: slg.dbproxy.v1.WriteResponse.$Shape|null;
                  increment?: slg.dbproxy.v1.IncrementResponse.$Shape|null;
                  "delete"?: slg.dbproxy.v1.DeleteResponse.$Shape|null;
                  deleteMany?: slg.dbproxy.v1.DeleteManyResponse.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ result?: undefined; insert?: null; update?: null; increment?: null; "delete"?: null; deleteMany?: null }|{ result?: "insert"; insert: slg.dbproxy.v1.WriteResponse.$Shape; update?: null; increment?: null; "delete"?: null; deleteMany?: null }|{ result?: "update"; insert?: null; update: slg.dbproxy.v1.WriteResponse.$Shape; increment?: null; "delete"?: null; deleteMany?: null }|{ result?: "increment"; insert?: null; update?: null; increment: slg.dbproxy.v1.IncrementResponse.$Shape; "delete"?: null; deleteMany?: null }|{ result?: "delete"; insert?: null; update?: null; increment?: null; "delete": slg.dbproxy.v1.DeleteResponse.$Shape; deleteMany?: null }|{ result?: "deleteMany"; insert?: null; update?: null; increment?: null; "delete"?: null; deleteMany: slg.dbproxy.v1.DeleteManyResponse.$Shape })
                );
            }

            interface IBatchRequest extends slg.dbproxy.v1.BatchRequest.$Properties {
            }

            class BatchRequest {
                constructor(properties?: slg.dbproxy.v1.BatchRequest.$Properties);
                $unknowns?: Uint8Array[];
                ops: slg.dbproxy.v1.BatchOp.$Properties[];
                static create(properties: slg.dbproxy.v1.BatchRequest.$Shape): slg.dbproxy.v1.BatchRequest & slg.dbproxy.v1.BatchRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.BatchRequest.$Properties): slg.dbproxy.v1.BatchRequest;
                static encode(message: slg.dbproxy.v1.BatchRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.BatchRequest & slg.dbproxy.v1.BatchRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.BatchRequest;
                static toObject(message: slg.dbproxy.v1.BatchRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchRequest {
                interface $Properties {
                    ops?: (slg.dbproxy.v1.BatchOp.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  ops?: slg.dbproxy.v1.BatchOp.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IBatchResponse extends slg.dbproxy.v1.BatchResponse.$Properties {
            }

            class BatchResponse {
                constructor(properties?: slg.dbproxy.v1.BatchResponse.$Properties);
                $unknowns?: Uint8Array[];
                results: slg.dbproxy.v1.BatchResult.$Properties[];
                static create(properties: slg.dbproxy.v1.BatchResponse.$Shape): slg.dbproxy.v1.BatchResponse & slg.dbproxy.v1.BatchResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.BatchResponse.$Properties): slg.dbproxy.v1.BatchResponse;
                static encode(message: slg.dbproxy.v1.BatchResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.BatchResponse & slg.dbproxy.v1.BatchResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.BatchResponse;
                static toObject(message: slg.dbproxy.v1.BatchResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchResponse {
                interface $Properties {
                    results?: (slg.dbproxy.v1.BatchResult.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  results?: slg.dbproxy.v1.BatchResult.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IBatchesRequest extends slg.dbproxy.v1.BatchesRequest.$Properties {
            }

            class BatchesRequest {
                constructor(properties?: slg.dbproxy.v1.BatchesRequest.$Properties);
                $unknowns?: Uint8Array[];
                batches: slg.dbproxy.v1.BatchRequest.$Properties[];
                static create(properties: slg.dbproxy.v1.BatchesRequest.$Shape): slg.dbproxy.v1.BatchesRequest & slg.dbproxy.v1.BatchesRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.BatchesRequest.$Properties): slg.dbproxy.v1.BatchesRequest;
                static encode(message: slg.dbproxy.v1.BatchesRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.BatchesRequest & slg.dbproxy.v1.BatchesRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.BatchesRequest;
                static toObject(message: slg.dbproxy.v1.BatchesRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchesRequest {
                interface $Properties {
                    batches?: (slg.dbproxy.v1.BatchRequest.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  batches?: slg.dbproxy.v1.BatchRequest.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IBatchFailure extends slg.dbproxy.v1.BatchFailure.$Properties {
            }

            class BatchFailure {
                constructor(properties?: slg.dbproxy.v1.BatchFailure.$Properties);
                $unknowns?: Uint8Array[];
                code: number;
                message: string;
                static create(properties: slg.dbproxy.v1.BatchFailure.$Shape): slg.dbproxy.v1.BatchFailure & slg.dbproxy.v1.BatchFailure.$Shape;
                static create(properties?: slg.dbproxy.v1.BatchFailure.$Properties): slg.dbproxy.v1.BatchFailure;
                static encode(message: slg.dbproxy.v1.BatchFailure.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.BatchFailure & slg.dbproxy.v1.BatchFailure.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.BatchFailure;
                static toObject(message: slg.dbproxy.v1.BatchFailure, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchFailure {
                interface $Properties {
                    code?: (number|null);
                    message?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.dbproxy.v1.BatchFailure.$Properties;
            }

            interface IBatchOutcome extends slg.dbproxy.v1.BatchOutcome.$Properties {
            }

            class BatchOutcome {
                constructor(properties?: slg.dbproxy.v1.BatchOutcome.$Properties);
                $unknowns?: Uint8Array[];
                written?: (slg.dbproxy.v1.BatchResponse.$Properties|null);
                failed?: (slg.dbproxy.v1.BatchFailure.$Properties|null);
                outcome?: ("written"|"failed");
                static create(properties: slg.dbproxy.v1.BatchOutcome.$Shape): slg.dbproxy.v1.BatchOutcome & slg.dbproxy.v1.BatchOutcome.$Shape;
                static create(properties?: slg.dbproxy.v1.BatchOutcome.$Properties): slg.dbproxy.v1.BatchOutcome;
                static encode(message: slg.dbproxy.v1.BatchOutcome.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.BatchOutcome & slg.dbproxy.v1.BatchOutcome.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.BatchOutcome;
                static toObject(message: slg.dbproxy.v1.BatchOutcome, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchOutcome {
                interface $Properties {
                    written?: (slg.dbproxy.v1.BatchResponse.$Properties|null);
                    failed?: (slg.dbproxy.v1.BatchFailure.$Properties|null);
                    outcome?: ("written"|"failed");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  written?: slg.dbproxy.v1.BatchResponse.$Shape|null;
                  failed?: slg.dbproxy.v1.BatchFailure.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ outcome?: undefined; written?: null; failed?: null }|{ outcome?: "written"; written: slg.dbproxy.v1.BatchResponse.$Shape; failed?: null }|{ outcome?: "failed"; written?: null; failed: slg.dbproxy.v1.BatchFailure.$Shape })
                );
            }

            interface IBatchesResponse extends slg.dbproxy.v1.BatchesResponse.$Properties {
            }

            class BatchesResponse {
                constructor(properties?: slg.dbproxy.v1.BatchesResponse.$Properties);
                $unknowns?: Uint8Array[];
                outcomes: slg.dbproxy.v1.BatchOutcome.$Properties[];
                static create(properties: slg.dbproxy.v1.BatchesResponse.$Shape): slg.dbproxy.v1.BatchesResponse & slg.dbproxy.v1.BatchesResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.BatchesResponse.$Properties): slg.dbproxy.v1.BatchesResponse;
                static encode(message: slg.dbproxy.v1.BatchesResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.BatchesResponse & slg.dbproxy.v1.BatchesResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.BatchesResponse;
                static toObject(message: slg.dbproxy.v1.BatchesResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace BatchesResponse {
                interface $Properties {
                    outcomes?: (slg.dbproxy.v1.BatchOutcome.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  outcomes?: slg.dbproxy.v1.BatchOutcome.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IQueryRequest extends slg.dbproxy.v1.QueryRequest.$Properties {
            }

            class QueryRequest {
                constructor(properties?: slg.dbproxy.v1.QueryRequest.$Properties);
                $unknowns?: Uint8Array[];
                name: string;
                shardKey?: (slg.common.v1.Value.$Properties|null);
                params: { [k: string]: slg.common.v1.Value.$Properties };
                static create(properties: slg.dbproxy.v1.QueryRequest.$Shape): slg.dbproxy.v1.QueryRequest & slg.dbproxy.v1.QueryRequest.$Shape;
                static create(properties?: slg.dbproxy.v1.QueryRequest.$Properties): slg.dbproxy.v1.QueryRequest;
                static encode(message: slg.dbproxy.v1.QueryRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.QueryRequest & slg.dbproxy.v1.QueryRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.QueryRequest;
                static toObject(message: slg.dbproxy.v1.QueryRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace QueryRequest {
                interface $Properties {
                    name?: (string|null);
                    shardKey?: (slg.common.v1.Value.$Properties|null);
                    params?: ({ [k: string]: slg.common.v1.Value.$Properties }|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  name?: string|null;
                  shardKey?: slg.common.v1.Value.$Shape|null;
                  params?: { [k: string]: slg.common.v1.Value.$Shape }|null;
                  $unknowns?: Uint8Array[];
                };
            }

            interface IQueryResponse extends slg.dbproxy.v1.QueryResponse.$Properties {
            }

            class QueryResponse {
                constructor(properties?: slg.dbproxy.v1.QueryResponse.$Properties);
                $unknowns?: Uint8Array[];
                rows: slg.common.v1.Fields.$Properties[];
                affectedRows: (number|Long);
                static create(properties: slg.dbproxy.v1.QueryResponse.$Shape): slg.dbproxy.v1.QueryResponse & slg.dbproxy.v1.QueryResponse.$Shape;
                static create(properties?: slg.dbproxy.v1.QueryResponse.$Properties): slg.dbproxy.v1.QueryResponse;
                static encode(message: slg.dbproxy.v1.QueryResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.dbproxy.v1.QueryResponse & slg.dbproxy.v1.QueryResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.dbproxy.v1.QueryResponse;
                static toObject(message: slg.dbproxy.v1.QueryResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace QueryResponse {
                interface $Properties {
                    rows?: (slg.common.v1.Fields.$Properties[]|null);
                    affectedRows?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  rows?: slg.common.v1.Fields.$Shape[]|null;
                  affectedRows?: number|Long|null;
                  $unknowns?: Uint8Array[];
                };
            }
        }
    }

    namespace echo {

        namespace v1 {

            class EchoService extends $protobuf.rpc.Service {
                constructor(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean);
                static create(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean): EchoService;
                echo: slg.echo.v1.EchoService.Echo;
            }

            namespace EchoService {
                type EchoCallback = (error: (Error|null), response?: slg.echo.v1.EchoResponse) => void;
                type Echo = {
                  (request: slg.echo.v1.IEchoRequest, callback: slg.echo.v1.EchoService.EchoCallback): void;
                  (request: slg.echo.v1.IEchoRequest): Promise<slg.echo.v1.EchoResponse>;
                  readonly name: "Echo";
                  readonly path: "/slg.echo.v1.EchoService/Echo";
                  readonly requestType: "EchoRequest";
                  readonly responseType: "EchoResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
            }

            interface IEchoRequest extends slg.echo.v1.EchoRequest.$Properties {
            }

            class EchoRequest {
                constructor(properties?: slg.echo.v1.EchoRequest.$Properties);
                $unknowns?: Uint8Array[];
                payload: Uint8Array;
                text: string;
                static create(properties: slg.echo.v1.EchoRequest.$Shape): slg.echo.v1.EchoRequest & slg.echo.v1.EchoRequest.$Shape;
                static create(properties?: slg.echo.v1.EchoRequest.$Properties): slg.echo.v1.EchoRequest;
                static encode(message: slg.echo.v1.EchoRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.echo.v1.EchoRequest & slg.echo.v1.EchoRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.echo.v1.EchoRequest;
                static toObject(message: slg.echo.v1.EchoRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace EchoRequest {
                interface $Properties {
                    payload?: (Uint8Array|null);
                    text?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.echo.v1.EchoRequest.$Properties;
            }

            interface IEchoResponse extends slg.echo.v1.EchoResponse.$Properties {
            }

            class EchoResponse {
                constructor(properties?: slg.echo.v1.EchoResponse.$Properties);
                $unknowns?: Uint8Array[];
                payload: Uint8Array;
                text: string;
                static create(properties: slg.echo.v1.EchoResponse.$Shape): slg.echo.v1.EchoResponse & slg.echo.v1.EchoResponse.$Shape;
                static create(properties?: slg.echo.v1.EchoResponse.$Properties): slg.echo.v1.EchoResponse;
                static encode(message: slg.echo.v1.EchoResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.echo.v1.EchoResponse & slg.echo.v1.EchoResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.echo.v1.EchoResponse;
                static toObject(message: slg.echo.v1.EchoResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace EchoResponse {
                interface $Properties {
                    payload?: (Uint8Array|null);
                    text?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.echo.v1.EchoResponse.$Properties;
            }
        }
    }

    namespace mapserver {

        namespace v1 {

            class MapService extends $protobuf.rpc.Service {
                constructor(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean);
                static create(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean): MapService;
                getWorld: slg.mapserver.v1.MapService.GetWorld;
                placeCity: slg.mapserver.v1.MapService.PlaceCity;
                placeCities: slg.mapserver.v1.MapService.PlaceCities;
                relocateCity: slg.mapserver.v1.MapService.RelocateCity;
                removeCity: slg.mapserver.v1.MapService.RemoveCity;
                getCity: slg.mapserver.v1.MapService.GetCity;
                startMarch: slg.mapserver.v1.MapService.StartMarch;
                recallMarch: slg.mapserver.v1.MapService.RecallMarch;
                listMarches: slg.mapserver.v1.MapService.ListMarches;
                queryViewport: slg.mapserver.v1.MapService.QueryViewport;
                getReport: slg.mapserver.v1.MapService.GetReport;
            }

            namespace MapService {
                type GetWorldCallback = (error: (Error|null), response?: slg.mapserver.v1.World) => void;
                type GetWorld = {
                  (request: slg.mapserver.v1.IGetWorldRequest, callback: slg.mapserver.v1.MapService.GetWorldCallback): void;
                  (request: slg.mapserver.v1.IGetWorldRequest): Promise<slg.mapserver.v1.World>;
                  readonly name: "GetWorld";
                  readonly path: "/slg.mapserver.v1.MapService/GetWorld";
                  readonly requestType: "GetWorldRequest";
                  readonly responseType: "World";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type PlaceCityCallback = (error: (Error|null), response?: slg.mapserver.v1.City) => void;
                type PlaceCity = {
                  (request: slg.mapserver.v1.IPlaceCityRequest, callback: slg.mapserver.v1.MapService.PlaceCityCallback): void;
                  (request: slg.mapserver.v1.IPlaceCityRequest): Promise<slg.mapserver.v1.City>;
                  readonly name: "PlaceCity";
                  readonly path: "/slg.mapserver.v1.MapService/PlaceCity";
                  readonly requestType: "PlaceCityRequest";
                  readonly responseType: "City";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type PlaceCitiesCallback = (error: (Error|null), response?: slg.mapserver.v1.PlaceCitiesResponse) => void;
                type PlaceCities = {
                  (request: slg.mapserver.v1.IPlaceCitiesRequest, callback: slg.mapserver.v1.MapService.PlaceCitiesCallback): void;
                  (request: slg.mapserver.v1.IPlaceCitiesRequest): Promise<slg.mapserver.v1.PlaceCitiesResponse>;
                  readonly name: "PlaceCities";
                  readonly path: "/slg.mapserver.v1.MapService/PlaceCities";
                  readonly requestType: "PlaceCitiesRequest";
                  readonly responseType: "PlaceCitiesResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type RelocateCityCallback = (error: (Error|null), response?: slg.mapserver.v1.City) => void;
                type RelocateCity = {
                  (request: slg.mapserver.v1.IRelocateCityRequest, callback: slg.mapserver.v1.MapService.RelocateCityCallback): void;
                  (request: slg.mapserver.v1.IRelocateCityRequest): Promise<slg.mapserver.v1.City>;
                  readonly name: "RelocateCity";
                  readonly path: "/slg.mapserver.v1.MapService/RelocateCity";
                  readonly requestType: "RelocateCityRequest";
                  readonly responseType: "City";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type RemoveCityCallback = (error: (Error|null), response?: slg.mapserver.v1.RemoveCityResponse) => void;
                type RemoveCity = {
                  (request: slg.mapserver.v1.IRemoveCityRequest, callback: slg.mapserver.v1.MapService.RemoveCityCallback): void;
                  (request: slg.mapserver.v1.IRemoveCityRequest): Promise<slg.mapserver.v1.RemoveCityResponse>;
                  readonly name: "RemoveCity";
                  readonly path: "/slg.mapserver.v1.MapService/RemoveCity";
                  readonly requestType: "RemoveCityRequest";
                  readonly responseType: "RemoveCityResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type GetCityCallback = (error: (Error|null), response?: slg.mapserver.v1.City) => void;
                type GetCity = {
                  (request: slg.mapserver.v1.IGetCityRequest, callback: slg.mapserver.v1.MapService.GetCityCallback): void;
                  (request: slg.mapserver.v1.IGetCityRequest): Promise<slg.mapserver.v1.City>;
                  readonly name: "GetCity";
                  readonly path: "/slg.mapserver.v1.MapService/GetCity";
                  readonly requestType: "GetCityRequest";
                  readonly responseType: "City";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type StartMarchCallback = (error: (Error|null), response?: slg.mapserver.v1.March) => void;
                type StartMarch = {
                  (request: slg.mapserver.v1.IStartMarchRequest, callback: slg.mapserver.v1.MapService.StartMarchCallback): void;
                  (request: slg.mapserver.v1.IStartMarchRequest): Promise<slg.mapserver.v1.March>;
                  readonly name: "StartMarch";
                  readonly path: "/slg.mapserver.v1.MapService/StartMarch";
                  readonly requestType: "StartMarchRequest";
                  readonly responseType: "March";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type RecallMarchCallback = (error: (Error|null), response?: slg.mapserver.v1.March) => void;
                type RecallMarch = {
                  (request: slg.mapserver.v1.IRecallMarchRequest, callback: slg.mapserver.v1.MapService.RecallMarchCallback): void;
                  (request: slg.mapserver.v1.IRecallMarchRequest): Promise<slg.mapserver.v1.March>;
                  readonly name: "RecallMarch";
                  readonly path: "/slg.mapserver.v1.MapService/RecallMarch";
                  readonly requestType: "RecallMarchRequest";
                  readonly responseType: "March";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type ListMarchesCallback = (error: (Error|null), response?: slg.mapserver.v1.ListMarchesResponse) => void;
                type ListMarches = {
                  (request: slg.mapserver.v1.IListMarchesRequest, callback: slg.mapserver.v1.MapService.ListMarchesCallback): void;
                  (request: slg.mapserver.v1.IListMarchesRequest): Promise<slg.mapserver.v1.ListMarchesResponse>;
                  readonly name: "ListMarches";
                  readonly path: "/slg.mapserver.v1.MapService/ListMarches";
                  readonly requestType: "ListMarchesRequest";
                  readonly responseType: "ListMarchesResponse";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type QueryViewportCallback = (error: (Error|null), response?: slg.mapserver.v1.ViewportContents) => void;
                type QueryViewport = {
                  (request: slg.mapserver.v1.IRect, callback: slg.mapserver.v1.MapService.QueryViewportCallback): void;
                  (request: slg.mapserver.v1.IRect): Promise<slg.mapserver.v1.ViewportContents>;
                  readonly name: "QueryViewport";
                  readonly path: "/slg.mapserver.v1.MapService/QueryViewport";
                  readonly requestType: "Rect";
                  readonly responseType: "ViewportContents";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
                type GetReportCallback = (error: (Error|null), response?: slg.mapserver.v1.Report) => void;
                type GetReport = {
                  (request: slg.mapserver.v1.IGetReportRequest, callback: slg.mapserver.v1.MapService.GetReportCallback): void;
                  (request: slg.mapserver.v1.IGetReportRequest): Promise<slg.mapserver.v1.Report>;
                  readonly name: "GetReport";
                  readonly path: "/slg.mapserver.v1.MapService/GetReport";
                  readonly requestType: "GetReportRequest";
                  readonly responseType: "Report";
                  readonly requestStream: undefined;
                  readonly responseStream: undefined;
                };
            }

            class ViewportService extends $protobuf.rpc.Service {
                constructor(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean);
                static create(rpcImpl: $protobuf.RPCImpl, requestDelimited?: boolean, responseDelimited?: boolean): ViewportService;
                watch: slg.mapserver.v1.ViewportService.Watch;
            }

            namespace ViewportService {
                type WatchCallback = (error: (Error|null), response?: slg.mapserver.v1.WatchEvent) => void;
                type Watch = {
                  (request: slg.mapserver.v1.IWatchRequest, callback: slg.mapserver.v1.ViewportService.WatchCallback): void;
                  (request: slg.mapserver.v1.IWatchRequest): Promise<slg.mapserver.v1.WatchEvent>;
                  readonly name: "Watch";
                  readonly path: "/slg.mapserver.v1.ViewportService/Watch";
                  readonly requestType: "WatchRequest";
                  readonly responseType: "WatchEvent";
                  readonly requestStream: true;
                  readonly responseStream: true;
                };
            }

            interface IRect extends slg.mapserver.v1.Rect.$Properties {
            }

            class Rect {
                constructor(properties?: slg.mapserver.v1.Rect.$Properties);
                $unknowns?: Uint8Array[];
                x: number;
                y: number;
                width: number;
                height: number;
                static create(properties: slg.mapserver.v1.Rect.$Shape): slg.mapserver.v1.Rect & slg.mapserver.v1.Rect.$Shape;
                static create(properties?: slg.mapserver.v1.Rect.$Properties): slg.mapserver.v1.Rect;
                static encode(message: slg.mapserver.v1.Rect.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.Rect & slg.mapserver.v1.Rect.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.Rect;
                static toObject(message: slg.mapserver.v1.Rect, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Rect {
                interface $Properties {
                    x?: (number|null);
                    y?: (number|null);
                    width?: (number|null);
                    height?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.Rect.$Properties;
            }

            interface IGetWorldRequest extends slg.mapserver.v1.GetWorldRequest.$Properties {
            }

            class GetWorldRequest {
                constructor(properties?: slg.mapserver.v1.GetWorldRequest.$Properties);
                $unknowns?: Uint8Array[];
                static create(properties: slg.mapserver.v1.GetWorldRequest.$Shape): slg.mapserver.v1.GetWorldRequest & slg.mapserver.v1.GetWorldRequest.$Shape;
                static create(properties?: slg.mapserver.v1.GetWorldRequest.$Properties): slg.mapserver.v1.GetWorldRequest;
                static encode(message: slg.mapserver.v1.GetWorldRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.GetWorldRequest & slg.mapserver.v1.GetWorldRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.GetWorldRequest;
                static toObject(message: slg.mapserver.v1.GetWorldRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace GetWorldRequest {
                interface $Properties {
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.GetWorldRequest.$Properties;
            }

            interface IWorld extends slg.mapserver.v1.World.$Properties {
            }

            class World {
                constructor(properties?: slg.mapserver.v1.World.$Properties);
                $unknowns?: Uint8Array[];
                width: number;
                height: number;
                seed: (number|Long);
                regionSize: number;
                cities: (number|Long);
                fields: (number|Long);
                monsters: (number|Long);
                marches: (number|Long);
                nowMs: (number|Long);
                static create(properties: slg.mapserver.v1.World.$Shape): slg.mapserver.v1.World & slg.mapserver.v1.World.$Shape;
                static create(properties?: slg.mapserver.v1.World.$Properties): slg.mapserver.v1.World;
                static encode(message: slg.mapserver.v1.World.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.World & slg.mapserver.v1.World.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.World;
                static toObject(message: slg.mapserver.v1.World, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace World {
                interface $Properties {
                    width?: (number|null);
                    height?: (number|null);
                    seed?: (number|Long|null);
                    regionSize?: (number|null);
                    cities?: (number|Long|null);
                    fields?: (number|Long|null);
                    monsters?: (number|Long|null);
                    marches?: (number|Long|null);
                    nowMs?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.World.$Properties;
            }

            interface ICity extends slg.mapserver.v1.City.$Properties {
            }

            class City {
                constructor(properties?: slg.mapserver.v1.City.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                x: number;
                y: number;
                level: number;
                reinforcements: number;
                static create(properties: slg.mapserver.v1.City.$Shape): slg.mapserver.v1.City & slg.mapserver.v1.City.$Shape;
                static create(properties?: slg.mapserver.v1.City.$Properties): slg.mapserver.v1.City;
                static encode(message: slg.mapserver.v1.City.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.City & slg.mapserver.v1.City.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.City;
                static toObject(message: slg.mapserver.v1.City, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace City {
                interface $Properties {
                    playerId?: (number|Long|null);
                    x?: (number|null);
                    y?: (number|null);
                    level?: (number|null);
                    reinforcements?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.City.$Properties;
            }

            interface IField extends slg.mapserver.v1.Field.$Properties {
            }

            class Field {
                constructor(properties?: slg.mapserver.v1.Field.$Properties);
                $unknowns?: Uint8Array[];
                id: (number|Long);
                resource: string;
                level: number;
                x: number;
                y: number;
                remaining: (number|Long);
                occupiedBy: (number|Long);
                static create(properties: slg.mapserver.v1.Field.$Shape): slg.mapserver.v1.Field & slg.mapserver.v1.Field.$Shape;
                static create(properties?: slg.mapserver.v1.Field.$Properties): slg.mapserver.v1.Field;
                static encode(message: slg.mapserver.v1.Field.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.Field & slg.mapserver.v1.Field.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.Field;
                static toObject(message: slg.mapserver.v1.Field, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Field {
                interface $Properties {
                    id?: (number|Long|null);
                    resource?: (string|null);
                    level?: (number|null);
                    x?: (number|null);
                    y?: (number|null);
                    remaining?: (number|Long|null);
                    occupiedBy?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.Field.$Properties;
            }

            interface IMonster extends slg.mapserver.v1.Monster.$Properties {
            }

            class Monster {
                constructor(properties?: slg.mapserver.v1.Monster.$Properties);
                $unknowns?: Uint8Array[];
                id: (number|Long);
                level: number;
                x: number;
                y: number;
                troops: (number|Long);
                static create(properties: slg.mapserver.v1.Monster.$Shape): slg.mapserver.v1.Monster & slg.mapserver.v1.Monster.$Shape;
                static create(properties?: slg.mapserver.v1.Monster.$Properties): slg.mapserver.v1.Monster;
                static encode(message: slg.mapserver.v1.Monster.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.Monster & slg.mapserver.v1.Monster.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.Monster;
                static toObject(message: slg.mapserver.v1.Monster, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Monster {
                interface $Properties {
                    id?: (number|Long|null);
                    level?: (number|null);
                    x?: (number|null);
                    y?: (number|null);
                    troops?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.Monster.$Properties;
            }

            interface ITroopStack extends slg.mapserver.v1.TroopStack.$Properties {
            }

            class TroopStack {
                constructor(properties?: slg.mapserver.v1.TroopStack.$Properties);
                $unknowns?: Uint8Array[];
                troopId: (number|Long);
                type: string;
                tier: number;
                count: (number|Long);
                wounded: (number|Long);
                static create(properties: slg.mapserver.v1.TroopStack.$Shape): slg.mapserver.v1.TroopStack & slg.mapserver.v1.TroopStack.$Shape;
                static create(properties?: slg.mapserver.v1.TroopStack.$Properties): slg.mapserver.v1.TroopStack;
                static encode(message: slg.mapserver.v1.TroopStack.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.TroopStack & slg.mapserver.v1.TroopStack.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.TroopStack;
                static toObject(message: slg.mapserver.v1.TroopStack, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace TroopStack {
                interface $Properties {
                    troopId?: (number|Long|null);
                    type?: (string|null);
                    tier?: (number|null);
                    count?: (number|Long|null);
                    wounded?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.TroopStack.$Properties;
            }

            interface IResources extends slg.mapserver.v1.Resources.$Properties {
            }

            class Resources {
                constructor(properties?: slg.mapserver.v1.Resources.$Properties);
                $unknowns?: Uint8Array[];
                food: (number|Long);
                wood: (number|Long);
                stone: (number|Long);
                iron: (number|Long);
                gold: (number|Long);
                static create(properties: slg.mapserver.v1.Resources.$Shape): slg.mapserver.v1.Resources & slg.mapserver.v1.Resources.$Shape;
                static create(properties?: slg.mapserver.v1.Resources.$Properties): slg.mapserver.v1.Resources;
                static encode(message: slg.mapserver.v1.Resources.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.Resources & slg.mapserver.v1.Resources.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.Resources;
                static toObject(message: slg.mapserver.v1.Resources, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Resources {
                interface $Properties {
                    food?: (number|Long|null);
                    wood?: (number|Long|null);
                    stone?: (number|Long|null);
                    iron?: (number|Long|null);
                    gold?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.Resources.$Properties;
            }

            interface IMarch extends slg.mapserver.v1.March.$Properties {
            }

            class March {
                constructor(properties?: slg.mapserver.v1.March.$Properties);
                $unknowns?: Uint8Array[];
                id: (number|Long);
                playerId: (number|Long);
                kind: string;
                state: string;
                homeX: number;
                homeY: number;
                targetX: number;
                targetY: number;
                fromX: number;
                fromY: number;
                toX: number;
                toY: number;
                legStartMs: (number|Long);
                legEndMs: (number|Long);
                troops: slg.mapserver.v1.TroopStack.$Properties[];
                load?: (slg.mapserver.v1.Resources.$Properties|null);
                startedMs: (number|Long);
                static create(properties: slg.mapserver.v1.March.$Shape): slg.mapserver.v1.March & slg.mapserver.v1.March.$Shape;
                static create(properties?: slg.mapserver.v1.March.$Properties): slg.mapserver.v1.March;
                static encode(message: slg.mapserver.v1.March.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.March & slg.mapserver.v1.March.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.March;
                static toObject(message: slg.mapserver.v1.March, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace March {
                interface $Properties {
                    id?: (number|Long|null);
                    playerId?: (number|Long|null);
                    kind?: (string|null);
                    state?: (string|null);
                    homeX?: (number|null);
                    homeY?: (number|null);
                    targetX?: (number|null);
                    targetY?: (number|null);
                    fromX?: (number|null);
                    fromY?: (number|null);
                    toX?: (number|null);
                    toY?: (number|null);
                    legStartMs?: (number|Long|null);
                    legEndMs?: (number|Long|null);
                    troops?: (slg.mapserver.v1.TroopStack.$Properties[]|null);
                    load?: (slg.mapserver.v1.Resources.$Properties|null);
                    startedMs?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.March.$Properties;
            }

            interface IPlaceCityRequest extends slg.mapserver.v1.PlaceCityRequest.$Properties {
            }

            class PlaceCityRequest {
                constructor(properties?: slg.mapserver.v1.PlaceCityRequest.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                nearX: number;
                nearY: number;
                static create(properties: slg.mapserver.v1.PlaceCityRequest.$Shape): slg.mapserver.v1.PlaceCityRequest & slg.mapserver.v1.PlaceCityRequest.$Shape;
                static create(properties?: slg.mapserver.v1.PlaceCityRequest.$Properties): slg.mapserver.v1.PlaceCityRequest;
                static encode(message: slg.mapserver.v1.PlaceCityRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.PlaceCityRequest & slg.mapserver.v1.PlaceCityRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.PlaceCityRequest;
                static toObject(message: slg.mapserver.v1.PlaceCityRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace PlaceCityRequest {
                interface $Properties {
                    playerId?: (number|Long|null);
                    nearX?: (number|null);
                    nearY?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.PlaceCityRequest.$Properties;
            }

            interface IPlaceCitiesRequest extends slg.mapserver.v1.PlaceCitiesRequest.$Properties {
            }

            class PlaceCitiesRequest {
                constructor(properties?: slg.mapserver.v1.PlaceCitiesRequest.$Properties);
                $unknowns?: Uint8Array[];
                cities: slg.mapserver.v1.PlaceCityRequest.$Properties[];
                static create(properties: slg.mapserver.v1.PlaceCitiesRequest.$Shape): slg.mapserver.v1.PlaceCitiesRequest & slg.mapserver.v1.PlaceCitiesRequest.$Shape;
                static create(properties?: slg.mapserver.v1.PlaceCitiesRequest.$Properties): slg.mapserver.v1.PlaceCitiesRequest;
                static encode(message: slg.mapserver.v1.PlaceCitiesRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.PlaceCitiesRequest & slg.mapserver.v1.PlaceCitiesRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.PlaceCitiesRequest;
                static toObject(message: slg.mapserver.v1.PlaceCitiesRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace PlaceCitiesRequest {
                interface $Properties {
                    cities?: (slg.mapserver.v1.PlaceCityRequest.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.PlaceCitiesRequest.$Properties;
            }

            interface IPlaceCityResult extends slg.mapserver.v1.PlaceCityResult.$Properties {
            }

            class PlaceCityResult {
                constructor(properties?: slg.mapserver.v1.PlaceCityResult.$Properties);
                $unknowns?: Uint8Array[];
                city?: (slg.mapserver.v1.City.$Properties|null);
                code: string;
                message: string;
                static create(properties: slg.mapserver.v1.PlaceCityResult.$Shape): slg.mapserver.v1.PlaceCityResult & slg.mapserver.v1.PlaceCityResult.$Shape;
                static create(properties?: slg.mapserver.v1.PlaceCityResult.$Properties): slg.mapserver.v1.PlaceCityResult;
                static encode(message: slg.mapserver.v1.PlaceCityResult.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.PlaceCityResult & slg.mapserver.v1.PlaceCityResult.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.PlaceCityResult;
                static toObject(message: slg.mapserver.v1.PlaceCityResult, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace PlaceCityResult {
                interface $Properties {
                    city?: (slg.mapserver.v1.City.$Properties|null);
                    code?: (string|null);
                    message?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.PlaceCityResult.$Properties;
            }

            interface IPlaceCitiesResponse extends slg.mapserver.v1.PlaceCitiesResponse.$Properties {
            }

            class PlaceCitiesResponse {
                constructor(properties?: slg.mapserver.v1.PlaceCitiesResponse.$Properties);
                $unknowns?: Uint8Array[];
                results: slg.mapserver.v1.PlaceCityResult.$Properties[];
                static create(properties: slg.mapserver.v1.PlaceCitiesResponse.$Shape): slg.mapserver.v1.PlaceCitiesResponse & slg.mapserver.v1.PlaceCitiesResponse.$Shape;
                static create(properties?: slg.mapserver.v1.PlaceCitiesResponse.$Properties): slg.mapserver.v1.PlaceCitiesResponse;
                static encode(message: slg.mapserver.v1.PlaceCitiesResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.PlaceCitiesResponse & slg.mapserver.v1.PlaceCitiesResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.PlaceCitiesResponse;
                static toObject(message: slg.mapserver.v1.PlaceCitiesResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace PlaceCitiesResponse {
                interface $Properties {
                    results?: (slg.mapserver.v1.PlaceCityResult.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.PlaceCitiesResponse.$Properties;
            }

            interface IRelocateCityRequest extends slg.mapserver.v1.RelocateCityRequest.$Properties {
            }

            class RelocateCityRequest {
                constructor(properties?: slg.mapserver.v1.RelocateCityRequest.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                x: number;
                y: number;
                static create(properties: slg.mapserver.v1.RelocateCityRequest.$Shape): slg.mapserver.v1.RelocateCityRequest & slg.mapserver.v1.RelocateCityRequest.$Shape;
                static create(properties?: slg.mapserver.v1.RelocateCityRequest.$Properties): slg.mapserver.v1.RelocateCityRequest;
                static encode(message: slg.mapserver.v1.RelocateCityRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.RelocateCityRequest & slg.mapserver.v1.RelocateCityRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.RelocateCityRequest;
                static toObject(message: slg.mapserver.v1.RelocateCityRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace RelocateCityRequest {
                interface $Properties {
                    playerId?: (number|Long|null);
                    x?: (number|null);
                    y?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.RelocateCityRequest.$Properties;
            }

            interface IRemoveCityRequest extends slg.mapserver.v1.RemoveCityRequest.$Properties {
            }

            class RemoveCityRequest {
                constructor(properties?: slg.mapserver.v1.RemoveCityRequest.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                static create(properties: slg.mapserver.v1.RemoveCityRequest.$Shape): slg.mapserver.v1.RemoveCityRequest & slg.mapserver.v1.RemoveCityRequest.$Shape;
                static create(properties?: slg.mapserver.v1.RemoveCityRequest.$Properties): slg.mapserver.v1.RemoveCityRequest;
                static encode(message: slg.mapserver.v1.RemoveCityRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.RemoveCityRequest & slg.mapserver.v1.RemoveCityRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.RemoveCityRequest;
                static toObject(message: slg.mapserver.v1.RemoveCityRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace RemoveCityRequest {
                interface $Properties {
                    playerId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.RemoveCityRequest.$Properties;
            }

            interface IRemoveCityResponse extends slg.mapserver.v1.RemoveCityResponse.$Properties {
            }

            class RemoveCityResponse {
                constructor(properties?: slg.mapserver.v1.RemoveCityResponse.$Properties);
                $unknowns?: Uint8Array[];
                removed: boolean;
                static create(properties: slg.mapserver.v1.RemoveCityResponse.$Shape): slg.mapserver.v1.RemoveCityResponse & slg.mapserver.v1.RemoveCityResponse.$Shape;
                static create(properties?: slg.mapserver.v1.RemoveCityResponse.$Properties): slg.mapserver.v1.RemoveCityResponse;
                static encode(message: slg.mapserver.v1.RemoveCityResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.RemoveCityResponse & slg.mapserver.v1.RemoveCityResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.RemoveCityResponse;
                static toObject(message: slg.mapserver.v1.RemoveCityResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace RemoveCityResponse {
                interface $Properties {
                    removed?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.RemoveCityResponse.$Properties;
            }

            interface IGetCityRequest extends slg.mapserver.v1.GetCityRequest.$Properties {
            }

            class GetCityRequest {
                constructor(properties?: slg.mapserver.v1.GetCityRequest.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                static create(properties: slg.mapserver.v1.GetCityRequest.$Shape): slg.mapserver.v1.GetCityRequest & slg.mapserver.v1.GetCityRequest.$Shape;
                static create(properties?: slg.mapserver.v1.GetCityRequest.$Properties): slg.mapserver.v1.GetCityRequest;
                static encode(message: slg.mapserver.v1.GetCityRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.GetCityRequest & slg.mapserver.v1.GetCityRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.GetCityRequest;
                static toObject(message: slg.mapserver.v1.GetCityRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace GetCityRequest {
                interface $Properties {
                    playerId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.GetCityRequest.$Properties;
            }

            interface ITroopOrder extends slg.mapserver.v1.TroopOrder.$Properties {
            }

            class TroopOrder {
                constructor(properties?: slg.mapserver.v1.TroopOrder.$Properties);
                $unknowns?: Uint8Array[];
                troopId: (number|Long);
                count: (number|Long);
                static create(properties: slg.mapserver.v1.TroopOrder.$Shape): slg.mapserver.v1.TroopOrder & slg.mapserver.v1.TroopOrder.$Shape;
                static create(properties?: slg.mapserver.v1.TroopOrder.$Properties): slg.mapserver.v1.TroopOrder;
                static encode(message: slg.mapserver.v1.TroopOrder.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.TroopOrder & slg.mapserver.v1.TroopOrder.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.TroopOrder;
                static toObject(message: slg.mapserver.v1.TroopOrder, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace TroopOrder {
                interface $Properties {
                    troopId?: (number|Long|null);
                    count?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.TroopOrder.$Properties;
            }

            interface IStartMarchRequest extends slg.mapserver.v1.StartMarchRequest.$Properties {
            }

            class StartMarchRequest {
                constructor(properties?: slg.mapserver.v1.StartMarchRequest.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                kind: string;
                targetX: number;
                targetY: number;
                troops: slg.mapserver.v1.TroopOrder.$Properties[];
                static create(properties: slg.mapserver.v1.StartMarchRequest.$Shape): slg.mapserver.v1.StartMarchRequest & slg.mapserver.v1.StartMarchRequest.$Shape;
                static create(properties?: slg.mapserver.v1.StartMarchRequest.$Properties): slg.mapserver.v1.StartMarchRequest;
                static encode(message: slg.mapserver.v1.StartMarchRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.StartMarchRequest & slg.mapserver.v1.StartMarchRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.StartMarchRequest;
                static toObject(message: slg.mapserver.v1.StartMarchRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace StartMarchRequest {
                interface $Properties {
                    playerId?: (number|Long|null);
                    kind?: (string|null);
                    targetX?: (number|null);
                    targetY?: (number|null);
                    troops?: (slg.mapserver.v1.TroopOrder.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.StartMarchRequest.$Properties;
            }

            interface IRecallMarchRequest extends slg.mapserver.v1.RecallMarchRequest.$Properties {
            }

            class RecallMarchRequest {
                constructor(properties?: slg.mapserver.v1.RecallMarchRequest.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                marchId: (number|Long);
                static create(properties: slg.mapserver.v1.RecallMarchRequest.$Shape): slg.mapserver.v1.RecallMarchRequest & slg.mapserver.v1.RecallMarchRequest.$Shape;
                static create(properties?: slg.mapserver.v1.RecallMarchRequest.$Properties): slg.mapserver.v1.RecallMarchRequest;
                static encode(message: slg.mapserver.v1.RecallMarchRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.RecallMarchRequest & slg.mapserver.v1.RecallMarchRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.RecallMarchRequest;
                static toObject(message: slg.mapserver.v1.RecallMarchRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace RecallMarchRequest {
                interface $Properties {
                    playerId?: (number|Long|null);
                    marchId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.RecallMarchRequest.$Properties;
            }

            interface IListMarchesRequest extends slg.mapserver.v1.ListMarchesRequest.$Properties {
            }

            class ListMarchesRequest {
                constructor(properties?: slg.mapserver.v1.ListMarchesRequest.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                static create(properties: slg.mapserver.v1.ListMarchesRequest.$Shape): slg.mapserver.v1.ListMarchesRequest & slg.mapserver.v1.ListMarchesRequest.$Shape;
                static create(properties?: slg.mapserver.v1.ListMarchesRequest.$Properties): slg.mapserver.v1.ListMarchesRequest;
                static encode(message: slg.mapserver.v1.ListMarchesRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.ListMarchesRequest & slg.mapserver.v1.ListMarchesRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.ListMarchesRequest;
                static toObject(message: slg.mapserver.v1.ListMarchesRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ListMarchesRequest {
                interface $Properties {
                    playerId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.ListMarchesRequest.$Properties;
            }

            interface IListMarchesResponse extends slg.mapserver.v1.ListMarchesResponse.$Properties {
            }

            class ListMarchesResponse {
                constructor(properties?: slg.mapserver.v1.ListMarchesResponse.$Properties);
                $unknowns?: Uint8Array[];
                marches: slg.mapserver.v1.March.$Properties[];
                static create(properties: slg.mapserver.v1.ListMarchesResponse.$Shape): slg.mapserver.v1.ListMarchesResponse & slg.mapserver.v1.ListMarchesResponse.$Shape;
                static create(properties?: slg.mapserver.v1.ListMarchesResponse.$Properties): slg.mapserver.v1.ListMarchesResponse;
                static encode(message: slg.mapserver.v1.ListMarchesResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.ListMarchesResponse & slg.mapserver.v1.ListMarchesResponse.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.ListMarchesResponse;
                static toObject(message: slg.mapserver.v1.ListMarchesResponse, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ListMarchesResponse {
                interface $Properties {
                    marches?: (slg.mapserver.v1.March.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.ListMarchesResponse.$Properties;
            }

            interface IViewportContents extends slg.mapserver.v1.ViewportContents.$Properties {
            }

            class ViewportContents {
                constructor(properties?: slg.mapserver.v1.ViewportContents.$Properties);
                $unknowns?: Uint8Array[];
                cities: slg.mapserver.v1.City.$Properties[];
                fields: slg.mapserver.v1.Field.$Properties[];
                monsters: slg.mapserver.v1.Monster.$Properties[];
                marches: slg.mapserver.v1.March.$Properties[];
                nowMs: (number|Long);
                static create(properties: slg.mapserver.v1.ViewportContents.$Shape): slg.mapserver.v1.ViewportContents & slg.mapserver.v1.ViewportContents.$Shape;
                static create(properties?: slg.mapserver.v1.ViewportContents.$Properties): slg.mapserver.v1.ViewportContents;
                static encode(message: slg.mapserver.v1.ViewportContents.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.ViewportContents & slg.mapserver.v1.ViewportContents.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.ViewportContents;
                static toObject(message: slg.mapserver.v1.ViewportContents, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace ViewportContents {
                interface $Properties {
                    cities?: (slg.mapserver.v1.City.$Properties[]|null);
                    fields?: (slg.mapserver.v1.Field.$Properties[]|null);
                    monsters?: (slg.mapserver.v1.Monster.$Properties[]|null);
                    marches?: (slg.mapserver.v1.March.$Properties[]|null);
                    nowMs?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.ViewportContents.$Properties;
            }

            interface IGetReportRequest extends slg.mapserver.v1.GetReportRequest.$Properties {
            }

            class GetReportRequest {
                constructor(properties?: slg.mapserver.v1.GetReportRequest.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                reportId: (number|Long);
                static create(properties: slg.mapserver.v1.GetReportRequest.$Shape): slg.mapserver.v1.GetReportRequest & slg.mapserver.v1.GetReportRequest.$Shape;
                static create(properties?: slg.mapserver.v1.GetReportRequest.$Properties): slg.mapserver.v1.GetReportRequest;
                static encode(message: slg.mapserver.v1.GetReportRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.GetReportRequest & slg.mapserver.v1.GetReportRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.GetReportRequest;
                static toObject(message: slg.mapserver.v1.GetReportRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace GetReportRequest {
                interface $Properties {
                    playerId?: (number|Long|null);
                    reportId?: (number|Long|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.GetReportRequest.$Properties;
            }

            interface IReport extends slg.mapserver.v1.Report.$Properties {
            }

            class Report {
                constructor(properties?: slg.mapserver.v1.Report.$Properties);
                $unknowns?: Uint8Array[];
                playerId: (number|Long);
                reportId: (number|Long);
                kind: string;
                marchId: (number|Long);
                createdMs: (number|Long);
                inputJson: string;
                resultJson: string;
                hash: string;
                static create(properties: slg.mapserver.v1.Report.$Shape): slg.mapserver.v1.Report & slg.mapserver.v1.Report.$Shape;
                static create(properties?: slg.mapserver.v1.Report.$Properties): slg.mapserver.v1.Report;
                static encode(message: slg.mapserver.v1.Report.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.Report & slg.mapserver.v1.Report.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.Report;
                static toObject(message: slg.mapserver.v1.Report, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace Report {
                interface $Properties {
                    playerId?: (number|Long|null);
                    reportId?: (number|Long|null);
                    kind?: (string|null);
                    marchId?: (number|Long|null);
                    createdMs?: (number|Long|null);
                    inputJson?: (string|null);
                    resultJson?: (string|null);
                    hash?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.Report.$Properties;
            }

            interface IWatchRequest extends slg.mapserver.v1.WatchRequest.$Properties {
            }

            class WatchRequest {
                constructor(properties?: slg.mapserver.v1.WatchRequest.$Properties);
                $unknowns?: Uint8Array[];
                rect?: (slg.mapserver.v1.Rect.$Properties|null);
                static create(properties: slg.mapserver.v1.WatchRequest.$Shape): slg.mapserver.v1.WatchRequest & slg.mapserver.v1.WatchRequest.$Shape;
                static create(properties?: slg.mapserver.v1.WatchRequest.$Properties): slg.mapserver.v1.WatchRequest;
                static encode(message: slg.mapserver.v1.WatchRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.WatchRequest & slg.mapserver.v1.WatchRequest.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.WatchRequest;
                static toObject(message: slg.mapserver.v1.WatchRequest, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace WatchRequest {
                interface $Properties {
                    rect?: (slg.mapserver.v1.Rect.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = slg.mapserver.v1.WatchRequest.$Properties;
            }

            interface IWatchEvent extends slg.mapserver.v1.WatchEvent.$Properties {
            }

            class WatchEvent {
                constructor(properties?: slg.mapserver.v1.WatchEvent.$Properties);
                $unknowns?: Uint8Array[];
                seq: (number|Long);
                timeMs: (number|Long);
                type: string;
                snapshot?: (slg.mapserver.v1.ViewportContents.$Properties|null);
                city?: (slg.mapserver.v1.City.$Properties|null);
                march?: (slg.mapserver.v1.March.$Properties|null);
                field?: (slg.mapserver.v1.Field.$Properties|null);
                monster?: (slg.mapserver.v1.Monster.$Properties|null);
                previousCity?: (slg.mapserver.v1.City.$Properties|null);
                body?: ("snapshot"|"city"|"march"|"field"|"monster");
                static create(properties: slg.mapserver.v1.WatchEvent.$Shape): slg.mapserver.v1.WatchEvent & slg.mapserver.v1.WatchEvent.$Shape;
                static create(properties?: slg.mapserver.v1.WatchEvent.$Properties): slg.mapserver.v1.WatchEvent;
                static encode(message: slg.mapserver.v1.WatchEvent.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): slg.mapserver.v1.WatchEvent & slg.mapserver.v1.WatchEvent.$Shape;
                static fromObject(object: { [k: string]: any }): slg.mapserver.v1.WatchEvent;
                static toObject(message: slg.mapserver.v1.WatchEvent, options?: $protobuf.IConversionOptions): { [k: string]: any };
                toJSON(): { [k: string]: any };
                static getTypeUrl(prefix?: string): string;
            }

            namespace WatchEvent {
                interface $Properties {
                    seq?: (number|Long|null);
                    timeMs?: (number|Long|null);
                    type?: (string|null);
                    snapshot?: (slg.mapserver.v1.ViewportContents.$Properties|null);
                    city?: (slg.mapserver.v1.City.$Properties|null);
                    march?: (slg.mapserver.v1.March.$Properties|null);
                    field?: (slg.mapserver.v1.Field.$Properties|null);
                    monster?: (slg.mapserver.v1.Monster.$Properties|null);
                    previousCity?: (slg.mapserver.v1.City.$Properties|null);
                    body?: ("snapshot"|"city"|"march"|"field"|"monster");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  seq?: number|Long|null;
                  timeMs?: number|Long|null;
                  type?: string|null;
                  snapshot?: slg.mapserver.v1.ViewportContents.$Shape|null;
                  city?: slg.mapserver.v1.City.$Shape|null;
                  march?: slg.mapserver.v1.March.$Shape|null;
                  field?: slg.mapserver.v1.Field.$Shape|null;
                  monster?: slg.mapserver.v1.Monster.$Shape|null;
                  previousCity?: slg.mapserver.v1.City.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ body?: undefined; snapshot?: null; city?: null; march?: null; field?: null; monster?: null }|{ body?: "snapshot"; snapshot: slg.mapserver.v1.ViewportContents.$Shape; city?: null; march?: null; field?: null; monster?: null }|{ body?: "city"; snapshot?: null; city: slg.mapserver.v1.City.$Shape; march?: null; field?: null; monster?: null }|{ body?: "march"; snapshot?: null; city?: null; march: slg.mapserver.v1.March.$Shape; field?: null; monster?: null }|{ body?: "field"; snapshot?: null; city?: null; march?: null; field: slg.mapserver.v1.Field.$Shape; monster?: null }|{ body?: "monster"; snapshot?: null; city?: null; march?: null; field?: null; monster: slg.mapserver.v1.Monster.$Shape })
                );
            }
        }
    }
}
