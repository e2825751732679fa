// Redis Cluster's key slot (CRC16-XMODEM of the key, or of its hash tag, mod 16384), as the
// cluster computes it (CLUSTER KEYSLOT): the cluster mode of the cache groups the keys of one
// multi-key command by slot and asks how many replicas serve a key's slot.

const table = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  let c = i << 8;
  for (let j = 0; j < 8; j++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
  table[i] = c;
}

function crc16(bytes: Buffer, start: number, end: number): number {
  let crc = 0;
  for (let i = start; i < end; i++)
    crc = ((crc << 8) & 0xffff) ^ table[((crc >> 8) ^ bytes[i]!) & 0xff]!;
  return crc;
}

/** The slot of `key` (its UTF-8 bytes, as Redis sees them). */
export function keySlot(key: string): number {
  const b = Buffer.from(key);
  const open = b.indexOf(0x7b); // {
  if (open !== -1) {
    const close = b.indexOf(0x7d, open + 1); // }
    if (close > open + 1) return crc16(b, open + 1, close) & 16383;
  }
  return crc16(b, 0, b.length) & 16383;
}
