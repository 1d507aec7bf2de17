import { describe, expect, it, vi } from 'vitest';
import { HostAuthority } from '../../../core/lockstep';
import { APP_VERSION } from '../../../core/version';
import { DiscoveryService } from '../discovery';
import { HostAdvert } from './HostAdvert';

describe('the hosted room on LAN discovery', () => {
  it('follows the room while it is open, and is withdrawn once when the room closes under it (another host took over)', async () => {
    const host = new HostAuthority({ appVersion: APP_VERSION, send: () => undefined, random32: () => 7, ownerAddress: 'loopback:owner' });
    const discovery = new DiscoveryService({ mode: 'off' });
    const update = vi.spyOn(discovery, 'updateAdvert');
    const stop = vi.spyOn(discovery, 'stopHosting');
    const advert = new HostAdvert(discovery, { host, port: 47777 });
    await advert.publish();
    host.configure({ roomName: 'Renamed' });
    advert.refresh();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]?.[0].room).toBe('Renamed');
    host.close(0);
    advert.refresh();
    advert.refresh();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledTimes(1);
  });
});
