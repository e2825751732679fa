/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $TypeError = $util.global.TypeError, $String = $util.global.String, $Number = $util.global.Number, $Array = $util.global.Array, $parseInt = $util.global.parseInt, $Boolean = $util.global.Boolean, $BigInt = $util.global.BigInt, $isFinite = $util.global.isFinite;

const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const grpc = $root.grpc = (() => {

    const grpc = {};

    grpc.health = (function() {

        const health = {};

        health.v1 = (function() {

            const v1 = {};

            v1.HealthCheckRequest = (function() {

                const HealthCheckRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                HealthCheckRequest.prototype.service = "";

                HealthCheckRequest.create = function(properties) {
                    return new HealthCheckRequest(properties);
                };

                HealthCheckRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.service != null && $Object.hasOwnProperty.call(message, "service") && message.service !== "")
                        writer.uint32(10).string(message.service);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                HealthCheckRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.health.v1.HealthCheckRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.service = value;
                                else
                                    delete message.service;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                HealthCheckRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.health.v1.HealthCheckRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.health.v1.HealthCheckRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.health.v1.HealthCheckRequest();
                    if (object.service != null)
                        if (typeof object.service !== "string" || object.service.length)
                            message.service = $String(object.service);
                    return message;
                };

                HealthCheckRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.service = "";
                    if (message.service != null && $Object.hasOwnProperty.call(message, "service"))
                        object.service = message.service;
                    return object;
                };

                HealthCheckRequest.prototype.toJSON = function() {
                    return HealthCheckRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                HealthCheckRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.health.v1.HealthCheckRequest";
                };

                return HealthCheckRequest;
            })();

            v1.HealthCheckResponse = (function() {

                const HealthCheckResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                HealthCheckResponse.prototype.status = 0;

                HealthCheckResponse.create = function(properties) {
                    return new HealthCheckResponse(properties);
                };

                HealthCheckResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.status != null && $Object.hasOwnProperty.call(message, "status") && message.status !== 0)
                        writer.uint32(8).int32(message.status);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                HealthCheckResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.health.v1.HealthCheckResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.status = value;
                                else
                                    delete message.status;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                HealthCheckResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.health.v1.HealthCheckResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.health.v1.HealthCheckResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.health.v1.HealthCheckResponse();
                    if (object.status !== 0 && (typeof object.status !== "string" || $root.grpc.health.v1.HealthCheckResponse.ServingStatus[object.status] !== 0))
                        switch (object.status) {
                        case "UNKNOWN":
                        case 0:
                            message.status = 0;
                            break;
                        case "SERVING":
                        case 1:
                            message.status = 1;
                            break;
                        case "NOT_SERVING":
                        case 2:
                            message.status = 2;
                            break;
                        case "SERVICE_UNKNOWN":
                        case 3:
                            message.status = 3;
                            break;
                        default:
                            if (typeof object.status === "number" && (object.status | 0) === object.status)
                                message.status = object.status;
                        }
                    return message;
                };

                HealthCheckResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.status = options.enums === $String ? "UNKNOWN" : 0;
                    if (message.status != null && $Object.hasOwnProperty.call(message, "status"))
                        object.status = options.enums === $String ? $root.grpc.health.v1.HealthCheckResponse.ServingStatus[message.status] === $undefined ? message.status : $root.grpc.health.v1.HealthCheckResponse.ServingStatus[message.status] : message.status;
                    return object;
                };

                HealthCheckResponse.prototype.toJSON = function() {
                    return HealthCheckResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                HealthCheckResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.health.v1.HealthCheckResponse";
                };

                HealthCheckResponse.ServingStatus = (function() {
                    const valuesById = $Object.create(null), values = $Object.create(valuesById);
                    values[valuesById[0] = "UNKNOWN"] = 0;
                    values[valuesById[1] = "SERVING"] = 1;
                    values[valuesById[2] = "NOT_SERVING"] = 2;
                    values[valuesById[3] = "SERVICE_UNKNOWN"] = 3;
                    return values;
                })();

                return HealthCheckResponse;
            })();

            v1.Health = (function() {

                const Health = function(rpcImpl, requestDelimited, responseDelimited) {
                    $protobuf.rpc.Service.call(this, rpcImpl, requestDelimited, responseDelimited);
                };

                $Object.defineProperty(Health.prototype = $Object.create($protobuf.rpc.Service.prototype), "constructor", { value: Health, writable: true, enumerable: false, configurable: true });

                Health.create = function(rpcImpl, requestDelimited, responseDelimited) {
                    return new this(rpcImpl, requestDelimited, responseDelimited);
                };



                $Object.defineProperties(Health.prototype.check = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, Health.prototype.check, $root.grpc.health.v1.HealthCheckRequest, $root.grpc.health.v1.HealthCheckResponse, request, callback);
                }, {
                    name: { value: "Check" },
                    path: { value: "/grpc.health.v1.Health/Check" },
                    requestType: { value: "HealthCheckRequest" },
                    responseType: { value: "HealthCheckResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(Health.prototype.watch = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, Health.prototype.watch, $root.grpc.health.v1.HealthCheckRequest, $root.grpc.health.v1.HealthCheckResponse, request, callback);
                }, {
                    name: { value: "Watch" },
                    path: { value: "/grpc.health.v1.Health/Watch" },
                    requestType: { value: "HealthCheckRequest" },
                    responseType: { value: "HealthCheckResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: true }
                });

                return Health;
            })();

            return v1;
        })();

        return health;
    })();

    grpc.reflection = (function() {

        const reflection = {};

        reflection.v1 = (function() {

            const v1 = {};

            v1.ServerReflection = (function() {

                const ServerReflection = function(rpcImpl, requestDelimited, responseDelimited) {
                    $protobuf.rpc.Service.call(this, rpcImpl, requestDelimited, responseDelimited);
                };

                $Object.defineProperty(ServerReflection.prototype = $Object.create($protobuf.rpc.Service.prototype), "constructor", { value: ServerReflection, writable: true, enumerable: false, configurable: true });

                ServerReflection.create = function(rpcImpl, requestDelimited, responseDelimited) {
                    return new this(rpcImpl, requestDelimited, responseDelimited);
                };



                $Object.defineProperties(ServerReflection.prototype.serverReflectionInfo = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, ServerReflection.prototype.serverReflectionInfo, $root.grpc.reflection.v1.ServerReflectionRequest, $root.grpc.reflection.v1.ServerReflectionResponse, request, callback);
                }, {
                    name: { value: "ServerReflectionInfo" },
                    path: { value: "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo" },
                    requestType: { value: "ServerReflectionRequest" },
                    responseType: { value: "ServerReflectionResponse" },
                    requestStream: { value: true },
                    responseStream: { value: true }
                });

                return ServerReflection;
            })();

            v1.ServerReflectionRequest = (function() {

                const ServerReflectionRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ServerReflectionRequest.prototype.host = "";
                ServerReflectionRequest.prototype.fileByFilename = null;
                ServerReflectionRequest.prototype.fileContainingSymbol = null;
                ServerReflectionRequest.prototype.fileContainingExtension = null;
                ServerReflectionRequest.prototype.allExtensionNumbersOfType = null;
                ServerReflectionRequest.prototype.listServices = null;

                let $oneOfFields;

                $Object.defineProperty(ServerReflectionRequest.prototype, "messageRequest", {
                    get: $util.oneOfGetter($oneOfFields = ["fileByFilename", "fileContainingSymbol", "fileContainingExtension", "allExtensionNumbersOfType", "listServices"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                ServerReflectionRequest.create = function(properties) {
                    return new ServerReflectionRequest(properties);
                };

                ServerReflectionRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.host != null && $Object.hasOwnProperty.call(message, "host") && message.host !== "")
                        writer.uint32(10).string(message.host);
                    if (message.fileByFilename != null && $Object.hasOwnProperty.call(message, "fileByFilename"))
                        writer.uint32(26).string(message.fileByFilename);
                    if (message.fileContainingSymbol != null && $Object.hasOwnProperty.call(message, "fileContainingSymbol"))
                        writer.uint32(34).string(message.fileContainingSymbol);
                    if (message.fileContainingExtension != null && $Object.hasOwnProperty.call(message, "fileContainingExtension"))
                        $root.grpc.reflection.v1.ExtensionRequest.encode(message.fileContainingExtension, writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.allExtensionNumbersOfType != null && $Object.hasOwnProperty.call(message, "allExtensionNumbersOfType"))
                        writer.uint32(50).string(message.allExtensionNumbersOfType);
                    if (message.listServices != null && $Object.hasOwnProperty.call(message, "listServices"))
                        writer.uint32(58).string(message.listServices);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ServerReflectionRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1.ServerReflectionRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.host = value;
                                else
                                    delete message.host;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.fileByFilename = reader.stringVerify();
                                message.messageRequest = "fileByFilename";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.fileContainingSymbol = reader.stringVerify();
                                message.messageRequest = "fileContainingSymbol";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.fileContainingExtension = $root.grpc.reflection.v1.ExtensionRequest.decode(reader, reader.size(), $undefined, _depth + 1, message.fileContainingExtension);
                                message.messageRequest = "fileContainingExtension";
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.allExtensionNumbersOfType = reader.stringVerify();
                                message.messageRequest = "allExtensionNumbersOfType";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.listServices = reader.stringVerify();
                                message.messageRequest = "listServices";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ServerReflectionRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1.ServerReflectionRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1.ServerReflectionRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1.ServerReflectionRequest();
                    if (object.host != null)
                        if (typeof object.host !== "string" || object.host.length)
                            message.host = $String(object.host);
                    if (object.fileByFilename != null)
                        message.fileByFilename = $String(object.fileByFilename);
                    if (object.fileContainingSymbol != null)
                        message.fileContainingSymbol = $String(object.fileContainingSymbol);
                    if (object.fileContainingExtension != null) {
                        if (!$util.isObject(object.fileContainingExtension))
                            throw $TypeError(".grpc.reflection.v1.ServerReflectionRequest.fileContainingExtension: object expected");
                        message.fileContainingExtension = $root.grpc.reflection.v1.ExtensionRequest.fromObject(object.fileContainingExtension, _depth + 1);
                    }
                    if (object.allExtensionNumbersOfType != null)
                        message.allExtensionNumbersOfType = $String(object.allExtensionNumbersOfType);
                    if (object.listServices != null)
                        message.listServices = $String(object.listServices);
                    return message;
                };

                ServerReflectionRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.host = "";
                    if (message.host != null && $Object.hasOwnProperty.call(message, "host"))
                        object.host = message.host;
                    if (message.fileByFilename != null && $Object.hasOwnProperty.call(message, "fileByFilename")) {
                        object.fileByFilename = message.fileByFilename;
                        if (options.oneofs)
                            object.messageRequest = "fileByFilename";
                    }
                    if (message.fileContainingSymbol != null && $Object.hasOwnProperty.call(message, "fileContainingSymbol")) {
                        object.fileContainingSymbol = message.fileContainingSymbol;
                        if (options.oneofs)
                            object.messageRequest = "fileContainingSymbol";
                    }
                    if (message.fileContainingExtension != null && $Object.hasOwnProperty.call(message, "fileContainingExtension")) {
                        object.fileContainingExtension = $root.grpc.reflection.v1.ExtensionRequest.toObject(message.fileContainingExtension, options, _depth + 1);
                        if (options.oneofs)
                            object.messageRequest = "fileContainingExtension";
                    }
                    if (message.allExtensionNumbersOfType != null && $Object.hasOwnProperty.call(message, "allExtensionNumbersOfType")) {
                        object.allExtensionNumbersOfType = message.allExtensionNumbersOfType;
                        if (options.oneofs)
                            object.messageRequest = "allExtensionNumbersOfType";
                    }
                    if (message.listServices != null && $Object.hasOwnProperty.call(message, "listServices")) {
                        object.listServices = message.listServices;
                        if (options.oneofs)
                            object.messageRequest = "listServices";
                    }
                    return object;
                };

                ServerReflectionRequest.prototype.toJSON = function() {
                    return ServerReflectionRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                ServerReflectionRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1.ServerReflectionRequest";
                };

                return ServerReflectionRequest;
            })();

            v1.ExtensionRequest = (function() {

                const ExtensionRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ExtensionRequest.prototype.containingType = "";
                ExtensionRequest.prototype.extensionNumber = 0;

                ExtensionRequest.create = function(properties) {
                    return new ExtensionRequest(properties);
                };

                ExtensionRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.containingType != null && $Object.hasOwnProperty.call(message, "containingType") && message.containingType !== "")
                        writer.uint32(10).string(message.containingType);
                    if (message.extensionNumber != null && $Object.hasOwnProperty.call(message, "extensionNumber") && message.extensionNumber !== 0)
                        writer.uint32(16).int32(message.extensionNumber);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ExtensionRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1.ExtensionRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.containingType = value;
                                else
                                    delete message.containingType;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.extensionNumber = value;
                                else
                                    delete message.extensionNumber;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ExtensionRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1.ExtensionRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1.ExtensionRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1.ExtensionRequest();
                    if (object.containingType != null)
                        if (typeof object.containingType !== "string" || object.containingType.length)
                            message.containingType = $String(object.containingType);
                    if (object.extensionNumber != null)
                        if ($Number(object.extensionNumber) !== 0)
                            message.extensionNumber = object.extensionNumber | 0;
                    return message;
                };

                ExtensionRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.containingType = "";
                        object.extensionNumber = 0;
                    }
                    if (message.containingType != null && $Object.hasOwnProperty.call(message, "containingType"))
                        object.containingType = message.containingType;
                    if (message.extensionNumber != null && $Object.hasOwnProperty.call(message, "extensionNumber"))
                        object.extensionNumber = message.extensionNumber;
                    return object;
                };

                ExtensionRequest.prototype.toJSON = function() {
                    return ExtensionRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                ExtensionRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1.ExtensionRequest";
                };

                return ExtensionRequest;
            })();

            v1.ServerReflectionResponse = (function() {

                const ServerReflectionResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ServerReflectionResponse.prototype.validHost = "";
                ServerReflectionResponse.prototype.originalRequest = null;
                ServerReflectionResponse.prototype.fileDescriptorResponse = null;
                ServerReflectionResponse.prototype.allExtensionNumbersResponse = null;
                ServerReflectionResponse.prototype.listServicesResponse = null;
                ServerReflectionResponse.prototype.errorResponse = null;

                let $oneOfFields;

                $Object.defineProperty(ServerReflectionResponse.prototype, "messageResponse", {
                    get: $util.oneOfGetter($oneOfFields = ["fileDescriptorResponse", "allExtensionNumbersResponse", "listServicesResponse", "errorResponse"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                ServerReflectionResponse.create = function(properties) {
                    return new ServerReflectionResponse(properties);
                };

                ServerReflectionResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.validHost != null && $Object.hasOwnProperty.call(message, "validHost") && message.validHost !== "")
                        writer.uint32(10).string(message.validHost);
                    if (message.originalRequest != null && $Object.hasOwnProperty.call(message, "originalRequest"))
                        $root.grpc.reflection.v1.ServerReflectionRequest.encode(message.originalRequest, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.fileDescriptorResponse != null && $Object.hasOwnProperty.call(message, "fileDescriptorResponse"))
                        $root.grpc.reflection.v1.FileDescriptorResponse.encode(message.fileDescriptorResponse, writer.uint32(34).fork(), _depth + 1).ldelim();
                    if (message.allExtensionNumbersResponse != null && $Object.hasOwnProperty.call(message, "allExtensionNumbersResponse"))
                        $root.grpc.reflection.v1.ExtensionNumberResponse.encode(message.allExtensionNumbersResponse, writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.listServicesResponse != null && $Object.hasOwnProperty.call(message, "listServicesResponse"))
                        $root.grpc.reflection.v1.ListServiceResponse.encode(message.listServicesResponse, writer.uint32(50).fork(), _depth + 1).ldelim();
                    if (message.errorResponse != null && $Object.hasOwnProperty.call(message, "errorResponse"))
                        $root.grpc.reflection.v1.ErrorResponse.encode(message.errorResponse, writer.uint32(58).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ServerReflectionResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1.ServerReflectionResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.validHost = value;
                                else
                                    delete message.validHost;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.originalRequest = $root.grpc.reflection.v1.ServerReflectionRequest.decode(reader, reader.size(), $undefined, _depth + 1, message.originalRequest);
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.fileDescriptorResponse = $root.grpc.reflection.v1.FileDescriptorResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.fileDescriptorResponse);
                                message.messageResponse = "fileDescriptorResponse";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.allExtensionNumbersResponse = $root.grpc.reflection.v1.ExtensionNumberResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.allExtensionNumbersResponse);
                                message.messageResponse = "allExtensionNumbersResponse";
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.listServicesResponse = $root.grpc.reflection.v1.ListServiceResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.listServicesResponse);
                                message.messageResponse = "listServicesResponse";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.errorResponse = $root.grpc.reflection.v1.ErrorResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.errorResponse);
                                message.messageResponse = "errorResponse";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ServerReflectionResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1.ServerReflectionResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1.ServerReflectionResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1.ServerReflectionResponse();
                    if (object.validHost != null)
                        if (typeof object.validHost !== "string" || object.validHost.length)
                            message.validHost = $String(object.validHost);
                    if (object.originalRequest != null) {
                        if (!$util.isObject(object.originalRequest))
                            throw $TypeError(".grpc.reflection.v1.ServerReflectionResponse.originalRequest: object expected");
                        message.originalRequest = $root.grpc.reflection.v1.ServerReflectionRequest.fromObject(object.originalRequest, _depth + 1);
                    }
                    if (object.fileDescriptorResponse != null) {
                        if (!$util.isObject(object.fileDescriptorResponse))
                            throw $TypeError(".grpc.reflection.v1.ServerReflectionResponse.fileDescriptorResponse: object expected");
                        message.fileDescriptorResponse = $root.grpc.reflection.v1.FileDescriptorResponse.fromObject(object.fileDescriptorResponse, _depth + 1);
                    }
                    if (object.allExtensionNumbersResponse != null) {
                        if (!$util.isObject(object.allExtensionNumbersResponse))
                            throw $TypeError(".grpc.reflection.v1.ServerReflectionResponse.allExtensionNumbersResponse: object expected");
                        message.allExtensionNumbersResponse = $root.grpc.reflection.v1.ExtensionNumberResponse.fromObject(object.allExtensionNumbersResponse, _depth + 1);
                    }
                    if (object.listServicesResponse != null) {
                        if (!$util.isObject(object.listServicesResponse))
                            throw $TypeError(".grpc.reflection.v1.ServerReflectionResponse.listServicesResponse: object expected");
                        message.listServicesResponse = $root.grpc.reflection.v1.ListServiceResponse.fromObject(object.listServicesResponse, _depth + 1);
                    }
                    if (object.errorResponse != null) {
                        if (!$util.isObject(object.errorResponse))
                            throw $TypeError(".grpc.reflection.v1.ServerReflectionResponse.errorResponse: object expected");
                        message.errorResponse = $root.grpc.reflection.v1.ErrorResponse.fromObject(object.errorResponse, _depth + 1);
                    }
                    return message;
                };

                ServerReflectionResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.validHost = "";
                        object.originalRequest = null;
                    }
                    if (message.validHost != null && $Object.hasOwnProperty.call(message, "validHost"))
                        object.validHost = message.validHost;
                    if (message.originalRequest != null && $Object.hasOwnProperty.call(message, "originalRequest"))
                        object.originalRequest = $root.grpc.reflection.v1.ServerReflectionRequest.toObject(message.originalRequest, options, _depth + 1);
                    if (message.fileDescriptorResponse != null && $Object.hasOwnProperty.call(message, "fileDescriptorResponse")) {
                        object.fileDescriptorResponse = $root.grpc.reflection.v1.FileDescriptorResponse.toObject(message.fileDescriptorResponse, options, _depth + 1);
                        if (options.oneofs)
                            object.messageResponse = "fileDescriptorResponse";
                    }
                    if (message.allExtensionNumbersResponse != null && $Object.hasOwnProperty.call(message, "allExtensionNumbersResponse")) {
                        object.allExtensionNumbersResponse = $root.grpc.reflection.v1.ExtensionNumberResponse.toObject(message.allExtensionNumbersResponse, options, _depth + 1);
                        if (options.oneofs)
                            object.messageResponse = "allExtensionNumbersResponse";
                    }
                    if (message.listServicesResponse != null && $Object.hasOwnProperty.call(message, "listServicesResponse")) {
                        object.listServicesResponse = $root.grpc.reflection.v1.ListServiceResponse.toObject(message.listServicesResponse, options, _depth + 1);
                        if (options.oneofs)
                            object.messageResponse = "listServicesResponse";
                    }
                    if (message.errorResponse != null && $Object.hasOwnProperty.call(message, "errorResponse")) {
                        object.errorResponse = $root.grpc.reflection.v1.ErrorResponse.toObject(message.errorResponse, options, _depth + 1);
                        if (options.oneofs)
                            object.messageResponse = "errorResponse";
                    }
                    return object;
                };

                ServerReflectionResponse.prototype.toJSON = function() {
                    return ServerReflectionResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ServerReflectionResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1.ServerReflectionResponse";
                };

                return ServerReflectionResponse;
            })();

            v1.FileDescriptorResponse = (function() {

                const FileDescriptorResponse = function (properties) {
                    this.fileDescriptorProto = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                FileDescriptorResponse.prototype.fileDescriptorProto = $util.emptyArray;

                FileDescriptorResponse.create = function(properties) {
                    return new FileDescriptorResponse(properties);
                };

                FileDescriptorResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.fileDescriptorProto != null && message.fileDescriptorProto.length)
                        for (let i = 0; i < message.fileDescriptorProto.length; ++i)
                            writer.uint32(10).bytes(message.fileDescriptorProto[i]);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                FileDescriptorResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1.FileDescriptorResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.fileDescriptorProto && message.fileDescriptorProto.length))
                                    message.fileDescriptorProto = [];
                                message.fileDescriptorProto.push(reader.bytes());
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                FileDescriptorResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1.FileDescriptorResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1.FileDescriptorResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1.FileDescriptorResponse();
                    if (object.fileDescriptorProto) {
                        if (!$Array.isArray(object.fileDescriptorProto))
                            throw $TypeError(".grpc.reflection.v1.FileDescriptorResponse.fileDescriptorProto: array expected");
                        message.fileDescriptorProto = $Array(object.fileDescriptorProto.length);
                        for (let i = 0; i < object.fileDescriptorProto.length; ++i)
                            if (typeof object.fileDescriptorProto[i] === "string")
                                $util.base64.decode(object.fileDescriptorProto[i], message.fileDescriptorProto[i] = $util.newBuffer($util.base64.length(object.fileDescriptorProto[i])), 0);
                            else if (object.fileDescriptorProto[i].length >= 0)
                                message.fileDescriptorProto[i] = object.fileDescriptorProto[i];
                    }
                    return message;
                };

                FileDescriptorResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.fileDescriptorProto = [];
                    if (message.fileDescriptorProto && message.fileDescriptorProto.length) {
                        object.fileDescriptorProto = $Array(message.fileDescriptorProto.length);
                        for (let j = 0; j < message.fileDescriptorProto.length; ++j)
                            object.fileDescriptorProto[j] = options.bytes === $String ? $util.base64.encode(message.fileDescriptorProto[j], 0, message.fileDescriptorProto[j].length) : options.bytes === $Array ? $Array.prototype.slice.call(message.fileDescriptorProto[j]) : message.fileDescriptorProto[j];
                    }
                    return object;
                };

                FileDescriptorResponse.prototype.toJSON = function() {
                    return FileDescriptorResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                FileDescriptorResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1.FileDescriptorResponse";
                };

                return FileDescriptorResponse;
            })();

            v1.ExtensionNumberResponse = (function() {

                const ExtensionNumberResponse = function (properties) {
                    this.extensionNumber = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ExtensionNumberResponse.prototype.baseTypeName = "";
                ExtensionNumberResponse.prototype.extensionNumber = $util.emptyArray;

                ExtensionNumberResponse.create = function(properties) {
                    return new ExtensionNumberResponse(properties);
                };

                ExtensionNumberResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.baseTypeName != null && $Object.hasOwnProperty.call(message, "baseTypeName") && message.baseTypeName !== "")
                        writer.uint32(10).string(message.baseTypeName);
                    if (message.extensionNumber != null && message.extensionNumber.length)
                        writer.uint32(18).int32s(message.extensionNumber);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ExtensionNumberResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1.ExtensionNumberResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.baseTypeName = value;
                                else
                                    delete message.baseTypeName;
                                continue;
                            }
                        case 2: {
                                if (wireType === 2) {
                                    if (!(message.extensionNumber && message.extensionNumber.length))
                                        message.extensionNumber = [];
                                    reader.int32s(message.extensionNumber);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.extensionNumber && message.extensionNumber.length))
                                    message.extensionNumber = [];
                                message.extensionNumber.push(reader.int32());
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ExtensionNumberResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1.ExtensionNumberResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1.ExtensionNumberResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1.ExtensionNumberResponse();
                    if (object.baseTypeName != null)
                        if (typeof object.baseTypeName !== "string" || object.baseTypeName.length)
                            message.baseTypeName = $String(object.baseTypeName);
                    if (object.extensionNumber) {
                        if (!$Array.isArray(object.extensionNumber))
                            throw $TypeError(".grpc.reflection.v1.ExtensionNumberResponse.extensionNumber: array expected");
                        message.extensionNumber = $Array(object.extensionNumber.length);
                        for (let i = 0; i < object.extensionNumber.length; ++i)
                            message.extensionNumber[i] = object.extensionNumber[i] | 0;
                    }
                    return message;
                };

                ExtensionNumberResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.extensionNumber = [];
                    if (options.defaults)
                        object.baseTypeName = "";
                    if (message.baseTypeName != null && $Object.hasOwnProperty.call(message, "baseTypeName"))
                        object.baseTypeName = message.baseTypeName;
                    if (message.extensionNumber && message.extensionNumber.length) {
                        object.extensionNumber = $Array(message.extensionNumber.length);
                        for (let j = 0; j < message.extensionNumber.length; ++j)
                            object.extensionNumber[j] = message.extensionNumber[j];
                    }
                    return object;
                };

                ExtensionNumberResponse.prototype.toJSON = function() {
                    return ExtensionNumberResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ExtensionNumberResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1.ExtensionNumberResponse";
                };

                return ExtensionNumberResponse;
            })();

            v1.ListServiceResponse = (function() {

                const ListServiceResponse = function (properties) {
                    this.service = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ListServiceResponse.prototype.service = $util.emptyArray;

                ListServiceResponse.create = function(properties) {
                    return new ListServiceResponse(properties);
                };

                ListServiceResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.service != null && message.service.length)
                        for (let i = 0; i < message.service.length; ++i)
                            $root.grpc.reflection.v1.ServiceResponse.encode(message.service[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ListServiceResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1.ListServiceResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.service && message.service.length))
                                    message.service = [];
                                message.service.push($root.grpc.reflection.v1.ServiceResponse.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ListServiceResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1.ListServiceResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1.ListServiceResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1.ListServiceResponse();
                    if (object.service) {
                        if (!$Array.isArray(object.service))
                            throw $TypeError(".grpc.reflection.v1.ListServiceResponse.service: array expected");
                        message.service = $Array(object.service.length);
                        for (let i = 0; i < object.service.length; ++i) {
                            if (!$util.isObject(object.service[i]))
                                throw $TypeError(".grpc.reflection.v1.ListServiceResponse.service: object expected");
                            message.service[i] = $root.grpc.reflection.v1.ServiceResponse.fromObject(object.service[i], _depth + 1);
                        }
                    }
                    return message;
                };

                ListServiceResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.service = [];
                    if (message.service && message.service.length) {
                        object.service = $Array(message.service.length);
                        for (let j = 0; j < message.service.length; ++j)
                            object.service[j] = $root.grpc.reflection.v1.ServiceResponse.toObject(message.service[j], options, _depth + 1);
                    }
                    return object;
                };

                ListServiceResponse.prototype.toJSON = function() {
                    return ListServiceResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ListServiceResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1.ListServiceResponse";
                };

                return ListServiceResponse;
            })();

            v1.ServiceResponse = (function() {

                const ServiceResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ServiceResponse.prototype.name = "";

                ServiceResponse.create = function(properties) {
                    return new ServiceResponse(properties);
                };

                ServiceResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(10).string(message.name);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ServiceResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1.ServiceResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ServiceResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1.ServiceResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1.ServiceResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1.ServiceResponse();
                    if (object.name != null)
                        if (typeof object.name !== "string" || object.name.length)
                            message.name = $String(object.name);
                    return message;
                };

                ServiceResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.name = "";
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                        object.name = message.name;
                    return object;
                };

                ServiceResponse.prototype.toJSON = function() {
                    return ServiceResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ServiceResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1.ServiceResponse";
                };

                return ServiceResponse;
            })();

            v1.ErrorResponse = (function() {

                const ErrorResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ErrorResponse.prototype.errorCode = 0;
                ErrorResponse.prototype.errorMessage = "";

                ErrorResponse.create = function(properties) {
                    return new ErrorResponse(properties);
                };

                ErrorResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.errorCode != null && $Object.hasOwnProperty.call(message, "errorCode") && message.errorCode !== 0)
                        writer.uint32(8).int32(message.errorCode);
                    if (message.errorMessage != null && $Object.hasOwnProperty.call(message, "errorMessage") && message.errorMessage !== "")
                        writer.uint32(18).string(message.errorMessage);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ErrorResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1.ErrorResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.errorCode = value;
                                else
                                    delete message.errorCode;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.errorMessage = value;
                                else
                                    delete message.errorMessage;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ErrorResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1.ErrorResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1.ErrorResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1.ErrorResponse();
                    if (object.errorCode != null)
                        if ($Number(object.errorCode) !== 0)
                            message.errorCode = object.errorCode | 0;
                    if (object.errorMessage != null)
                        if (typeof object.errorMessage !== "string" || object.errorMessage.length)
                            message.errorMessage = $String(object.errorMessage);
                    return message;
                };

                ErrorResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.errorCode = 0;
                        object.errorMessage = "";
                    }
                    if (message.errorCode != null && $Object.hasOwnProperty.call(message, "errorCode"))
                        object.errorCode = message.errorCode;
                    if (message.errorMessage != null && $Object.hasOwnProperty.call(message, "errorMessage"))
                        object.errorMessage = message.errorMessage;
                    return object;
                };

                ErrorResponse.prototype.toJSON = function() {
                    return ErrorResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ErrorResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1.ErrorResponse";
                };

                return ErrorResponse;
            })();

            return v1;
        })();

        reflection.v1alpha = (function() {

            const v1alpha = {};

            v1alpha.ServerReflection = (function() {

                const ServerReflection = function(rpcImpl, requestDelimited, responseDelimited) {
                    $protobuf.rpc.Service.call(this, rpcImpl, requestDelimited, responseDelimited);
                };

                $Object.defineProperty(ServerReflection.prototype = $Object.create($protobuf.rpc.Service.prototype), "constructor", { value: ServerReflection, writable: true, enumerable: false, configurable: true });

                ServerReflection.create = function(rpcImpl, requestDelimited, responseDelimited) {
                    return new this(rpcImpl, requestDelimited, responseDelimited);
                };



                $Object.defineProperties(ServerReflection.prototype.serverReflectionInfo = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, ServerReflection.prototype.serverReflectionInfo, $root.grpc.reflection.v1alpha.ServerReflectionRequest, $root.grpc.reflection.v1alpha.ServerReflectionResponse, request, callback);
                }, {
                    name: { value: "ServerReflectionInfo" },
                    path: { value: "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo" },
                    requestType: { value: "ServerReflectionRequest" },
                    responseType: { value: "ServerReflectionResponse" },
                    requestStream: { value: true },
                    responseStream: { value: true }
                });

                return ServerReflection;
            })();

            v1alpha.ServerReflectionRequest = (function() {

                const ServerReflectionRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ServerReflectionRequest.prototype.host = "";
                ServerReflectionRequest.prototype.fileByFilename = null;
                ServerReflectionRequest.prototype.fileContainingSymbol = null;
                ServerReflectionRequest.prototype.fileContainingExtension = null;
                ServerReflectionRequest.prototype.allExtensionNumbersOfType = null;
                ServerReflectionRequest.prototype.listServices = null;

                let $oneOfFields;

                $Object.defineProperty(ServerReflectionRequest.prototype, "messageRequest", {
                    get: $util.oneOfGetter($oneOfFields = ["fileByFilename", "fileContainingSymbol", "fileContainingExtension", "allExtensionNumbersOfType", "listServices"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                ServerReflectionRequest.create = function(properties) {
                    return new ServerReflectionRequest(properties);
                };

                ServerReflectionRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.host != null && $Object.hasOwnProperty.call(message, "host") && message.host !== "")
                        writer.uint32(10).string(message.host);
                    if (message.fileByFilename != null && $Object.hasOwnProperty.call(message, "fileByFilename"))
                        writer.uint32(26).string(message.fileByFilename);
                    if (message.fileContainingSymbol != null && $Object.hasOwnProperty.call(message, "fileContainingSymbol"))
                        writer.uint32(34).string(message.fileContainingSymbol);
                    if (message.fileContainingExtension != null && $Object.hasOwnProperty.call(message, "fileContainingExtension"))
                        $root.grpc.reflection.v1alpha.ExtensionRequest.encode(message.fileContainingExtension, writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.allExtensionNumbersOfType != null && $Object.hasOwnProperty.call(message, "allExtensionNumbersOfType"))
                        writer.uint32(50).string(message.allExtensionNumbersOfType);
                    if (message.listServices != null && $Object.hasOwnProperty.call(message, "listServices"))
                        writer.uint32(58).string(message.listServices);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ServerReflectionRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1alpha.ServerReflectionRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.host = value;
                                else
                                    delete message.host;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.fileByFilename = reader.stringVerify();
                                message.messageRequest = "fileByFilename";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.fileContainingSymbol = reader.stringVerify();
                                message.messageRequest = "fileContainingSymbol";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.fileContainingExtension = $root.grpc.reflection.v1alpha.ExtensionRequest.decode(reader, reader.size(), $undefined, _depth + 1, message.fileContainingExtension);
                                message.messageRequest = "fileContainingExtension";
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.allExtensionNumbersOfType = reader.stringVerify();
                                message.messageRequest = "allExtensionNumbersOfType";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.listServices = reader.stringVerify();
                                message.messageRequest = "listServices";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ServerReflectionRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1alpha.ServerReflectionRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1alpha.ServerReflectionRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1alpha.ServerReflectionRequest();
                    if (object.host != null)
                        if (typeof object.host !== "string" || object.host.length)
                            message.host = $String(object.host);
                    if (object.fileByFilename != null)
                        message.fileByFilename = $String(object.fileByFilename);
                    if (object.fileContainingSymbol != null)
                        message.fileContainingSymbol = $String(object.fileContainingSymbol);
                    if (object.fileContainingExtension != null) {
                        if (!$util.isObject(object.fileContainingExtension))
                            throw $TypeError(".grpc.reflection.v1alpha.ServerReflectionRequest.fileContainingExtension: object expected");
                        message.fileContainingExtension = $root.grpc.reflection.v1alpha.ExtensionRequest.fromObject(object.fileContainingExtension, _depth + 1);
                    }
                    if (object.allExtensionNumbersOfType != null)
                        message.allExtensionNumbersOfType = $String(object.allExtensionNumbersOfType);
                    if (object.listServices != null)
                        message.listServices = $String(object.listServices);
                    return message;
                };

                ServerReflectionRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.host = "";
                    if (message.host != null && $Object.hasOwnProperty.call(message, "host"))
                        object.host = message.host;
                    if (message.fileByFilename != null && $Object.hasOwnProperty.call(message, "fileByFilename")) {
                        object.fileByFilename = message.fileByFilename;
                        if (options.oneofs)
                            object.messageRequest = "fileByFilename";
                    }
                    if (message.fileContainingSymbol != null && $Object.hasOwnProperty.call(message, "fileContainingSymbol")) {
                        object.fileContainingSymbol = message.fileContainingSymbol;
                        if (options.oneofs)
                            object.messageRequest = "fileContainingSymbol";
                    }
                    if (message.fileContainingExtension != null && $Object.hasOwnProperty.call(message, "fileContainingExtension")) {
                        object.fileContainingExtension = $root.grpc.reflection.v1alpha.ExtensionRequest.toObject(message.fileContainingExtension, options, _depth + 1);
                        if (options.oneofs)
                            object.messageRequest = "fileContainingExtension";
                    }
                    if (message.allExtensionNumbersOfType != null && $Object.hasOwnProperty.call(message, "allExtensionNumbersOfType")) {
                        object.allExtensionNumbersOfType = message.allExtensionNumbersOfType;
                        if (options.oneofs)
                            object.messageRequest = "allExtensionNumbersOfType";
                    }
                    if (message.listServices != null && $Object.hasOwnProperty.call(message, "listServices")) {
                        object.listServices = message.listServices;
                        if (options.oneofs)
                            object.messageRequest = "listServices";
                    }
                    return object;
                };

                ServerReflectionRequest.prototype.toJSON = function() {
                    return ServerReflectionRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                ServerReflectionRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1alpha.ServerReflectionRequest";
                };

                return ServerReflectionRequest;
            })();

            v1alpha.ExtensionRequest = (function() {

                const ExtensionRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ExtensionRequest.prototype.containingType = "";
                ExtensionRequest.prototype.extensionNumber = 0;

                ExtensionRequest.create = function(properties) {
                    return new ExtensionRequest(properties);
                };

                ExtensionRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.containingType != null && $Object.hasOwnProperty.call(message, "containingType") && message.containingType !== "")
                        writer.uint32(10).string(message.containingType);
                    if (message.extensionNumber != null && $Object.hasOwnProperty.call(message, "extensionNumber") && message.extensionNumber !== 0)
                        writer.uint32(16).int32(message.extensionNumber);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ExtensionRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1alpha.ExtensionRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.containingType = value;
                                else
                                    delete message.containingType;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.extensionNumber = value;
                                else
                                    delete message.extensionNumber;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ExtensionRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1alpha.ExtensionRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1alpha.ExtensionRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1alpha.ExtensionRequest();
                    if (object.containingType != null)
                        if (typeof object.containingType !== "string" || object.containingType.length)
                            message.containingType = $String(object.containingType);
                    if (object.extensionNumber != null)
                        if ($Number(object.extensionNumber) !== 0)
                            message.extensionNumber = object.extensionNumber | 0;
                    return message;
                };

                ExtensionRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.containingType = "";
                        object.extensionNumber = 0;
                    }
                    if (message.containingType != null && $Object.hasOwnProperty.call(message, "containingType"))
                        object.containingType = message.containingType;
                    if (message.extensionNumber != null && $Object.hasOwnProperty.call(message, "extensionNumber"))
                        object.extensionNumber = message.extensionNumber;
                    return object;
                };

                ExtensionRequest.prototype.toJSON = function() {
                    return ExtensionRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                ExtensionRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1alpha.ExtensionRequest";
                };

                return ExtensionRequest;
            })();

            v1alpha.ServerReflectionResponse = (function() {

                const ServerReflectionResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ServerReflectionResponse.prototype.validHost = "";
                ServerReflectionResponse.prototype.originalRequest = null;
                ServerReflectionResponse.prototype.fileDescriptorResponse = null;
                ServerReflectionResponse.prototype.allExtensionNumbersResponse = null;
                ServerReflectionResponse.prototype.listServicesResponse = null;
                ServerReflectionResponse.prototype.errorResponse = null;

                let $oneOfFields;

                $Object.defineProperty(ServerReflectionResponse.prototype, "messageResponse", {
                    get: $util.oneOfGetter($oneOfFields = ["fileDescriptorResponse", "allExtensionNumbersResponse", "listServicesResponse", "errorResponse"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                ServerReflectionResponse.create = function(properties) {
                    return new ServerReflectionResponse(properties);
                };

                ServerReflectionResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.validHost != null && $Object.hasOwnProperty.call(message, "validHost") && message.validHost !== "")
                        writer.uint32(10).string(message.validHost);
                    if (message.originalRequest != null && $Object.hasOwnProperty.call(message, "originalRequest"))
                        $root.grpc.reflection.v1alpha.ServerReflectionRequest.encode(message.originalRequest, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.fileDescriptorResponse != null && $Object.hasOwnProperty.call(message, "fileDescriptorResponse"))
                        $root.grpc.reflection.v1alpha.FileDescriptorResponse.encode(message.fileDescriptorResponse, writer.uint32(34).fork(), _depth + 1).ldelim();
                    if (message.allExtensionNumbersResponse != null && $Object.hasOwnProperty.call(message, "allExtensionNumbersResponse"))
                        $root.grpc.reflection.v1alpha.ExtensionNumberResponse.encode(message.allExtensionNumbersResponse, writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.listServicesResponse != null && $Object.hasOwnProperty.call(message, "listServicesResponse"))
                        $root.grpc.reflection.v1alpha.ListServiceResponse.encode(message.listServicesResponse, writer.uint32(50).fork(), _depth + 1).ldelim();
                    if (message.errorResponse != null && $Object.hasOwnProperty.call(message, "errorResponse"))
                        $root.grpc.reflection.v1alpha.ErrorResponse.encode(message.errorResponse, writer.uint32(58).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ServerReflectionResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1alpha.ServerReflectionResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.validHost = value;
                                else
                                    delete message.validHost;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.originalRequest = $root.grpc.reflection.v1alpha.ServerReflectionRequest.decode(reader, reader.size(), $undefined, _depth + 1, message.originalRequest);
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.fileDescriptorResponse = $root.grpc.reflection.v1alpha.FileDescriptorResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.fileDescriptorResponse);
                                message.messageResponse = "fileDescriptorResponse";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.allExtensionNumbersResponse = $root.grpc.reflection.v1alpha.ExtensionNumberResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.allExtensionNumbersResponse);
                                message.messageResponse = "allExtensionNumbersResponse";
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.listServicesResponse = $root.grpc.reflection.v1alpha.ListServiceResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.listServicesResponse);
                                message.messageResponse = "listServicesResponse";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.errorResponse = $root.grpc.reflection.v1alpha.ErrorResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.errorResponse);
                                message.messageResponse = "errorResponse";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ServerReflectionResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1alpha.ServerReflectionResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1alpha.ServerReflectionResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1alpha.ServerReflectionResponse();
                    if (object.validHost != null)
                        if (typeof object.validHost !== "string" || object.validHost.length)
                            message.validHost = $String(object.validHost);
                    if (object.originalRequest != null) {
                        if (!$util.isObject(object.originalRequest))
                            throw $TypeError(".grpc.reflection.v1alpha.ServerReflectionResponse.originalRequest: object expected");
                        message.originalRequest = $root.grpc.reflection.v1alpha.ServerReflectionRequest.fromObject(object.originalRequest, _depth + 1);
                    }
                    if (object.fileDescriptorResponse != null) {
                        if (!$util.isObject(object.fileDescriptorResponse))
                            throw $TypeError(".grpc.reflection.v1alpha.ServerReflectionResponse.fileDescriptorResponse: object expected");
                        message.fileDescriptorResponse = $root.grpc.reflection.v1alpha.FileDescriptorResponse.fromObject(object.fileDescriptorResponse, _depth + 1);
                    }
                    if (object.allExtensionNumbersResponse != null) {
                        if (!$util.isObject(object.allExtensionNumbersResponse))
                            throw $TypeError(".grpc.reflection.v1alpha.ServerReflectionResponse.allExtensionNumbersResponse: object expected");
                        message.allExtensionNumbersResponse = $root.grpc.reflection.v1alpha.ExtensionNumberResponse.fromObject(object.allExtensionNumbersResponse, _depth + 1);
                    }
                    if (object.listServicesResponse != null) {
                        if (!$util.isObject(object.listServicesResponse))
                            throw $TypeError(".grpc.reflection.v1alpha.ServerReflectionResponse.listServicesResponse: object expected");
                        message.listServicesResponse = $root.grpc.reflection.v1alpha.ListServiceResponse.fromObject(object.listServicesResponse, _depth + 1);
                    }
                    if (object.errorResponse != null) {
                        if (!$util.isObject(object.errorResponse))
                            throw $TypeError(".grpc.reflection.v1alpha.ServerReflectionResponse.errorResponse: object expected");
                        message.errorResponse = $root.grpc.reflection.v1alpha.ErrorResponse.fromObject(object.errorResponse, _depth + 1);
                    }
                    return message;
                };

                ServerReflectionResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.validHost = "";
                        object.originalRequest = null;
                    }
                    if (message.validHost != null && $Object.hasOwnProperty.call(message, "validHost"))
                        object.validHost = message.validHost;
                    if (message.originalRequest != null && $Object.hasOwnProperty.call(message, "originalRequest"))
                        object.originalRequest = $root.grpc.reflection.v1alpha.ServerReflectionRequest.toObject(message.originalRequest, options, _depth + 1);
                    if (message.fileDescriptorResponse != null && $Object.hasOwnProperty.call(message, "fileDescriptorResponse")) {
                        object.fileDescriptorResponse = $root.grpc.reflection.v1alpha.FileDescriptorResponse.toObject(message.fileDescriptorResponse, options, _depth + 1);
                        if (options.oneofs)
                            object.messageResponse = "fileDescriptorResponse";
                    }
                    if (message.allExtensionNumbersResponse != null && $Object.hasOwnProperty.call(message, "allExtensionNumbersResponse")) {
                        object.allExtensionNumbersResponse = $root.grpc.reflection.v1alpha.ExtensionNumberResponse.toObject(message.allExtensionNumbersResponse, options, _depth + 1);
                        if (options.oneofs)
                            object.messageResponse = "allExtensionNumbersResponse";
                    }
                    if (message.listServicesResponse != null && $Object.hasOwnProperty.call(message, "listServicesResponse")) {
                        object.listServicesResponse = $root.grpc.reflection.v1alpha.ListServiceResponse.toObject(message.listServicesResponse, options, _depth + 1);
                        if (options.oneofs)
                            object.messageResponse = "listServicesResponse";
                    }
                    if (message.errorResponse != null && $Object.hasOwnProperty.call(message, "errorResponse")) {
                        object.errorResponse = $root.grpc.reflection.v1alpha.ErrorResponse.toObject(message.errorResponse, options, _depth + 1);
                        if (options.oneofs)
                            object.messageResponse = "errorResponse";
                    }
                    return object;
                };

                ServerReflectionResponse.prototype.toJSON = function() {
                    return ServerReflectionResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ServerReflectionResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1alpha.ServerReflectionResponse";
                };

                return ServerReflectionResponse;
            })();

            v1alpha.FileDescriptorResponse = (function() {

                const FileDescriptorResponse = function (properties) {
                    this.fileDescriptorProto = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                FileDescriptorResponse.prototype.fileDescriptorProto = $util.emptyArray;

                FileDescriptorResponse.create = function(properties) {
                    return new FileDescriptorResponse(properties);
                };

                FileDescriptorResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.fileDescriptorProto != null && message.fileDescriptorProto.length)
                        for (let i = 0; i < message.fileDescriptorProto.length; ++i)
                            writer.uint32(10).bytes(message.fileDescriptorProto[i]);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                FileDescriptorResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1alpha.FileDescriptorResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.fileDescriptorProto && message.fileDescriptorProto.length))
                                    message.fileDescriptorProto = [];
                                message.fileDescriptorProto.push(reader.bytes());
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                FileDescriptorResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1alpha.FileDescriptorResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1alpha.FileDescriptorResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1alpha.FileDescriptorResponse();
                    if (object.fileDescriptorProto) {
                        if (!$Array.isArray(object.fileDescriptorProto))
                            throw $TypeError(".grpc.reflection.v1alpha.FileDescriptorResponse.fileDescriptorProto: array expected");
                        message.fileDescriptorProto = $Array(object.fileDescriptorProto.length);
                        for (let i = 0; i < object.fileDescriptorProto.length; ++i)
                            if (typeof object.fileDescriptorProto[i] === "string")
                                $util.base64.decode(object.fileDescriptorProto[i], message.fileDescriptorProto[i] = $util.newBuffer($util.base64.length(object.fileDescriptorProto[i])), 0);
                            else if (object.fileDescriptorProto[i].length >= 0)
                                message.fileDescriptorProto[i] = object.fileDescriptorProto[i];
                    }
                    return message;
                };

                FileDescriptorResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.fileDescriptorProto = [];
                    if (message.fileDescriptorProto && message.fileDescriptorProto.length) {
                        object.fileDescriptorProto = $Array(message.fileDescriptorProto.length);
                        for (let j = 0; j < message.fileDescriptorProto.length; ++j)
                            object.fileDescriptorProto[j] = options.bytes === $String ? $util.base64.encode(message.fileDescriptorProto[j], 0, message.fileDescriptorProto[j].length) : options.bytes === $Array ? $Array.prototype.slice.call(message.fileDescriptorProto[j]) : message.fileDescriptorProto[j];
                    }
                    return object;
                };

                FileDescriptorResponse.prototype.toJSON = function() {
                    return FileDescriptorResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                FileDescriptorResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1alpha.FileDescriptorResponse";
                };

                return FileDescriptorResponse;
            })();

            v1alpha.ExtensionNumberResponse = (function() {

                const ExtensionNumberResponse = function (properties) {
                    this.extensionNumber = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ExtensionNumberResponse.prototype.baseTypeName = "";
                ExtensionNumberResponse.prototype.extensionNumber = $util.emptyArray;

                ExtensionNumberResponse.create = function(properties) {
                    return new ExtensionNumberResponse(properties);
                };

                ExtensionNumberResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.baseTypeName != null && $Object.hasOwnProperty.call(message, "baseTypeName") && message.baseTypeName !== "")
                        writer.uint32(10).string(message.baseTypeName);
                    if (message.extensionNumber != null && message.extensionNumber.length)
                        writer.uint32(18).int32s(message.extensionNumber);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ExtensionNumberResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1alpha.ExtensionNumberResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.baseTypeName = value;
                                else
                                    delete message.baseTypeName;
                                continue;
                            }
                        case 2: {
                                if (wireType === 2) {
                                    if (!(message.extensionNumber && message.extensionNumber.length))
                                        message.extensionNumber = [];
                                    reader.int32s(message.extensionNumber);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.extensionNumber && message.extensionNumber.length))
                                    message.extensionNumber = [];
                                message.extensionNumber.push(reader.int32());
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ExtensionNumberResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1alpha.ExtensionNumberResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1alpha.ExtensionNumberResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1alpha.ExtensionNumberResponse();
                    if (object.baseTypeName != null)
                        if (typeof object.baseTypeName !== "string" || object.baseTypeName.length)
                            message.baseTypeName = $String(object.baseTypeName);
                    if (object.extensionNumber) {
                        if (!$Array.isArray(object.extensionNumber))
                            throw $TypeError(".grpc.reflection.v1alpha.ExtensionNumberResponse.extensionNumber: array expected");
                        message.extensionNumber = $Array(object.extensionNumber.length);
                        for (let i = 0; i < object.extensionNumber.length; ++i)
                            message.extensionNumber[i] = object.extensionNumber[i] | 0;
                    }
                    return message;
                };

                ExtensionNumberResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.extensionNumber = [];
                    if (options.defaults)
                        object.baseTypeName = "";
                    if (message.baseTypeName != null && $Object.hasOwnProperty.call(message, "baseTypeName"))
                        object.baseTypeName = message.baseTypeName;
                    if (message.extensionNumber && message.extensionNumber.length) {
                        object.extensionNumber = $Array(message.extensionNumber.length);
                        for (let j = 0; j < message.extensionNumber.length; ++j)
                            object.extensionNumber[j] = message.extensionNumber[j];
                    }
                    return object;
                };

                ExtensionNumberResponse.prototype.toJSON = function() {
                    return ExtensionNumberResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ExtensionNumberResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1alpha.ExtensionNumberResponse";
                };

                return ExtensionNumberResponse;
            })();

            v1alpha.ListServiceResponse = (function() {

                const ListServiceResponse = function (properties) {
                    this.service = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ListServiceResponse.prototype.service = $util.emptyArray;

                ListServiceResponse.create = function(properties) {
                    return new ListServiceResponse(properties);
                };

                ListServiceResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.service != null && message.service.length)
                        for (let i = 0; i < message.service.length; ++i)
                            $root.grpc.reflection.v1alpha.ServiceResponse.encode(message.service[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ListServiceResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1alpha.ListServiceResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.service && message.service.length))
                                    message.service = [];
                                message.service.push($root.grpc.reflection.v1alpha.ServiceResponse.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ListServiceResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1alpha.ListServiceResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1alpha.ListServiceResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1alpha.ListServiceResponse();
                    if (object.service) {
                        if (!$Array.isArray(object.service))
                            throw $TypeError(".grpc.reflection.v1alpha.ListServiceResponse.service: array expected");
                        message.service = $Array(object.service.length);
                        for (let i = 0; i < object.service.length; ++i) {
                            if (!$util.isObject(object.service[i]))
                                throw $TypeError(".grpc.reflection.v1alpha.ListServiceResponse.service: object expected");
                            message.service[i] = $root.grpc.reflection.v1alpha.ServiceResponse.fromObject(object.service[i], _depth + 1);
                        }
                    }
                    return message;
                };

                ListServiceResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.service = [];
                    if (message.service && message.service.length) {
                        object.service = $Array(message.service.length);
                        for (let j = 0; j < message.service.length; ++j)
                            object.service[j] = $root.grpc.reflection.v1alpha.ServiceResponse.toObject(message.service[j], options, _depth + 1);
                    }
                    return object;
                };

                ListServiceResponse.prototype.toJSON = function() {
                    return ListServiceResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ListServiceResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1alpha.ListServiceResponse";
                };

                return ListServiceResponse;
            })();

            v1alpha.ServiceResponse = (function() {

                const ServiceResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ServiceResponse.prototype.name = "";

                ServiceResponse.create = function(properties) {
                    return new ServiceResponse(properties);
                };

                ServiceResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(10).string(message.name);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ServiceResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1alpha.ServiceResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ServiceResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1alpha.ServiceResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1alpha.ServiceResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1alpha.ServiceResponse();
                    if (object.name != null)
                        if (typeof object.name !== "string" || object.name.length)
                            message.name = $String(object.name);
                    return message;
                };

                ServiceResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.name = "";
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                        object.name = message.name;
                    return object;
                };

                ServiceResponse.prototype.toJSON = function() {
                    return ServiceResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ServiceResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1alpha.ServiceResponse";
                };

                return ServiceResponse;
            })();

            v1alpha.ErrorResponse = (function() {

                const ErrorResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ErrorResponse.prototype.errorCode = 0;
                ErrorResponse.prototype.errorMessage = "";

                ErrorResponse.create = function(properties) {
                    return new ErrorResponse(properties);
                };

                ErrorResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.errorCode != null && $Object.hasOwnProperty.call(message, "errorCode") && message.errorCode !== 0)
                        writer.uint32(8).int32(message.errorCode);
                    if (message.errorMessage != null && $Object.hasOwnProperty.call(message, "errorMessage") && message.errorMessage !== "")
                        writer.uint32(18).string(message.errorMessage);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ErrorResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.grpc.reflection.v1alpha.ErrorResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.errorCode = value;
                                else
                                    delete message.errorCode;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.errorMessage = value;
                                else
                                    delete message.errorMessage;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ErrorResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.grpc.reflection.v1alpha.ErrorResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".grpc.reflection.v1alpha.ErrorResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.grpc.reflection.v1alpha.ErrorResponse();
                    if (object.errorCode != null)
                        if ($Number(object.errorCode) !== 0)
                            message.errorCode = object.errorCode | 0;
                    if (object.errorMessage != null)
                        if (typeof object.errorMessage !== "string" || object.errorMessage.length)
                            message.errorMessage = $String(object.errorMessage);
                    return message;
                };

                ErrorResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.errorCode = 0;
                        object.errorMessage = "";
                    }
                    if (message.errorCode != null && $Object.hasOwnProperty.call(message, "errorCode"))
                        object.errorCode = message.errorCode;
                    if (message.errorMessage != null && $Object.hasOwnProperty.call(message, "errorMessage"))
                        object.errorMessage = message.errorMessage;
                    return object;
                };

                ErrorResponse.prototype.toJSON = function() {
                    return ErrorResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ErrorResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/grpc.reflection.v1alpha.ErrorResponse";
                };

                return ErrorResponse;
            })();

            return v1alpha;
        })();

        return reflection;
    })();

    return grpc;
})();

export const slg = $root.slg = (() => {

    const slg = {};

    slg.common = (function() {

        const common = {};

        common.v1 = (function() {

            const v1 = {};

            v1.Value = (function() {

                const Value = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Value.prototype.int = null;
                Value.prototype.float = null;
                Value.prototype.str = null;
                Value.prototype.bool = null;
                Value.prototype.bytes = null;

                let $oneOfFields;

                $Object.defineProperty(Value.prototype, "kind", {
                    get: $util.oneOfGetter($oneOfFields = ["int", "float", "str", "bool", "bytes"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                Value.create = function(properties) {
                    return new Value(properties);
                };

                Value.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.int != null && $Object.hasOwnProperty.call(message, "int"))
                        writer.uint32(8).int64(message.int);
                    if (message.float != null && $Object.hasOwnProperty.call(message, "float"))
                        writer.uint32(17).double(message.float);
                    if (message.str != null && $Object.hasOwnProperty.call(message, "str"))
                        writer.uint32(26).string(message.str);
                    if (message.bool != null && $Object.hasOwnProperty.call(message, "bool"))
                        writer.uint32(32).bool(message.bool);
                    if (message.bytes != null && $Object.hasOwnProperty.call(message, "bytes"))
                        writer.uint32(42).bytes(message.bytes);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Value.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.common.v1.Value();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                message.int = reader.int64();
                                message.kind = "int";
                                continue;
                            }
                        case 2: {
                                if (wireType !== 1)
                                    break;
                                message.float = reader.double();
                                message.kind = "float";
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.str = reader.stringVerify();
                                message.kind = "str";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                message.bool = reader.bool();
                                message.kind = "bool";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.bytes = reader.bytes();
                                message.kind = "bytes";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                Value.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.common.v1.Value)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.common.v1.Value: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.common.v1.Value();
                    if (object.int != null)
                        if ($util.Long)
                            message.int = $util.Long.fromValue(object.int, false);
                        else if (typeof object.int === "string")
                            message.int = $parseInt(object.int, 10);
                        else if (typeof object.int === "number")
                            message.int = object.int;
                        else if (typeof object.int === "object")
                            message.int = new $util.LongBits(object.int.low >>> 0, object.int.high >>> 0).toNumber();
                    if (object.float != null)
                        message.float = $Number(object.float);
                    if (object.str != null)
                        message.str = $String(object.str);
                    if (object.bool != null)
                        message.bool = $Boolean(object.bool);
                    if (object.bytes != null)
                        if (typeof object.bytes === "string")
                            $util.base64.decode(object.bytes, message.bytes = $util.newBuffer($util.base64.length(object.bytes)), 0);
                        else if (object.bytes.length >= 0)
                            message.bytes = object.bytes;
                    return message;
                };

                Value.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (message.int != null && $Object.hasOwnProperty.call(message, "int")) {
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.int = typeof message.int === "number" ? $BigInt(message.int) : $util.Long.fromBits(message.int.low >>> 0, message.int.high >>> 0, false).toBigInt();
                        else if (typeof message.int === "number")
                            object.int = options.longs === $String ? $String(message.int) : message.int;
                        else
                            object.int = options.longs === $String ? $util.Long.prototype.toString.call(message.int) : options.longs === $Number ? new $util.LongBits(message.int.low >>> 0, message.int.high >>> 0).toNumber() : message.int;
                        if (options.oneofs)
                            object.kind = "int";
                    }
                    if (message.float != null && $Object.hasOwnProperty.call(message, "float")) {
                        object.float = options.json && !$isFinite(message.float) ? $String(message.float) : message.float;
                        if (options.oneofs)
                            object.kind = "float";
                    }
                    if (message.str != null && $Object.hasOwnProperty.call(message, "str")) {
                        object.str = message.str;
                        if (options.oneofs)
                            object.kind = "str";
                    }
                    if (message.bool != null && $Object.hasOwnProperty.call(message, "bool")) {
                        object.bool = message.bool;
                        if (options.oneofs)
                            object.kind = "bool";
                    }
                    if (message.bytes != null && $Object.hasOwnProperty.call(message, "bytes")) {
                        object.bytes = options.bytes === $String ? $util.base64.encode(message.bytes, 0, message.bytes.length) : options.bytes === $Array ? $Array.prototype.slice.call(message.bytes) : message.bytes;
                        if (options.oneofs)
                            object.kind = "bytes";
                    }
                    return object;
                };

                Value.prototype.toJSON = function() {
                    return Value.toObject(this, $protobuf.util.toJSONOptions);
                };

                Value.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.common.v1.Value";
                };

                return Value;
            })();

            v1.Fields = (function() {

                const Fields = function (properties) {
                    this.fields = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Fields.prototype.fields = $util.emptyObject;

                Fields.create = function(properties) {
                    return new Fields(properties);
                };

                Fields.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.fields != null && $Object.hasOwnProperty.call(message, "fields"))
                        for (let keys = $Object.keys(message.fields), i = 0; i < keys.length; ++i) {
                            writer.uint32(10).fork().uint32(10).string(keys[i]);
                            $root.slg.common.v1.Value.encode(message.fields[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Fields.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.common.v1.Fields();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (message.fields === $util.emptyObject)
                                    message.fields = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.fields, key);
                                message.fields[key] = value || new $root.slg.common.v1.Value();
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                Fields.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.common.v1.Fields)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.common.v1.Fields: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.common.v1.Fields();
                    if (object.fields) {
                        if (!$util.isObject(object.fields))
                            throw $TypeError(".slg.common.v1.Fields.fields: object expected");
                        message.fields = {};
                        for (let keys = $Object.keys(object.fields), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.fields, keys[i]);
                            if (!$util.isObject(object.fields[keys[i]]))
                                throw $TypeError(".slg.common.v1.Fields.fields: object expected");
                            message.fields[keys[i]] = $root.slg.common.v1.Value.fromObject(object.fields[keys[i]], _depth + 1);
                        }
                    }
                    return message;
                };

                Fields.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.objects || options.defaults)
                        object.fields = {};
                    let keys2;
                    if (message.fields && (keys2 = $Object.keys(message.fields)).length) {
                        object.fields = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.fields, keys2[j]);
                            object.fields[keys2[j]] = $root.slg.common.v1.Value.toObject(message.fields[keys2[j]], options, _depth + 1);
                        }
                    }
                    return object;
                };

                Fields.prototype.toJSON = function() {
                    return Fields.toObject(this, $protobuf.util.toJSONOptions);
                };

                Fields.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.common.v1.Fields";
                };

                return Fields;
            })();

            return v1;
        })();

        return common;
    })();

    slg.dataserver = (function() {

        const dataserver = {};

        dataserver.v2 = (function() {

            const v2 = {};

            v2.DataService = (function() {

                const DataService = function(rpcImpl, requestDelimited, responseDelimited) {
                    $protobuf.rpc.Service.call(this, rpcImpl, requestDelimited, responseDelimited);
                };

                $Object.defineProperty(DataService.prototype = $Object.create($protobuf.rpc.Service.prototype), "constructor", { value: DataService, writable: true, enumerable: false, configurable: true });

                DataService.create = function(rpcImpl, requestDelimited, responseDelimited) {
                    return new this(rpcImpl, requestDelimited, responseDelimited);
                };



                $Object.defineProperties(DataService.prototype.fetchV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.fetchV2, $root.slg.dataserver.v2.FetchRequest, $root.slg.dataserver.v2.FetchResponse, request, callback);
                }, {
                    name: { value: "FetchV2" },
                    path: { value: "/slg.dataserver.v2.DataService/FetchV2" },
                    requestType: { value: "FetchRequest" },
                    responseType: { value: "FetchResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DataService.prototype.cFetchV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.cFetchV2, $root.slg.dataserver.v2.CFetchRequest, $root.slg.dataserver.v2.CFetchResponse, request, callback);
                }, {
                    name: { value: "CFetchV2" },
                    path: { value: "/slg.dataserver.v2.DataService/CFetchV2" },
                    requestType: { value: "CFetchRequest" },
                    responseType: { value: "CFetchResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DataService.prototype.modifyV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.modifyV2, $root.slg.dataserver.v2.ModifyRequest, $root.slg.dataserver.v2.ModifyResponse, request, callback);
                }, {
                    name: { value: "ModifyV2" },
                    path: { value: "/slg.dataserver.v2.DataService/ModifyV2" },
                    requestType: { value: "ModifyRequest" },
                    responseType: { value: "ModifyResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DataService.prototype.incrByV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.incrByV2, $root.slg.dataserver.v2.IncrByRequest, $root.slg.dataserver.v2.IncrByResponse, request, callback);
                }, {
                    name: { value: "IncrByV2" },
                    path: { value: "/slg.dataserver.v2.DataService/IncrByV2" },
                    requestType: { value: "IncrByRequest" },
                    responseType: { value: "IncrByResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DataService.prototype.createV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.createV2, $root.slg.dataserver.v2.CreateRequest, $root.slg.dataserver.v2.CreateResponse, request, callback);
                }, {
                    name: { value: "CreateV2" },
                    path: { value: "/slg.dataserver.v2.DataService/CreateV2" },
                    requestType: { value: "CreateRequest" },
                    responseType: { value: "CreateResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DataService.prototype.removeV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.removeV2, $root.slg.dataserver.v2.RemoveRequest, $root.slg.dataserver.v2.RemoveResponse, request, callback);
                }, {
                    name: { value: "RemoveV2" },
                    path: { value: "/slg.dataserver.v2.DataService/RemoveV2" },
                    requestType: { value: "RemoveRequest" },
                    responseType: { value: "RemoveResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DataService.prototype.cRemoveV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.cRemoveV2, $root.slg.dataserver.v2.CRemoveRequest, $root.slg.dataserver.v2.CRemoveResponse, request, callback);
                }, {
                    name: { value: "CRemoveV2" },
                    path: { value: "/slg.dataserver.v2.DataService/CRemoveV2" },
                    requestType: { value: "CRemoveRequest" },
                    responseType: { value: "CRemoveResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DataService.prototype.cCountV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.cCountV2, $root.slg.dataserver.v2.CCountRequest, $root.slg.dataserver.v2.CCountResponse, request, callback);
                }, {
                    name: { value: "CCountV2" },
                    path: { value: "/slg.dataserver.v2.DataService/CCountV2" },
                    requestType: { value: "CCountRequest" },
                    responseType: { value: "CCountResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DataService.prototype.inspectV2 = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DataService.prototype.inspectV2, $root.slg.dataserver.v2.InspectRequest, $root.slg.dataserver.v2.InspectResponse, request, callback);
                }, {
                    name: { value: "InspectV2" },
                    path: { value: "/slg.dataserver.v2.DataService/InspectV2" },
                    requestType: { value: "InspectRequest" },
                    responseType: { value: "InspectResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });

                return DataService;
            })();

            v2.Record = (function() {

                const Record = function (properties) {
                    this.fields = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Record.prototype.table = "";
                Record.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Record.prototype.memberId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Record.prototype.fields = $util.emptyObject;
                Record.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                Record.create = function(properties) {
                    return new Record(properties);
                };

                Record.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId") && (typeof message.memberId === "object" ? message.memberId.low || message.memberId.high : message.memberId !== 0))
                        writer.uint32(24).int64(message.memberId);
                    if (message.fields != null && $Object.hasOwnProperty.call(message, "fields"))
                        for (let keys = $Object.keys(message.fields), i = 0; i < keys.length; ++i) {
                            writer.uint32(34).fork().uint32(10).string(keys[i]);
                            $root.slg.common.v1.Value.encode(message.fields[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && (typeof message.version === "object" ? message.version.low || message.version.high : message.version !== 0))
                        writer.uint32(40).int64(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Record.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.Record();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.memberId = value;
                                else
                                    delete message.memberId;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (message.fields === $util.emptyObject)
                                    message.fields = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.fields, key);
                                message.fields[key] = value || new $root.slg.common.v1.Value();
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                Record.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.Record)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.Record: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.Record();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    if (object.memberId != null)
                        if (typeof object.memberId === "object" ? object.memberId.low || object.memberId.high : $Number(object.memberId) !== 0)
                            if ($util.Long)
                                message.memberId = $util.Long.fromValue(object.memberId, false);
                            else if (typeof object.memberId === "string")
                                message.memberId = $parseInt(object.memberId, 10);
                            else if (typeof object.memberId === "number")
                                message.memberId = object.memberId;
                            else if (typeof object.memberId === "object")
                                message.memberId = new $util.LongBits(object.memberId.low >>> 0, object.memberId.high >>> 0).toNumber();
                    if (object.fields) {
                        if (!$util.isObject(object.fields))
                            throw $TypeError(".slg.dataserver.v2.Record.fields: object expected");
                        message.fields = {};
                        for (let keys = $Object.keys(object.fields), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.fields, keys[i]);
                            if (!$util.isObject(object.fields[keys[i]]))
                                throw $TypeError(".slg.dataserver.v2.Record.fields: object expected");
                            message.fields[keys[i]] = $root.slg.common.v1.Value.fromObject(object.fields[keys[i]], _depth + 1);
                        }
                    }
                    if (object.version != null)
                        if (typeof object.version === "object" ? object.version.low || object.version.high : $Number(object.version) !== 0)
                            if ($util.Long)
                                message.version = $util.Long.fromValue(object.version, false);
                            else if (typeof object.version === "string")
                                message.version = $parseInt(object.version, 10);
                            else if (typeof object.version === "number")
                                message.version = object.version;
                            else if (typeof object.version === "object")
                                message.version = new $util.LongBits(object.version.low >>> 0, object.version.high >>> 0).toNumber();
                    return message;
                };

                Record.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.objects || options.defaults)
                        object.fields = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.memberId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.memberId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.version = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.version = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.memberId = typeof message.memberId === "number" ? $BigInt(message.memberId) : $util.Long.fromBits(message.memberId.low >>> 0, message.memberId.high >>> 0, false).toBigInt();
                        else if (typeof message.memberId === "number")
                            object.memberId = options.longs === $String ? $String(message.memberId) : message.memberId;
                        else
                            object.memberId = options.longs === $String ? $util.Long.prototype.toString.call(message.memberId) : options.longs === $Number ? new $util.LongBits(message.memberId.low >>> 0, message.memberId.high >>> 0).toNumber() : message.memberId;
                    let keys2;
                    if (message.fields && (keys2 = $Object.keys(message.fields)).length) {
                        object.fields = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.fields, keys2[j]);
                            object.fields[keys2[j]] = $root.slg.common.v1.Value.toObject(message.fields[keys2[j]], options, _depth + 1);
                        }
                    }
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.version = typeof message.version === "number" ? $BigInt(message.version) : $util.Long.fromBits(message.version.low >>> 0, message.version.high >>> 0, false).toBigInt();
                        else if (typeof message.version === "number")
                            object.version = options.longs === $String ? $String(message.version) : message.version;
                        else
                            object.version = options.longs === $String ? $util.Long.prototype.toString.call(message.version) : options.longs === $Number ? new $util.LongBits(message.version.low >>> 0, message.version.high >>> 0).toNumber() : message.version;
                    return object;
                };

                Record.prototype.toJSON = function() {
                    return Record.toObject(this, $protobuf.util.toJSONOptions);
                };

                Record.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.Record";
                };

                return Record;
            })();

            v2.FetchRequest = (function() {

                const FetchRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                FetchRequest.prototype.table = "";
                FetchRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                FetchRequest.prototype.memberId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                FetchRequest.create = function(properties) {
                    return new FetchRequest(properties);
                };

                FetchRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId") && (typeof message.memberId === "object" ? message.memberId.low || message.memberId.high : message.memberId !== 0))
                        writer.uint32(24).int64(message.memberId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                FetchRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.FetchRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.memberId = value;
                                else
                                    delete message.memberId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                FetchRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.FetchRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.FetchRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.FetchRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    if (object.memberId != null)
                        if (typeof object.memberId === "object" ? object.memberId.low || object.memberId.high : $Number(object.memberId) !== 0)
                            if ($util.Long)
                                message.memberId = $util.Long.fromValue(object.memberId, false);
                            else if (typeof object.memberId === "string")
                                message.memberId = $parseInt(object.memberId, 10);
                            else if (typeof object.memberId === "number")
                                message.memberId = object.memberId;
                            else if (typeof object.memberId === "object")
                                message.memberId = new $util.LongBits(object.memberId.low >>> 0, object.memberId.high >>> 0).toNumber();
                    return message;
                };

                FetchRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.memberId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.memberId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.memberId = typeof message.memberId === "number" ? $BigInt(message.memberId) : $util.Long.fromBits(message.memberId.low >>> 0, message.memberId.high >>> 0, false).toBigInt();
                        else if (typeof message.memberId === "number")
                            object.memberId = options.longs === $String ? $String(message.memberId) : message.memberId;
                        else
                            object.memberId = options.longs === $String ? $util.Long.prototype.toString.call(message.memberId) : options.longs === $Number ? new $util.LongBits(message.memberId.low >>> 0, message.memberId.high >>> 0).toNumber() : message.memberId;
                    return object;
                };

                FetchRequest.prototype.toJSON = function() {
                    return FetchRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                FetchRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.FetchRequest";
                };

                return FetchRequest;
            })();

            v2.FetchResponse = (function() {

                const FetchResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                FetchResponse.prototype.record = null;

                FetchResponse.create = function(properties) {
                    return new FetchResponse(properties);
                };

                FetchResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.record != null && $Object.hasOwnProperty.call(message, "record"))
                        $root.slg.dataserver.v2.Record.encode(message.record, writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                FetchResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.FetchResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.record = $root.slg.dataserver.v2.Record.decode(reader, reader.size(), $undefined, _depth + 1, message.record);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                FetchResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.FetchResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.FetchResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.FetchResponse();
                    if (object.record != null) {
                        if (!$util.isObject(object.record))
                            throw $TypeError(".slg.dataserver.v2.FetchResponse.record: object expected");
                        message.record = $root.slg.dataserver.v2.Record.fromObject(object.record, _depth + 1);
                    }
                    return message;
                };

                FetchResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.record = null;
                    if (message.record != null && $Object.hasOwnProperty.call(message, "record"))
                        object.record = $root.slg.dataserver.v2.Record.toObject(message.record, options, _depth + 1);
                    return object;
                };

                FetchResponse.prototype.toJSON = function() {
                    return FetchResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                FetchResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.FetchResponse";
                };

                return FetchResponse;
            })();

            v2.CFetchRequest = (function() {

                const CFetchRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CFetchRequest.prototype.table = "";
                CFetchRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                CFetchRequest.create = function(properties) {
                    return new CFetchRequest(properties);
                };

                CFetchRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CFetchRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.CFetchRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CFetchRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.CFetchRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.CFetchRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.CFetchRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    return message;
                };

                CFetchRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    return object;
                };

                CFetchRequest.prototype.toJSON = function() {
                    return CFetchRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                CFetchRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.CFetchRequest";
                };

                return CFetchRequest;
            })();

            v2.CFetchResponse = (function() {

                const CFetchResponse = function (properties) {
                    this.records = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CFetchResponse.prototype.records = $util.emptyArray;

                CFetchResponse.create = function(properties) {
                    return new CFetchResponse(properties);
                };

                CFetchResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.records != null && message.records.length)
                        for (let i = 0; i < message.records.length; ++i)
                            $root.slg.dataserver.v2.Record.encode(message.records[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CFetchResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.CFetchResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.records && message.records.length))
                                    message.records = [];
                                message.records.push($root.slg.dataserver.v2.Record.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CFetchResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.CFetchResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.CFetchResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.CFetchResponse();
                    if (object.records) {
                        if (!$Array.isArray(object.records))
                            throw $TypeError(".slg.dataserver.v2.CFetchResponse.records: array expected");
                        message.records = $Array(object.records.length);
                        for (let i = 0; i < object.records.length; ++i) {
                            if (!$util.isObject(object.records[i]))
                                throw $TypeError(".slg.dataserver.v2.CFetchResponse.records: object expected");
                            message.records[i] = $root.slg.dataserver.v2.Record.fromObject(object.records[i], _depth + 1);
                        }
                    }
                    return message;
                };

                CFetchResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.records = [];
                    if (message.records && message.records.length) {
                        object.records = $Array(message.records.length);
                        for (let j = 0; j < message.records.length; ++j)
                            object.records[j] = $root.slg.dataserver.v2.Record.toObject(message.records[j], options, _depth + 1);
                    }
                    return object;
                };

                CFetchResponse.prototype.toJSON = function() {
                    return CFetchResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                CFetchResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.CFetchResponse";
                };

                return CFetchResponse;
            })();

            v2.ModifyRequest = (function() {

                const ModifyRequest = function (properties) {
                    this.fields = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ModifyRequest.prototype.table = "";
                ModifyRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                ModifyRequest.prototype.memberId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                ModifyRequest.prototype.fields = $util.emptyObject;
                ModifyRequest.prototype.expectedVersion = null;

                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(ModifyRequest.prototype, "_expectedVersion", {
                    get: $util.oneOfGetter($oneOfFields = ["expectedVersion"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                ModifyRequest.create = function(properties) {
                    return new ModifyRequest(properties);
                };

                ModifyRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId") && (typeof message.memberId === "object" ? message.memberId.low || message.memberId.high : message.memberId !== 0))
                        writer.uint32(24).int64(message.memberId);
                    if (message.fields != null && $Object.hasOwnProperty.call(message, "fields"))
                        for (let keys = $Object.keys(message.fields), i = 0; i < keys.length; ++i) {
                            writer.uint32(34).fork().uint32(10).string(keys[i]);
                            $root.slg.common.v1.Value.encode(message.fields[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.expectedVersion != null && $Object.hasOwnProperty.call(message, "expectedVersion"))
                        writer.uint32(40).int64(message.expectedVersion);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ModifyRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.ModifyRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.memberId = value;
                                else
                                    delete message.memberId;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (message.fields === $util.emptyObject)
                                    message.fields = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.fields, key);
                                message.fields[key] = value || new $root.slg.common.v1.Value();
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                message.expectedVersion = reader.int64();
                                message._expectedVersion = "expectedVersion";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ModifyRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.ModifyRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.ModifyRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.ModifyRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    if (object.memberId != null)
                        if (typeof object.memberId === "object" ? object.memberId.low || object.memberId.high : $Number(object.memberId) !== 0)
                            if ($util.Long)
                                message.memberId = $util.Long.fromValue(object.memberId, false);
                            else if (typeof object.memberId === "string")
                                message.memberId = $parseInt(object.memberId, 10);
                            else if (typeof object.memberId === "number")
                                message.memberId = object.memberId;
                            else if (typeof object.memberId === "object")
                                message.memberId = new $util.LongBits(object.memberId.low >>> 0, object.memberId.high >>> 0).toNumber();
                    if (object.fields) {
                        if (!$util.isObject(object.fields))
                            throw $TypeError(".slg.dataserver.v2.ModifyRequest.fields: object expected");
                        message.fields = {};
                        for (let keys = $Object.keys(object.fields), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.fields, keys[i]);
                            if (!$util.isObject(object.fields[keys[i]]))
                                throw $TypeError(".slg.dataserver.v2.ModifyRequest.fields: object expected");
                            message.fields[keys[i]] = $root.slg.common.v1.Value.fromObject(object.fields[keys[i]], _depth + 1);
                        }
                    }
                    if (object.expectedVersion != null)
                        if ($util.Long)
                            message.expectedVersion = $util.Long.fromValue(object.expectedVersion, false);
                        else if (typeof object.expectedVersion === "string")
                            message.expectedVersion = $parseInt(object.expectedVersion, 10);
                        else if (typeof object.expectedVersion === "number")
                            message.expectedVersion = object.expectedVersion;
                        else if (typeof object.expectedVersion === "object")
                            message.expectedVersion = new $util.LongBits(object.expectedVersion.low >>> 0, object.expectedVersion.high >>> 0).toNumber();
                    return message;
                };

                ModifyRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.objects || options.defaults)
                        object.fields = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.memberId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.memberId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.memberId = typeof message.memberId === "number" ? $BigInt(message.memberId) : $util.Long.fromBits(message.memberId.low >>> 0, message.memberId.high >>> 0, false).toBigInt();
                        else if (typeof message.memberId === "number")
                            object.memberId = options.longs === $String ? $String(message.memberId) : message.memberId;
                        else
                            object.memberId = options.longs === $String ? $util.Long.prototype.toString.call(message.memberId) : options.longs === $Number ? new $util.LongBits(message.memberId.low >>> 0, message.memberId.high >>> 0).toNumber() : message.memberId;
                    let keys2;
                    if (message.fields && (keys2 = $Object.keys(message.fields)).length) {
                        object.fields = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.fields, keys2[j]);
                            object.fields[keys2[j]] = $root.slg.common.v1.Value.toObject(message.fields[keys2[j]], options, _depth + 1);
                        }
                    }
                    if (message.expectedVersion != null && $Object.hasOwnProperty.call(message, "expectedVersion"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.expectedVersion = typeof message.expectedVersion === "number" ? $BigInt(message.expectedVersion) : $util.Long.fromBits(message.expectedVersion.low >>> 0, message.expectedVersion.high >>> 0, false).toBigInt();
                        else if (typeof message.expectedVersion === "number")
                            object.expectedVersion = options.longs === $String ? $String(message.expectedVersion) : message.expectedVersion;
                        else
                            object.expectedVersion = options.longs === $String ? $util.Long.prototype.toString.call(message.expectedVersion) : options.longs === $Number ? new $util.LongBits(message.expectedVersion.low >>> 0, message.expectedVersion.high >>> 0).toNumber() : message.expectedVersion;
                    return object;
                };

                ModifyRequest.prototype.toJSON = function() {
                    return ModifyRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                ModifyRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.ModifyRequest";
                };

                return ModifyRequest;
            })();

            v2.ModifyResponse = (function() {

                const ModifyResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ModifyResponse.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                ModifyResponse.create = function(properties) {
                    return new ModifyResponse(properties);
                };

                ModifyResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && (typeof message.version === "object" ? message.version.low || message.version.high : message.version !== 0))
                        writer.uint32(8).int64(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ModifyResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.ModifyResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ModifyResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.ModifyResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.ModifyResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.ModifyResponse();
                    if (object.version != null)
                        if (typeof object.version === "object" ? object.version.low || object.version.high : $Number(object.version) !== 0)
                            if ($util.Long)
                                message.version = $util.Long.fromValue(object.version, false);
                            else if (typeof object.version === "string")
                                message.version = $parseInt(object.version, 10);
                            else if (typeof object.version === "number")
                                message.version = object.version;
                            else if (typeof object.version === "object")
                                message.version = new $util.LongBits(object.version.low >>> 0, object.version.high >>> 0).toNumber();
                    return message;
                };

                ModifyResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.version = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.version = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.version = typeof message.version === "number" ? $BigInt(message.version) : $util.Long.fromBits(message.version.low >>> 0, message.version.high >>> 0, false).toBigInt();
                        else if (typeof message.version === "number")
                            object.version = options.longs === $String ? $String(message.version) : message.version;
                        else
                            object.version = options.longs === $String ? $util.Long.prototype.toString.call(message.version) : options.longs === $Number ? new $util.LongBits(message.version.low >>> 0, message.version.high >>> 0).toNumber() : message.version;
                    return object;
                };

                ModifyResponse.prototype.toJSON = function() {
                    return ModifyResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ModifyResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.ModifyResponse";
                };

                return ModifyResponse;
            })();

            v2.IncrByRequest = (function() {

                const IncrByRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                IncrByRequest.prototype.table = "";
                IncrByRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                IncrByRequest.prototype.memberId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                IncrByRequest.prototype.field = "";
                IncrByRequest.prototype.delta = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                IncrByRequest.prototype.floor = null;
                IncrByRequest.prototype.ceiling = null;

                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(IncrByRequest.prototype, "_floor", {
                    get: $util.oneOfGetter($oneOfFields = ["floor"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(IncrByRequest.prototype, "_ceiling", {
                    get: $util.oneOfGetter($oneOfFields = ["ceiling"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                IncrByRequest.create = function(properties) {
                    return new IncrByRequest(properties);
                };

                IncrByRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId") && (typeof message.memberId === "object" ? message.memberId.low || message.memberId.high : message.memberId !== 0))
                        writer.uint32(24).int64(message.memberId);
                    if (message.field != null && $Object.hasOwnProperty.call(message, "field") && message.field !== "")
                        writer.uint32(34).string(message.field);
                    if (message.delta != null && $Object.hasOwnProperty.call(message, "delta") && (typeof message.delta === "object" ? message.delta.low || message.delta.high : message.delta !== 0))
                        writer.uint32(40).int64(message.delta);
                    if (message.floor != null && $Object.hasOwnProperty.call(message, "floor"))
                        writer.uint32(48).int64(message.floor);
                    if (message.ceiling != null && $Object.hasOwnProperty.call(message, "ceiling"))
                        writer.uint32(56).int64(message.ceiling);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                IncrByRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.IncrByRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.memberId = value;
                                else
                                    delete message.memberId;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.field = value;
                                else
                                    delete message.field;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.delta = value;
                                else
                                    delete message.delta;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                message.floor = reader.int64();
                                message._floor = "floor";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                message.ceiling = reader.int64();
                                message._ceiling = "ceiling";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                IncrByRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.IncrByRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.IncrByRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.IncrByRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    if (object.memberId != null)
                        if (typeof object.memberId === "object" ? object.memberId.low || object.memberId.high : $Number(object.memberId) !== 0)
                            if ($util.Long)
                                message.memberId = $util.Long.fromValue(object.memberId, false);
                            else if (typeof object.memberId === "string")
                                message.memberId = $parseInt(object.memberId, 10);
                            else if (typeof object.memberId === "number")
                                message.memberId = object.memberId;
                            else if (typeof object.memberId === "object")
                                message.memberId = new $util.LongBits(object.memberId.low >>> 0, object.memberId.high >>> 0).toNumber();
                    if (object.field != null)
                        if (typeof object.field !== "string" || object.field.length)
                            message.field = $String(object.field);
                    if (object.delta != null)
                        if (typeof object.delta === "object" ? object.delta.low || object.delta.high : $Number(object.delta) !== 0)
                            if ($util.Long)
                                message.delta = $util.Long.fromValue(object.delta, false);
                            else if (typeof object.delta === "string")
                                message.delta = $parseInt(object.delta, 10);
                            else if (typeof object.delta === "number")
                                message.delta = object.delta;
                            else if (typeof object.delta === "object")
                                message.delta = new $util.LongBits(object.delta.low >>> 0, object.delta.high >>> 0).toNumber();
                    if (object.floor != null)
                        if ($util.Long)
                            message.floor = $util.Long.fromValue(object.floor, false);
                        else if (typeof object.floor === "string")
                            message.floor = $parseInt(object.floor, 10);
                        else if (typeof object.floor === "number")
                            message.floor = object.floor;
                        else if (typeof object.floor === "object")
                            message.floor = new $util.LongBits(object.floor.low >>> 0, object.floor.high >>> 0).toNumber();
                    if (object.ceiling != null)
                        if ($util.Long)
                            message.ceiling = $util.Long.fromValue(object.ceiling, false);
                        else if (typeof object.ceiling === "string")
                            message.ceiling = $parseInt(object.ceiling, 10);
                        else if (typeof object.ceiling === "number")
                            message.ceiling = object.ceiling;
                        else if (typeof object.ceiling === "object")
                            message.ceiling = new $util.LongBits(object.ceiling.low >>> 0, object.ceiling.high >>> 0).toNumber();
                    return message;
                };

                IncrByRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.memberId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.memberId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        object.field = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.delta = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.delta = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.memberId = typeof message.memberId === "number" ? $BigInt(message.memberId) : $util.Long.fromBits(message.memberId.low >>> 0, message.memberId.high >>> 0, false).toBigInt();
                        else if (typeof message.memberId === "number")
                            object.memberId = options.longs === $String ? $String(message.memberId) : message.memberId;
                        else
                            object.memberId = options.longs === $String ? $util.Long.prototype.toString.call(message.memberId) : options.longs === $Number ? new $util.LongBits(message.memberId.low >>> 0, message.memberId.high >>> 0).toNumber() : message.memberId;
                    if (message.field != null && $Object.hasOwnProperty.call(message, "field"))
                        object.field = message.field;
                    if (message.delta != null && $Object.hasOwnProperty.call(message, "delta"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.delta = typeof message.delta === "number" ? $BigInt(message.delta) : $util.Long.fromBits(message.delta.low >>> 0, message.delta.high >>> 0, false).toBigInt();
                        else if (typeof message.delta === "number")
                            object.delta = options.longs === $String ? $String(message.delta) : message.delta;
                        else
                            object.delta = options.longs === $String ? $util.Long.prototype.toString.call(message.delta) : options.longs === $Number ? new $util.LongBits(message.delta.low >>> 0, message.delta.high >>> 0).toNumber() : message.delta;
                    if (message.floor != null && $Object.hasOwnProperty.call(message, "floor"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.floor = typeof message.floor === "number" ? $BigInt(message.floor) : $util.Long.fromBits(message.floor.low >>> 0, message.floor.high >>> 0, false).toBigInt();
                        else if (typeof message.floor === "number")
                            object.floor = options.longs === $String ? $String(message.floor) : message.floor;
                        else
                            object.floor = options.longs === $String ? $util.Long.prototype.toString.call(message.floor) : options.longs === $Number ? new $util.LongBits(message.floor.low >>> 0, message.floor.high >>> 0).toNumber() : message.floor;
                    if (message.ceiling != null && $Object.hasOwnProperty.call(message, "ceiling"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ceiling = typeof message.ceiling === "number" ? $BigInt(message.ceiling) : $util.Long.fromBits(message.ceiling.low >>> 0, message.ceiling.high >>> 0, false).toBigInt();
                        else if (typeof message.ceiling === "number")
                            object.ceiling = options.longs === $String ? $String(message.ceiling) : message.ceiling;
                        else
                            object.ceiling = options.longs === $String ? $util.Long.prototype.toString.call(message.ceiling) : options.longs === $Number ? new $util.LongBits(message.ceiling.low >>> 0, message.ceiling.high >>> 0).toNumber() : message.ceiling;
                    return object;
                };

                IncrByRequest.prototype.toJSON = function() {
                    return IncrByRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                IncrByRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.IncrByRequest";
                };

                return IncrByRequest;
            })();

            v2.IncrByResponse = (function() {

                const IncrByResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                IncrByResponse.prototype.value = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                IncrByResponse.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                IncrByResponse.create = function(properties) {
                    return new IncrByResponse(properties);
                };

                IncrByResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.value != null && $Object.hasOwnProperty.call(message, "value") && (typeof message.value === "object" ? message.value.low || message.value.high : message.value !== 0))
                        writer.uint32(8).int64(message.value);
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && (typeof message.version === "object" ? message.version.low || message.version.high : message.version !== 0))
                        writer.uint32(16).int64(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                IncrByResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.IncrByResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.value = value;
                                else
                                    delete message.value;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                IncrByResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.IncrByResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.IncrByResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.IncrByResponse();
                    if (object.value != null)
                        if (typeof object.value === "object" ? object.value.low || object.value.high : $Number(object.value) !== 0)
                            if ($util.Long)
                                message.value = $util.Long.fromValue(object.value, false);
                            else if (typeof object.value === "string")
                                message.value = $parseInt(object.value, 10);
                            else if (typeof object.value === "number")
                                message.value = object.value;
                            else if (typeof object.value === "object")
                                message.value = new $util.LongBits(object.value.low >>> 0, object.value.high >>> 0).toNumber();
                    if (object.version != null)
                        if (typeof object.version === "object" ? object.version.low || object.version.high : $Number(object.version) !== 0)
                            if ($util.Long)
                                message.version = $util.Long.fromValue(object.version, false);
                            else if (typeof object.version === "string")
                                message.version = $parseInt(object.version, 10);
                            else if (typeof object.version === "number")
                                message.version = object.version;
                            else if (typeof object.version === "object")
                                message.version = new $util.LongBits(object.version.low >>> 0, object.version.high >>> 0).toNumber();
                    return message;
                };

                IncrByResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.value = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.value = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.version = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.version = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.value != null && $Object.hasOwnProperty.call(message, "value"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.value = typeof message.value === "number" ? $BigInt(message.value) : $util.Long.fromBits(message.value.low >>> 0, message.value.high >>> 0, false).toBigInt();
                        else if (typeof message.value === "number")
                            object.value = options.longs === $String ? $String(message.value) : message.value;
                        else
                            object.value = options.longs === $String ? $util.Long.prototype.toString.call(message.value) : options.longs === $Number ? new $util.LongBits(message.value.low >>> 0, message.value.high >>> 0).toNumber() : message.value;
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.version = typeof message.version === "number" ? $BigInt(message.version) : $util.Long.fromBits(message.version.low >>> 0, message.version.high >>> 0, false).toBigInt();
                        else if (typeof message.version === "number")
                            object.version = options.longs === $String ? $String(message.version) : message.version;
                        else
                            object.version = options.longs === $String ? $util.Long.prototype.toString.call(message.version) : options.longs === $Number ? new $util.LongBits(message.version.low >>> 0, message.version.high >>> 0).toNumber() : message.version;
                    return object;
                };

                IncrByResponse.prototype.toJSON = function() {
                    return IncrByResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                IncrByResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.IncrByResponse";
                };

                return IncrByResponse;
            })();

            v2.CreateRequest = (function() {

                const CreateRequest = function (properties) {
                    this.fields = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CreateRequest.prototype.table = "";
                CreateRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                CreateRequest.prototype.memberId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                CreateRequest.prototype.fields = $util.emptyObject;

                CreateRequest.create = function(properties) {
                    return new CreateRequest(properties);
                };

                CreateRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId") && (typeof message.memberId === "object" ? message.memberId.low || message.memberId.high : message.memberId !== 0))
                        writer.uint32(24).int64(message.memberId);
                    if (message.fields != null && $Object.hasOwnProperty.call(message, "fields"))
                        for (let keys = $Object.keys(message.fields), i = 0; i < keys.length; ++i) {
                            writer.uint32(34).fork().uint32(10).string(keys[i]);
                            $root.slg.common.v1.Value.encode(message.fields[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CreateRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.CreateRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.memberId = value;
                                else
                                    delete message.memberId;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (message.fields === $util.emptyObject)
                                    message.fields = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.fields, key);
                                message.fields[key] = value || new $root.slg.common.v1.Value();
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CreateRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.CreateRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.CreateRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.CreateRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    if (object.memberId != null)
                        if (typeof object.memberId === "object" ? object.memberId.low || object.memberId.high : $Number(object.memberId) !== 0)
                            if ($util.Long)
                                message.memberId = $util.Long.fromValue(object.memberId, false);
                            else if (typeof object.memberId === "string")
                                message.memberId = $parseInt(object.memberId, 10);
                            else if (typeof object.memberId === "number")
                                message.memberId = object.memberId;
                            else if (typeof object.memberId === "object")
                                message.memberId = new $util.LongBits(object.memberId.low >>> 0, object.memberId.high >>> 0).toNumber();
                    if (object.fields) {
                        if (!$util.isObject(object.fields))
                            throw $TypeError(".slg.dataserver.v2.CreateRequest.fields: object expected");
                        message.fields = {};
                        for (let keys = $Object.keys(object.fields), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.fields, keys[i]);
                            if (!$util.isObject(object.fields[keys[i]]))
                                throw $TypeError(".slg.dataserver.v2.CreateRequest.fields: object expected");
                            message.fields[keys[i]] = $root.slg.common.v1.Value.fromObject(object.fields[keys[i]], _depth + 1);
                        }
                    }
                    return message;
                };

                CreateRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.objects || options.defaults)
                        object.fields = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.memberId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.memberId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.memberId = typeof message.memberId === "number" ? $BigInt(message.memberId) : $util.Long.fromBits(message.memberId.low >>> 0, message.memberId.high >>> 0, false).toBigInt();
                        else if (typeof message.memberId === "number")
                            object.memberId = options.longs === $String ? $String(message.memberId) : message.memberId;
                        else
                            object.memberId = options.longs === $String ? $util.Long.prototype.toString.call(message.memberId) : options.longs === $Number ? new $util.LongBits(message.memberId.low >>> 0, message.memberId.high >>> 0).toNumber() : message.memberId;
                    let keys2;
                    if (message.fields && (keys2 = $Object.keys(message.fields)).length) {
                        object.fields = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.fields, keys2[j]);
                            object.fields[keys2[j]] = $root.slg.common.v1.Value.toObject(message.fields[keys2[j]], options, _depth + 1);
                        }
                    }
                    return object;
                };

                CreateRequest.prototype.toJSON = function() {
                    return CreateRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                CreateRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.CreateRequest";
                };

                return CreateRequest;
            })();

            v2.CreateResponse = (function() {

                const CreateResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CreateResponse.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                CreateResponse.create = function(properties) {
                    return new CreateResponse(properties);
                };

                CreateResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && (typeof message.version === "object" ? message.version.low || message.version.high : message.version !== 0))
                        writer.uint32(8).int64(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CreateResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.CreateResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CreateResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.CreateResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.CreateResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.CreateResponse();
                    if (object.version != null)
                        if (typeof object.version === "object" ? object.version.low || object.version.high : $Number(object.version) !== 0)
                            if ($util.Long)
                                message.version = $util.Long.fromValue(object.version, false);
                            else if (typeof object.version === "string")
                                message.version = $parseInt(object.version, 10);
                            else if (typeof object.version === "number")
                                message.version = object.version;
                            else if (typeof object.version === "object")
                                message.version = new $util.LongBits(object.version.low >>> 0, object.version.high >>> 0).toNumber();
                    return message;
                };

                CreateResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.version = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.version = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.version = typeof message.version === "number" ? $BigInt(message.version) : $util.Long.fromBits(message.version.low >>> 0, message.version.high >>> 0, false).toBigInt();
                        else if (typeof message.version === "number")
                            object.version = options.longs === $String ? $String(message.version) : message.version;
                        else
                            object.version = options.longs === $String ? $util.Long.prototype.toString.call(message.version) : options.longs === $Number ? new $util.LongBits(message.version.low >>> 0, message.version.high >>> 0).toNumber() : message.version;
                    return object;
                };

                CreateResponse.prototype.toJSON = function() {
                    return CreateResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                CreateResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.CreateResponse";
                };

                return CreateResponse;
            })();

            v2.RemoveRequest = (function() {

                const RemoveRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                RemoveRequest.prototype.table = "";
                RemoveRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                RemoveRequest.prototype.memberId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                RemoveRequest.create = function(properties) {
                    return new RemoveRequest(properties);
                };

                RemoveRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId") && (typeof message.memberId === "object" ? message.memberId.low || message.memberId.high : message.memberId !== 0))
                        writer.uint32(24).int64(message.memberId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                RemoveRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.RemoveRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.memberId = value;
                                else
                                    delete message.memberId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                RemoveRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.RemoveRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.RemoveRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.RemoveRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    if (object.memberId != null)
                        if (typeof object.memberId === "object" ? object.memberId.low || object.memberId.high : $Number(object.memberId) !== 0)
                            if ($util.Long)
                                message.memberId = $util.Long.fromValue(object.memberId, false);
                            else if (typeof object.memberId === "string")
                                message.memberId = $parseInt(object.memberId, 10);
                            else if (typeof object.memberId === "number")
                                message.memberId = object.memberId;
                            else if (typeof object.memberId === "object")
                                message.memberId = new $util.LongBits(object.memberId.low >>> 0, object.memberId.high >>> 0).toNumber();
                    return message;
                };

                RemoveRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.memberId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.memberId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.memberId = typeof message.memberId === "number" ? $BigInt(message.memberId) : $util.Long.fromBits(message.memberId.low >>> 0, message.memberId.high >>> 0, false).toBigInt();
                        else if (typeof message.memberId === "number")
                            object.memberId = options.longs === $String ? $String(message.memberId) : message.memberId;
                        else
                            object.memberId = options.longs === $String ? $util.Long.prototype.toString.call(message.memberId) : options.longs === $Number ? new $util.LongBits(message.memberId.low >>> 0, message.memberId.high >>> 0).toNumber() : message.memberId;
                    return object;
                };

                RemoveRequest.prototype.toJSON = function() {
                    return RemoveRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                RemoveRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.RemoveRequest";
                };

                return RemoveRequest;
            })();

            v2.RemoveResponse = (function() {

                const RemoveResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                RemoveResponse.prototype.removed = false;

                RemoveResponse.create = function(properties) {
                    return new RemoveResponse(properties);
                };

                RemoveResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.removed != null && $Object.hasOwnProperty.call(message, "removed") && message.removed !== false)
                        writer.uint32(8).bool(message.removed);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                RemoveResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.RemoveResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.removed = value;
                                else
                                    delete message.removed;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                RemoveResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.RemoveResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.RemoveResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.RemoveResponse();
                    if (object.removed != null)
                        if (object.removed)
                            message.removed = $Boolean(object.removed);
                    return message;
                };

                RemoveResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.removed = false;
                    if (message.removed != null && $Object.hasOwnProperty.call(message, "removed"))
                        object.removed = message.removed;
                    return object;
                };

                RemoveResponse.prototype.toJSON = function() {
                    return RemoveResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                RemoveResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.RemoveResponse";
                };

                return RemoveResponse;
            })();

            v2.CRemoveRequest = (function() {

                const CRemoveRequest = function (properties) {
                    this.memberIds = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CRemoveRequest.prototype.table = "";
                CRemoveRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                CRemoveRequest.prototype.memberIds = $util.emptyArray;
                CRemoveRequest.prototype.all = false;

                CRemoveRequest.create = function(properties) {
                    return new CRemoveRequest(properties);
                };

                CRemoveRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.memberIds != null && message.memberIds.length)
                        writer.uint32(26).int64s(message.memberIds);
                    if (message.all != null && $Object.hasOwnProperty.call(message, "all") && message.all !== false)
                        writer.uint32(32).bool(message.all);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CRemoveRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.CRemoveRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        case 3: {
                                if (wireType === 2) {
                                    if (!(message.memberIds && message.memberIds.length))
                                        message.memberIds = [];
                                    reader.int64s(message.memberIds);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.memberIds && message.memberIds.length))
                                    message.memberIds = [];
                                message.memberIds.push(reader.int64());
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.all = value;
                                else
                                    delete message.all;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CRemoveRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.CRemoveRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.CRemoveRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.CRemoveRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    if (object.memberIds) {
                        if (!$Array.isArray(object.memberIds))
                            throw $TypeError(".slg.dataserver.v2.CRemoveRequest.memberIds: array expected");
                        message.memberIds = $Array(object.memberIds.length);
                        for (let i = 0; i < object.memberIds.length; ++i)
                            if ($util.Long)
                                message.memberIds[i] = $util.Long.fromValue(object.memberIds[i], false);
                            else if (typeof object.memberIds[i] === "string")
                                message.memberIds[i] = $parseInt(object.memberIds[i], 10);
                            else if (typeof object.memberIds[i] === "number")
                                message.memberIds[i] = object.memberIds[i];
                            else if (typeof object.memberIds[i] === "object")
                                message.memberIds[i] = new $util.LongBits(object.memberIds[i].low >>> 0, object.memberIds[i].high >>> 0).toNumber();
                    }
                    if (object.all != null)
                        if (object.all)
                            message.all = $Boolean(object.all);
                    return message;
                };

                CRemoveRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.memberIds = [];
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        object.all = false;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    if (message.memberIds && message.memberIds.length) {
                        object.memberIds = $Array(message.memberIds.length);
                        for (let j = 0; j < message.memberIds.length; ++j)
                            if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                                object.memberIds[j] = typeof message.memberIds[j] === "number" ? $BigInt(message.memberIds[j]) : $util.Long.fromBits(message.memberIds[j].low >>> 0, message.memberIds[j].high >>> 0, false).toBigInt();
                            else if (typeof message.memberIds[j] === "number")
                                object.memberIds[j] = options.longs === $String ? $String(message.memberIds[j]) : message.memberIds[j];
                            else
                                object.memberIds[j] = options.longs === $String ? $util.Long.prototype.toString.call(message.memberIds[j]) : options.longs === $Number ? new $util.LongBits(message.memberIds[j].low >>> 0, message.memberIds[j].high >>> 0).toNumber() : message.memberIds[j];
                    }
                    if (message.all != null && $Object.hasOwnProperty.call(message, "all"))
                        object.all = message.all;
                    return object;
                };

                CRemoveRequest.prototype.toJSON = function() {
                    return CRemoveRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                CRemoveRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.CRemoveRequest";
                };

                return CRemoveRequest;
            })();

            v2.CRemoveResponse = (function() {

                const CRemoveResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CRemoveResponse.prototype.removed = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                CRemoveResponse.create = function(properties) {
                    return new CRemoveResponse(properties);
                };

                CRemoveResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.removed != null && $Object.hasOwnProperty.call(message, "removed") && (typeof message.removed === "object" ? message.removed.low || message.removed.high : message.removed !== 0))
                        writer.uint32(8).int64(message.removed);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CRemoveResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.CRemoveResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.removed = value;
                                else
                                    delete message.removed;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CRemoveResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.CRemoveResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.CRemoveResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.CRemoveResponse();
                    if (object.removed != null)
                        if (typeof object.removed === "object" ? object.removed.low || object.removed.high : $Number(object.removed) !== 0)
                            if ($util.Long)
                                message.removed = $util.Long.fromValue(object.removed, false);
                            else if (typeof object.removed === "string")
                                message.removed = $parseInt(object.removed, 10);
                            else if (typeof object.removed === "number")
                                message.removed = object.removed;
                            else if (typeof object.removed === "object")
                                message.removed = new $util.LongBits(object.removed.low >>> 0, object.removed.high >>> 0).toNumber();
                    return message;
                };

                CRemoveResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.removed = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.removed = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.removed != null && $Object.hasOwnProperty.call(message, "removed"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.removed = typeof message.removed === "number" ? $BigInt(message.removed) : $util.Long.fromBits(message.removed.low >>> 0, message.removed.high >>> 0, false).toBigInt();
                        else if (typeof message.removed === "number")
                            object.removed = options.longs === $String ? $String(message.removed) : message.removed;
                        else
                            object.removed = options.longs === $String ? $util.Long.prototype.toString.call(message.removed) : options.longs === $Number ? new $util.LongBits(message.removed.low >>> 0, message.removed.high >>> 0).toNumber() : message.removed;
                    return object;
                };

                CRemoveResponse.prototype.toJSON = function() {
                    return CRemoveResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                CRemoveResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.CRemoveResponse";
                };

                return CRemoveResponse;
            })();

            v2.CCountRequest = (function() {

                const CCountRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CCountRequest.prototype.table = "";
                CCountRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                CCountRequest.create = function(properties) {
                    return new CCountRequest(properties);
                };

                CCountRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CCountRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.CCountRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CCountRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.CCountRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.CCountRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.CCountRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    return message;
                };

                CCountRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    return object;
                };

                CCountRequest.prototype.toJSON = function() {
                    return CCountRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                CCountRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.CCountRequest";
                };

                return CCountRequest;
            })();

            v2.CCountResponse = (function() {

                const CCountResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CCountResponse.prototype.count = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                CCountResponse.create = function(properties) {
                    return new CCountResponse(properties);
                };

                CCountResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.count != null && $Object.hasOwnProperty.call(message, "count") && (typeof message.count === "object" ? message.count.low || message.count.high : message.count !== 0))
                        writer.uint32(8).int64(message.count);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CCountResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.CCountResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.count = value;
                                else
                                    delete message.count;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CCountResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.CCountResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.CCountResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.CCountResponse();
                    if (object.count != null)
                        if (typeof object.count === "object" ? object.count.low || object.count.high : $Number(object.count) !== 0)
                            if ($util.Long)
                                message.count = $util.Long.fromValue(object.count, false);
                            else if (typeof object.count === "string")
                                message.count = $parseInt(object.count, 10);
                            else if (typeof object.count === "number")
                                message.count = object.count;
                            else if (typeof object.count === "object")
                                message.count = new $util.LongBits(object.count.low >>> 0, object.count.high >>> 0).toNumber();
                    return message;
                };

                CCountResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.count = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.count = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.count != null && $Object.hasOwnProperty.call(message, "count"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.count = typeof message.count === "number" ? $BigInt(message.count) : $util.Long.fromBits(message.count.low >>> 0, message.count.high >>> 0, false).toBigInt();
                        else if (typeof message.count === "number")
                            object.count = options.longs === $String ? $String(message.count) : message.count;
                        else
                            object.count = options.longs === $String ? $util.Long.prototype.toString.call(message.count) : options.longs === $Number ? new $util.LongBits(message.count.low >>> 0, message.count.high >>> 0).toNumber() : message.count;
                    return object;
                };

                CCountResponse.prototype.toJSON = function() {
                    return CCountResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                CCountResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.CCountResponse";
                };

                return CCountResponse;
            })();

            v2.InspectRequest = (function() {

                const InspectRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                InspectRequest.prototype.table = "";
                InspectRequest.prototype.ownerId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                InspectRequest.prototype.memberId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                InspectRequest.create = function(properties) {
                    return new InspectRequest(properties);
                };

                InspectRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId") && (typeof message.ownerId === "object" ? message.ownerId.low || message.ownerId.high : message.ownerId !== 0))
                        writer.uint32(16).int64(message.ownerId);
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId") && (typeof message.memberId === "object" ? message.memberId.low || message.memberId.high : message.memberId !== 0))
                        writer.uint32(24).int64(message.memberId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                InspectRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.InspectRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.ownerId = value;
                                else
                                    delete message.ownerId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.memberId = value;
                                else
                                    delete message.memberId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                InspectRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.InspectRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.InspectRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.InspectRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.ownerId != null)
                        if (typeof object.ownerId === "object" ? object.ownerId.low || object.ownerId.high : $Number(object.ownerId) !== 0)
                            if ($util.Long)
                                message.ownerId = $util.Long.fromValue(object.ownerId, false);
                            else if (typeof object.ownerId === "string")
                                message.ownerId = $parseInt(object.ownerId, 10);
                            else if (typeof object.ownerId === "number")
                                message.ownerId = object.ownerId;
                            else if (typeof object.ownerId === "object")
                                message.ownerId = new $util.LongBits(object.ownerId.low >>> 0, object.ownerId.high >>> 0).toNumber();
                    if (object.memberId != null)
                        if (typeof object.memberId === "object" ? object.memberId.low || object.memberId.high : $Number(object.memberId) !== 0)
                            if ($util.Long)
                                message.memberId = $util.Long.fromValue(object.memberId, false);
                            else if (typeof object.memberId === "string")
                                message.memberId = $parseInt(object.memberId, 10);
                            else if (typeof object.memberId === "number")
                                message.memberId = object.memberId;
                            else if (typeof object.memberId === "object")
                                message.memberId = new $util.LongBits(object.memberId.low >>> 0, object.memberId.high >>> 0).toNumber();
                    return message;
                };

                InspectRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.table = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.ownerId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.ownerId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.memberId = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.memberId = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.ownerId != null && $Object.hasOwnProperty.call(message, "ownerId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ownerId = typeof message.ownerId === "number" ? $BigInt(message.ownerId) : $util.Long.fromBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0, false).toBigInt();
                        else if (typeof message.ownerId === "number")
                            object.ownerId = options.longs === $String ? $String(message.ownerId) : message.ownerId;
                        else
                            object.ownerId = options.longs === $String ? $util.Long.prototype.toString.call(message.ownerId) : options.longs === $Number ? new $util.LongBits(message.ownerId.low >>> 0, message.ownerId.high >>> 0).toNumber() : message.ownerId;
                    if (message.memberId != null && $Object.hasOwnProperty.call(message, "memberId"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.memberId = typeof message.memberId === "number" ? $BigInt(message.memberId) : $util.Long.fromBits(message.memberId.low >>> 0, message.memberId.high >>> 0, false).toBigInt();
                        else if (typeof message.memberId === "number")
                            object.memberId = options.longs === $String ? $String(message.memberId) : message.memberId;
                        else
                            object.memberId = options.longs === $String ? $util.Long.prototype.toString.call(message.memberId) : options.longs === $Number ? new $util.LongBits(message.memberId.low >>> 0, message.memberId.high >>> 0).toNumber() : message.memberId;
                    return object;
                };

                InspectRequest.prototype.toJSON = function() {
                    return InspectRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                InspectRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.InspectRequest";
                };

                return InspectRequest;
            })();

            v2.InspectResponse = (function() {

                const InspectResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                InspectResponse.prototype.served = null;
                InspectResponse.prototype.stored = null;
                InspectResponse.prototype.cached = false;

                InspectResponse.create = function(properties) {
                    return new InspectResponse(properties);
                };

                InspectResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.served != null && $Object.hasOwnProperty.call(message, "served"))
                        $root.slg.dataserver.v2.Record.encode(message.served, writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.stored != null && $Object.hasOwnProperty.call(message, "stored"))
                        $root.slg.dataserver.v2.Record.encode(message.stored, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.cached != null && $Object.hasOwnProperty.call(message, "cached") && message.cached !== false)
                        writer.uint32(24).bool(message.cached);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                InspectResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dataserver.v2.InspectResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.served = $root.slg.dataserver.v2.Record.decode(reader, reader.size(), $undefined, _depth + 1, message.served);
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.stored = $root.slg.dataserver.v2.Record.decode(reader, reader.size(), $undefined, _depth + 1, message.stored);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.cached = value;
                                else
                                    delete message.cached;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                InspectResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dataserver.v2.InspectResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dataserver.v2.InspectResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dataserver.v2.InspectResponse();
                    if (object.served != null) {
                        if (!$util.isObject(object.served))
                            throw $TypeError(".slg.dataserver.v2.InspectResponse.served: object expected");
                        message.served = $root.slg.dataserver.v2.Record.fromObject(object.served, _depth + 1);
                    }
                    if (object.stored != null) {
                        if (!$util.isObject(object.stored))
                            throw $TypeError(".slg.dataserver.v2.InspectResponse.stored: object expected");
                        message.stored = $root.slg.dataserver.v2.Record.fromObject(object.stored, _depth + 1);
                    }
                    if (object.cached != null)
                        if (object.cached)
                            message.cached = $Boolean(object.cached);
                    return message;
                };

                InspectResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.served = null;
                        object.stored = null;
                        object.cached = false;
                    }
                    if (message.served != null && $Object.hasOwnProperty.call(message, "served"))
                        object.served = $root.slg.dataserver.v2.Record.toObject(message.served, options, _depth + 1);
                    if (message.stored != null && $Object.hasOwnProperty.call(message, "stored"))
                        object.stored = $root.slg.dataserver.v2.Record.toObject(message.stored, options, _depth + 1);
                    if (message.cached != null && $Object.hasOwnProperty.call(message, "cached"))
                        object.cached = message.cached;
                    return object;
                };

                InspectResponse.prototype.toJSON = function() {
                    return InspectResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                InspectResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dataserver.v2.InspectResponse";
                };

                return InspectResponse;
            })();

            return v2;
        })();

        return dataserver;
    })();

    slg.dbproxy = (function() {

        const dbproxy = {};

        dbproxy.v1 = (function() {

            const v1 = {};

            v1.DbProxy = (function() {

                const DbProxy = function(rpcImpl, requestDelimited, responseDelimited) {
                    $protobuf.rpc.Service.call(this, rpcImpl, requestDelimited, responseDelimited);
                };

                $Object.defineProperty(DbProxy.prototype = $Object.create($protobuf.rpc.Service.prototype), "constructor", { value: DbProxy, writable: true, enumerable: false, configurable: true });

                DbProxy.create = function(rpcImpl, requestDelimited, responseDelimited) {
                    return new this(rpcImpl, requestDelimited, responseDelimited);
                };



                $Object.defineProperties(DbProxy.prototype.get = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.get, $root.slg.dbproxy.v1.GetRequest, $root.slg.dbproxy.v1.RowResponse, request, callback);
                }, {
                    name: { value: "Get" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/Get" },
                    requestType: { value: "GetRequest" },
                    responseType: { value: "RowResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype.list = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.list, $root.slg.dbproxy.v1.ListRequest, $root.slg.dbproxy.v1.ListResponse, request, callback);
                }, {
                    name: { value: "List" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/List" },
                    requestType: { value: "ListRequest" },
                    responseType: { value: "ListResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype.count = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.count, $root.slg.dbproxy.v1.CountRequest, $root.slg.dbproxy.v1.CountResponse, request, callback);
                }, {
                    name: { value: "Count" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/Count" },
                    requestType: { value: "CountRequest" },
                    responseType: { value: "CountResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype.insert = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.insert, $root.slg.dbproxy.v1.InsertRequest, $root.slg.dbproxy.v1.WriteResponse, request, callback);
                }, {
                    name: { value: "Insert" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/Insert" },
                    requestType: { value: "InsertRequest" },
                    responseType: { value: "WriteResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype.update = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.update, $root.slg.dbproxy.v1.UpdateRequest, $root.slg.dbproxy.v1.WriteResponse, request, callback);
                }, {
                    name: { value: "Update" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/Update" },
                    requestType: { value: "UpdateRequest" },
                    responseType: { value: "WriteResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype.increment = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.increment, $root.slg.dbproxy.v1.IncrementRequest, $root.slg.dbproxy.v1.IncrementResponse, request, callback);
                }, {
                    name: { value: "Increment" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/Increment" },
                    requestType: { value: "IncrementRequest" },
                    responseType: { value: "IncrementResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype["delete"] = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype["delete"], $root.slg.dbproxy.v1.DeleteRequest, $root.slg.dbproxy.v1.DeleteResponse, request, callback);
                }, {
                    name: { value: "Delete" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/Delete" },
                    requestType: { value: "DeleteRequest" },
                    responseType: { value: "DeleteResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype.deleteMany = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.deleteMany, $root.slg.dbproxy.v1.DeleteManyRequest, $root.slg.dbproxy.v1.DeleteManyResponse, request, callback);
                }, {
                    name: { value: "DeleteMany" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/DeleteMany" },
                    requestType: { value: "DeleteManyRequest" },
                    responseType: { value: "DeleteManyResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype.batch = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.batch, $root.slg.dbproxy.v1.BatchRequest, $root.slg.dbproxy.v1.BatchResponse, request, callback);
                }, {
                    name: { value: "Batch" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/Batch" },
                    requestType: { value: "BatchRequest" },
                    responseType: { value: "BatchResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });



                $Object.defineProperties(DbProxy.prototype.query = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, DbProxy.prototype.query, $root.slg.dbproxy.v1.QueryRequest, $root.slg.dbproxy.v1.QueryResponse, request, callback);
                }, {
                    name: { value: "Query" },
                    path: { value: "/slg.dbproxy.v1.DbProxy/Query" },
                    requestType: { value: "QueryRequest" },
                    responseType: { value: "QueryResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });

                return DbProxy;
            })();

            v1.Row = (function() {

                const Row = function (properties) {
                    this.fields = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Row.prototype.fields = $util.emptyObject;
                Row.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                Row.create = function(properties) {
                    return new Row(properties);
                };

                Row.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.fields != null && $Object.hasOwnProperty.call(message, "fields"))
                        for (let keys = $Object.keys(message.fields), i = 0; i < keys.length; ++i) {
                            writer.uint32(10).fork().uint32(10).string(keys[i]);
                            $root.slg.common.v1.Value.encode(message.fields[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && (typeof message.version === "object" ? message.version.low || message.version.high : message.version !== 0))
                        writer.uint32(16).int64(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Row.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.Row();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (message.fields === $util.emptyObject)
                                    message.fields = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.fields, key);
                                message.fields[key] = value || new $root.slg.common.v1.Value();
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                Row.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.Row)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.Row: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.Row();
                    if (object.fields) {
                        if (!$util.isObject(object.fields))
                            throw $TypeError(".slg.dbproxy.v1.Row.fields: object expected");
                        message.fields = {};
                        for (let keys = $Object.keys(object.fields), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.fields, keys[i]);
                            if (!$util.isObject(object.fields[keys[i]]))
                                throw $TypeError(".slg.dbproxy.v1.Row.fields: object expected");
                            message.fields[keys[i]] = $root.slg.common.v1.Value.fromObject(object.fields[keys[i]], _depth + 1);
                        }
                    }
                    if (object.version != null)
                        if (typeof object.version === "object" ? object.version.low || object.version.high : $Number(object.version) !== 0)
                            if ($util.Long)
                                message.version = $util.Long.fromValue(object.version, false);
                            else if (typeof object.version === "string")
                                message.version = $parseInt(object.version, 10);
                            else if (typeof object.version === "number")
                                message.version = object.version;
                            else if (typeof object.version === "object")
                                message.version = new $util.LongBits(object.version.low >>> 0, object.version.high >>> 0).toNumber();
                    return message;
                };

                Row.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.objects || options.defaults)
                        object.fields = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.version = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.version = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    let keys2;
                    if (message.fields && (keys2 = $Object.keys(message.fields)).length) {
                        object.fields = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.fields, keys2[j]);
                            object.fields[keys2[j]] = $root.slg.common.v1.Value.toObject(message.fields[keys2[j]], options, _depth + 1);
                        }
                    }
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.version = typeof message.version === "number" ? $BigInt(message.version) : $util.Long.fromBits(message.version.low >>> 0, message.version.high >>> 0, false).toBigInt();
                        else if (typeof message.version === "number")
                            object.version = options.longs === $String ? $String(message.version) : message.version;
                        else
                            object.version = options.longs === $String ? $util.Long.prototype.toString.call(message.version) : options.longs === $Number ? new $util.LongBits(message.version.low >>> 0, message.version.high >>> 0).toNumber() : message.version;
                    return object;
                };

                Row.prototype.toJSON = function() {
                    return Row.toObject(this, $protobuf.util.toJSONOptions);
                };

                Row.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.Row";
                };

                return Row;
            })();

            v1.GetRequest = (function() {

                const GetRequest = function (properties) {
                    this.key = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                GetRequest.prototype.table = "";
                GetRequest.prototype.key = $util.emptyArray;

                GetRequest.create = function(properties) {
                    return new GetRequest(properties);
                };

                GetRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.key != null && message.key.length)
                        for (let i = 0; i < message.key.length; ++i)
                            $root.slg.common.v1.Value.encode(message.key[i], writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                GetRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.GetRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.key && message.key.length))
                                    message.key = [];
                                message.key.push($root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                GetRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.GetRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.GetRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.GetRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.key) {
                        if (!$Array.isArray(object.key))
                            throw $TypeError(".slg.dbproxy.v1.GetRequest.key: array expected");
                        message.key = $Array(object.key.length);
                        for (let i = 0; i < object.key.length; ++i) {
                            if (!$util.isObject(object.key[i]))
                                throw $TypeError(".slg.dbproxy.v1.GetRequest.key: object expected");
                            message.key[i] = $root.slg.common.v1.Value.fromObject(object.key[i], _depth + 1);
                        }
                    }
                    return message;
                };

                GetRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.key = [];
                    if (options.defaults)
                        object.table = "";
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.key && message.key.length) {
                        object.key = $Array(message.key.length);
                        for (let j = 0; j < message.key.length; ++j)
                            object.key[j] = $root.slg.common.v1.Value.toObject(message.key[j], options, _depth + 1);
                    }
                    return object;
                };

                GetRequest.prototype.toJSON = function() {
                    return GetRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                GetRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.GetRequest";
                };

                return GetRequest;
            })();

            v1.RowResponse = (function() {

                const RowResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                RowResponse.prototype.row = null;

                RowResponse.create = function(properties) {
                    return new RowResponse(properties);
                };

                RowResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.row != null && $Object.hasOwnProperty.call(message, "row"))
                        $root.slg.dbproxy.v1.Row.encode(message.row, writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                RowResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.RowResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.row = $root.slg.dbproxy.v1.Row.decode(reader, reader.size(), $undefined, _depth + 1, message.row);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                RowResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.RowResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.RowResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.RowResponse();
                    if (object.row != null) {
                        if (!$util.isObject(object.row))
                            throw $TypeError(".slg.dbproxy.v1.RowResponse.row: object expected");
                        message.row = $root.slg.dbproxy.v1.Row.fromObject(object.row, _depth + 1);
                    }
                    return message;
                };

                RowResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        object.row = null;
                    if (message.row != null && $Object.hasOwnProperty.call(message, "row"))
                        object.row = $root.slg.dbproxy.v1.Row.toObject(message.row, options, _depth + 1);
                    return object;
                };

                RowResponse.prototype.toJSON = function() {
                    return RowResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                RowResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.RowResponse";
                };

                return RowResponse;
            })();

            v1.ListRequest = (function() {

                const ListRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ListRequest.prototype.table = "";
                ListRequest.prototype.shardKey = null;
                ListRequest.prototype.pageSize = 0;
                ListRequest.prototype.pageToken = "";

                ListRequest.create = function(properties) {
                    return new ListRequest(properties);
                };

                ListRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.shardKey != null && $Object.hasOwnProperty.call(message, "shardKey"))
                        $root.slg.common.v1.Value.encode(message.shardKey, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.pageSize != null && $Object.hasOwnProperty.call(message, "pageSize") && message.pageSize !== 0)
                        writer.uint32(24).uint32(message.pageSize);
                    if (message.pageToken != null && $Object.hasOwnProperty.call(message, "pageToken") && message.pageToken !== "")
                        writer.uint32(34).string(message.pageToken);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ListRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.ListRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.shardKey = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, message.shardKey);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.pageSize = value;
                                else
                                    delete message.pageSize;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.pageToken = value;
                                else
                                    delete message.pageToken;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ListRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.ListRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.ListRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.ListRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.shardKey != null) {
                        if (!$util.isObject(object.shardKey))
                            throw $TypeError(".slg.dbproxy.v1.ListRequest.shardKey: object expected");
                        message.shardKey = $root.slg.common.v1.Value.fromObject(object.shardKey, _depth + 1);
                    }
                    if (object.pageSize != null)
                        if ($Number(object.pageSize) !== 0)
                            message.pageSize = object.pageSize >>> 0;
                    if (object.pageToken != null)
                        if (typeof object.pageToken !== "string" || object.pageToken.length)
                            message.pageToken = $String(object.pageToken);
                    return message;
                };

                ListRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.table = "";
                        object.shardKey = null;
                        object.pageSize = 0;
                        object.pageToken = "";
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.shardKey != null && $Object.hasOwnProperty.call(message, "shardKey"))
                        object.shardKey = $root.slg.common.v1.Value.toObject(message.shardKey, options, _depth + 1);
                    if (message.pageSize != null && $Object.hasOwnProperty.call(message, "pageSize"))
                        object.pageSize = message.pageSize;
                    if (message.pageToken != null && $Object.hasOwnProperty.call(message, "pageToken"))
                        object.pageToken = message.pageToken;
                    return object;
                };

                ListRequest.prototype.toJSON = function() {
                    return ListRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                ListRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.ListRequest";
                };

                return ListRequest;
            })();

            v1.ListResponse = (function() {

                const ListResponse = function (properties) {
                    this.rows = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                ListResponse.prototype.rows = $util.emptyArray;
                ListResponse.prototype.nextPageToken = "";

                ListResponse.create = function(properties) {
                    return new ListResponse(properties);
                };

                ListResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.rows != null && message.rows.length)
                        for (let i = 0; i < message.rows.length; ++i)
                            $root.slg.dbproxy.v1.Row.encode(message.rows[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.nextPageToken != null && $Object.hasOwnProperty.call(message, "nextPageToken") && message.nextPageToken !== "")
                        writer.uint32(18).string(message.nextPageToken);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                ListResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.ListResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.rows && message.rows.length))
                                    message.rows = [];
                                message.rows.push($root.slg.dbproxy.v1.Row.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.nextPageToken = value;
                                else
                                    delete message.nextPageToken;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                ListResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.ListResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.ListResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.ListResponse();
                    if (object.rows) {
                        if (!$Array.isArray(object.rows))
                            throw $TypeError(".slg.dbproxy.v1.ListResponse.rows: array expected");
                        message.rows = $Array(object.rows.length);
                        for (let i = 0; i < object.rows.length; ++i) {
                            if (!$util.isObject(object.rows[i]))
                                throw $TypeError(".slg.dbproxy.v1.ListResponse.rows: object expected");
                            message.rows[i] = $root.slg.dbproxy.v1.Row.fromObject(object.rows[i], _depth + 1);
                        }
                    }
                    if (object.nextPageToken != null)
                        if (typeof object.nextPageToken !== "string" || object.nextPageToken.length)
                            message.nextPageToken = $String(object.nextPageToken);
                    return message;
                };

                ListResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.rows = [];
                    if (options.defaults)
                        object.nextPageToken = "";
                    if (message.rows && message.rows.length) {
                        object.rows = $Array(message.rows.length);
                        for (let j = 0; j < message.rows.length; ++j)
                            object.rows[j] = $root.slg.dbproxy.v1.Row.toObject(message.rows[j], options, _depth + 1);
                    }
                    if (message.nextPageToken != null && $Object.hasOwnProperty.call(message, "nextPageToken"))
                        object.nextPageToken = message.nextPageToken;
                    return object;
                };

                ListResponse.prototype.toJSON = function() {
                    return ListResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                ListResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.ListResponse";
                };

                return ListResponse;
            })();

            v1.CountRequest = (function() {

                const CountRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CountRequest.prototype.table = "";
                CountRequest.prototype.shardKey = null;

                CountRequest.create = function(properties) {
                    return new CountRequest(properties);
                };

                CountRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.shardKey != null && $Object.hasOwnProperty.call(message, "shardKey"))
                        $root.slg.common.v1.Value.encode(message.shardKey, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CountRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.CountRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.shardKey = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, message.shardKey);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CountRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.CountRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.CountRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.CountRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.shardKey != null) {
                        if (!$util.isObject(object.shardKey))
                            throw $TypeError(".slg.dbproxy.v1.CountRequest.shardKey: object expected");
                        message.shardKey = $root.slg.common.v1.Value.fromObject(object.shardKey, _depth + 1);
                    }
                    return message;
                };

                CountRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.table = "";
                        object.shardKey = null;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.shardKey != null && $Object.hasOwnProperty.call(message, "shardKey"))
                        object.shardKey = $root.slg.common.v1.Value.toObject(message.shardKey, options, _depth + 1);
                    return object;
                };

                CountRequest.prototype.toJSON = function() {
                    return CountRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                CountRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.CountRequest";
                };

                return CountRequest;
            })();

            v1.CountResponse = (function() {

                const CountResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                CountResponse.prototype.count = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                CountResponse.create = function(properties) {
                    return new CountResponse(properties);
                };

                CountResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.count != null && $Object.hasOwnProperty.call(message, "count") && (typeof message.count === "object" ? message.count.low || message.count.high : message.count !== 0))
                        writer.uint32(8).int64(message.count);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                CountResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.CountResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.count = value;
                                else
                                    delete message.count;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                CountResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.CountResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.CountResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.CountResponse();
                    if (object.count != null)
                        if (typeof object.count === "object" ? object.count.low || object.count.high : $Number(object.count) !== 0)
                            if ($util.Long)
                                message.count = $util.Long.fromValue(object.count, false);
                            else if (typeof object.count === "string")
                                message.count = $parseInt(object.count, 10);
                            else if (typeof object.count === "number")
                                message.count = object.count;
                            else if (typeof object.count === "object")
                                message.count = new $util.LongBits(object.count.low >>> 0, object.count.high >>> 0).toNumber();
                    return message;
                };

                CountResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.count = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.count = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.count != null && $Object.hasOwnProperty.call(message, "count"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.count = typeof message.count === "number" ? $BigInt(message.count) : $util.Long.fromBits(message.count.low >>> 0, message.count.high >>> 0, false).toBigInt();
                        else if (typeof message.count === "number")
                            object.count = options.longs === $String ? $String(message.count) : message.count;
                        else
                            object.count = options.longs === $String ? $util.Long.prototype.toString.call(message.count) : options.longs === $Number ? new $util.LongBits(message.count.low >>> 0, message.count.high >>> 0).toNumber() : message.count;
                    return object;
                };

                CountResponse.prototype.toJSON = function() {
                    return CountResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                CountResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.CountResponse";
                };

                return CountResponse;
            })();

            v1.InsertRequest = (function() {

                const InsertRequest = function (properties) {
                    this.fields = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                InsertRequest.prototype.table = "";
                InsertRequest.prototype.fields = $util.emptyObject;

                InsertRequest.create = function(properties) {
                    return new InsertRequest(properties);
                };

                InsertRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.fields != null && $Object.hasOwnProperty.call(message, "fields"))
                        for (let keys = $Object.keys(message.fields), i = 0; i < keys.length; ++i) {
                            writer.uint32(18).fork().uint32(10).string(keys[i]);
                            $root.slg.common.v1.Value.encode(message.fields[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                InsertRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.InsertRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (message.fields === $util.emptyObject)
                                    message.fields = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.fields, key);
                                message.fields[key] = value || new $root.slg.common.v1.Value();
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                InsertRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.InsertRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.InsertRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.InsertRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.fields) {
                        if (!$util.isObject(object.fields))
                            throw $TypeError(".slg.dbproxy.v1.InsertRequest.fields: object expected");
                        message.fields = {};
                        for (let keys = $Object.keys(object.fields), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.fields, keys[i]);
                            if (!$util.isObject(object.fields[keys[i]]))
                                throw $TypeError(".slg.dbproxy.v1.InsertRequest.fields: object expected");
                            message.fields[keys[i]] = $root.slg.common.v1.Value.fromObject(object.fields[keys[i]], _depth + 1);
                        }
                    }
                    return message;
                };

                InsertRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.objects || options.defaults)
                        object.fields = {};
                    if (options.defaults)
                        object.table = "";
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    let keys2;
                    if (message.fields && (keys2 = $Object.keys(message.fields)).length) {
                        object.fields = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.fields, keys2[j]);
                            object.fields[keys2[j]] = $root.slg.common.v1.Value.toObject(message.fields[keys2[j]], options, _depth + 1);
                        }
                    }
                    return object;
                };

                InsertRequest.prototype.toJSON = function() {
                    return InsertRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                InsertRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.InsertRequest";
                };

                return InsertRequest;
            })();

            v1.UpdateRequest = (function() {

                const UpdateRequest = function (properties) {
                    this.key = [];
                    this.fields = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                UpdateRequest.prototype.table = "";
                UpdateRequest.prototype.key = $util.emptyArray;
                UpdateRequest.prototype.fields = $util.emptyObject;
                UpdateRequest.prototype.expectedVersion = null;

                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(UpdateRequest.prototype, "_expectedVersion", {
                    get: $util.oneOfGetter($oneOfFields = ["expectedVersion"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                UpdateRequest.create = function(properties) {
                    return new UpdateRequest(properties);
                };

                UpdateRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.key != null && message.key.length)
                        for (let i = 0; i < message.key.length; ++i)
                            $root.slg.common.v1.Value.encode(message.key[i], writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.fields != null && $Object.hasOwnProperty.call(message, "fields"))
                        for (let keys = $Object.keys(message.fields), i = 0; i < keys.length; ++i) {
                            writer.uint32(26).fork().uint32(10).string(keys[i]);
                            $root.slg.common.v1.Value.encode(message.fields[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.expectedVersion != null && $Object.hasOwnProperty.call(message, "expectedVersion"))
                        writer.uint32(32).int64(message.expectedVersion);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                UpdateRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.UpdateRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.key && message.key.length))
                                    message.key = [];
                                message.key.push($root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if (message.fields === $util.emptyObject)
                                    message.fields = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.fields, key);
                                message.fields[key] = value || new $root.slg.common.v1.Value();
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                message.expectedVersion = reader.int64();
                                message._expectedVersion = "expectedVersion";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                UpdateRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.UpdateRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.UpdateRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.UpdateRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.key) {
                        if (!$Array.isArray(object.key))
                            throw $TypeError(".slg.dbproxy.v1.UpdateRequest.key: array expected");
                        message.key = $Array(object.key.length);
                        for (let i = 0; i < object.key.length; ++i) {
                            if (!$util.isObject(object.key[i]))
                                throw $TypeError(".slg.dbproxy.v1.UpdateRequest.key: object expected");
                            message.key[i] = $root.slg.common.v1.Value.fromObject(object.key[i], _depth + 1);
                        }
                    }
                    if (object.fields) {
                        if (!$util.isObject(object.fields))
                            throw $TypeError(".slg.dbproxy.v1.UpdateRequest.fields: object expected");
                        message.fields = {};
                        for (let keys = $Object.keys(object.fields), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.fields, keys[i]);
                            if (!$util.isObject(object.fields[keys[i]]))
                                throw $TypeError(".slg.dbproxy.v1.UpdateRequest.fields: object expected");
                            message.fields[keys[i]] = $root.slg.common.v1.Value.fromObject(object.fields[keys[i]], _depth + 1);
                        }
                    }
                    if (object.expectedVersion != null)
                        if ($util.Long)
                            message.expectedVersion = $util.Long.fromValue(object.expectedVersion, false);
                        else if (typeof object.expectedVersion === "string")
                            message.expectedVersion = $parseInt(object.expectedVersion, 10);
                        else if (typeof object.expectedVersion === "number")
                            message.expectedVersion = object.expectedVersion;
                        else if (typeof object.expectedVersion === "object")
                            message.expectedVersion = new $util.LongBits(object.expectedVersion.low >>> 0, object.expectedVersion.high >>> 0).toNumber();
                    return message;
                };

                UpdateRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.key = [];
                    if (options.objects || options.defaults)
                        object.fields = {};
                    if (options.defaults)
                        object.table = "";
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.key && message.key.length) {
                        object.key = $Array(message.key.length);
                        for (let j = 0; j < message.key.length; ++j)
                            object.key[j] = $root.slg.common.v1.Value.toObject(message.key[j], options, _depth + 1);
                    }
                    let keys2;
                    if (message.fields && (keys2 = $Object.keys(message.fields)).length) {
                        object.fields = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.fields, keys2[j]);
                            object.fields[keys2[j]] = $root.slg.common.v1.Value.toObject(message.fields[keys2[j]], options, _depth + 1);
                        }
                    }
                    if (message.expectedVersion != null && $Object.hasOwnProperty.call(message, "expectedVersion"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.expectedVersion = typeof message.expectedVersion === "number" ? $BigInt(message.expectedVersion) : $util.Long.fromBits(message.expectedVersion.low >>> 0, message.expectedVersion.high >>> 0, false).toBigInt();
                        else if (typeof message.expectedVersion === "number")
                            object.expectedVersion = options.longs === $String ? $String(message.expectedVersion) : message.expectedVersion;
                        else
                            object.expectedVersion = options.longs === $String ? $util.Long.prototype.toString.call(message.expectedVersion) : options.longs === $Number ? new $util.LongBits(message.expectedVersion.low >>> 0, message.expectedVersion.high >>> 0).toNumber() : message.expectedVersion;
                    return object;
                };

                UpdateRequest.prototype.toJSON = function() {
                    return UpdateRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                UpdateRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.UpdateRequest";
                };

                return UpdateRequest;
            })();

            v1.WriteResponse = (function() {

                const WriteResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                WriteResponse.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                WriteResponse.create = function(properties) {
                    return new WriteResponse(properties);
                };

                WriteResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && (typeof message.version === "object" ? message.version.low || message.version.high : message.version !== 0))
                        writer.uint32(8).int64(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                WriteResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.WriteResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                WriteResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.WriteResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.WriteResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.WriteResponse();
                    if (object.version != null)
                        if (typeof object.version === "object" ? object.version.low || object.version.high : $Number(object.version) !== 0)
                            if ($util.Long)
                                message.version = $util.Long.fromValue(object.version, false);
                            else if (typeof object.version === "string")
                                message.version = $parseInt(object.version, 10);
                            else if (typeof object.version === "number")
                                message.version = object.version;
                            else if (typeof object.version === "object")
                                message.version = new $util.LongBits(object.version.low >>> 0, object.version.high >>> 0).toNumber();
                    return message;
                };

                WriteResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.version = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.version = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.version = typeof message.version === "number" ? $BigInt(message.version) : $util.Long.fromBits(message.version.low >>> 0, message.version.high >>> 0, false).toBigInt();
                        else if (typeof message.version === "number")
                            object.version = options.longs === $String ? $String(message.version) : message.version;
                        else
                            object.version = options.longs === $String ? $util.Long.prototype.toString.call(message.version) : options.longs === $Number ? new $util.LongBits(message.version.low >>> 0, message.version.high >>> 0).toNumber() : message.version;
                    return object;
                };

                WriteResponse.prototype.toJSON = function() {
                    return WriteResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                WriteResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.WriteResponse";
                };

                return WriteResponse;
            })();

            v1.IncrementRequest = (function() {

                const IncrementRequest = function (properties) {
                    this.key = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                IncrementRequest.prototype.table = "";
                IncrementRequest.prototype.key = $util.emptyArray;
                IncrementRequest.prototype.field = "";
                IncrementRequest.prototype.delta = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                IncrementRequest.prototype.floor = null;
                IncrementRequest.prototype.ceiling = null;
                IncrementRequest.prototype.expectedVersion = null;

                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(IncrementRequest.prototype, "_floor", {
                    get: $util.oneOfGetter($oneOfFields = ["floor"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(IncrementRequest.prototype, "_ceiling", {
                    get: $util.oneOfGetter($oneOfFields = ["ceiling"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(IncrementRequest.prototype, "_expectedVersion", {
                    get: $util.oneOfGetter($oneOfFields = ["expectedVersion"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                IncrementRequest.create = function(properties) {
                    return new IncrementRequest(properties);
                };

                IncrementRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.key != null && message.key.length)
                        for (let i = 0; i < message.key.length; ++i)
                            $root.slg.common.v1.Value.encode(message.key[i], writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.field != null && $Object.hasOwnProperty.call(message, "field") && message.field !== "")
                        writer.uint32(26).string(message.field);
                    if (message.delta != null && $Object.hasOwnProperty.call(message, "delta") && (typeof message.delta === "object" ? message.delta.low || message.delta.high : message.delta !== 0))
                        writer.uint32(32).int64(message.delta);
                    if (message.floor != null && $Object.hasOwnProperty.call(message, "floor"))
                        writer.uint32(40).int64(message.floor);
                    if (message.ceiling != null && $Object.hasOwnProperty.call(message, "ceiling"))
                        writer.uint32(48).int64(message.ceiling);
                    if (message.expectedVersion != null && $Object.hasOwnProperty.call(message, "expectedVersion"))
                        writer.uint32(56).int64(message.expectedVersion);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                IncrementRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.IncrementRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.key && message.key.length))
                                    message.key = [];
                                message.key.push($root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.field = value;
                                else
                                    delete message.field;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.delta = value;
                                else
                                    delete message.delta;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                message.floor = reader.int64();
                                message._floor = "floor";
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                message.ceiling = reader.int64();
                                message._ceiling = "ceiling";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                message.expectedVersion = reader.int64();
                                message._expectedVersion = "expectedVersion";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                IncrementRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.IncrementRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.IncrementRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.IncrementRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.key) {
                        if (!$Array.isArray(object.key))
                            throw $TypeError(".slg.dbproxy.v1.IncrementRequest.key: array expected");
                        message.key = $Array(object.key.length);
                        for (let i = 0; i < object.key.length; ++i) {
                            if (!$util.isObject(object.key[i]))
                                throw $TypeError(".slg.dbproxy.v1.IncrementRequest.key: object expected");
                            message.key[i] = $root.slg.common.v1.Value.fromObject(object.key[i], _depth + 1);
                        }
                    }
                    if (object.field != null)
                        if (typeof object.field !== "string" || object.field.length)
                            message.field = $String(object.field);
                    if (object.delta != null)
                        if (typeof object.delta === "object" ? object.delta.low || object.delta.high : $Number(object.delta) !== 0)
                            if ($util.Long)
                                message.delta = $util.Long.fromValue(object.delta, false);
                            else if (typeof object.delta === "string")
                                message.delta = $parseInt(object.delta, 10);
                            else if (typeof object.delta === "number")
                                message.delta = object.delta;
                            else if (typeof object.delta === "object")
                                message.delta = new $util.LongBits(object.delta.low >>> 0, object.delta.high >>> 0).toNumber();
                    if (object.floor != null)
                        if ($util.Long)
                            message.floor = $util.Long.fromValue(object.floor, false);
                        else if (typeof object.floor === "string")
                            message.floor = $parseInt(object.floor, 10);
                        else if (typeof object.floor === "number")
                            message.floor = object.floor;
                        else if (typeof object.floor === "object")
                            message.floor = new $util.LongBits(object.floor.low >>> 0, object.floor.high >>> 0).toNumber();
                    if (object.ceiling != null)
                        if ($util.Long)
                            message.ceiling = $util.Long.fromValue(object.ceiling, false);
                        else if (typeof object.ceiling === "string")
                            message.ceiling = $parseInt(object.ceiling, 10);
                        else if (typeof object.ceiling === "number")
                            message.ceiling = object.ceiling;
                        else if (typeof object.ceiling === "object")
                            message.ceiling = new $util.LongBits(object.ceiling.low >>> 0, object.ceiling.high >>> 0).toNumber();
                    if (object.expectedVersion != null)
                        if ($util.Long)
                            message.expectedVersion = $util.Long.fromValue(object.expectedVersion, false);
                        else if (typeof object.expectedVersion === "string")
                            message.expectedVersion = $parseInt(object.expectedVersion, 10);
                        else if (typeof object.expectedVersion === "number")
                            message.expectedVersion = object.expectedVersion;
                        else if (typeof object.expectedVersion === "object")
                            message.expectedVersion = new $util.LongBits(object.expectedVersion.low >>> 0, object.expectedVersion.high >>> 0).toNumber();
                    return message;
                };

                IncrementRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.key = [];
                    if (options.defaults) {
                        object.table = "";
                        object.field = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.delta = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.delta = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.key && message.key.length) {
                        object.key = $Array(message.key.length);
                        for (let j = 0; j < message.key.length; ++j)
                            object.key[j] = $root.slg.common.v1.Value.toObject(message.key[j], options, _depth + 1);
                    }
                    if (message.field != null && $Object.hasOwnProperty.call(message, "field"))
                        object.field = message.field;
                    if (message.delta != null && $Object.hasOwnProperty.call(message, "delta"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.delta = typeof message.delta === "number" ? $BigInt(message.delta) : $util.Long.fromBits(message.delta.low >>> 0, message.delta.high >>> 0, false).toBigInt();
                        else if (typeof message.delta === "number")
                            object.delta = options.longs === $String ? $String(message.delta) : message.delta;
                        else
                            object.delta = options.longs === $String ? $util.Long.prototype.toString.call(message.delta) : options.longs === $Number ? new $util.LongBits(message.delta.low >>> 0, message.delta.high >>> 0).toNumber() : message.delta;
                    if (message.floor != null && $Object.hasOwnProperty.call(message, "floor"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.floor = typeof message.floor === "number" ? $BigInt(message.floor) : $util.Long.fromBits(message.floor.low >>> 0, message.floor.high >>> 0, false).toBigInt();
                        else if (typeof message.floor === "number")
                            object.floor = options.longs === $String ? $String(message.floor) : message.floor;
                        else
                            object.floor = options.longs === $String ? $util.Long.prototype.toString.call(message.floor) : options.longs === $Number ? new $util.LongBits(message.floor.low >>> 0, message.floor.high >>> 0).toNumber() : message.floor;
                    if (message.ceiling != null && $Object.hasOwnProperty.call(message, "ceiling"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.ceiling = typeof message.ceiling === "number" ? $BigInt(message.ceiling) : $util.Long.fromBits(message.ceiling.low >>> 0, message.ceiling.high >>> 0, false).toBigInt();
                        else if (typeof message.ceiling === "number")
                            object.ceiling = options.longs === $String ? $String(message.ceiling) : message.ceiling;
                        else
                            object.ceiling = options.longs === $String ? $util.Long.prototype.toString.call(message.ceiling) : options.longs === $Number ? new $util.LongBits(message.ceiling.low >>> 0, message.ceiling.high >>> 0).toNumber() : message.ceiling;
                    if (message.expectedVersion != null && $Object.hasOwnProperty.call(message, "expectedVersion"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.expectedVersion = typeof message.expectedVersion === "number" ? $BigInt(message.expectedVersion) : $util.Long.fromBits(message.expectedVersion.low >>> 0, message.expectedVersion.high >>> 0, false).toBigInt();
                        else if (typeof message.expectedVersion === "number")
                            object.expectedVersion = options.longs === $String ? $String(message.expectedVersion) : message.expectedVersion;
                        else
                            object.expectedVersion = options.longs === $String ? $util.Long.prototype.toString.call(message.expectedVersion) : options.longs === $Number ? new $util.LongBits(message.expectedVersion.low >>> 0, message.expectedVersion.high >>> 0).toNumber() : message.expectedVersion;
                    return object;
                };

                IncrementRequest.prototype.toJSON = function() {
                    return IncrementRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                IncrementRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.IncrementRequest";
                };

                return IncrementRequest;
            })();

            v1.IncrementResponse = (function() {

                const IncrementResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                IncrementResponse.prototype.value = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                IncrementResponse.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                IncrementResponse.create = function(properties) {
                    return new IncrementResponse(properties);
                };

                IncrementResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.value != null && $Object.hasOwnProperty.call(message, "value") && (typeof message.value === "object" ? message.value.low || message.value.high : message.value !== 0))
                        writer.uint32(8).int64(message.value);
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && (typeof message.version === "object" ? message.version.low || message.version.high : message.version !== 0))
                        writer.uint32(16).int64(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                IncrementResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.IncrementResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.value = value;
                                else
                                    delete message.value;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                IncrementResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.IncrementResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.IncrementResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.IncrementResponse();
                    if (object.value != null)
                        if (typeof object.value === "object" ? object.value.low || object.value.high : $Number(object.value) !== 0)
                            if ($util.Long)
                                message.value = $util.Long.fromValue(object.value, false);
                            else if (typeof object.value === "string")
                                message.value = $parseInt(object.value, 10);
                            else if (typeof object.value === "number")
                                message.value = object.value;
                            else if (typeof object.value === "object")
                                message.value = new $util.LongBits(object.value.low >>> 0, object.value.high >>> 0).toNumber();
                    if (object.version != null)
                        if (typeof object.version === "object" ? object.version.low || object.version.high : $Number(object.version) !== 0)
                            if ($util.Long)
                                message.version = $util.Long.fromValue(object.version, false);
                            else if (typeof object.version === "string")
                                message.version = $parseInt(object.version, 10);
                            else if (typeof object.version === "number")
                                message.version = object.version;
                            else if (typeof object.version === "object")
                                message.version = new $util.LongBits(object.version.low >>> 0, object.version.high >>> 0).toNumber();
                    return message;
                };

                IncrementResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.value = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.value = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.version = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.version = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (message.value != null && $Object.hasOwnProperty.call(message, "value"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.value = typeof message.value === "number" ? $BigInt(message.value) : $util.Long.fromBits(message.value.low >>> 0, message.value.high >>> 0, false).toBigInt();
                        else if (typeof message.value === "number")
                            object.value = options.longs === $String ? $String(message.value) : message.value;
                        else
                            object.value = options.longs === $String ? $util.Long.prototype.toString.call(message.value) : options.longs === $Number ? new $util.LongBits(message.value.low >>> 0, message.value.high >>> 0).toNumber() : message.value;
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.version = typeof message.version === "number" ? $BigInt(message.version) : $util.Long.fromBits(message.version.low >>> 0, message.version.high >>> 0, false).toBigInt();
                        else if (typeof message.version === "number")
                            object.version = options.longs === $String ? $String(message.version) : message.version;
                        else
                            object.version = options.longs === $String ? $util.Long.prototype.toString.call(message.version) : options.longs === $Number ? new $util.LongBits(message.version.low >>> 0, message.version.high >>> 0).toNumber() : message.version;
                    return object;
                };

                IncrementResponse.prototype.toJSON = function() {
                    return IncrementResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                IncrementResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.IncrementResponse";
                };

                return IncrementResponse;
            })();

            v1.DeleteRequest = (function() {

                const DeleteRequest = function (properties) {
                    this.key = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                DeleteRequest.prototype.table = "";
                DeleteRequest.prototype.key = $util.emptyArray;
                DeleteRequest.prototype.expectedVersion = null;

                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(DeleteRequest.prototype, "_expectedVersion", {
                    get: $util.oneOfGetter($oneOfFields = ["expectedVersion"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                DeleteRequest.create = function(properties) {
                    return new DeleteRequest(properties);
                };

                DeleteRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.key != null && message.key.length)
                        for (let i = 0; i < message.key.length; ++i)
                            $root.slg.common.v1.Value.encode(message.key[i], writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.expectedVersion != null && $Object.hasOwnProperty.call(message, "expectedVersion"))
                        writer.uint32(24).int64(message.expectedVersion);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                DeleteRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.DeleteRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.key && message.key.length))
                                    message.key = [];
                                message.key.push($root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                message.expectedVersion = reader.int64();
                                message._expectedVersion = "expectedVersion";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                DeleteRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.DeleteRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.DeleteRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.DeleteRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.key) {
                        if (!$Array.isArray(object.key))
                            throw $TypeError(".slg.dbproxy.v1.DeleteRequest.key: array expected");
                        message.key = $Array(object.key.length);
                        for (let i = 0; i < object.key.length; ++i) {
                            if (!$util.isObject(object.key[i]))
                                throw $TypeError(".slg.dbproxy.v1.DeleteRequest.key: object expected");
                            message.key[i] = $root.slg.common.v1.Value.fromObject(object.key[i], _depth + 1);
                        }
                    }
                    if (object.expectedVersion != null)
                        if ($util.Long)
                            message.expectedVersion = $util.Long.fromValue(object.expectedVersion, false);
                        else if (typeof object.expectedVersion === "string")
                            message.expectedVersion = $parseInt(object.expectedVersion, 10);
                        else if (typeof object.expectedVersion === "number")
                            message.expectedVersion = object.expectedVersion;
                        else if (typeof object.expectedVersion === "object")
                            message.expectedVersion = new $util.LongBits(object.expectedVersion.low >>> 0, object.expectedVersion.high >>> 0).toNumber();
                    return message;
                };

                DeleteRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.key = [];
                    if (options.defaults)
                        object.table = "";
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.key && message.key.length) {
                        object.key = $Array(message.key.length);
                        for (let j = 0; j < message.key.length; ++j)
                            object.key[j] = $root.slg.common.v1.Value.toObject(message.key[j], options, _depth + 1);
                    }
                    if (message.expectedVersion != null && $Object.hasOwnProperty.call(message, "expectedVersion"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.expectedVersion = typeof message.expectedVersion === "number" ? $BigInt(message.expectedVersion) : $util.Long.fromBits(message.expectedVersion.low >>> 0, message.expectedVersion.high >>> 0, false).toBigInt();
                        else if (typeof message.expectedVersion === "number")
                            object.expectedVersion = options.longs === $String ? $String(message.expectedVersion) : message.expectedVersion;
                        else
                            object.expectedVersion = options.longs === $String ? $util.Long.prototype.toString.call(message.expectedVersion) : options.longs === $Number ? new $util.LongBits(message.expectedVersion.low >>> 0, message.expectedVersion.high >>> 0).toNumber() : message.expectedVersion;
                    return object;
                };

                DeleteRequest.prototype.toJSON = function() {
                    return DeleteRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                DeleteRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.DeleteRequest";
                };

                return DeleteRequest;
            })();

            v1.DeleteResponse = (function() {

                const DeleteResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                DeleteResponse.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                DeleteResponse.create = function(properties) {
                    return new DeleteResponse(properties);
                };

                DeleteResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && (typeof message.version === "object" ? message.version.low || message.version.high : message.version !== 0))
                        writer.uint32(8).int64(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                DeleteResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.DeleteResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                DeleteResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.DeleteResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.DeleteResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.DeleteResponse();
                    if (object.version != null)
                        if (typeof object.version === "object" ? object.version.low || object.version.high : $Number(object.version) !== 0)
                            if ($util.Long)
                                message.version = $util.Long.fromValue(object.version, false);
                            else if (typeof object.version === "string")
                                message.version = $parseInt(object.version, 10);
                            else if (typeof object.version === "number")
                                message.version = object.version;
                            else if (typeof object.version === "object")
                                message.version = new $util.LongBits(object.version.low >>> 0, object.version.high >>> 0).toNumber();
                    return message;
                };

                DeleteResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.version = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.version = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.version = typeof message.version === "number" ? $BigInt(message.version) : $util.Long.fromBits(message.version.low >>> 0, message.version.high >>> 0, false).toBigInt();
                        else if (typeof message.version === "number")
                            object.version = options.longs === $String ? $String(message.version) : message.version;
                        else
                            object.version = options.longs === $String ? $util.Long.prototype.toString.call(message.version) : options.longs === $Number ? new $util.LongBits(message.version.low >>> 0, message.version.high >>> 0).toNumber() : message.version;
                    return object;
                };

                DeleteResponse.prototype.toJSON = function() {
                    return DeleteResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                DeleteResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.DeleteResponse";
                };

                return DeleteResponse;
            })();

            v1.KeyRest = (function() {

                const KeyRest = function (properties) {
                    this.values = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                KeyRest.prototype.values = $util.emptyArray;

                KeyRest.create = function(properties) {
                    return new KeyRest(properties);
                };

                KeyRest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.values != null && message.values.length)
                        for (let i = 0; i < message.values.length; ++i)
                            $root.slg.common.v1.Value.encode(message.values[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                KeyRest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.KeyRest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.values && message.values.length))
                                    message.values = [];
                                message.values.push($root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                KeyRest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.KeyRest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.KeyRest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.KeyRest();
                    if (object.values) {
                        if (!$Array.isArray(object.values))
                            throw $TypeError(".slg.dbproxy.v1.KeyRest.values: array expected");
                        message.values = $Array(object.values.length);
                        for (let i = 0; i < object.values.length; ++i) {
                            if (!$util.isObject(object.values[i]))
                                throw $TypeError(".slg.dbproxy.v1.KeyRest.values: object expected");
                            message.values[i] = $root.slg.common.v1.Value.fromObject(object.values[i], _depth + 1);
                        }
                    }
                    return message;
                };

                KeyRest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.values = [];
                    if (message.values && message.values.length) {
                        object.values = $Array(message.values.length);
                        for (let j = 0; j < message.values.length; ++j)
                            object.values[j] = $root.slg.common.v1.Value.toObject(message.values[j], options, _depth + 1);
                    }
                    return object;
                };

                KeyRest.prototype.toJSON = function() {
                    return KeyRest.toObject(this, $protobuf.util.toJSONOptions);
                };

                KeyRest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.KeyRest";
                };

                return KeyRest;
            })();

            v1.DeleteManyRequest = (function() {

                const DeleteManyRequest = function (properties) {
                    this.members = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                DeleteManyRequest.prototype.table = "";
                DeleteManyRequest.prototype.shardKey = null;
                DeleteManyRequest.prototype.members = $util.emptyArray;
                DeleteManyRequest.prototype.all = false;

                DeleteManyRequest.create = function(properties) {
                    return new DeleteManyRequest(properties);
                };

                DeleteManyRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                        writer.uint32(10).string(message.table);
                    if (message.shardKey != null && $Object.hasOwnProperty.call(message, "shardKey"))
                        $root.slg.common.v1.Value.encode(message.shardKey, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.members != null && message.members.length)
                        for (let i = 0; i < message.members.length; ++i)
                            $root.slg.dbproxy.v1.KeyRest.encode(message.members[i], writer.uint32(26).fork(), _depth + 1).ldelim();
                    if (message.all != null && $Object.hasOwnProperty.call(message, "all") && message.all !== false)
                        writer.uint32(32).bool(message.all);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                DeleteManyRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.DeleteManyRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.table = value;
                                else
                                    delete message.table;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.shardKey = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, message.shardKey);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.members && message.members.length))
                                    message.members = [];
                                message.members.push($root.slg.dbproxy.v1.KeyRest.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.all = value;
                                else
                                    delete message.all;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                DeleteManyRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.DeleteManyRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.DeleteManyRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.DeleteManyRequest();
                    if (object.table != null)
                        if (typeof object.table !== "string" || object.table.length)
                            message.table = $String(object.table);
                    if (object.shardKey != null) {
                        if (!$util.isObject(object.shardKey))
                            throw $TypeError(".slg.dbproxy.v1.DeleteManyRequest.shardKey: object expected");
                        message.shardKey = $root.slg.common.v1.Value.fromObject(object.shardKey, _depth + 1);
                    }
                    if (object.members) {
                        if (!$Array.isArray(object.members))
                            throw $TypeError(".slg.dbproxy.v1.DeleteManyRequest.members: array expected");
                        message.members = $Array(object.members.length);
                        for (let i = 0; i < object.members.length; ++i) {
                            if (!$util.isObject(object.members[i]))
                                throw $TypeError(".slg.dbproxy.v1.DeleteManyRequest.members: object expected");
                            message.members[i] = $root.slg.dbproxy.v1.KeyRest.fromObject(object.members[i], _depth + 1);
                        }
                    }
                    if (object.all != null)
                        if (object.all)
                            message.all = $Boolean(object.all);
                    return message;
                };

                DeleteManyRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.members = [];
                    if (options.defaults) {
                        object.table = "";
                        object.shardKey = null;
                        object.all = false;
                    }
                    if (message.table != null && $Object.hasOwnProperty.call(message, "table"))
                        object.table = message.table;
                    if (message.shardKey != null && $Object.hasOwnProperty.call(message, "shardKey"))
                        object.shardKey = $root.slg.common.v1.Value.toObject(message.shardKey, options, _depth + 1);
                    if (message.members && message.members.length) {
                        object.members = $Array(message.members.length);
                        for (let j = 0; j < message.members.length; ++j)
                            object.members[j] = $root.slg.dbproxy.v1.KeyRest.toObject(message.members[j], options, _depth + 1);
                    }
                    if (message.all != null && $Object.hasOwnProperty.call(message, "all"))
                        object.all = message.all;
                    return object;
                };

                DeleteManyRequest.prototype.toJSON = function() {
                    return DeleteManyRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                DeleteManyRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.DeleteManyRequest";
                };

                return DeleteManyRequest;
            })();

            v1.DeleteManyResponse = (function() {

                const DeleteManyResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                DeleteManyResponse.prototype.deleted = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                DeleteManyResponse.create = function(properties) {
                    return new DeleteManyResponse(properties);
                };

                DeleteManyResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.deleted != null && $Object.hasOwnProperty.call(message, "deleted") && (typeof message.deleted === "object" ? message.deleted.low || message.deleted.high : message.deleted !== 0))
                        writer.uint32(8).int64(message.deleted);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                DeleteManyResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.DeleteManyResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.deleted = value;
                                else
                                    delete message.deleted;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                DeleteManyResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.DeleteManyResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.DeleteManyResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.DeleteManyResponse();
                    if (object.deleted != null)
                        if (typeof object.deleted === "object" ? object.deleted.low || object.deleted.high : $Number(object.deleted) !== 0)
                            if ($util.Long)
                                message.deleted = $util.Long.fromValue(object.deleted, false);
                            else if (typeof object.deleted === "string")
                                message.deleted = $parseInt(object.deleted, 10);
                            else if (typeof object.deleted === "number")
                                message.deleted = object.deleted;
                            else if (typeof object.deleted === "object")
                                message.deleted = new $util.LongBits(object.deleted.low >>> 0, object.deleted.high >>> 0).toNumber();
                    return message;
                };

                DeleteManyResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.deleted = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.deleted = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.deleted != null && $Object.hasOwnProperty.call(message, "deleted"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.deleted = typeof message.deleted === "number" ? $BigInt(message.deleted) : $util.Long.fromBits(message.deleted.low >>> 0, message.deleted.high >>> 0, false).toBigInt();
                        else if (typeof message.deleted === "number")
                            object.deleted = options.longs === $String ? $String(message.deleted) : message.deleted;
                        else
                            object.deleted = options.longs === $String ? $util.Long.prototype.toString.call(message.deleted) : options.longs === $Number ? new $util.LongBits(message.deleted.low >>> 0, message.deleted.high >>> 0).toNumber() : message.deleted;
                    return object;
                };

                DeleteManyResponse.prototype.toJSON = function() {
                    return DeleteManyResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                DeleteManyResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.DeleteManyResponse";
                };

                return DeleteManyResponse;
            })();

            v1.BatchOp = (function() {

                const BatchOp = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                BatchOp.prototype.insert = null;
                BatchOp.prototype.update = null;
                BatchOp.prototype.increment = null;
                BatchOp.prototype["delete"] = null;
                BatchOp.prototype.deleteMany = null;

                let $oneOfFields;

                $Object.defineProperty(BatchOp.prototype, "op", {
                    get: $util.oneOfGetter($oneOfFields = ["insert", "update", "increment", "delete", "deleteMany"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                BatchOp.create = function(properties) {
                    return new BatchOp(properties);
                };

                BatchOp.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.insert != null && $Object.hasOwnProperty.call(message, "insert"))
                        $root.slg.dbproxy.v1.InsertRequest.encode(message.insert, writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.update != null && $Object.hasOwnProperty.call(message, "update"))
                        $root.slg.dbproxy.v1.UpdateRequest.encode(message.update, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.increment != null && $Object.hasOwnProperty.call(message, "increment"))
                        $root.slg.dbproxy.v1.IncrementRequest.encode(message.increment, writer.uint32(26).fork(), _depth + 1).ldelim();
                    if (message["delete"] != null && $Object.hasOwnProperty.call(message, "delete"))
                        $root.slg.dbproxy.v1.DeleteRequest.encode(message["delete"], writer.uint32(34).fork(), _depth + 1).ldelim();
                    if (message.deleteMany != null && $Object.hasOwnProperty.call(message, "deleteMany"))
                        $root.slg.dbproxy.v1.DeleteManyRequest.encode(message.deleteMany, writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                BatchOp.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.BatchOp();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.insert = $root.slg.dbproxy.v1.InsertRequest.decode(reader, reader.size(), $undefined, _depth + 1, message.insert);
                                message.op = "insert";
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.update = $root.slg.dbproxy.v1.UpdateRequest.decode(reader, reader.size(), $undefined, _depth + 1, message.update);
                                message.op = "update";
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.increment = $root.slg.dbproxy.v1.IncrementRequest.decode(reader, reader.size(), $undefined, _depth + 1, message.increment);
                                message.op = "increment";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message["delete"] = $root.slg.dbproxy.v1.DeleteRequest.decode(reader, reader.size(), $undefined, _depth + 1, message["delete"]);
                                message.op = "delete";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.deleteMany = $root.slg.dbproxy.v1.DeleteManyRequest.decode(reader, reader.size(), $undefined, _depth + 1, message.deleteMany);
                                message.op = "deleteMany";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                BatchOp.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.BatchOp)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.BatchOp: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.BatchOp();
                    if (object.insert != null) {
                        if (!$util.isObject(object.insert))
                            throw $TypeError(".slg.dbproxy.v1.BatchOp.insert: object expected");
                        message.insert = $root.slg.dbproxy.v1.InsertRequest.fromObject(object.insert, _depth + 1);
                    }
                    if (object.update != null) {
                        if (!$util.isObject(object.update))
                            throw $TypeError(".slg.dbproxy.v1.BatchOp.update: object expected");
                        message.update = $root.slg.dbproxy.v1.UpdateRequest.fromObject(object.update, _depth + 1);
                    }
                    if (object.increment != null) {
                        if (!$util.isObject(object.increment))
                            throw $TypeError(".slg.dbproxy.v1.BatchOp.increment: object expected");
                        message.increment = $root.slg.dbproxy.v1.IncrementRequest.fromObject(object.increment, _depth + 1);
                    }
                    if (object["delete"] != null) {
                        if (!$util.isObject(object["delete"]))
                            throw $TypeError(".slg.dbproxy.v1.BatchOp.delete: object expected");
                        message["delete"] = $root.slg.dbproxy.v1.DeleteRequest.fromObject(object["delete"], _depth + 1);
                    }
                    if (object.deleteMany != null) {
                        if (!$util.isObject(object.deleteMany))
                            throw $TypeError(".slg.dbproxy.v1.BatchOp.deleteMany: object expected");
                        message.deleteMany = $root.slg.dbproxy.v1.DeleteManyRequest.fromObject(object.deleteMany, _depth + 1);
                    }
                    return message;
                };

                BatchOp.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (message.insert != null && $Object.hasOwnProperty.call(message, "insert")) {
                        object.insert = $root.slg.dbproxy.v1.InsertRequest.toObject(message.insert, options, _depth + 1);
                        if (options.oneofs)
                            object.op = "insert";
                    }
                    if (message.update != null && $Object.hasOwnProperty.call(message, "update")) {
                        object.update = $root.slg.dbproxy.v1.UpdateRequest.toObject(message.update, options, _depth + 1);
                        if (options.oneofs)
                            object.op = "update";
                    }
                    if (message.increment != null && $Object.hasOwnProperty.call(message, "increment")) {
                        object.increment = $root.slg.dbproxy.v1.IncrementRequest.toObject(message.increment, options, _depth + 1);
                        if (options.oneofs)
                            object.op = "increment";
                    }
                    if (message["delete"] != null && $Object.hasOwnProperty.call(message, "delete")) {
                        object["delete"] = $root.slg.dbproxy.v1.DeleteRequest.toObject(message["delete"], options, _depth + 1);
                        if (options.oneofs)
                            object.op = "delete";
                    }
                    if (message.deleteMany != null && $Object.hasOwnProperty.call(message, "deleteMany")) {
                        object.deleteMany = $root.slg.dbproxy.v1.DeleteManyRequest.toObject(message.deleteMany, options, _depth + 1);
                        if (options.oneofs)
                            object.op = "deleteMany";
                    }
                    return object;
                };

                BatchOp.prototype.toJSON = function() {
                    return BatchOp.toObject(this, $protobuf.util.toJSONOptions);
                };

                BatchOp.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.BatchOp";
                };

                return BatchOp;
            })();

            v1.BatchResult = (function() {

                const BatchResult = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                BatchResult.prototype.insert = null;
                BatchResult.prototype.update = null;
                BatchResult.prototype.increment = null;
                BatchResult.prototype["delete"] = null;
                BatchResult.prototype.deleteMany = null;

                let $oneOfFields;

                $Object.defineProperty(BatchResult.prototype, "result", {
                    get: $util.oneOfGetter($oneOfFields = ["insert", "update", "increment", "delete", "deleteMany"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                BatchResult.create = function(properties) {
                    return new BatchResult(properties);
                };

                BatchResult.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.insert != null && $Object.hasOwnProperty.call(message, "insert"))
                        $root.slg.dbproxy.v1.WriteResponse.encode(message.insert, writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.update != null && $Object.hasOwnProperty.call(message, "update"))
                        $root.slg.dbproxy.v1.WriteResponse.encode(message.update, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.increment != null && $Object.hasOwnProperty.call(message, "increment"))
                        $root.slg.dbproxy.v1.IncrementResponse.encode(message.increment, writer.uint32(26).fork(), _depth + 1).ldelim();
                    if (message["delete"] != null && $Object.hasOwnProperty.call(message, "delete"))
                        $root.slg.dbproxy.v1.DeleteResponse.encode(message["delete"], writer.uint32(34).fork(), _depth + 1).ldelim();
                    if (message.deleteMany != null && $Object.hasOwnProperty.call(message, "deleteMany"))
                        $root.slg.dbproxy.v1.DeleteManyResponse.encode(message.deleteMany, writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                BatchResult.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.BatchResult();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.insert = $root.slg.dbproxy.v1.WriteResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.insert);
                                message.result = "insert";
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.update = $root.slg.dbproxy.v1.WriteResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.update);
                                message.result = "update";
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.increment = $root.slg.dbproxy.v1.IncrementResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.increment);
                                message.result = "increment";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message["delete"] = $root.slg.dbproxy.v1.DeleteResponse.decode(reader, reader.size(), $undefined, _depth + 1, message["delete"]);
                                message.result = "delete";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.deleteMany = $root.slg.dbproxy.v1.DeleteManyResponse.decode(reader, reader.size(), $undefined, _depth + 1, message.deleteMany);
                                message.result = "deleteMany";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                BatchResult.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.BatchResult)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.BatchResult: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.BatchResult();
                    if (object.insert != null) {
                        if (!$util.isObject(object.insert))
                            throw $TypeError(".slg.dbproxy.v1.BatchResult.insert: object expected");
                        message.insert = $root.slg.dbproxy.v1.WriteResponse.fromObject(object.insert, _depth + 1);
                    }
                    if (object.update != null) {
                        if (!$util.isObject(object.update))
                            throw $TypeError(".slg.dbproxy.v1.BatchResult.update: object expected");
                        message.update = $root.slg.dbproxy.v1.WriteResponse.fromObject(object.update, _depth + 1);
                    }
                    if (object.increment != null) {
                        if (!$util.isObject(object.increment))
                            throw $TypeError(".slg.dbproxy.v1.BatchResult.increment: object expected");
                        message.increment = $root.slg.dbproxy.v1.IncrementResponse.fromObject(object.increment, _depth + 1);
                    }
                    if (object["delete"] != null) {
                        if (!$util.isObject(object["delete"]))
                            throw $TypeError(".slg.dbproxy.v1.BatchResult.delete: object expected");
                        message["delete"] = $root.slg.dbproxy.v1.DeleteResponse.fromObject(object["delete"], _depth + 1);
                    }
                    if (object.deleteMany != null) {
                        if (!$util.isObject(object.deleteMany))
                            throw $TypeError(".slg.dbproxy.v1.BatchResult.deleteMany: object expected");
                        message.deleteMany = $root.slg.dbproxy.v1.DeleteManyResponse.fromObject(object.deleteMany, _depth + 1);
                    }
                    return message;
                };

                BatchResult.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (message.insert != null && $Object.hasOwnProperty.call(message, "insert")) {
                        object.insert = $root.slg.dbproxy.v1.WriteResponse.toObject(message.insert, options, _depth + 1);
                        if (options.oneofs)
                            object.result = "insert";
                    }
                    if (message.update != null && $Object.hasOwnProperty.call(message, "update")) {
                        object.update = $root.slg.dbproxy.v1.WriteResponse.toObject(message.update, options, _depth + 1);
                        if (options.oneofs)
                            object.result = "update";
                    }
                    if (message.increment != null && $Object.hasOwnProperty.call(message, "increment")) {
                        object.increment = $root.slg.dbproxy.v1.IncrementResponse.toObject(message.increment, options, _depth + 1);
                        if (options.oneofs)
                            object.result = "increment";
                    }
                    if (message["delete"] != null && $Object.hasOwnProperty.call(message, "delete")) {
                        object["delete"] = $root.slg.dbproxy.v1.DeleteResponse.toObject(message["delete"], options, _depth + 1);
                        if (options.oneofs)
                            object.result = "delete";
                    }
                    if (message.deleteMany != null && $Object.hasOwnProperty.call(message, "deleteMany")) {
                        object.deleteMany = $root.slg.dbproxy.v1.DeleteManyResponse.toObject(message.deleteMany, options, _depth + 1);
                        if (options.oneofs)
                            object.result = "deleteMany";
                    }
                    return object;
                };

                BatchResult.prototype.toJSON = function() {
                    return BatchResult.toObject(this, $protobuf.util.toJSONOptions);
                };

                BatchResult.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.BatchResult";
                };

                return BatchResult;
            })();

            v1.BatchRequest = (function() {

                const BatchRequest = function (properties) {
                    this.ops = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                BatchRequest.prototype.ops = $util.emptyArray;

                BatchRequest.create = function(properties) {
                    return new BatchRequest(properties);
                };

                BatchRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.ops != null && message.ops.length)
                        for (let i = 0; i < message.ops.length; ++i)
                            $root.slg.dbproxy.v1.BatchOp.encode(message.ops[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                BatchRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.BatchRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.ops && message.ops.length))
                                    message.ops = [];
                                message.ops.push($root.slg.dbproxy.v1.BatchOp.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                BatchRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.BatchRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.BatchRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.BatchRequest();
                    if (object.ops) {
                        if (!$Array.isArray(object.ops))
                            throw $TypeError(".slg.dbproxy.v1.BatchRequest.ops: array expected");
                        message.ops = $Array(object.ops.length);
                        for (let i = 0; i < object.ops.length; ++i) {
                            if (!$util.isObject(object.ops[i]))
                                throw $TypeError(".slg.dbproxy.v1.BatchRequest.ops: object expected");
                            message.ops[i] = $root.slg.dbproxy.v1.BatchOp.fromObject(object.ops[i], _depth + 1);
                        }
                    }
                    return message;
                };

                BatchRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.ops = [];
                    if (message.ops && message.ops.length) {
                        object.ops = $Array(message.ops.length);
                        for (let j = 0; j < message.ops.length; ++j)
                            object.ops[j] = $root.slg.dbproxy.v1.BatchOp.toObject(message.ops[j], options, _depth + 1);
                    }
                    return object;
                };

                BatchRequest.prototype.toJSON = function() {
                    return BatchRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                BatchRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.BatchRequest";
                };

                return BatchRequest;
            })();

            v1.BatchResponse = (function() {

                const BatchResponse = function (properties) {
                    this.results = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                BatchResponse.prototype.results = $util.emptyArray;

                BatchResponse.create = function(properties) {
                    return new BatchResponse(properties);
                };

                BatchResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.results != null && message.results.length)
                        for (let i = 0; i < message.results.length; ++i)
                            $root.slg.dbproxy.v1.BatchResult.encode(message.results[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                BatchResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.BatchResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.results && message.results.length))
                                    message.results = [];
                                message.results.push($root.slg.dbproxy.v1.BatchResult.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                BatchResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.BatchResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.BatchResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.BatchResponse();
                    if (object.results) {
                        if (!$Array.isArray(object.results))
                            throw $TypeError(".slg.dbproxy.v1.BatchResponse.results: array expected");
                        message.results = $Array(object.results.length);
                        for (let i = 0; i < object.results.length; ++i) {
                            if (!$util.isObject(object.results[i]))
                                throw $TypeError(".slg.dbproxy.v1.BatchResponse.results: object expected");
                            message.results[i] = $root.slg.dbproxy.v1.BatchResult.fromObject(object.results[i], _depth + 1);
                        }
                    }
                    return message;
                };

                BatchResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.results = [];
                    if (message.results && message.results.length) {
                        object.results = $Array(message.results.length);
                        for (let j = 0; j < message.results.length; ++j)
                            object.results[j] = $root.slg.dbproxy.v1.BatchResult.toObject(message.results[j], options, _depth + 1);
                    }
                    return object;
                };

                BatchResponse.prototype.toJSON = function() {
                    return BatchResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                BatchResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.BatchResponse";
                };

                return BatchResponse;
            })();

            v1.QueryRequest = (function() {

                const QueryRequest = function (properties) {
                    this.params = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                QueryRequest.prototype.name = "";
                QueryRequest.prototype.shardKey = null;
                QueryRequest.prototype.params = $util.emptyObject;

                QueryRequest.create = function(properties) {
                    return new QueryRequest(properties);
                };

                QueryRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(10).string(message.name);
                    if (message.shardKey != null && $Object.hasOwnProperty.call(message, "shardKey"))
                        $root.slg.common.v1.Value.encode(message.shardKey, writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.params != null && $Object.hasOwnProperty.call(message, "params"))
                        for (let keys = $Object.keys(message.params), i = 0; i < keys.length; ++i) {
                            writer.uint32(26).fork().uint32(10).string(keys[i]);
                            $root.slg.common.v1.Value.encode(message.params[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                QueryRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.QueryRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.shardKey = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, message.shardKey);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if (message.params === $util.emptyObject)
                                    message.params = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.slg.common.v1.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.params, key);
                                message.params[key] = value || new $root.slg.common.v1.Value();
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                QueryRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.QueryRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.QueryRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.QueryRequest();
                    if (object.name != null)
                        if (typeof object.name !== "string" || object.name.length)
                            message.name = $String(object.name);
                    if (object.shardKey != null) {
                        if (!$util.isObject(object.shardKey))
                            throw $TypeError(".slg.dbproxy.v1.QueryRequest.shardKey: object expected");
                        message.shardKey = $root.slg.common.v1.Value.fromObject(object.shardKey, _depth + 1);
                    }
                    if (object.params) {
                        if (!$util.isObject(object.params))
                            throw $TypeError(".slg.dbproxy.v1.QueryRequest.params: object expected");
                        message.params = {};
                        for (let keys = $Object.keys(object.params), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.params, keys[i]);
                            if (!$util.isObject(object.params[keys[i]]))
                                throw $TypeError(".slg.dbproxy.v1.QueryRequest.params: object expected");
                            message.params[keys[i]] = $root.slg.common.v1.Value.fromObject(object.params[keys[i]], _depth + 1);
                        }
                    }
                    return message;
                };

                QueryRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.objects || options.defaults)
                        object.params = {};
                    if (options.defaults) {
                        object.name = "";
                        object.shardKey = null;
                    }
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                        object.name = message.name;
                    if (message.shardKey != null && $Object.hasOwnProperty.call(message, "shardKey"))
                        object.shardKey = $root.slg.common.v1.Value.toObject(message.shardKey, options, _depth + 1);
                    let keys2;
                    if (message.params && (keys2 = $Object.keys(message.params)).length) {
                        object.params = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.params, keys2[j]);
                            object.params[keys2[j]] = $root.slg.common.v1.Value.toObject(message.params[keys2[j]], options, _depth + 1);
                        }
                    }
                    return object;
                };

                QueryRequest.prototype.toJSON = function() {
                    return QueryRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                QueryRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.QueryRequest";
                };

                return QueryRequest;
            })();

            v1.QueryResponse = (function() {

                const QueryResponse = function (properties) {
                    this.rows = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                QueryResponse.prototype.rows = $util.emptyArray;
                QueryResponse.prototype.affectedRows = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                QueryResponse.create = function(properties) {
                    return new QueryResponse(properties);
                };

                QueryResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.rows != null && message.rows.length)
                        for (let i = 0; i < message.rows.length; ++i)
                            $root.slg.common.v1.Fields.encode(message.rows[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.affectedRows != null && $Object.hasOwnProperty.call(message, "affectedRows") && (typeof message.affectedRows === "object" ? message.affectedRows.low || message.affectedRows.high : message.affectedRows !== 0))
                        writer.uint32(16).int64(message.affectedRows);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                QueryResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.dbproxy.v1.QueryResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.rows && message.rows.length))
                                    message.rows = [];
                                message.rows.push($root.slg.common.v1.Fields.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.affectedRows = value;
                                else
                                    delete message.affectedRows;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                QueryResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.dbproxy.v1.QueryResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.dbproxy.v1.QueryResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.dbproxy.v1.QueryResponse();
                    if (object.rows) {
                        if (!$Array.isArray(object.rows))
                            throw $TypeError(".slg.dbproxy.v1.QueryResponse.rows: array expected");
                        message.rows = $Array(object.rows.length);
                        for (let i = 0; i < object.rows.length; ++i) {
                            if (!$util.isObject(object.rows[i]))
                                throw $TypeError(".slg.dbproxy.v1.QueryResponse.rows: object expected");
                            message.rows[i] = $root.slg.common.v1.Fields.fromObject(object.rows[i], _depth + 1);
                        }
                    }
                    if (object.affectedRows != null)
                        if (typeof object.affectedRows === "object" ? object.affectedRows.low || object.affectedRows.high : $Number(object.affectedRows) !== 0)
                            if ($util.Long)
                                message.affectedRows = $util.Long.fromValue(object.affectedRows, false);
                            else if (typeof object.affectedRows === "string")
                                message.affectedRows = $parseInt(object.affectedRows, 10);
                            else if (typeof object.affectedRows === "number")
                                message.affectedRows = object.affectedRows;
                            else if (typeof object.affectedRows === "object")
                                message.affectedRows = new $util.LongBits(object.affectedRows.low >>> 0, object.affectedRows.high >>> 0).toNumber();
                    return message;
                };

                QueryResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.rows = [];
                    if (options.defaults)
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.affectedRows = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.affectedRows = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    if (message.rows && message.rows.length) {
                        object.rows = $Array(message.rows.length);
                        for (let j = 0; j < message.rows.length; ++j)
                            object.rows[j] = $root.slg.common.v1.Fields.toObject(message.rows[j], options, _depth + 1);
                    }
                    if (message.affectedRows != null && $Object.hasOwnProperty.call(message, "affectedRows"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.affectedRows = typeof message.affectedRows === "number" ? $BigInt(message.affectedRows) : $util.Long.fromBits(message.affectedRows.low >>> 0, message.affectedRows.high >>> 0, false).toBigInt();
                        else if (typeof message.affectedRows === "number")
                            object.affectedRows = options.longs === $String ? $String(message.affectedRows) : message.affectedRows;
                        else
                            object.affectedRows = options.longs === $String ? $util.Long.prototype.toString.call(message.affectedRows) : options.longs === $Number ? new $util.LongBits(message.affectedRows.low >>> 0, message.affectedRows.high >>> 0).toNumber() : message.affectedRows;
                    return object;
                };

                QueryResponse.prototype.toJSON = function() {
                    return QueryResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                QueryResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.dbproxy.v1.QueryResponse";
                };

                return QueryResponse;
            })();

            return v1;
        })();

        return dbproxy;
    })();

    slg.echo = (function() {

        const echo = {};

        echo.v1 = (function() {

            const v1 = {};

            v1.EchoService = (function() {

                const EchoService = function(rpcImpl, requestDelimited, responseDelimited) {
                    $protobuf.rpc.Service.call(this, rpcImpl, requestDelimited, responseDelimited);
                };

                $Object.defineProperty(EchoService.prototype = $Object.create($protobuf.rpc.Service.prototype), "constructor", { value: EchoService, writable: true, enumerable: false, configurable: true });

                EchoService.create = function(rpcImpl, requestDelimited, responseDelimited) {
                    return new this(rpcImpl, requestDelimited, responseDelimited);
                };



                $Object.defineProperties(EchoService.prototype.echo = function(request, callback) {
                    return $protobuf.rpc.Service.prototype.rpcCall.call(this, EchoService.prototype.echo, $root.slg.echo.v1.EchoRequest, $root.slg.echo.v1.EchoResponse, request, callback);
                }, {
                    name: { value: "Echo" },
                    path: { value: "/slg.echo.v1.EchoService/Echo" },
                    requestType: { value: "EchoRequest" },
                    responseType: { value: "EchoResponse" },
                    requestStream: { value: $undefined },
                    responseStream: { value: $undefined }
                });

                return EchoService;
            })();

            v1.EchoRequest = (function() {

                const EchoRequest = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                EchoRequest.prototype.payload = $util.newBuffer([]);
                EchoRequest.prototype.text = "";

                EchoRequest.create = function(properties) {
                    return new EchoRequest(properties);
                };

                EchoRequest.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.payload != null && $Object.hasOwnProperty.call(message, "payload") && message.payload.length)
                        writer.uint32(10).bytes(message.payload);
                    if (message.text != null && $Object.hasOwnProperty.call(message, "text") && message.text !== "")
                        writer.uint32(18).string(message.text);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                EchoRequest.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.echo.v1.EchoRequest();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.bytes()).length)
                                    message.payload = value;
                                else
                                    delete message.payload;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.text = value;
                                else
                                    delete message.text;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                EchoRequest.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.echo.v1.EchoRequest)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.echo.v1.EchoRequest: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.echo.v1.EchoRequest();
                    if (object.payload != null)
                        if (object.payload.length)
                            if (typeof object.payload === "string")
                                $util.base64.decode(object.payload, message.payload = $util.newBuffer($util.base64.length(object.payload)), 0);
                            else if (object.payload.length >= 0)
                                message.payload = object.payload;
                    if (object.text != null)
                        if (typeof object.text !== "string" || object.text.length)
                            message.text = $String(object.text);
                    return message;
                };

                EchoRequest.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        if (options.bytes === $String)
                            object.payload = "";
                        else {
                            object.payload = [];
                            if (options.bytes !== $Array)
                                object.payload = $util.newBuffer(object.payload);
                        }
                        object.text = "";
                    }
                    if (message.payload != null && $Object.hasOwnProperty.call(message, "payload"))
                        object.payload = options.bytes === $String ? $util.base64.encode(message.payload, 0, message.payload.length) : options.bytes === $Array ? $Array.prototype.slice.call(message.payload) : message.payload;
                    if (message.text != null && $Object.hasOwnProperty.call(message, "text"))
                        object.text = message.text;
                    return object;
                };

                EchoRequest.prototype.toJSON = function() {
                    return EchoRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                EchoRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.echo.v1.EchoRequest";
                };

                return EchoRequest;
            })();

            v1.EchoResponse = (function() {

                const EchoResponse = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                EchoResponse.prototype.payload = $util.newBuffer([]);
                EchoResponse.prototype.text = "";

                EchoResponse.create = function(properties) {
                    return new EchoResponse(properties);
                };

                EchoResponse.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.payload != null && $Object.hasOwnProperty.call(message, "payload") && message.payload.length)
                        writer.uint32(10).bytes(message.payload);
                    if (message.text != null && $Object.hasOwnProperty.call(message, "text") && message.text !== "")
                        writer.uint32(18).string(message.text);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                EchoResponse.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.slg.echo.v1.EchoResponse();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.bytes()).length)
                                    message.payload = value;
                                else
                                    delete message.payload;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.text = value;
                                else
                                    delete message.text;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                EchoResponse.fromObject = function (object, _depth) {
                    if (object instanceof $root.slg.echo.v1.EchoResponse)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".slg.echo.v1.EchoResponse: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.slg.echo.v1.EchoResponse();
                    if (object.payload != null)
                        if (object.payload.length)
                            if (typeof object.payload === "string")
                                $util.base64.decode(object.payload, message.payload = $util.newBuffer($util.base64.length(object.payload)), 0);
                            else if (object.payload.length >= 0)
                                message.payload = object.payload;
                    if (object.text != null)
                        if (typeof object.text !== "string" || object.text.length)
                            message.text = $String(object.text);
                    return message;
                };

                EchoResponse.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        if (options.bytes === $String)
                            object.payload = "";
                        else {
                            object.payload = [];
                            if (options.bytes !== $Array)
                                object.payload = $util.newBuffer(object.payload);
                        }
                        object.text = "";
                    }
                    if (message.payload != null && $Object.hasOwnProperty.call(message, "payload"))
                        object.payload = options.bytes === $String ? $util.base64.encode(message.payload, 0, message.payload.length) : options.bytes === $Array ? $Array.prototype.slice.call(message.payload) : message.payload;
                    if (message.text != null && $Object.hasOwnProperty.call(message, "text"))
                        object.text = message.text;
                    return object;
                };

                EchoResponse.prototype.toJSON = function() {
                    return EchoResponse.toObject(this, $protobuf.util.toJSONOptions);
                };

                EchoResponse.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/slg.echo.v1.EchoResponse";
                };

                return EchoResponse;
            })();

            return v1;
        })();

        return echo;
    })();

    return slg;
})();

export {
  $root as default
};
