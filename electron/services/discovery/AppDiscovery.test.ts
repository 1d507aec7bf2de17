import { describe, expect, it } from 'vitest';
import { AppDiscovery } from './AppDiscovery';

describe('AppDiscovery', () => {
  it('gives browsing and hosting the same service, and follows a changed setting only once nobody uses it', async () => {
    let setting = 'off';
    const d = new AppDiscovery([], {}, () => setting);
    const browse = await d.acquire();
    const host = await d.acquire();
    expect(host).toBe(browse);
    setting = 'lo-but-not-here'; // an interface mode: would be a new service
    d.release(browse);
    expect(await d.acquire()).toBe(browse); // still in use by the host: the running room keeps it
    d.release(browse);
    d.release(browse);
    setting = 'off';
    expect(await d.acquire()).toBe(browse); // same mode again: reused even when idle
    d.release(browse);
    setting = 'all';
    const next = await d.acquire();
    expect(next).not.toBe(browse);
    expect(next.mode).toBe('all');
    d.release(next);
    await d.close();
  });

  it('takes the command line over the setting', async () => {
    const d = new AppDiscovery(['--discovery=off'], {}, () => 'all');
    const s = await d.acquire();
    expect(s.mode).toBe('off');
    expect(s.status().mdns.state).toBe('off');
    await d.close();
  });

  it('offers group frames the interfaces the discovery mode selects, none when it is off', () => {
    const eth = { name: 'eth0', address: '192.168.1.5', netmask: '255.255.255.0', broadcast: '192.168.1.255' };
    const wifi = { name: 'wlan0', address: '10.0.0.7', netmask: '255.0.0.0', broadcast: '10.255.255.255' };
    let setting = 'all';
    const d = new AppDiscovery([], {}, () => setting, { listInterfaces: () => [eth, wifi] });
    expect(d.lanInterfaces()).toEqual([eth, wifi]);
    setting = 'wlan0';
    expect(d.lanInterfaces()).toEqual([wifi]);
    setting = 'off';
    expect(d.lanInterfaces()).toEqual([]);
    expect(new AppDiscovery(['--discovery=off'], {}, () => 'all', { listInterfaces: () => [eth] }).lanInterfaces()).toEqual([]);
  });
});
