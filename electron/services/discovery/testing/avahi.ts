/**
 * A standard mDNS browser for the namespace lab: avahi-daemon inside one machine namespace, on a
 * private D-Bus (its own socket under a temp dir, not the system bus), queried with avahi-browse.
 *
 * Invariants: avahi runs only inside the given namespace and only on its eth0; publishing is off,
 * so it only listens and asks; `stop` kills both daemons and removes the temp dir. Test support only.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function onPath(cmd: string): boolean {
  return ['/usr/sbin', '/usr/bin', '/sbin', '/bin'].some((d) => existsSync(join(d, cmd)));
}

/** Why avahi cannot be used here, or null. */
export function avahiUnavailable(): string | null {
  for (const cmd of ['avahi-daemon', 'avahi-browse', 'dbus-daemon']) {
    if (!onPath(cmd)) return `${cmd} not installed (apt-get install -y avahi-daemon avahi-utils dbus)`;
  }
  if (existsSync('/run/avahi-daemon/pid')) return 'an avahi-daemon already runs on this machine (its pid file is machine-wide)';
  return null;
}

const BUS_CONF = (socket: string): string => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/><allow own="*"/>
    <allow send_type="method_call"/><allow send_type="signal"/><allow send_type="method_return"/><allow send_type="error"/>
    <allow receive_type="method_call"/><allow receive_type="signal"/><allow receive_type="method_return"/><allow receive_type="error"/>
  </policy>
</busconfig>
`;

const AVAHI_CONF = `[server]
host-name=bbavahi
use-ipv4=yes
use-ipv6=no
allow-interfaces=eth0
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
disable-publishing=yes
[reflector]
enable-reflector=no
`;

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export class AvahiInNamespace {
  private readonly dir = mkdtempSync(join(tmpdir(), 'bb-avahi-'));
  private readonly socket = join(this.dir, 'bus');
  private dbus: ChildProcess | null = null;
  private avahi: ChildProcess | null = null;
  log = '';

  constructor(private readonly ns: string) {}

  private get env(): NodeJS.ProcessEnv {
    return { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${this.socket}` };
  }

  async start(): Promise<void> {
    writeFileSync(join(this.dir, 'bus.conf'), BUS_CONF(this.socket));
    writeFileSync(join(this.dir, 'avahi.conf'), AVAHI_CONF);
    this.dbus = spawn('dbus-daemon', ['--config-file', join(this.dir, 'bus.conf'), '--nofork'], { stdio: 'ignore' });
    await until('private D-Bus', () => existsSync(this.socket), 5000);
    this.avahi = spawn('ip', ['netns', 'exec', this.ns, 'avahi-daemon', '-f', join(this.dir, 'avahi.conf'), '--no-drop-root', '--no-chroot', '--no-rlimits', '--no-proc-title'], { env: this.env });
    this.avahi.stdout?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.avahi.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    await until('avahi-daemon startup', () => this.log.includes('Server startup complete') || this.avahi?.exitCode !== null, 10_000);
    if (this.avahi.exitCode !== null) throw new Error(`avahi-daemon exited: ${this.log}`);
  }

  /** `avahi-browse -rpt <type>` in the namespace: resolved, parsable lines. */
  browse(type: string): Promise<string[]> {
    return new Promise((resolve) => {
      execFile('ip', ['netns', 'exec', this.ns, 'avahi-browse', '-rpt', type], { env: this.env, timeout: 5000 }, (_err, stdout) => {
        resolve(String(stdout).split('\n').filter((l) => l.length > 0));
      });
    });
  }

  /**
   * Browses again and again until `pick` finds something in the output (or `timeoutMs` passes:
   * avahi-browse -t may return before its resolver has answered, more so on a loaded machine).
   */
  async browseUntil<T>(type: string, pick: (lines: string[]) => T | undefined, timeoutMs = 8000): Promise<{ found: T | undefined; lines: string[] }> {
    const end = Date.now() + timeoutMs;
    let lines: string[] = [];
    for (;;) {
      lines = await this.browse(type);
      const found = pick(lines);
      if (found !== undefined || Date.now() > end) return { found, lines };
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    for (const p of [this.avahi, this.dbus]) {
      if (p && p.exitCode === null && p.signalCode === null) {
        const exited = new Promise((r) => p.once('exit', r));
        p.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
        if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
