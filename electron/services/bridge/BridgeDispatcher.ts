/**
 * The main side of the bridge contract, shared by both shells.
 *
 * `handle(channel, payload)` is the single entry point for every renderer request, whether it
 * came over Electron IPC or the browser shell's WebSocket: it checks that the channel exists and
 * that the payload has the contract's shape before any service sees it, and turns every failure
 * into `{ ok: false, error, reason }` data (a bad request never throws across the bridge or crashes main).
 * The net channel goes through here too: `linkIn` validates each page message before the LAN
 * session sees it (a bad one is counted and dropped: there is no one to answer), and `sendLink`
 * pushes the session's messages to every connected page as they happen. When the last page goes
 * (its link sink unsubscribed), the session hears of it (`pageGone`); a page that starts sends
 * `attach` on the link to take the room back.
 */
import { APP_VERSION } from '../../../core/version';
import { PROTOCOL_VERSION } from '../../../core/net';
import {
  BOT_DIFFICULTIES,
  BRIDGE_VERSION,
  type BotDifficulty,
  REQUEST_CHANNELS,
  type AppInfo,
  type BridgeEvents,
  type BridgeResult,
  type EventChannel,
  type NetDown,
  type RequestChannel,
  type RequestOf,
  type ResponseOf,
  type SettingsResult,
} from '../../contract';
import type { JoinList } from '../discovery/JoinList';
import { NET_VALIDATORS, validateNetUp } from './netRequests';
import { REPLAY_VALIDATORS } from './replayRequests';
import type { NetService, ReplayService } from './services';
import { noPayload } from './validator';
import { reasonOf } from '../reasonError';
import type { Validator } from './validator';
import type { Resources } from '../files/resources';
import { DEFAULT_KEYS, type SettingsStore } from '../files/settings';

export interface DispatcherOptions {
  readonly shell: AppInfo['shell'];
  readonly userDataDir: string;
  readonly settings: SettingsStore;
  readonly resources: Resources;
  readonly joinList: JoinList;
  /** The LAN discovery mode in force and who chose it (command line, environment, setting). */
  readonly discoveryMode: () => SettingsResult['discovery'];
  readonly session: NetService;
  readonly replays: ReplayService;
  /** Ends the app (closes the window, or stops the browser shell). */
  readonly quit: () => void;
}

type Handler<C extends RequestChannel> = (payload: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>;

function mapId(p: unknown): { id: string } | string {
  const id = (p as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length <= 64 ? { id } : 'expected { id: string }';
}

const VALIDATORS: { [C in RequestChannel]: Validator<C> } = {
  'app:info': noPayload,
  'app:quit': noPayload,
  'settings:get': noPayload,
  // Full validation happens in SettingsStore.save, which names each rejected field.
  'settings:set': (p) => (typeof p === 'object' && p !== null ? (p as RequestOf<'settings:set'>) : 'expected a settings object'),
  'resources:maps': noPayload,
  'resources:map': mapId,
  'resources:tilesetImage': mapId,
  'resources:botTree': (p) => {
    const d = (p as { difficulty?: unknown } | null)?.difficulty;
    return (BOT_DIFFICULTIES as readonly unknown[]).includes(d) ? { difficulty: d as BotDifficulty } : `expected { difficulty: ${BOT_DIFFICULTIES.join(' | ')} }`;
  },
  'lan:browse': (p) => {
    const on = (p as { on?: unknown } | null)?.on;
    return typeof on === 'boolean' ? { on } : 'expected { on: boolean }';
  },
  'lan:probe': (p) => {
    const address = (p as { address?: unknown } | null)?.address;
    return typeof address === 'string' && address.length <= 64 ? { address } : 'expected { address: string } (at most 64 characters)';
  },
  ...NET_VALIDATORS,
  ...REPLAY_VALIDATORS,
};

export class BridgeDispatcher {
  /** Page messages on the net channel refused by validation (a page bug, never acted on). */
  badLink = 0;
  private readonly listeners = new Set<(channel: EventChannel, payload: unknown) => void>();
  private readonly linkSinks = new Set<(m: NetDown) => void>();
  private readonly handlers: { [C in RequestChannel]: Handler<C> };

  constructor(private readonly opts: DispatcherOptions) {
    this.handlers = {
      'app:info': () => this.appInfo(),
      'app:quit': () => {
        opts.quit();
        return null;
      },
      'settings:get': () => ({ ...opts.settings.load(), discovery: opts.discoveryMode(), defaultKeys: DEFAULT_KEYS }),
      'settings:set': (s) => ({ ...opts.settings.save(s), discovery: opts.discoveryMode(), defaultKeys: DEFAULT_KEYS }),
      'resources:maps': () => opts.resources.listMaps(),
      'resources:map': ({ id }) => opts.resources.readMap(id),
      'resources:tilesetImage': ({ id }) => opts.resources.readTilesetImage(id),
      'resources:botTree': ({ difficulty }) => opts.resources.readBotTree(difficulty),
      'lan:browse': ({ on }) => opts.joinList.browse(on),
      'lan:probe': ({ address }) => opts.joinList.probe(address),
      'net:host': (r) => opts.session.host(r),
      'net:join': (r) => opts.session.join(r),
      'net:leave': () => opts.session.leave(),
      'net:act': (a) => opts.session.act(a),
      'net:desyncReport': (r) => opts.session.desyncReport(r),
      'replays:list': () => opts.replays.list(),
      'replays:read': ({ id }) => opts.replays.read(id),
      'replays:save': ({ base64 }) => opts.replays.save(base64),
    };
  }

  appInfo(): AppInfo {
    return {
      appVersion: APP_VERSION,
      protocolVersion: PROTOCOL_VERSION,
      bridgeVersion: BRIDGE_VERSION,
      shell: this.opts.shell,
      platform: process.platform,
      userDataDir: this.opts.userDataDir,
    };
  }

  /** Validates and serves one request from the renderer. Never throws. */
  async handle(channel: unknown, payload: unknown): Promise<BridgeResult<unknown>> {
    if (typeof channel !== 'string' || !(REQUEST_CHANNELS as readonly string[]).includes(channel)) {
      const error = `unknown request channel: ${String(channel).slice(0, 64)}`;
      return { ok: false, error, reason: { code: 'bad-request', params: { detail: error } } };
    }
    const c = channel as RequestChannel;
    const checked = (VALIDATORS[c] as Validator<RequestChannel>)(payload);
    if (typeof checked === 'string') return { ok: false, error: `${c}: ${checked}`, reason: { code: 'bad-request', params: { detail: `${c}: ${checked}` } } };
    try {
      const value = await (this.handlers[c] as Handler<RequestChannel>)(checked as never);
      return { ok: true, value };
    } catch (e) {
      return { ok: false, error: `${c}: ${(e as Error).message}`, reason: reasonOf(e) };
    }
  }

  /** Subscribes a shell's event sink (IPC to the window, or the WebSocket). */
  onEvent(listener: (channel: EventChannel, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventChannel>(channel: E, payload: BridgeEvents[E]): void {
    for (const l of this.listeners) l(channel, payload);
  }

  /** One message from a page on the net channel. Never throws. */
  linkIn(message: unknown): void {
    const m = validateNetUp(message);
    if (typeof m === 'string') return void this.badLink++;
    this.opts.session.loop(m);
  }

  /**
   * Subscribes a shell's link sink (the Electron MessagePort, or the WebSocket): one per page. The
   * last one unsubscribed (the page closed or reloaded) tells the room its page is gone.
   */
  onLink(sink: (m: NetDown) => void): () => void {
    this.linkSinks.add(sink);
    return () => {
      if (this.linkSinks.delete(sink) && this.linkSinks.size === 0) this.opts.session.pageGone();
    };
  }

  /** Pushes a session message to every connected page. */
  sendLink(m: NetDown): void {
    for (const l of this.linkSinks) l(m);
  }
}
