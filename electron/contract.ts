/**
 * The bridge contract: every request and event between the renderer and the main side, in one file.
 *
 * Both shells carry exactly this contract: the Electron shell over IPC (one preload method per
 * request), the browser shell over an authenticated loopback WebSocket. The main side validates
 * every payload (electron/services/bridgeBackend.ts) before acting on it; the renderer imports
 * only *types* from here (enforced by scripts/check-layers.ts).
 *
 * Versioning: BRIDGE_VERSION changes whenever a request, response or event changes shape. The
 * renderer reads the main side's version from `app:info` and refuses to run against another one.
 */

export const BRIDGE_VERSION = 3;

/** Capabilities light up menu entries as the features that serve them land. */
export interface Capabilities {
  readonly offline: boolean;
  readonly host: boolean;
  readonly join: boolean;
  readonly replays: boolean;
}

export interface AppInfo {
  readonly appVersion: string;
  readonly protocolVersion: number;
  readonly bridgeVersion: number;
  readonly shell: 'electron' | 'browser';
  readonly platform: string;
  readonly userDataDir: string;
  readonly capabilities: Capabilities;
}

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export const ACTIONS = ['up', 'down', 'left', 'right', 'dash', 'chat', 'pause', 'scoreboard', 'grid', 'netPanel', 'menu'] as const;
export type Action = (typeof ACTIONS)[number];

export interface Settings {
  readonly version: 1;
  readonly name: string;
  /** Preferred colour as #rrggbb. */
  readonly color: string;
  readonly language: Language;
  readonly graphics: { readonly shadows: boolean; readonly pixelRatio: number };
  /** Action → KeyboardEvent.code. */
  readonly keys: Readonly<Record<Action, string>>;
  /** LAN discovery: 'off', 'all' interfaces, or one interface name. */
  readonly discovery: string;
  /** How many replays to keep. */
  readonly keepReplays: number;
}

export interface SettingsResult {
  readonly settings: Settings;
  /** Set when the stored file was unreadable or invalid and defaults were used (the bad file is kept aside). */
  readonly notice?: string;
}

export interface MapEntry {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

/** A map's tileset image, as a data URL the page can load under its CSP (`img-src data:`). */
export interface TilesetImage {
  readonly id: string;
  /** `data:image/png;base64,…` */
  readonly dataUrl: string;
}

export const BOT_DIFFICULTIES = ['easy', 'normal', 'hard'] as const;
export type BotDifficulty = (typeof BOT_DIFFICULTIES)[number];

/** A bot behavior tree file (resources/ai/<difficulty>.json) as text: `core/ai` validates it. */
export interface BotTreeFile {
  readonly difficulty: BotDifficulty;
  /** File name, for the loader's messages. */
  readonly file: string;
  readonly text: string;
}

/** A map file and the external tilesets it references, as parsed JSON: `core/map` validates them. */
export interface MapFiles {
  readonly id: string;
  readonly file: string;
  readonly map: unknown;
  readonly tilesets: Readonly<Record<string, unknown>>;
}

/** One game on the Join screen's list. Every text field came from the network: render as text only. */
export interface LanGame {
  readonly gameId: string;
  readonly room: string;
  readonly map: string;
  readonly players: number;
  readonly maxPlayers: number;
  readonly state: 'lobby' | 'loading' | 'match';
  readonly appVersion: string;
  /** Where JOIN goes: the address the host answered from, and its game port. */
  readonly address: string;
  readonly port: number;
  readonly pingMs: number | null;
  /** False for a host of another protocol version: shown greyed out with `reason`. */
  readonly compatible: boolean;
  readonly reason: string | null;
  readonly via: readonly string[];
}

/** Which discovery works, one line per mechanism, for the Join screen. */
export interface DiscoveryInfo {
  /** 'off', 'all' or 'interface <name>'. */
  readonly mode: string;
  readonly mdns: { readonly state: 'off' | 'idle' | 'starting' | 'ok' | 'unavailable'; readonly text: string };
  readonly broadcast: { readonly state: 'off' | 'idle' | 'starting' | 'ok' | 'unavailable'; readonly text: string };
  readonly notes: readonly string[];
}

export interface LanList {
  readonly games: readonly LanGame[];
  readonly discovery: DiscoveryInfo;
}

/** The answer to "probe this typed address": the game found there, or why not. */
export type ProbeResult =
  | { readonly ok: true; readonly game: LanGame }
  | { readonly ok: false; readonly reason: 'invalid' | 'timeout' | 'refused' | 'version' | 'error'; readonly message: string };

export interface BridgeRequests {
  'app:info': { req: null; res: AppInfo };
  'app:quit': { req: null; res: null };
  'settings:get': { req: null; res: SettingsResult };
  'settings:set': { req: Settings; res: SettingsResult };
  'resources:maps': { req: null; res: readonly MapEntry[] };
  'resources:map': { req: { readonly id: string }; res: MapFiles };
  /** The PNG image of map `id`'s tileset (read-only; only the image the map's tileset names). */
  'resources:tilesetImage': { req: { readonly id: string }; res: TilesetImage };
  /** The behavior tree of one bot difficulty (read-only). */
  'resources:botTree': { req: { readonly difficulty: BotDifficulty }; res: BotTreeFile };
  /** Starts (true) or stops (false) browsing the LAN; returns the list as it is now. */
  'lan:browse': { req: { readonly on: boolean }; res: LanList };
  /** Probes `ip` or `ip:port` over UDP: join by address, which works without any discovery. */
  'lan:probe': { req: { readonly address: string }; res: ProbeResult };
}

export interface BridgeEvents {
  'app:notice': { readonly level: 'info' | 'warn' | 'error'; readonly text: string };
  /** The Join list changed (while browsing). */
  'lan:list': LanList;
}

export type RequestChannel = keyof BridgeRequests;
export type EventChannel = keyof BridgeEvents;
export type RequestOf<C extends RequestChannel> = BridgeRequests[C]['req'];
export type ResponseOf<C extends RequestChannel> = BridgeRequests[C]['res'];

/** Every request channel, for the preload (one method each) and the main side's dispatcher. */
export const REQUEST_CHANNELS = ['app:info', 'app:quit', 'settings:get', 'settings:set', 'resources:maps', 'resources:map', 'resources:tilesetImage', 'resources:botTree', 'lan:browse', 'lan:probe'] as const satisfies readonly RequestChannel[];
export const EVENT_CHANNELS = ['app:notice', 'lan:list'] as const satisfies readonly EventChannel[];

// Compile-time proof that the channel lists above name every channel of the maps.
type MissingRequest = Exclude<RequestChannel, (typeof REQUEST_CHANNELS)[number]>;
type MissingEvent = Exclude<EventChannel, (typeof EVENT_CHANNELS)[number]>;
export const CHANNEL_LISTS_COMPLETE: [MissingRequest, MissingEvent] extends [never, never] ? true : never = true;

/** What a request resolves to on the wire: errors travel as data, never as thrown objects. */
export type BridgeResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** The renderer's view of the bridge, the same in both shells. */
export interface Bridge {
  readonly shell: 'electron' | 'browser';
  request<C extends RequestChannel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>>;
  on<E extends EventChannel>(channel: E, listener: (payload: BridgeEvents[E]) => void): () => void;
}

/** What the Electron preload exposes on `window.ballBrawl`: one narrow method per request. */
export type PreloadApi = {
  readonly bridgeVersion: number;
  readonly requests: { readonly [C in RequestChannel]: (payload: RequestOf<C>) => Promise<BridgeResult<ResponseOf<C>>> };
  readonly onEvent: (listener: (channel: EventChannel, payload: unknown) => void) => void;
};
