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
});
