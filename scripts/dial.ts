// Where `npm start` (scripts/start.ts) reaches a service it started: the address the service
// was told to bind (its *_HOST variable), since a service bound to one address answers only
// there; a wildcard bind (every interface) or none is reached on loopback.

/** The host part of an address to call a service bound to `bindHost` on this machine. */
export function dialHost(bindHost: string | undefined): string {
  const h = (bindHost ?? '').trim();
  if (h === '' || h === '0.0.0.0') return '127.0.0.1';
  if (h === '::' || h === '[::]') return '[::1]';
  if (h.startsWith('[')) return h;
  // An IPv6 address is bracketed in host:port and in a URL.
  return h.includes(':') ? `[${h}]` : h;
}
