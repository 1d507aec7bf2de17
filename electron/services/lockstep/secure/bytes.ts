/** Byte and table helpers of the sealer (Sealer.ts, groupSeal.ts). */

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The u32 (little-endian) at `at`, as the lockstep codec writes it. */
export function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0;
}

/** A Map that forgets its oldest entry beyond `limit`. */
export function remember<K, V>(map: Map<K, V>, k: K, v: V, limit: number): void {
  map.delete(k);
  map.set(k, v);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}
