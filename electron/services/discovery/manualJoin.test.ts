/**
 * Join by address: parsing with clear errors, and real probes over 127.0.0.1 only — answered,
 * refused, timed out, and a host of another protocol version.
 */
import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../core/net/header';
import { encodeJoinCode } from '../../../core/net/joinCode';
import { decodeProbe, encodePong } from '../../../core/net/probe';
import { manualJoin, parseJoinAddress } from './manualJoin';
import { startProbeResponder } from './responder';
import { makeAdvert } from './testing/fixtures';

describe('parseJoinAddress', () => {
  it.each([
    ['192.168.1.20', { ok: true, address: '192.168.1.20', port: 47777 }],
    ['  10.0.0.5:5000 ', { ok: true, address: '10.0.0.5', port: 5000 }],
    ['127.0.0.1:1', { ok: true, address: '127.0.0.1', port: 1 }],
    // Join codes (core/net/joinCode) read wherever an address is.
    [encodeJoinCode('192.168.1.20')!, { ok: true, address: '192.168.1.20', port: 47777 }],
    [` ${encodeJoinCode('10.0.0.5', 5000)!.toLowerCase()} `, { ok: true, address: '10.0.0.5', port: 5000 }],
  ])('%j', (text, expected) => {
    expect(parseJoinAddress(text)).toEqual(expected);
  });
  it.each([
    ['', 'Enter an address like 192.168.1.20 or 192.168.1.20:47777'],
    ['host.lan', '"host.lan" is not an IPv4 address (four numbers 0-255 separated by dots)'],
    ['1.2.3.256', '"1.2.3.256" is not an IPv4 address (four numbers 0-255 separated by dots)'],
    ['01.2.3.4', '"01.2.3.4" is not an IPv4 address (four numbers 0-255 separated by dots)'],
    ['1.2.3.4:0', '"0" is not a port number (1-65535)'],
    ['1.2.3.4:65536', '"65536" is not a port number (1-65535)'],
    ['1.2.3.4:x', '"x" is not a port number (1-65535)'],
    ['224.0.0.251', '224.0.0.251 cannot be a game host (reserved, multicast or broadcast address)'],
    ['0.0.0.0:47777', '0.0.0.0 cannot be a game host (reserved, multicast or broadcast address)'],
  ])('%j → %s', (text, error) => {
    expect(parseJoinAddress(text)).toEqual({ ok: false, error });
  });
  it('refuses a mistyped join code, and a word that is neither a code nor an address', () => {
    const code = encodeJoinCode('192.168.1.20')!;
    const typo = code.slice(0, -1) + (code.at(-1) === '0' ? '1' : '0');
    expect(parseJoinAddress(typo)).toEqual({ ok: false, error: `"${typo}" is not a join code (a character is mistyped)`, joinCode: { problem: 'check' } });
    expect(parseJoinAddress('localhost')).toMatchObject({ ok: false, joinCode: { problem: expect.stringMatching(/^(check|length)$/) } });
  });
});

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A bound loopback socket that never answers, and its port. */
async function silentPort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  cleanups.push(() => s.close());
  return s.address().port;
}

describe('manualJoin over 127.0.0.1', () => {
  it('returns the advert and the ping', async () => {
    const responder = await startProbeResponder({ port: 0, address: '127.0.0.1', getAdvert: () => makeAdvert() });
    cleanups.push(() => responder.close());
    const r = await manualJoin(`127.0.0.1:${responder.port}`);
    expect(r).toMatchObject({ ok: true, address: '127.0.0.1', port: responder.port, advert: { room: 'Friday brawl' } });
    expect(r.ok && r.pingMs).toBeGreaterThanOrEqual(0);
  });

  it('refused when nothing listens there', async () => {
    const port = await silentPort();
    cleanups.pop()?.(); // close it: the port is now (very likely) unused
    const r = await manualJoin(`127.0.0.1:${port}`);
    expect(r).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('timeout when something listens but does not answer', async () => {
    const port = await silentPort();
    expect(await manualJoin(`127.0.0.1:${port}`, { timeoutMs: 300 })).toEqual({ ok: false, reason: 'timeout', message: `No answer from 127.0.0.1:${port} within 300 ms` });
  });

  it('version mismatch names both versions and carries the advert', async () => {
    const other = PROTOCOL_VERSION + 1;
    const s = dgram.createSocket('udp4');
    await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
    cleanups.push(() => s.close());
    s.on('message', (msg, rinfo) => {
      const d = decodeProbe(msg, 0);
      if (d.ok && d.message.kind === 'ping') s.send(encodePong(d.message.nonce, d.message.time, makeAdvert({ protocolVersion: other, appVersion: '2.0.0' }), other), rinfo.port, rinfo.address);
    });
    const r = await manualJoin(`127.0.0.1:${s.address().port}`);
    expect(r).toMatchObject({ ok: false, reason: 'version', advert: { protocolVersion: other, room: 'Friday brawl' } });
    expect(!r.ok && r.message).toBe(`Different game version: host speaks protocol v${other} (app 2.0.0), this app v${PROTOCOL_VERSION} (app 0.1.0)`);
  });

  it('invalid input never sends anything', async () => {
    expect(await manualJoin('not an address')).toMatchObject({ ok: false, reason: 'invalid' });
  });
});
