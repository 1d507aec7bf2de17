/**
 * Builds the main side's services once, the same way for both shells and for Node tests:
 * settings in the user data folder, read-only resources, and the bridge dispatcher that serves the
 * renderer. Nothing here imports `electron`.
 */
import { mkdirSync } from 'node:fs';
import { BridgeDispatcher } from './bridge/BridgeDispatcher';
import { JoinList } from './discovery/JoinList';
import { LanSession } from './session/LanSession';
import { ReplayStore } from './files/replays';
import { Resources } from './files/resources';
import { SettingsStore } from './files/settings';
import type { AppInfo } from '../contract';

export interface AppServices {
  readonly bridge: BridgeDispatcher;
  readonly settings: SettingsStore;
  readonly resources: Resources;
  readonly joinList: JoinList;
  readonly session: LanSession;
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
  let bridge: BridgeDispatcher | undefined;
  const session: LanSession = new LanSession({
    userDataDir: opts.userDataDir,
    emit: (channel, payload) => bridge?.emit(channel, payload),
    argv: opts.argv ?? [],
    env: opts.env ?? {},
    discoverySetting: () => settings.settings.discovery,
    resourcesDir: opts.resourcesDir,
  });
  const joinList = new JoinList(opts.argv ?? [], opts.env ?? {}, () => settings.settings.discovery, (list) => bridge?.emit('lan:list', list), (address) => session.tokens.get(address) !== null);
  const replays = new ReplayStore(opts.userDataDir, () => settings.settings.keepReplays);
  bridge = new BridgeDispatcher({ shell: opts.shell, userDataDir: opts.userDataDir, settings, resources, joinList, session, replays, quit: opts.quit });
  return { bridge, settings, resources, joinList, session, close: async () => void (await Promise.all([joinList.close(), session.close()])) };
}
