/** TXT encode/decode as bonjour-service hands TXT over, instance names, and the display helper. */
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../core/net/header';
import { utf8Length } from '../../../core/net/probeText';
import { advertFromTxt, advertToTxt, displayText, newGameId, serviceNameFor } from './advert';
import { makeAdvert } from './testing/fixtures';

describe('TXT record', () => {
  it('round-trips through the decoded-object form (string values) and the raw form (Buffers)', () => {
    const advert = makeAdvert();
    const txt = advertToTxt(advert);
    expect(txt).toEqual({ txtvers: '1', pv: String(PROTOCOL_VERSION), id: advert.gameId, r: 'Friday brawl', m: 'Arena', p: '2', mx: '8', s: 'lobby', av: '0.1.0' });
    expect(advertFromTxt(txt, 47777)).toEqual({ ok: true, advert, compatible: true });
    const raw = Object.entries(txt).map(([k, v]) => Buffer.from(`${k}=${v}`));
    expect(advertFromTxt(raw, 47777)).toEqual({ ok: true, advert, compatible: true });
    const buffers = Object.fromEntries(Object.entries(txt).map(([k, v]) => [k, Buffer.from(v)]));
    expect(advertFromTxt(buffers, 47777)).toEqual({ ok: true, advert, compatible: true });
  });

  it('the port comes from SRV, not TXT', () => {
    expect(advertFromTxt(advertToTxt(makeAdvert()), 5000)).toMatchObject({ advert: { port: 5000 } });
  });

  it.each([null, undefined, 42, 'pv=1'])('rejects %j as a TXT record', (txt) => {
    expect(advertFromTxt(txt, 47777)).toEqual({ ok: false, reason: 'no txt' });
  });

  it('hostile values: markup literal, controls stripped, oversize cut, before and after the wire', () => {
    const txt = advertToTxt(makeAdvert({ room: '<img src=x onerror=alert(1)>\r\n\u0000', map: '\u001b]0;pwned\u0007' + 'x'.repeat(500) }));
    expect(txt['r']).toBe('<img src=x onerror=alert(1)>');
    expect(utf8Length(txt['m'] ?? '')).toBe(48);
    const decoded = advertFromTxt({ ...txt, r: 'a\u0000\u0085b\u202ec', m: 'é'.repeat(200) }, 1);
    expect(decoded).toMatchObject({ ok: true, advert: { room: 'abc' } });
    expect(decoded.ok && utf8Length(decoded.advert.map)).toBe(48);
  });
});

describe('serviceNameFor', () => {
  it('is unique per game, replaces dots and fits a 63-byte DNS label', () => {
    expect(serviceNameFor({ room: 'My.Room', gameId: 'abcdef' })).toBe('My-Room [abcdef]');
    const long = serviceNameFor({ room: 'é'.repeat(100), gameId: 'a1b2c3d4e5f6' });
    expect(utf8Length(long)).toBeLessThanOrEqual(63);
    expect(long.endsWith(' [a1b2c3d4e5f6]')).toBe(true);
    expect(serviceNameFor({ room: '\u0000', gameId: 'abcdef' })).toBe('Ball Brawl [abcdef]');
  });
});

describe('newGameId / displayText', () => {
  it('game ids are 12 hex characters and differ', () => {
    const a = newGameId();
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(newGameId()).not.toBe(a);
  });
  it('displayText cleans strings and blanks anything else', () => {
    expect(displayText('<b>x</b>\u0000')).toBe('<b>x</b>');
    expect(displayText({ toString: () => 'x' })).toBe('');
    expect(displayText('abcdef', 3)).toBe('abc');
  });
});
