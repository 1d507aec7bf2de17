import { mkdirSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BRIDGE_VERSION } from '../../contract';
import { createAppServices } from '../appServices';
import type { AppServices } from '../appServices';
import { startBrowserShell, type BrowserShell } from './browserShellServer';
import { tempDir } from '../../../test/tempDir';
import { until } from '../testing/until';

let shell: BrowserShell;
let services: AppServices;
let quits = 0;

beforeAll(async () => {
  const tmp = tempDir('shell');
  const rendererDir = path.join(tmp, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(path.join(tmp, 'secret.txt'), 'secret');
  services = createAppServices({ shell: 'browser', userDataDir: path.join(tmp, 'user'), resourcesDir: path.join(tmp, 'resources'), quit: () => quits++ });
  shell = await startBrowserShell({ bridge: services.bridge, rendererDir, port: 0 });
});
afterAll(() => shell.close());

/** Opens a WebSocket like another process would; resolves 'open' or the refusal. */
function connect(query: string, headers: Record<string, string>): Promise<WebSocket | string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/bridge${query}`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
    ws.once('error', (e) => resolve(`error ${e.message}`));
  });
}

function ask(ws: WebSocket, msg: unknown): Promise<{ id: number | null; result: { ok: boolean; value?: unknown; error?: string } }> {
  return new Promise((resolve) => {
    ws.once('message', (d) => resolve(JSON.parse(String(d))));
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  });
}

const origin = (): Record<string, string> => ({ Origin: `http://127.0.0.1:${shell.port}` });

describe('browser shell', () => {
  it('listens on loopback and prints a tokenised URL', () => {
    expect(shell.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${shell.port}/\\?token=[0-9a-f]{48}$`));
  });

  it('refuses the bridge without the token, with a wrong token, or from another origin', async () => {
    expect(await connect('', origin())).toBe('refused 403');
    expect(await connect(`?token=${'a'.repeat(48)}`, origin())).toBe('refused 403');
    expect(await connect(`?token=${shell.token.slice(0, 47)}`, origin())).toBe('refused 403');
    expect(await connect(`?token=${shell.token}`, { Origin: 'http://evil.example' })).toBe('refused 403');
    expect(await connect(`?token=${shell.token}`, {})).toBe('refused 403');
    expect(await connect(`?token=${shell.token}`, { ...origin(), Host: 'evil.example' })).toBe('refused 403');
  });

  it('serves the contract to the holder of the token and validates every request', async () => {
    const ws = await connect(`?token=${shell.token}`, origin());
    if (typeof ws === 'string') throw new Error(ws);
    const info = await ask(ws, { id: 1, channel: 'app:info', payload: null });
    expect(info).toMatchObject({ id: 1, result: { ok: true, value: { shell: 'browser', bridgeVersion: BRIDGE_VERSION } } });
    expect((await ask(ws, { id: 2, channel: 'fs:read', payload: '/etc/passwd' })).result).toMatchObject({ ok: false, error: expect.stringContaining('unknown request channel') });
    expect((await ask(ws, { id: 3, channel: 'resources:map', payload: { id: 42 } })).result).toMatchObject({ ok: false, error: expect.stringContaining('expected { id: string }') });
    expect((await ask(ws, 'not json')).result).toMatchObject({ ok: false, error: 'malformed message' });
    expect((await ask(ws, { id: 4, channel: 'app:quit', payload: null })).result.ok).toBe(true);
    expect(quits).toBe(1);
    ws.close();
  });

  it('takes session-link frames without an answer: a valid one reaches the session, a bad one is dropped', async () => {
    const ws = await connect(`?token=${shell.token}`, origin());
    if (typeof ws === 'string') throw new Error(ws);
    const answers: { id?: unknown }[] = [];
    ws.on('message', (d) => answers.push(JSON.parse(String(d)) as { id?: unknown }));
    ws.send(JSON.stringify({ link: { t: 'begin', key: 3, hash: 7 } })); // valid, but no match runs
    ws.send(JSON.stringify({ link: { t: 'begin', key: -3, hash: 7 } }));
    ws.send(JSON.stringify({ link: 'intent' }));
    // A request after them: its answer proves the frames before it were read, in order.
    expect((await ask(ws, { id: 9, channel: 'app:info', payload: null })).id).toBe(9);
    expect(services.session.counters.ignoredLoop).toBe(1);
    expect(services.bridge.badLink).toBe(2);
    expect(answers.filter((a) => a.id !== 9)).toEqual([]); // nothing answered the link frames
    ws.close();
  });

  it('tells the room its page is gone when the last page socket closes, not before', async () => {
    const gone: number[] = [];
    const session = services.session;
    const pageGone = session.pageGone.bind(session);
    session.pageGone = () => {
      gone.push(Date.now());
      pageGone();
    };
    try {
      const first = await connect(`?token=${shell.token}`, origin());
      const second = await connect(`?token=${shell.token}`, origin());
      if (typeof first === 'string' || typeof second === 'string') throw new Error(String(first));
      const closed = (ws: WebSocket): Promise<void> => new Promise((r) => ws.once('close', () => r()));
      first.close();
      await closed(first);
      // The server saw the close before it answers the other page's request.
      await ask(second, { id: 1, channel: 'app:info', payload: null });
      expect(gone).toEqual([]);
      second.close();
      await closed(second);
      await until(() => gone.length > 0, 5_000);
      expect(gone).toHaveLength(1);
    } finally {
      session.pageGone = pageGone;
    }
  });

  it('serves only files inside the renderer folder', async () => {
    const base = `http://127.0.0.1:${shell.port}`;
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/`)).headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${base}/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });

  it('closes even while a browser holds a request half-sent', async () => {
    const rendererDir = tempDir('shell-close');
    const second = await startBrowserShell({ bridge: services.bridge, rendererDir, port: 0 });
    const socket = tcpConnect(second.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'); // the headers never end: not an idle connection
    socket.on('error', () => undefined);
    const ended = new Promise((r) => socket.once('close', r));
    await second.close(); // without closing that connection too, this never returned
    await ended;
    expect(socket.destroyed).toBe(true);
  });
});
