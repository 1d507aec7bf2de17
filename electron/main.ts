/**
 * The Electron shell's main process: one secure window and the IPC half of the bridge contract,
 * plus the net channel: on every load of our page a fresh MessageChannelMain, one port kept here
 * (each message validated by the dispatcher), the other handed to the preload.
 *
 * Window: contextIsolation, sandbox, no nodeIntegration, webSecurity on, a CSP on every response,
 * navigation and new windows denied, every permission request refused. IPC: one `ipcMain.handle`
 * per contract request; each call is accepted only from our window's main frame at our page's
 * URL, and its payload is validated by the shared BridgeDispatcher before anything acts on it.
 * All game services live in ./services (no `electron` import) and are shared with the browser shell.
 */
import { app, BrowserWindow, ipcMain, MessageChannelMain, session, type IpcMainInvokeEvent, type MessagePortMain } from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REQUEST_CHANNELS } from './contract';
import { createAppServices } from './services/appServices';
import type { BridgeDispatcher } from './services/bridge/BridgeDispatcher';
import { CSP } from './services/bridge/browserShellServer';
import { argValue } from './services/argv';

const outDir = path.join(import.meta.dirname, '..');
const pageFile = path.join(outDir, 'renderer', 'index.html');
const pageUrl = pathToFileURL(pageFile).href;

function resourcesDir(): string {
  const packaged = path.join(process.resourcesPath, 'resources');
  return app.isPackaged && existsSync(packaged) ? packaged : path.join(app.getAppPath(), 'resources');
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    title: 'Ball Brawl',
    backgroundColor: '#10141c',
    webPreferences: {
      preload: path.join(outDir, 'preload', 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.webContents.on('will-navigate', (e, url) => {
    if (url !== pageUrl) e.preventDefault();
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  void win.loadFile(pageFile);
  return win;
}

function isOurs(win: BrowserWindow | undefined, e: IpcMainInvokeEvent): boolean {
  const frame = e.senderFrame;
  return !!win && e.sender === win.webContents && !!frame && frame === win.webContents.mainFrame && frame.url.split('#')[0] === pageUrl;
}

/** Hands our page a fresh session-link port on every load (a reload's old port is closed). */
function connectLink(win: BrowserWindow, bridge: BridgeDispatcher): void {
  let current: { readonly port: MessagePortMain; readonly off: () => void } | null = null;
  const drop = (): void => {
    current?.off();
    current?.port.close();
    current = null;
  };
  win.webContents.on('did-finish-load', () => {
    drop();
    if (win.webContents.getURL().split('#')[0] !== pageUrl) return;
    const { port1, port2 } = new MessageChannelMain();
    port1.on('message', (e) => bridge.linkIn(e.data));
    port1.start();
    current = { port: port1, off: bridge.onLink((m) => port1.postMessage(m)) };
    win.webContents.postMessage('bb:link', null, [port2]);
  });
  win.on('closed', drop);
}

async function main(): Promise<void> {
  const userData = argValue(process.argv, 'user-data');
  if (userData) app.setPath('userData', path.resolve(userData));
  await app.whenReady();
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
  const services = createAppServices({
    shell: 'electron',
    userDataDir: app.getPath('userData'),
    resourcesDir: resourcesDir(),
    quit: () => app.quit(),
    argv: process.argv,
    env: process.env,
  });
  app.on('before-quit', () => void services.close());
  let win: BrowserWindow | undefined;
  for (const channel of REQUEST_CHANNELS) {
    ipcMain.handle(`bb:${channel}`, (e, payload: unknown) =>
      isOurs(win, e) ? services.bridge.handle(channel, payload) : { ok: false, error: 'request refused: unknown sender', reason: { code: 'bad-request', params: { detail: 'unknown sender' } } },
    );
  }
  services.bridge.onEvent((channel, payload) => win?.webContents.send('bb:event', channel, payload));
  win = createWindow();
  connectLink(win, services.bridge);
  app.on('window-all-closed', () => app.quit());
}

void main();
