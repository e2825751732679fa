// Buffers that own their memory exactly. A small Buffer from Buffer.from / Buffer.allocUnsafe is
// a slice of a shared pool slab (64 KB: Node 24's Buffer.poolSize), and keeping the slice keeps
// the whole slab. For bytes kept for the run (the model's field values, the answer memo's
// verified bytes), the kept slices of a slab are replaced one by one as the model changes while
// the rest of it is garbage: the kept bytes spread over ever more slabs, which live outside the
// V8 heap (so outside --worker-heap-mb). Measured on `bench data`: each data worker's
// ArrayBuffers grew 4.7 MB a minute at 430 requests/s, 251 slabs held 6,271 memo entries and
// 1,390 field values (a few hundred bytes each) after 165 s. Bytes used within one request need
// none of this.

/** `n` uninitialised bytes in an ArrayBuffer of their own. */
export function ownBuffer(n: number): Buffer {
  return Buffer.allocUnsafeSlow(n);
}

/** A copy of `bytes` in an ArrayBuffer of its own. */
export function ownCopy(bytes: Uint8Array): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.length);
  own.set(bytes);
  return own;
}
