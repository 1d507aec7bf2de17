/**
 * Test helper: a "page" in Node that talks to a running browser shell exactly as the renderer
 * does — over its loopback WebSocket, with the launch token, the page's Origin and a loopback Host —
 * so tests and benchmarks cross the same socket, JSON framing and dispatcher the game uses.
 * Implements the page-side PageBridge TestLoop drives (request/response, pushed events, the
 * net channel). `dispatcherPage` is the same bridge straight onto an in-process dispatcher, with
 * every crossing made asynchronous as a real one is.
 */
import { WebSocket } from 'ws';
import type { BridgeResult, EventChannel, NetDown, NetUp, RequestChannel } from '../../contract';
import type { BridgeDispatcher } from '../bridge/BridgeDispatcher';
import type { BrowserShell } from '../bridge/browserShellServer';

/** What a page needs of the bridge: requests with results as data, pushed events, the net channel. */
export interface PageBridge {
  handle(channel: RequestChannel, payload: unknown): Promise<BridgeResult<unknown>>;
  onEvent(listener: (channel: EventChannel, payload: unknown) => void): () => void;
  readonly link: {
    post(m: NetUp): void;
    on(listener: (m: NetDown) => void): () => void;
  };
}

export interface SocketPage extends PageBridge {
  close(): void;
}

export async function socketPage(shell: BrowserShell): Promise<SocketPage> {
  const origin = `http://127.0.0.1:${shell.port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`, { headers: { Origin: origin } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const pending = new Map<number, (r: BridgeResult<unknown>) => void>();
  const listeners = new Set<(channel: EventChannel, payload: unknown) => void>();
  const linkListeners = new Set<(m: NetDown) => void>();
  let nextId = 1;
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: BridgeResult<unknown>; event?: EventChannel; payload?: unknown; link?: NetDown };
    if (msg.link) for (const l of linkListeners) l(msg.link);
    else if (msg.event) for (const l of listeners) l(msg.event, msg.payload);
    else if (typeof msg.id === 'number' && msg.result) {
      pending.get(msg.id)?.(msg.result);
      pending.delete(msg.id);
    }
  });
  return {
    handle: (channel, payload) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, channel, payload }));
      }),
    onEvent: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    link: {
      post: (m) => ws.send(JSON.stringify({ link: m })),
      on: (l) => {
        linkListeners.add(l);
        return () => linkListeners.delete(l);
      },
    },
    close: () => ws.close(),
  };
}

/**
 * A page straight on an in-process dispatcher; each crossing is a later task, as over a real one,
 * and everything main sends (results, events, link messages) arrives in the order it was sent.
 */
export function dispatcherPage(d: BridgeDispatcher): PageBridge {
  const later = <T>(fn: (v: T) => void) => (v: T) => void setImmediate(() => fn(v));
  return {
    handle: (channel, payload) => d.handle(channel, payload).then((r) => new Promise((resolve) => setImmediate(() => resolve(r)))),
    onEvent: (l) => d.onEvent((c, p) => void setImmediate(() => l(c, p))),
    link: {
      post: later((m: NetUp) => d.linkIn(m)),
      on: (l) => d.onLink(later(l)),
    },
  };
}
