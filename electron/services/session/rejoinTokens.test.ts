/**
 * The rejoin token store: round trip through the file, one entry per address, expiry, and a
 * damaged file or entry ignored with a notice instead of a crash.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_MAX_AGE_MS, TOKENS_FILE, TokenStore } from './rejoinTokens';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'bb-tokens-'));
  dirs.push(d);
  return d;
}

describe('TokenStore', () => {
  it('keeps one token per address across instances and removes it', () => {
    const d = dir();
    const a = new TokenStore(d);
    expect(a.get('10.0.0.1:47777')).toBeNull();
    a.set('10.0.0.1:47777', 5);
    a.set('10.0.0.1:47777', 0xffffffff);
    a.set('10.0.0.2:47777', 9);
    const b = new TokenStore(d);
    expect(b.get('10.0.0.1:47777')).toBe(0xffffffff);
    expect(b.get('10.0.0.2:47777')).toBe(9);
    b.remove('10.0.0.1:47777');
    expect(new TokenStore(d).get('10.0.0.1:47777')).toBeNull();
    b.remove('10.0.0.2:47777');
    expect(existsSync(path.join(d, TOKENS_FILE))).toBe(false);
    expect(b.notice).toBeNull();
  });

  it('keeps the session\'s private key beside its token, and moves it with the match; a damaged key drops its entry', () => {
    const d = dir();
    const key = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const mine = new TokenStore(d).at('10.0.0.1:1', key);
    mine.set(9);
    expect(new TokenStore(d).key('10.0.0.1:1')).toEqual(key);
    mine.moveTo('10.0.0.2:2');
    const back = new TokenStore(d);
    expect(back.key('10.0.0.2:2')).toEqual(key);
    expect(back.key('10.0.0.1:1')).toBeNull();
    back.set('10.0.0.3:3', 5); // a host's own player (a loopback session): no key
    expect(new TokenStore(d).key('10.0.0.3:3')).toBeNull();
    const file = path.join(d, TOKENS_FILE);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { entries: { key?: string }[] };
    doc.entries[0]!.key = 'not base64 of 32 bytes';
    writeFileSync(file, JSON.stringify(doc));
    expect(new TokenStore(d).get('10.0.0.2:2')).toBeNull();
    expect(new TokenStore(d).get('10.0.0.3:3')).toBe(5);
  });

  it('ignores a corrupt file with a notice and recovers on the next write', () => {
    const d = dir();
    const file = path.join(d, TOKENS_FILE);
    for (const bad of ['{not json', '[]', '{"version":2,"entries":[]}', 'null', '\u0000\u0001']) {
      writeFileSync(file, bad);
      const s = new TokenStore(d);
      expect(s.get('10.0.0.1:47777')).toBeNull();
      expect(s.notice).toMatch(/Ignored the stored rejoin sessions/);
    }
    const s = new TokenStore(d);
    s.set('10.0.0.1:1', 3);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, entries: [{ address: '10.0.0.1:1', token: 3 }] });
  });

  it('a session\'s token moves with its match to another host, and is removed where it is now', () => {
    const d = dir();
    const s = new TokenStore(d);
    const mine = s.at('10.0.0.1:1');
    mine.set(9);
    s.set('10.0.0.7:7', 4);
    mine.moveTo('10.0.0.2:2');
    const back = new TokenStore(d);
    expect(back.get('10.0.0.1:1')).toBeNull();
    expect(back.get('10.0.0.2:2')).toBe(9);
    mine.remove();
    expect(new TokenStore(d).get('10.0.0.2:2')).toBeNull();
    expect(new TokenStore(d).get('10.0.0.7:7')).toBe(4);
  });

  it('drops bad entries one by one and expires old ones', () => {
    const d = dir();
    let now = 1_000_000;
    writeFileSync(
      path.join(d, TOKENS_FILE),
      JSON.stringify({ version: 1, entries: [{ address: 'evil', token: 1, at: now }, { address: '10.0.0.1:1', token: 0, at: now }, { address: '10.0.0.1:2', token: 1.5, at: now }, { address: '10.0.0.1:3', token: 7, at: now }, 'x', null] }),
    );
    const s = new TokenStore(d, () => now);
    expect(s.get('10.0.0.1:3')).toBe(7);
    expect(s.get('10.0.0.1:1')).toBeNull();
    expect(s.notice).toBeNull();
    now += TOKEN_MAX_AGE_MS;
    expect(s.get('10.0.0.1:3')).toBeNull();
  });
});
