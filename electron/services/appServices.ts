/**
 * Builds the main side's services once, the same way for both shells and for Node tests:
 * settings in the user data folder, read-only resources, and the bridge backend that serves the
 * renderer. Nothing here imports `electron`.
 */
import { mkdirSync } from 'node:fs';
import { BridgeBackend } from './bridge/BridgeDispatcher';
import { LanBridge } from './discovery/JoinList';
import { NetBridge } from './session/LanSession';
import { ReplayStore } from './files/replays';
import { Resources } from './files/resources';
import { SettingsStore } from './files/settings';
import type { AppInfo } from '../contract';

export interface AppServices {
  readonly backend: BridgeBackend;
  readonly settings: SettingsStore;
  readonly resources: Resources;
  readonly lan: LanBridge;
  readonly net: NetBridge;
  /** Stops every network activity (discovery, a hosted or joined room) before the process ends. */
  close(): Promise<void>;
}

export interface AppServicesOptions {
  readonly shell: AppInfo['shell'];
  readonly userDataDir: string;
  readonly resourcesDir: string;
  readonly quit: () => void;
  /** The process's command line and environment: `--discovery` / `BB_DISCOVERY` live there. */
  readonly argv?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export function createAppServices(opts: AppServicesOptions): AppServices {
  mkdirSync(opts.userDataDir, { recursive: true });
  const settings = new SettingsStore(opts.userDataDir);
  const resources = new Resources(opts.resourcesDir);
  let backend: BridgeBackend | undefined;
  const net: NetBridge = new NetBridge({
    userDataDir: opts.userDataDir,
    emit: (channel, payload) => backend?.emit(channel, payload),
    argv: opts.argv ?? [],
    env: opts.env ?? {},
    discoverySetting: () => settings.settings.discovery,
    resourcesDir: opts.resourcesDir,
  });
  const lan = new LanBridge(opts.argv ?? [], opts.env ?? {}, () => settings.settings.discovery, (list) => backend?.emit('lan:list', list), (address) => net.tokens.get(address) !== null);
  const replays = new ReplayStore(opts.userDataDir, () => settings.settings.keepReplays);
  backend = new BridgeBackend({ shell: opts.shell, userDataDir: opts.userDataDir, settings, resources, lan, net, replays, quit: opts.quit });
  return { backend, settings, resources, lan, net, close: async () => void (await Promise.all([lan.close(), net.close()])) };
}
