/** The discovery switch (flag > env > setting > default) and interface selection. */
import { describe, expect, it } from 'vitest';
import type os from 'node:os';
import { broadcastAddress, hostReach, inSubnet, interfaceKind, lanAddresses, resolveDiscoveryMode, selectInterfaces, usableInterfaces } from './interfaces';

describe('resolveDiscoveryMode', () => {
  it.each([
    [[], {}, undefined, 'all', 'default'],
    [[], {}, 'off', 'off', 'setting'],
    [[], {}, { interface: 'eth1' }, { interface: 'eth1' }, 'setting'],
    [[], { BB_DISCOVERY: 'eth0' }, 'off', { interface: 'eth0' }, 'env'],
    [['--discovery=off'], { BB_DISCOVERY: 'all' }, 'all', 'off', 'flag'],
    [['--discovery', 'Wi-Fi 2'], { BB_DISCOVERY: 'off' }, undefined, { interface: 'Wi-Fi 2' }, 'flag'],
    [['--discovery=all', '--discovery=OFF'], {}, undefined, 'off', 'flag'],
  ] as const)('%j %j %j → %j from %s', (argv, env, setting, mode, source) => {
    const r = resolveDiscoveryMode(argv, env, setting);
    expect(r).toEqual({ mode, source, warnings: [] });
  });

  it('skips invalid values with a warning and falls through to the next source', () => {
    const r = resolveDiscoveryMode(['--discovery='], { BB_DISCOVERY: 'bad\u0007name' }, 'off');
    expect(r.mode).toBe('off');
    expect(r.source).toBe('setting');
    expect(r.warnings).toHaveLength(2);
    expect(resolveDiscoveryMode([], {}, { interface: 42 as unknown as string }).mode).toBe('all');
  });
});

describe('interfaces', () => {
  const raw = {
    lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', internal: true, mac: '00:00:00:00:00:00', cidr: '127.0.0.1/8' }],
    eth0: [
      { address: '198.18.0.7', netmask: '255.255.255.0', family: 'IPv4', internal: false, mac: '02:00:00:00:00:01', cidr: null },
      { address: 'fe80::1', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', internal: false, mac: '02:00:00:00:00:01', cidr: null, scopeid: 2 },
    ],
    wlan0: [{ address: '10.1.0.9', netmask: '255.255.0.0', family: 'IPv4', internal: false, mac: '02:00:00:00:00:02', cidr: null }],
  } as unknown as Parameters<typeof usableInterfaces>[0];

  it('keeps non-internal IPv4 only, with the subnet broadcast address', () => {
    expect(usableInterfaces(raw)).toEqual([
      { name: 'eth0', address: '198.18.0.7', netmask: '255.255.255.0', broadcast: '198.18.0.255' },
      { name: 'wlan0', address: '10.1.0.9', netmask: '255.255.0.0', broadcast: '10.1.255.255' },
    ]);
  });

  it('selects by mode', () => {
    const all = usableInterfaces(raw);
    expect(selectInterfaces('off', all)).toEqual({ interfaces: [], problem: null });
    expect(selectInterfaces('all', all).interfaces).toHaveLength(2);
    expect(selectInterfaces({ interface: 'wlan0' }, all).interfaces.map((i) => i.address)).toEqual(['10.1.0.9']);
    expect(selectInterfaces({ interface: 'eth9' }, all).problem).toBe('interface "eth9" has no usable IPv4 address (available: eth0, wlan0)');
    expect(selectInterfaces('all', []).problem).toBe('no usable network interface (non-internal IPv4)');
  });

  it('lists the addresses others can type to join: one per interface, the discovery one first, loopback only without a LAN', () => {
    const all = usableInterfaces(raw);
    // A private (RFC 1918) address before 198.18/15, which is no private range.
    expect(lanAddresses('all', all)).toEqual(['10.1.0.9', '198.18.0.7']);
    expect(lanAddresses({ interface: 'eth0' }, all)).toEqual(['198.18.0.7', '10.1.0.9']);
    // Discovery off publishes nothing, but the game socket is still on the LAN.
    expect(lanAddresses('off', all)).toEqual(['10.1.0.9', '198.18.0.7']);
    expect(lanAddresses({ interface: 'eth9' }, all)).toEqual(['10.1.0.9', '198.18.0.7']);
    expect(lanAddresses('all', [])).toEqual(['127.0.0.1']);
  });

  it('offers a LAN interface before virtual adapters (containers, WSL, VPNs), whatever order the OS lists them in', () => {
    const v4 = (address: string): os.NetworkInterfaceInfo => ({ address, netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: false, cidr: `${address}/24` });
    const machine = {
      docker0: [v4('172.17.0.1')],
      'vEthernet (WSL)': [v4('172.28.16.1')],
      tailscale0: [v4('100.101.102.103')],
      'Ethernet 2': [v4('100.70.1.2')],
      en0: [v4('169.254.3.4')],
      'Wi-Fi': [v4('192.168.1.20')],
      eth0: [v4('10.0.0.5')],
      utun3: [v4('10.8.0.2')],
    };
    const all = usableInterfaces(machine);
    expect(all.map((i) => [i.name, interfaceKind(i)])).toEqual([
      ['docker0', 'virtual'], ['vEthernet (WSL)', 'virtual'], ['tailscale0', 'virtual'], ['Ethernet 2', 'virtual'], ['en0', 'other'], ['Wi-Fi', 'lan'], ['eth0', 'lan'], ['utun3', 'virtual'],
    ]);
    expect(lanAddresses('all', all)).toEqual(['192.168.1.20', '10.0.0.5', '169.254.3.4', '172.17.0.1', '172.28.16.1', '100.101.102.103', '100.70.1.2', '10.8.0.2']);
    // The switch still overrides: a named interface is first, virtual or not.
    expect(lanAddresses({ interface: 'docker0' }, all)[0]).toBe('172.17.0.1');
    expect(selectInterfaces('all', all).interfaces.map((i) => i.name).slice(0, 2)).toEqual(['Wi-Fi', 'eth0']);
    // Reachable from the LAN while one real interface is left; warned when only adapters are.
    expect(hostReach(all)).toBe('lan');
    expect(hostReach(all.filter((i) => i.name === 'en0'))).toBe('lan');
    expect(hostReach(all.filter((i) => interfaceKind(i) === 'virtual'))).toBe('virtual');
    expect(hostReach([])).toBe('none');
  });

  it('subnet arithmetic', () => {
    expect(broadcastAddress('198.19.3.4', '255.254.0.0')).toBe('198.19.255.255');
    expect(inSubnet('198.18.0.200', { address: '198.18.0.7', netmask: '255.255.255.0' })).toBe(true);
    expect(inSubnet('198.18.1.1', { address: '198.18.0.7', netmask: '255.255.255.0' })).toBe(false);
    expect(inSubnet('not-an-ip', { address: '198.18.0.7', netmask: '255.255.255.0' })).toBe(false);
  });
});
