// etcd URLs of service discovery (discovery.ts), parsed and checked: this file loads neither
// gRPC nor etcd3, so that any config.ts (battle-server's too) can check its variables with it.
//
//   etcd://host:2379[,host:2379...]/slg/db-proxy[?ttl=10&advertise=10.0.0.5]

/** A parsed etcd URL. */
export interface EtcdTarget {
  /** As given (with its query). */
  readonly url: string;
  /** `http://host:port` of each etcd member. */
  readonly endpoints: string[];
  /** The key prefix, with a trailing slash: `/slg/db-proxy/`. */
  readonly prefix: string;
  /** The last path segment (`db-proxy`): the gRPC authority of a discovered channel. */
  readonly name: string;
  /** Lease TTL in seconds of a registration (`?ttl=`, default 10). */
  readonly ttlSec: number;
  /** Host a registration publishes (`?advertise=`); default: the bind host. */
  readonly advertise: string | undefined;
}

export const defaultLeaseTtlSec = 10;
export const hostPort = /^(?:[A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):\d{1,5}$/;
const segment = /^[A-Za-z0-9._-]+$/;

export function isEtcdUrl(value: string): boolean {
  return value.startsWith('etcd://');
}

/** Parses an etcd URL; throws an Error whose message says what is wrong. */
export function parseEtcdTarget(url: string): EtcdTarget {
  const form = 'must be etcd://host:port[,host:port]/key/prefix[?ttl=seconds&advertise=host]';
  const m = /^etcd:\/\/([^/?#]+)(\/[^?#]*)(?:\?([^#]*))?$/.exec(url);
  if (!m) throw new Error(form);
  const hosts = m[1]!.split(',');
  for (const h of hosts) {
    if (!hostPort.test(h) || Number(h.slice(h.lastIndexOf(':') + 1)) > 65535)
      throw new Error(`${JSON.stringify(h)} is not host:port (${form})`);
  }
  const segments = m[2]!.split('/').filter(Boolean);
  if (segments.length === 0 || !segments.every((s) => segment.test(s)))
    throw new Error(`the key prefix must be /name[/name...] of [A-Za-z0-9._-] (${form})`);
  let ttlSec = defaultLeaseTtlSec;
  let advertise: string | undefined;
  for (const [k, v] of new URLSearchParams(m[3] ?? '')) {
    if (k === 'ttl') {
      ttlSec = Number(v);
      // etcd's own floor is 1.5 x its election timeout (2 s with its defaults).
      if (!Number.isInteger(ttlSec) || ttlSec < 2 || ttlSec > 3600)
        throw new Error(`ttl=${JSON.stringify(v)}: must be an integer from 2 to 3600 (seconds)`);
    } else if (k === 'advertise') {
      if (!/^(?:[A-Za-z0-9.-]+|\[?[0-9a-fA-F:]+\]?)$/.test(v))
        throw new Error(`advertise=${JSON.stringify(v)}: must be a host name or IP address`);
      advertise = v;
    } else throw new Error(`unknown parameter ${JSON.stringify(k)} (${form})`);
  }
  return {
    url,
    endpoints: hosts.map((h) => `http://${h}`),
    prefix: `/${segments.join('/')}/`,
    name: segments[segments.length - 1]!,
    ttlSec,
    advertise,
  };
}

/**
 * The check of an address variable that takes host:port or an etcd URL (config.ts of each
 * service): a problem line for the ConfigError, or undefined when the value is good.
 */
export function addressProblem(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (isEtcdUrl(value)) {
    try {
      parseEtcdTarget(value);
      return undefined;
    } catch (err) {
      return `${name}=${JSON.stringify(value)}: ${(err as Error).message}`;
    }
  }
  if (hostPort.test(value)) return undefined;
  return `${name}=${JSON.stringify(value)}: must be host:port or etcd://host:port/key/prefix`;
}

/** The check of a registration variable (empty: no registration). */
export function registerProblem(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!isEtcdUrl(value))
    return `${name}=${JSON.stringify(value)}: must be etcd://host:port/key/prefix (or empty: no registration)`;
  return addressProblem(name, value);
}
