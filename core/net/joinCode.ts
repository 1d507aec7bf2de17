/**
 * Join codes: a host's IPv4 game address as a few characters to read aloud across a room
 * ("K7QX-4" for 192.168.1.20:47777), accepted wherever an address is.
 *
 * A code is Crockford base32 (digits and letters without I, L, O, U; read case-blind, I/L as 1 and
 * O as 0, hyphens and spaces ignored) of a bit string, then one check character:
 *   range (2 bits): 0 = 192.168.0.0/16, 1 = 10.0.0.0/8, 2 = 172.16.0.0/12, 3 = any other IPv4
 *   the address's bits below that range's prefix (16, 24, 20 or 32)
 *   port flag (1 bit): 0 = the default game port, 1 = the port follows (16 bits)
 *   zero bits up to a whole character.
 * So a home LAN on the default port is 4 + 1 characters, a 10.x network 6 + 1, and the longest
 * code (another range, another port) 11 + 1. The check character is Luhn mod 32 (it catches every
 * single mistyped character and every swap of two neighbours but 0 and Z);
 * a code whose length, padding or range does not fit is refused as well.
 */

import { intToIpv4, ipv4ToInt } from './address';

export const JOIN_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The UDP port a host listens on unless told otherwise (`--port`). */
export const DEFAULT_GAME_PORT = 47777;

interface Range {
  readonly prefix: number;
  readonly bits: number;
}
const RANGES: readonly Range[] = [
  { prefix: 0xc0a80000, bits: 16 },
  { prefix: 0x0a000000, bits: 24 },
  { prefix: 0xac100000, bits: 20 },
  { prefix: 0, bits: 32 },
];

/** Why a code was refused: its length or padding, its check character, or the address it names. */
export type JoinCodeProblem = 'length' | 'check' | 'address';

export type JoinCodeDecode =
  | { readonly ok: true; readonly address: string; readonly port: number }
  | { readonly ok: false; readonly problem: JoinCodeProblem; readonly address?: string };

/** An address no game can be hosted at: 0.x, multicast (224–239) and the reserved range above. */
export function unhostable(ipv4: number): boolean {
  const first = ipv4 >>> 24;
  return first === 0 || first >= 224;
}

/** Luhn mod 32 over the characters' values: the character that makes the sum come out 0. */
function checkValue(values: readonly number[]): number {
  let sum = 0;
  // From the right, every second value (starting with the rightmost payload one) is doubled.
  for (let i = values.length - 1, double = true; i >= 0; i--, double = !double) {
    let v = values[i]! * (double ? 2 : 1);
    v = Math.floor(v / 32) + (v % 32);
    sum += v;
  }
  return (32 - (sum % 32)) % 32;
}

function pushBits(bits: number[], value: number, count: number): void {
  for (let i = count - 1; i >= 0; i--) bits.push(Math.floor(value / 2 ** i) % 2);
}

function readBits(bits: readonly number[], at: number, count: number): number {
  let v = 0;
  for (let i = 0; i < count; i++) v = v * 2 + bits[at + i]!;
  return v;
}

/** Groups of four, so it reads aloud in chunks: "K7QX-4". */
function grouped(chars: string): string {
  return chars.replace(/(.{4})(?=.)/g, '$1-');
}

/** The code of an IPv4 game address, or null for one no game can be hosted at (or not IPv4). */
export function encodeJoinCode(address: string, port: number = DEFAULT_GAME_PORT): string | null {
  const ip = ipv4ToInt(address);
  if (ip === null || unhostable(ip) || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  const tag = RANGES.findIndex((r) => r.bits === 32 || Math.floor(ip / 2 ** r.bits) === Math.floor(r.prefix / 2 ** r.bits));
  const range = RANGES[tag]!;
  const bits: number[] = [];
  pushBits(bits, tag, 2);
  pushBits(bits, ip % 2 ** range.bits, range.bits);
  pushBits(bits, port === DEFAULT_GAME_PORT ? 0 : 1, 1);
  if (port !== DEFAULT_GAME_PORT) pushBits(bits, port, 16);
  while (bits.length % 5 !== 0) bits.push(0);
  const values: number[] = [];
  for (let i = 0; i < bits.length; i += 5) values.push(readBits(bits, i, 5));
  values.push(checkValue(values));
  return grouped(values.map((v) => JOIN_CODE_ALPHABET[v]).join(''));
}

/** Whether typed text is meant as a code rather than an address: letters, digits, hyphens, spaces. */
export function looksLikeJoinCode(text: string): boolean {
  return /^[0-9A-Za-z][0-9A-Za-z\s-]*$/.test(text.trim());
}

/** Reads a typed code; see the file comment for what is accepted and what is refused. */
export function decodeJoinCode(text: string): JoinCodeDecode {
  const chars = text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const values = [...chars].map((c) => JOIN_CODE_ALPHABET.indexOf(c));
  if (values.length < 5 || values.length > 12 || values.includes(-1)) return { ok: false, problem: 'length' };
  if (checkValue(values.slice(0, -1)) !== values[values.length - 1]) return { ok: false, problem: 'check' };
  const bits: number[] = [];
  for (const v of values.slice(0, -1)) pushBits(bits, v, 5);
  const range = RANGES[readBits(bits, 0, 2)]!;
  let at = 2 + range.bits;
  if (bits.length < at + 1) return { ok: false, problem: 'length' };
  const ip = (range.bits === 32 ? 0 : range.prefix) + readBits(bits, 2, range.bits);
  const ownPort = bits[at++] === 1;
  if (ownPort && bits.length < at + 16) return { ok: false, problem: 'length' };
  const port = ownPort ? readBits(bits, at, 16) : DEFAULT_GAME_PORT;
  if (ownPort) at += 16;
  // Exactly the characters the bits need, padded with zeros: anything else was not made here.
  if (Math.ceil(at / 5) * 5 !== bits.length || bits.slice(at).some((b) => b !== 0)) return { ok: false, problem: 'length' };
  if (unhostable(ip) || port === 0) return { ok: false, problem: 'address', address: intToIpv4(ip) };
  return { ok: true, address: intToIpv4(ip), port };
}
