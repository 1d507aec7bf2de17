/**
 * A private LAN made of network namespaces, for integration tests: one namespace holding the
 * bridges — LAN A (br0, 198.18.0.0/24) and LAN B (br1, 198.19.0.0/24) — and one namespace per
 * "machine": machine i has eth0 = 198.18.0.<i> on LAN A and/or eth1 = 198.19.0.<i> on LAN B (veth
 * pairs whose peers are on the bridges); child processes ("agents") run inside the machines,
 * driven over stdin/stdout JSON lines. With nftables the bridges drop all multicast or broadcast
 * (`filter`) or a deterministic share of multicast only (`multicastLoss`, Wi-Fi's multicast loss).
 *
 * Invariants: nothing is created in the root namespace (veth pairs are made inside the bridge
 * namespace), so no test traffic can reach this machine's real interfaces; names carry the pid
 * (`bbd<pid>…`) and leftovers of dead runs are removed; `destroy` kills agents and deletes every
 * namespace, and also runs on process exit. Test support only.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const AGENT = fileURLToPath(new URL('./netnsAgent.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

function run(cmd: string, args: readonly string[], input?: string): string {
  return execFileSync(cmd, args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });
}

function has(cmd: string): boolean {
  try {
    run('sh', ['-c', `command -v ${cmd}`]);
    return true;
  } catch {
    return false;
  }
}

/** Why namespace tests cannot run here, or null when they can. */
export function netnsUnavailable(): string | null {
  if (process.platform !== 'linux') return `not Linux (${process.platform})`;
  if (process.getuid?.() !== 0) return 'not root (network namespaces need CAP_NET_ADMIN)';
  if (!has('ip')) return '`ip` (iproute2) not installed';
  const probe = `bbd${process.pid}probe`;
  try {
    run('ip', ['netns', 'add', probe]);
    run('ip', ['netns', 'del', probe]);
  } catch (err) {
    return `ip netns does not work here: ${String((err as { stderr?: unknown }).stderr ?? err).trim()}`;
  }
  return null;
}

/**
 * Gives namespace `ns` a virtual adapter `name` with `cidr` (a ZeroTier-style zt0): a veth pair
 * kept inside the namespace (this kernel has no dummy module), both ends up, since the OS lists
 * only links that are up and running.
 */
export function addAdapter(ns: string, name: string, cidr: string): void {
  run('ip', ['-n', ns, 'link', 'add', name, 'type', 'veth', 'peer', 'name', `${name}peer`]);
  run('ip', ['-n', ns, 'addr', 'add', cidr, 'dev', name]);
  for (const dev of [name, `${name}peer`]) run('ip', ['-n', ns, 'link', 'set', dev, 'up']);
}

/** Removes namespaces left by test runs whose process is gone. */
function removeStale(): void {
  for (const line of run('ip', ['netns', 'list']).split('\n')) {
    const m = /^(bbd(\d+)\S*)/.exec(line.trim());
    if (!m?.[1] || !m[2]) continue;
    let alive = true;
    try {
      process.kill(Number(m[2]), 0);
    } catch {
      alive = false;
    }
    if (!alive) try { run('ip', ['netns', 'del', m[1]]); } catch { /* already gone */ }
  }
}

export interface AgentEvent {
  readonly ev: string;
  readonly at: number;
  readonly [key: string]: unknown;
}

/** One process inside one machine namespace. */
export class Agent {
  readonly events: AgentEvent[] = [];
  private readonly waiters = new Set<() => void>();
  stderr = '';

  constructor(readonly proc: ChildProcessWithoutNullStreams, readonly name: string) {
    let buf = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        try {
          this.events.push(JSON.parse(line) as AgentEvent);
        } catch {
          this.stderr += `[stdout] ${line}\n`;
        }
        for (const w of this.waiters) w();
      }
    });
    proc.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    proc.on('exit', () => { for (const w of this.waiters) w(); });
  }

  send(cmd: Record<string, unknown>): void {
    this.proc.stdin.write(`${JSON.stringify(cmd)}\n`);
  }

  /** The first event from index `from` on that satisfies `pred`. */
  waitFor(what: string, pred: (e: AgentEvent) => boolean, timeoutMs = 10_000, from = 0): Promise<AgentEvent> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const hit = this.events.slice(from).find(pred);
        if (hit) return done(() => resolve(hit));
        if (this.proc.exitCode !== null || this.proc.signalCode !== null) {
          done(() => reject(new Error(`${this.name} exited while waiting for ${what}: ${this.stderr.slice(-2000)}`)));
        }
      };
      const timer = setTimeout(() => done(() => reject(new Error(`${this.name}: timed out waiting for ${what}; stderr: ${this.stderr.slice(-2000)}`))), timeoutMs);
      const done = (f: () => void): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
        f();
      };
      this.waiters.add(check);
      check();
    });
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill(signal);
  }
}

export type Lan = 'A' | 'B';

export interface LabMachine {
  readonly ns: string;
  /** Address on the first LAN it is on. */
  readonly address: string;
  readonly lans: readonly Lan[];
}

const LAN_NET: Record<Lan, { bridge: string; prefix: string; dev: string }> = {
  A: { bridge: 'br0', prefix: '198.18.0', dev: 'eth0' },
  B: { bridge: 'br1', prefix: '198.19.0', dev: 'eth1' },
};

export class NetnsLab {
  readonly bridge: string;
  readonly machines: readonly LabMachine[];
  private readonly agents: Agent[] = [];
  private readonly cleanupOnExit = (): void => this.destroy();

  /** One entry per machine: the LANs it is on (default: LAN A only). */
  constructor(specs: ReadonlyArray<readonly Lan[]>) {
    const prefix = `bbd${process.pid}`;
    this.bridge = `${prefix}br`;
    this.machines = specs.map((lans, i) => ({ ns: `${prefix}m${i + 1}`, lans, address: `${LAN_NET[lans[0] ?? 'A'].prefix}.${i + 1}` }));
  }

  /** Builds the LANs (about 0.1 s). Throws with the failing command's error. */
  create(): void {
    removeStale();
    process.once('exit', this.cleanupOnExit);
    const br = this.bridge;
    run('ip', ['netns', 'add', br]);
    for (const lan of Object.values(LAN_NET)) {
      run('ip', ['-n', br, 'link', 'add', lan.bridge, 'type', 'bridge']);
      run('ip', ['-n', br, 'link', 'set', lan.bridge, 'up']);
    }
    this.machines.forEach(({ ns, lans }, i) => {
      run('ip', ['netns', 'add', ns]);
      run('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
      for (const lanName of lans) {
        const lan = LAN_NET[lanName];
        const peer = `${lanName.toLowerCase()}${i + 1}`;
        run('ip', ['-n', br, 'link', 'add', peer, 'type', 'veth', 'peer', 'name', lan.dev, 'netns', ns]);
        run('ip', ['-n', br, 'link', 'set', peer, 'master', lan.bridge, 'up']);
        run('ip', ['-n', ns, 'addr', 'add', `${lan.prefix}.${i + 1}/24`, 'brd', '+', 'dev', lan.dev]);
        run('ip', ['-n', ns, 'link', 'set', lan.dev, 'up']);
      }
    });
  }

  /** Starts an agent in machine `index` (0-based); resolves once it reports ready. */
  async agent(index: number, env: Record<string, string> = {}): Promise<Agent> {
    const m = this.machines[index];
    if (!m) throw new Error(`no machine ${index}`);
    const proc = spawn('ip', ['netns', 'exec', m.ns, process.execPath, '--import', 'tsx', AGENT], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const agent = new Agent(proc, `agent@${m.address}`);
    this.agents.push(agent);
    await agent.waitFor('ready', (e) => e.ev === 'ready', 20_000);
    return agent;
  }

  /** Runs a command inside a namespace (synchronously). */
  exec(ns: string, cmd: string, args: readonly string[], input?: string): string {
    return run('ip', ['netns', 'exec', ns, cmd, ...args], input);
  }

  /** Why the bridge cannot filter here (nftables missing), or null. */
  static filterUnavailable(): string | null {
    return has('nft') ? null : '`nft` (nftables) not installed (apt-get install -y nftables)';
  }

  /**
   * What the bridge drops: 'multicast' (all IPv4 multicast: mDNS dies; ARP, broadcast and unicast
   * live), 'broadcast' (IPv4 to the subnet or limited broadcast address: the beacon dies), or null.
   */
  filter(drop: 'multicast' | 'broadcast' | null): void {
    try {
      this.exec(this.bridge, 'nft', ['delete', 'table', 'bridge', 'bbfilter']);
    } catch {
      /* no filter yet */
    }
    if (drop === null) return;
    const match = drop === 'multicast' ? 'ip daddr 224.0.0.0/4' : 'ip daddr { 198.18.0.255, 198.19.0.255, 255.255.255.255 }';
    const rules = `table bridge bbfilter {\n chain bbforward {\n  type filter hook forward priority 0; policy accept;\n  ${match} drop\n }\n}\n`;
    this.exec(this.bridge, 'nft', ['-f', '-'], rules);
  }

  /**
   * Drops `share` (a whole percent, 0–1) of the IPv4 multicast UDP each machine receives through
   * the bridges, as Wi-Fi loses multicast (sent at the lowest rate, never acknowledged) while its
   * unicast gets through: unicast, broadcast, ARP and IGMP pass untouched (IGMP so the bridge keeps
   * its view of the groups). Deterministic, so runs repeat: one rule per bridge port (each copy a
   * flooding bridge sends is judged at its own port, so every receiver loses its share on its own)
   * counts that port's multicast with `numgen inc mod N` and drops the positions multicastLossPattern
   * gives — exactly share × N of every N, spread out (20 %: the 1st of every 5; 30 %: the 1st, 4th and
   * 7th of every 10), counted from this call. 0 removes the rules. Needs nftables (filterUnavailable).
   */
  multicastLoss(share: number): void {
    const { every, drop } = multicastLossPattern(share);
    try {
      this.exec(this.bridge, 'nft', ['delete', 'table', 'bridge', 'bbmloss']);
    } catch {
      /* no loss rules yet */
    }
    if (drop.length === 0) return;
    const ports = this.machines.flatMap((m, i) => m.lans.map((lan) => `${lan.toLowerCase()}${i + 1}`));
    const rules = ports.map((port) => `  oifname "${port}" ip daddr 224.0.0.0/4 ip protocol udp numgen inc mod ${every} { ${drop.join(', ')} } drop\n`).join('');
    // Priority 10: after `filter`'s table (0), which may drop all multicast anyway.
    this.exec(this.bridge, 'nft', ['-f', '-'], `table bridge bbmloss {\n chain bbloss {\n  type filter hook forward priority 10; policy accept;\n${rules} }\n}\n`);
  }

  /** Kills every agent and deletes every namespace; safe to call twice. */
  destroy(): void {
    for (const a of this.agents) a.kill('SIGKILL');
    for (const ns of [...this.machines.map((m) => m.ns), this.bridge]) {
      try {
        run('ip', ['netns', 'del', ns]);
      } catch {
        /* not created or already gone */
      }
    }
    process.removeListener('exit', this.cleanupOnExit);
  }
}

/**
 * Which datagrams of every `every` a port drops for multicast loss `share` (a whole percent, 0–1):
 * share = drop.length / every in lowest terms, the positions spread evenly (⌊j·every/k⌋).
 * Throws a one-line reason for anything else (no rounding).
 */
export function multicastLossPattern(share: number): { every: number; drop: number[] } {
  const pct = Math.round(share * 100);
  if (!(share >= 0 && share <= 1) || Math.abs(share * 100 - pct) > 1e-9) throw new RangeError(`multicast loss must be a whole percent between 0 and 1 (0.2 = 20 %), got ${share}`);
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = pct === 0 ? 100 : gcd(pct, 100);
  const every = 100 / g;
  const k = pct / g;
  return { every, drop: Array.from({ length: k }, (_, j) => Math.floor((j * every) / k)) };
}
