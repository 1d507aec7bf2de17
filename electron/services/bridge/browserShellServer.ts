/**
 * The browser shell: plays the Electron main process's part for a renderer running in any
 * Chromium. It serves the built renderer on http://127.0.0.1:<port> and carries the bridge
 * contract over a WebSocket on the same port: requests as `{ id, channel, payload }` answered by
 * `{ id, result }`, app events as `{ event, payload }`, and the net channel both ways as
 * `{ link }` frames, pushed with no answer.
 *
 * Security: the server listens on loopback only. The WebSocket accepts a connection only with the
 * per-launch random token (from the URL printed at start), only from the page's own origin, and
 * only with a loopback Host header (DNS-rebinding guard). Another page or process on this machine
 * can load the static files (which hold nothing secret) but cannot drive the game.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BridgeDispatcher } from './BridgeDispatcher';

export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

const MAX_MESSAGE_BYTES = 1 << 20;

export interface BrowserShell {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

export interface BrowserShellOptions {
  readonly bridge: BridgeDispatcher;
  readonly rendererDir: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly token?: string;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function serveStatic(rendererDir: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const rel = decodeURIComponent(url.pathname) === '/' ? 'index.html' : decodeURIComponent(url.pathname).slice(1);
  const file = path.resolve(rendererDir, rel);
  if (!file.startsWith(path.resolve(rendererDir) + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

function handleSocket(ws: WebSocket, bridge: BridgeDispatcher): void {
  const offEvents = bridge.onEvent((event, payload) => ws.send(JSON.stringify({ event, payload })));
  const offLink = bridge.onLink((link) => ws.send(JSON.stringify({ link })));
  ws.on('close', () => {
    offEvents();
    offLink();
  });
  ws.on('message', async (data) => {
    let msg: { id?: unknown; channel?: unknown; payload?: unknown; link?: unknown };
    try {
      msg = JSON.parse(String(data)) as typeof msg;
    } catch {
      ws.send(JSON.stringify({ id: null, result: { ok: false, error: 'malformed message', reason: { code: 'bad-request', params: { detail: 'malformed message' } } } }));
      return;
    }
    if (msg !== null && typeof msg === 'object' && 'link' in msg) return bridge.linkIn(msg.link);
    const id = typeof msg?.id === 'number' ? msg.id : null;
    const result = await bridge.handle(msg?.channel, msg?.payload);
    ws.send(JSON.stringify({ id, result }));
  });
}

/** Starts the browser shell's HTTP + WebSocket server on loopback. */
export async function startBrowserShell(opts: BrowserShellOptions): Promise<BrowserShell> {
  const token = opts.token ?? randomBytes(24).toString('hex');
  const server: Server = createServer((req, res) => serveStatic(opts.rendererDir, req, res));
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let port = 0;
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const hostOk = req.headers.host === `127.0.0.1:${port}` || req.headers.host === `localhost:${port}`;
    const originOk = req.headers.origin === `http://127.0.0.1:${port}` || req.headers.origin === `http://localhost:${port}`;
    const tokenOk = url.pathname === '/bridge' && sameToken(url.searchParams.get('token') ?? '', token);
    if (!hostOk || !originOk || !tokenOk) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => handleSocket(ws, opts.bridge));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // server.close() waits for every open HTTP connection that is not idle; a page still
      // loading (or a browser holding a request open) kept a quitting shell alive indefinitely.
      server.closeAllConnections();
      await closed;
    },
  };
}
