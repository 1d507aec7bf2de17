/**
 * Builds the main side's services once, the same way for both shells and for Node tests:
 * settings in the user data folder, read-only resources, the app's one LAN discovery (shared by
 * the Join list and a hosted room), the LAN room, replays, and the bridge dispatcher that
 * serves the page. Nothing here imports `electron`.
 */
import { mkdirSync } from 'node:fs';
import type { AppInfo } from '../contract';
import { BridgeDispatcher } from './bridge/BridgeDispatcher';
import { AppDiscovery, JoinList } from './discovery';
import { ReplayStore } from './files/replays';
import { Resources } from './files/resources';
import { SettingsStore } from './files/settings';
import { LanRoom } from './session/LanRoom';

export interface AppServices {
  readonly bridge: BridgeDispatcher;
  readonly settings: SettingsStore;
  readonly resources: Resources;
  readonly discovery: AppDiscovery;
  readonly joinList: JoinList;
  readonly session: LanRoom;
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
  const argv = opts.argv ?? [];
  const env = opts.env ?? {};
  const settings = new SettingsStore(opts.userDataDir);
  const resources = new Resources(opts.resourcesDir);
  const discovery = new AppDiscovery(argv, env, () => settings.settings.discovery);
  let bridge: BridgeDispatcher | undefined;
  const session: LanRoom = new LanRoom({
    userDataDir: opts.userDataDir,
    send: (m) => bridge?.sendLink(m),
    notice: (n) => bridge?.emit('app:notice', n),
    argv,
    env,
    discovery,
    resourcesDir: opts.resourcesDir,
    gameIdOf: (address): string | null => joinList.gameIdAt(address),
  });
  const joinList: JoinList = new JoinList(discovery, (list) => bridge?.emit('lan:list', list), (address) => session.tokens.get(address) !== null);
  const replays = new ReplayStore(opts.userDataDir, () => settings.settings.keepReplays);
  bridge = new BridgeDispatcher({ shell: opts.shell, userDataDir: opts.userDataDir, settings, resources, joinList, discoveryMode: () => discovery.effective(), session, replays, quit: opts.quit });
  const close = async (): Promise<void> => {
    await Promise.all([joinList.close(), session.close()]);
    await discovery.close();
  };
  return { bridge, settings, resources, discovery, joinList, session, close };
}
