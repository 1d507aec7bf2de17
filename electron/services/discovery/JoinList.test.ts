import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, encodeJoinCode } from '../../../core/net';
import { APP_VERSION } from '../../../core/version';
import type { LanList } from '../../contract';
import { AppDiscovery, JoinList, newGameId, startProbeResponder } from './';

describe('Join list', () => {
  it('with discovery off opens no discovery socket, says so, and still joins by address', async () => {
    const events: LanList[] = [];
    const lan = new JoinList(new AppDiscovery(['--discovery=off'], {}, () => 'all'), (l) => events.push(l));
    const list = await lan.browse(true);
    expect(list.games).toEqual([]);
    expect(list.discovery.mode).toBe('off');
    expect(list.discovery.mdns.state).toBe('off');
    expect(list.discovery.broadcast.state).toBe('off');
    // The Settings screen and the Join screen say the command line chose 'off', not the player.
    expect(list.discovery.source).toBe('flag');

    const advert = { gameId: newGameId(), room: 'Den', map: 'arena-small', players: 2, maxPlayers: 8, state: 'lobby' as const, protocolVersion: PROTOCOL_VERSION, appVersion: APP_VERSION, port: 0 };
    const host = await startProbeResponder({ port: 0, address: '127.0.0.1', getAdvert: () => ({ ...advert, port: host.port }) });
    try {
      const found = await lan.probe(`127.0.0.1:${host.port}`);
      expect(found).toMatchObject({ ok: true, game: { room: 'Den', players: 2, address: '127.0.0.1', port: host.port, compatible: true, via: ['manual'] } });
      expect(await lan.probe('no such host!')).toMatchObject({ ok: false, reason: 'invalid', message: { code: 'probe-invalid', params: { address: 'no such host!' } } });
      // The host's join code, typed as a friend hears it (lower case, a space), finds the same game.
      const code = encodeJoinCode('127.0.0.1', host.port)!;
      expect(await lan.probe(code.toLowerCase().replace('-', ' '))).toMatchObject({ ok: true, game: { room: 'Den', address: '127.0.0.1', port: host.port } });
      const last = code.at(-1) === '0' ? '1' : '0';
      const typo = code.slice(0, -1) + last;
      expect(await lan.probe(typo)).toMatchObject({ ok: false, reason: 'invalid', message: { code: 'probe-code-check', params: { code: typo } } });
      expect(await lan.probe('K7')).toMatchObject({ ok: false, message: { code: 'probe-code-length', params: { code: 'K7' } } });
    } finally {
      await host.close();
      await lan.close();
    }
  });

  it('takes the setting when neither flag nor environment says otherwise', async () => {
    const lan = new JoinList(new AppDiscovery([], {}, () => 'off'), () => undefined);
    expect((await lan.browse(true)).discovery.mode).toBe('off');
    const env = new JoinList(new AppDiscovery([], { BB_DISCOVERY: 'off' }, () => 'all'), () => undefined);
    expect((await env.browse(true)).discovery).toMatchObject({ mode: 'off', source: 'env' });
    await lan.close();
    await env.close();
  });
});
