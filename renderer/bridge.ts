/**
 * The renderer's end of the bridge contract, the same `Bridge` in both shells:
 * - Electron: `window.ballBrawl`, exposed by the sandboxed preload (one method per request, the
 *   net channel over the MessagePort main handed the preload);
 * - browser shell: a WebSocket to the page's own origin, authenticated by the launch token that
 *   came in the page URL; the net channel rides on it as `{ link }` frames.
 * Only types are imported from the contract (the layering check enforces it).
 */
import { t } from './i18n';
import type { Bridge, BridgeEvents, BridgeResult, EventChannel, NetDown, PreloadApi, Reason, RequestChannel, RequestOf, ResponseOf } from '../electron/contract';

declare global {
  interface Window {
    ballBrawl?: PreloadApi;
  }
}

type Listener = (payload: unknown) => void;

class Listeners {
  private readonly map = new Map<EventChannel, Set<Listener>>();
  add(channel: EventChannel, l: Listener): () => void {
    let set = this.map.get(channel);
    if (!set) this.map.set(channel, (set = new Set()));
    set.add(l);
    return () => set.delete(l);
  }
  fire(channel: EventChannel, payload: unknown): void {
    for (const l of this.map.get(channel) ?? []) l(payload);
  }
}

/** The page's side of the net channel: its listeners, fed by whichever shell carries it. */
function linkListeners(): { readonly fire: (m: NetDown) => void; readonly on: (l: (m: NetDown) => void) => () => void } {
  const set = new Set<(m: NetDown) => void>();
  return {
    fire: (m) => {
      for (const l of set) l(m);
    },
    on: (l) => {
      set.add(l);
      return () => set.delete(l);
    },
  };
}

/** A refused request: `message` for the log, `reason` for the player (i18n errorText words it). */
export class BridgeError extends Error {
  constructor(
    message: string,
    readonly reason: Reason | null,
  ) {
    super(message);
  }
}

function unwrap<T>(r: BridgeResult<T>): T {
  if (!r.ok) throw new BridgeError(r.error, r.reason);
  return r.value;
}

function electronBridge(api: PreloadApi): Bridge {
  const listeners = new Listeners();
  api.onEvent((c, p) => listeners.fire(c, p));
  const link = linkListeners();
  // Main is the trusted end of the link: its messages have the contract's shape.
  api.link.onMessage((m) => link.fire(m as NetDown));
  return {
    shell: 'electron',
    request: async <C extends RequestChannel>(channel: C, payload: RequestOf<C>) => {
      const call = api.requests[channel] as (p: RequestOf<C>) => Promise<BridgeResult<ResponseOf<C>>>;
      return unwrap(await call(payload));
    },
    on: <E extends EventChannel>(channel: E, l: (p: BridgeEvents[E]) => void) => listeners.add(channel, l as Listener),
    link: { post: (m) => api.link.post(m), on: link.on },
    // The window closes with the app: no page outlives the game process.
    onClose: () => () => undefined,
  };
}

async function socketBridge(token: string): Promise<Bridge> {
  const ws = new WebSocket(`ws://${location.host}/bridge?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error(t('error.refused'))), { once: true });
  });
  const listeners = new Listeners();
  const link = linkListeners();
  const pending = new Map<number, (r: BridgeResult<unknown>) => void>();
  let nextId = 1;
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: BridgeResult<unknown>; event?: EventChannel; payload?: unknown; link?: NetDown };
    if (msg.link) link.fire(msg.link);
    else if (msg.event) listeners.fire(msg.event, msg.payload);
    else if (typeof msg.id === 'number' && msg.result) pending.get(msg.id)?.(msg.result), pending.delete(msg.id);
  });
  const closed = new Set<() => void>();
  // Once the game process is gone the page is dead: its screen says so, and the requests still in
  // flight (or made by a timer afterwards) never settle, so no caller sees a rejection it did not expect.
  ws.addEventListener('close', () => {
    pending.clear();
    for (const l of closed) l();
  });
  return {
    shell: 'browser',
    request: <C extends RequestChannel>(channel: C, payload: RequestOf<C>) =>
      new Promise<ResponseOf<C>>((resolve, reject) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        const id = nextId++;
        pending.set(id, (r) => (r.ok ? resolve(r.value as ResponseOf<C>) : reject(new BridgeError(r.error, r.reason))));
        ws.send(JSON.stringify({ id, channel, payload }));
      }),
    on: <E extends EventChannel>(channel: E, l: (p: BridgeEvents[E]) => void) => listeners.add(channel, l as Listener),
    link: { post: (m) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ link: m })), on: link.on },
    onClose: (l) => {
      closed.add(l);
      return () => closed.delete(l);
    },
  };
}

/** Connects to whichever shell hosts this page. */
export function connectBridge(): Promise<Bridge> {
  if (window.ballBrawl) return Promise.resolve(electronBridge(window.ballBrawl));
  const token = new URLSearchParams(location.search).get('token');
  if (!token) return Promise.reject(new Error(t('error.noToken')));
  return socketBridge(token);
}
