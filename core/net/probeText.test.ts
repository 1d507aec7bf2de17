/** Strict UTF-8 and the display-text cleaner, checked against Node's own codec as an oracle. */
import { describe, expect, it } from 'vitest';
import { cleanText, utf8Decode, utf8Encode, utf8Length } from './probeText';
import { xorshift } from '../../test/prng';

describe('utf8Encode / utf8Length', () => {
  it.each(['', 'plain', 'é', '中文', '😀 x', 'a\u0000b'])('matches Buffer for %j', (text) => {
    expect(Array.from(utf8Encode(text))).toEqual(Array.from(Buffer.from(text, 'utf8')));
    expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });
  it('turns a lone surrogate into U+FFFD', () => {
    expect(Array.from(utf8Encode('a\ud800b'))).toEqual([0x61, 0xef, 0xbf, 0xbd, 0x62]);
  });
});

describe('utf8Decode', () => {
  it('round-trips text', () => {
    const text = 'Ballé 中 😀';
    expect(utf8Decode(utf8Encode(text))).toBe(text);
  });
  it.each([
    ['overlong 2-byte', [0xc0, 0x80]],
    ['overlong 3-byte', [0xe0, 0x80, 0x80]],
    ['surrogate', [0xed, 0xa0, 0x80]],
    ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['truncated', [0xe4, 0xb8]],
    ['stray continuation', [0x80]],
    ['0xff', [0xff]],
  ])('rejects %s', (_name, bytes) => {
    expect(utf8Decode(Uint8Array.from(bytes))).toBeNull();
  });
  it('honours start/end', () => {
    expect(utf8Decode(utf8Encode('xxabyy'), 2, 4)).toBe('ab');
    expect(utf8Decode(Uint8Array.from([0x61, 0xe4, 0xb8, 0xad]), 0, 3)).toBeNull();
  });
  it('agrees with a fatal TextDecoder on random bytes', () => {
    const rnd = xorshift(6);
    const oracle = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    for (let n = 0; n < 20000; n++) {
      const bytes = new Uint8Array(rnd() % 12);
      // Bias towards multi-byte lead/continuation bytes so the interesting paths are hit.
      for (let i = 0; i < bytes.length; i++) bytes[i] = rnd() % 3 === 0 ? rnd() & 0xff : 0x80 | (rnd() & 0x7f);
      let expected: string | null;
      try {
        expected = oracle.decode(bytes);
      } catch {
        expected = null;
      }
      expect(utf8Decode(bytes)).toBe(expected);
    }
  });
});

describe('cleanText', () => {
  it('keeps markup as literal text', () => {
    expect(cleanText('<img src=x onerror=alert(1)>', 64)).toBe('<img src=x onerror=alert(1)>');
  });
  it('strips control characters and bidi controls', () => {
    expect(cleanText('a\u0000b\u001bc\u007f\u0085d\u202ee\u2066f\ufeffg', 64)).toBe('abcdefg');
  });
  it('turns line breaks and tabs into single spaces, trims', () => {
    expect(cleanText('  a\tb\r\n\nc \u2028 ', 64)).toBe('a b c');
  });
  it('cuts on a code point boundary within the byte limit', () => {
    expect(cleanText('é'.repeat(30), 7)).toBe('ééé');
    expect(cleanText('ab😀', 5)).toBe('ab');
    expect(utf8Length(cleanText('x'.repeat(500), 48))).toBe(48);
  });
  it('drops lone surrogates', () => {
    expect(cleanText('a\ud800b', 10)).toBe('ab');
  });
});
