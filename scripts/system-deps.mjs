/**
 * Debian packages some tests use, installed by `npm test` where the machine allows it (root with
 * apt-get, as in CI): Chromium for the end-to-end tests; iproute2, nftables and avahi for the LAN
 * discovery tests in private network namespaces (those tests skip, saying why, where the tools are
 * missing). Daemons are kept from starting during the install (policy-rc.d), so installing avahi
 * never puts an mDNS responder on the machine's real interfaces.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

export const OPTIONAL_PACKAGES = ['iproute2', 'nftables', 'avahi-daemon', 'avahi-utils'];
const POLICY = '/usr/sbin/policy-rc.d';

export function aptAvailable() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return root && spawnSync('sh', ['-c', 'command -v apt-get && command -v dpkg-query'], { stdio: 'ignore' }).status === 0;
}

export function missingPackages(names) {
  return names.filter((n) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', n], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

/** Installs `names` with apt-get; returns whether it succeeded. */
export function aptInstall(names) {
  console.log(`system: installing Debian packages: ${names.join(' ')}`);
  const ownPolicy = !existsSync(POLICY);
  if (ownPolicy) writeFileSync(POLICY, '#!/bin/sh\n# written by Ball Brawl scripts/system-deps.mjs during an install\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const up = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (up.status !== 0) return false;
    return spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { stdio: 'inherit', env }).status === 0;
  } finally {
    if (ownPolicy) rmSync(POLICY, { force: true });
  }
}
