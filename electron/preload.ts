/**
 * The sandboxed preload: exposes `window.ballBrawl`, one narrow method per contract request, one
 * event subscription, and the net channel (post, subscribe) over the MessagePort main hands it on
 * every load, through contextBridge. Neither `ipcRenderer` nor the port itself reaches the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_VERSION, EVENT_CHANNELS, REQUEST_CHANNELS, type EventChannel, type PreloadApi } from './contract';

const requests = Object.fromEntries(
  REQUEST_CHANNELS.map((channel) => [channel, (payload: unknown) => ipcRenderer.invoke(`bb:${channel}`, payload ?? null)]),
) as unknown as PreloadApi['requests'];

/** Messages the page posts before the port arrives (bounded: a page without a link drops the rest). */
const MAX_EARLY_LINK = 1024;
let channel: MessagePort | null = null;
const early: unknown[] = [];
const linkListeners: ((m: unknown) => void)[] = [];
ipcRenderer.on('bb:link', (e) => {
  const port = e.ports[0];
  if (!port) return;
  channel?.close();
  channel = port;
  port.onmessage = (m: MessageEvent) => {
    for (const l of linkListeners) l(m.data);
  };
  for (const m of early.splice(0)) port.postMessage(m);
});

const api: PreloadApi = {
  bridgeVersion: BRIDGE_VERSION,
  requests,
  link: {
    post: (m) => {
      if (channel) channel.postMessage(m);
      else if (early.length < MAX_EARLY_LINK) early.push(m);
    },
    onMessage: (listener) => void linkListeners.push(listener),
  },
  onEvent: (listener) => {
    ipcRenderer.on('bb:event', (_e, channel: unknown, payload: unknown) => {
      if ((EVENT_CHANNELS as readonly unknown[]).includes(channel)) listener(channel as EventChannel, payload);
    });
  },
};

contextBridge.exposeInMainWorld('ballBrawl', api);
