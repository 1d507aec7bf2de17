/**
 * Builds the main side's services once, the same way for both shells and for Node tests:
 * settings in the user data folder, read-only resources, and the bridge backend that serves the
 * renderer. Nothing here imports `electron`.
 */
import { mkdirSync } from 'node:fs';
import { BridgeBackend } from './bridgeBackend';
import { Resources } from './resources';
import { SettingsStore } from './settings';
import type { AppInfo } from '../contract';

export interface AppServices {
  readonly backend: BridgeBackend;
  readonly settings: SettingsStore;
  readonly resources: Resources;
}

export function createAppServices(opts: { shell: AppInfo['shell']; userDataDir: string; resourcesDir: string; quit: () => void }): AppServices {
  mkdirSync(opts.userDataDir, { recursive: true });
  const settings = new SettingsStore(opts.userDataDir);
  const resources = new Resources(opts.resourcesDir);
  const backend = new BridgeBackend({ shell: opts.shell, userDataDir: opts.userDataDir, settings, resources, quit: opts.quit });
  return { backend, settings, resources };
}
