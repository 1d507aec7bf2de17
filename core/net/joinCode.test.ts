import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_PORT, JOIN_CODE_ALPHABET, decodeJoinCode, encodeJoinCode, looksLikeJoinCode } from './joinCode';
import { xorshift } from '../../test/prng';

const addressOf = (r: () => number): string => [1 + (r() % 223), r() % 256, r() % 256, r() % 256].join('.');

describe('join codes', () => {
  it('round-trip every range, on the default port and another', () => {
    const r = xorshift(7);
    const addresses = ['192.168.1.20', '192.168.0.0', '192.168.255.255', '10.0.0.1', '10.255.3.4', '172.16.0.9', '172.31.255.1', '127.0.0.1', '1.2.3.4', '223.255.255.255'];
    for (let i = 0; i < 300; i++) addresses.push(addressOf(r));
    for (const address of addresses) {
      for (const port of [DEFAULT_GAME_PORT, 1, 47778, 65535]) {
        const code = encodeJoinCode(address, port);
        expect(code, `${address}:${port}`).not.toBeNull();
        expect(decodeJoinCode(code!), code!).toEqual({ ok: true, address, port });
      }
    }
  });

  it('are short where parties are: 5 characters on a home LAN, 7 on a 10.x one, 12 at most', () => {
    const len = (a: string, p?: number): number => encodeJoinCode(a, p)!.replace(/-/g, '').length;
    expect(len('192.168.1.20')).toBe(5);
    expect(len('172.20.1.2')).toBe(6);
    expect(len('10.1.2.3')).toBe(7);
    expect(len('8.8.8.8', 1234)).toBe(12);
    expect(encodeJoinCode('192.168.1.20')).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]$/);
  });

  it('read the way people type them: any case, I and L as 1, O as 0, spaces and hyphens anywhere', () => {
    const code = encodeJoinCode('192.168.1.20')!;
    const want = { ok: true, address: '192.168.1.20', port: DEFAULT_GAME_PORT };
    expect(decodeJoinCode(` ${code.toLowerCase().replace('-', ' ')} `)).toEqual(want);
    expect(decodeJoinCode(code.replace('-', ''))).toEqual(want);
    const withOne = [...Array(64).keys()].map((i) => encodeJoinCode(`192.168.${i}.1`)!).find((c) => c.includes('1'))!;
    expect(decodeJoinCode(withOne.replace(/1/g, 'l'))).toEqual(decodeJoinCode(withOne));
    expect(decodeJoinCode(withOne.replace(/1/g, 'I'))).toEqual(decodeJoinCode(withOne));
  });

  it('refuse every code with one character mistyped', () => {
    const r = xorshift(11);
    for (let i = 0; i < 200; i++) {
      const code = encodeJoinCode(addressOf(r), i % 2 ? DEFAULT_GAME_PORT : 40000 + i)!.replace(/-/g, '');
      for (let at = 0; at < code.length; at++) {
        for (const c of JOIN_CODE_ALPHABET) {
          if (c === code[at]) continue;
          const typo = code.slice(0, at) + c + code.slice(at + 1);
          if (decodeJoinCode(typo).ok) expect.fail(`${code} → ${typo} was accepted`);
        }
      }
    }
  });

  it('refuse two neighbours swapped, but for the one pair Luhn mod 32 cannot tell apart (0 and Z)', () => {
    const r = xorshift(13);
    let swaps = 0;
    for (let i = 0; i < 200; i++) {
      const code = encodeJoinCode(addressOf(r))!.replace(/-/g, '');
      for (let at = 0; at + 1 < code.length; at++) {
        const [a, b] = [JOIN_CODE_ALPHABET.indexOf(code[at]!), JOIN_CODE_ALPHABET.indexOf(code[at + 1]!)];
        if (a === b || a + b === 31 && a * b === 0) continue; // 0 and Z (values 0 and 31)
        swaps++;
        const swapped = code.slice(0, at) + code[at + 1] + code[at] + code.slice(at + 2);
        expect(decodeJoinCode(swapped).ok, `${code} → ${swapped}`).toBe(false);
      }
    }
    expect(swaps).toBeGreaterThan(500);
  });

  it('refuse a wrong length, a stray character, and an address no game can be hosted at', () => {
    const code = encodeJoinCode('192.168.1.20')!.replace(/-/g, '');
    expect(decodeJoinCode(code.slice(0, -1))).toMatchObject({ ok: false });
    expect(decodeJoinCode(code + '0')).toMatchObject({ ok: false });
    expect(decodeJoinCode('')).toEqual({ ok: false, problem: 'length' });
    expect(decodeJoinCode('K7QX*')).toEqual({ ok: false, problem: 'length' });
    expect(decodeJoinCode('U7QX4')).toEqual({ ok: false, problem: 'length' });
    expect(decodeJoinCode('0'.repeat(13))).toEqual({ ok: false, problem: 'length' });
    for (const bad of ['0.1.2.3', '224.0.0.251', '239.255.255.250', '255.255.255.255']) expect(encodeJoinCode(bad), bad).toBeNull();
    expect(encodeJoinCode('192.168.1.20', 0)).toBeNull();
    expect(encodeJoinCode('fe80::1')).toBeNull();
    // A code made by hand for 224.0.0.251 (range 3): refused, naming the address.
    const multicast = makeCode([3, 2], [0xe00000fb, 32], [0, 1]);
    expect(decodeJoinCode(multicast)).toEqual({ ok: false, problem: 'address', address: '224.0.0.251' });
  });

  it('are told apart from addresses by their characters', () => {
    expect(looksLikeJoinCode('K7QX-4')).toBe(true);
    expect(looksLikeJoinCode('12345')).toBe(true);
    expect(looksLikeJoinCode('192.168.1.20')).toBe(false);
    expect(looksLikeJoinCode('192.168.1.20:47777')).toBe(false);
    expect(looksLikeJoinCode('')).toBe(false);
  });
});

/** A code built bit by bit, with its check character computed the way a reader checks it. */
function makeCode(...fields: [number, number][]): string {
  const bits: number[] = [];
  for (const [value, count] of fields) for (let i = count - 1; i >= 0; i--) bits.push(Math.floor(value / 2 ** i) % 2);
  while (bits.length % 5) bits.push(0);
  const chars: string[] = [];
  for (let i = 0; i < bits.length; i += 5) chars.push(JOIN_CODE_ALPHABET[bits.slice(i, i + 5).reduce((v, b) => v * 2 + b, 0)]!);
  for (const c of JOIN_CODE_ALPHABET) {
    const d = decodeJoinCode(chars.join('') + c);
    if (d.ok || d.problem !== 'check') return chars.join('') + c;
  }
  throw new Error('no check character fits');
}
