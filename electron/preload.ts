/**
 * The sandboxed preload: exposes `window.ballBrawl`, one narrow method per contract request and one
 * event subscription, through contextBridge. `ipcRenderer` itself never reaches the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_VERSION, EVENT_CHANNELS, REQUEST_CHANNELS, type EventChannel, type PreloadApi } from './contract';

const requests = Object.fromEntries(
  REQUEST_CHANNELS.map((channel) => [channel, (payload: unknown) => ipcRenderer.invoke(`bb:${channel}`, payload ?? null)]),
) as unknown as PreloadApi['requests'];

const api: PreloadApi = {
  bridgeVersion: BRIDGE_VERSION,
  requests,
  onEvent: (listener) => {
    ipcRenderer.on('bb:event', (_e, channel: unknown, payload: unknown) => {
      if ((EVENT_CHANNELS as readonly unknown[]).includes(channel)) listener(channel as EventChannel, payload);
    });
  },
};

contextBridge.exposeInMainWorld('ballBrawl', api);
