/**
 * The bridge contract: every request and event between the renderer and the main side, in one file.
 *
 * Two kinds of traffic, the same in both shells:
 * - requests (with a result) and app events: the Electron shell carries them over IPC (one preload
 *   method per request), the browser shell over its authenticated loopback WebSocket;
 * - the net channel: one ordered, pushed channel for a LAN room — main pushes the session,
 *   the match start, each key's updates, status and events as they happen (NetDown); the page's
 *   match loop pushes its intent, key hashes and progress back (NetUp). Electron: a
 *   MessageChannelMain port handed to the preload; browser shell: `{ link }` frames on the socket.
 *   No polling and no request/response round trip on either side.
 * The main side validates every payload (electron/services/bridge/) before acting on it; the
 * renderer imports only *types* from here (enforced by scripts/check-layers.ts).
 *
 * Versioning: BRIDGE_VERSION changes whenever a request, response or event changes shape. The
 * renderer reads the main side's version from `app:info` and refuses to run against another one.
 */
import type { DesyncReport, HostStatus, KeyUpdate, LobbySlot, LoopMsg, MatchStart, PeerEvent, PeerPhase, RoomSettings, SlotKind, TreeStatus } from '../core/lockstep';
import type { PlayerInput } from '../core/sim';

export const BRIDGE_VERSION = 20;

export interface AppInfo {
  readonly appVersion: string;
  readonly protocolVersion: number;
  readonly bridgeVersion: number;
  readonly shell: 'electron' | 'browser';
  readonly platform: string;
  readonly userDataDir: string;
}

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export const ACTIONS = ['up', 'down', 'left', 'right', 'split', 'eject', 'chat', 'pause', 'scoreboard', 'grid', 'netPanel', 'mute', 'menu'] as const;
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
  /** LAN matches: draw my own ball from a prediction (issue 14); false draws the confirmed state. */
  readonly predictMyBall: boolean;
  /** Master and effects volume, 0–100 (integers), and mute (M in a match toggles it for the match). */
  readonly sound: { readonly master: number; readonly effects: number; readonly muted: boolean };
}

/**
 * Something main tells the player, as a code and its parameters: the page words it from its
 * catalogs (renderer/i18n, key `reason.<code>`), so main never sends a sentence. Parameter values
 * are data (names, addresses, numbers, an OS error's code), set as text.
 */
export interface Reason {
  readonly code: ReasonCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Every reason main gives; the page's catalogs have a `reason.<code>` entry for each (type-checked). */
export const REASON_CODES = [
  // A session ended or went back to the lobby (core/lockstep SessionReason, and JOIN refusals).
  'host-closed', 'handed-over', 'replaced', 'kicked', 'load-timeout', 'nobody-loaded', 'no-answer', 'stopped-answering', 'dropped', 'taken-over', 'out-of-step', 'host-said', 'end-desync',
  'reject-full', 'reject-running', 'reject-kicked', 'reject-name', 'reject-token', 'reject-version', 'reject-other',
  // Requests refused.
  'not-in-room', 'no-rejoin', 'superseded', 'settings-invalid', 'settings-reset', 'settings-name-refused', 'host-port', 'bad-request', 'unexpected',
  // Join by address.
  'probe-invalid', 'probe-timeout', 'probe-refused', 'probe-version', 'probe-error', 'probe-port-silent',
  // A typed join code (core/net/joinCode): not one, mistyped, or naming an address no game is hosted at.
  'probe-code-length', 'probe-code-check', 'probe-code-address',
  // A discovery note (an ignored switch value, a socket the OS refused): its detail is technical data.
  'discovery-note',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** Where the effective LAN discovery mode came from: the command line, BB_DISCOVERY, the setting, or nothing. */
export type DiscoverySource = 'flag' | 'env' | 'setting' | 'default';

/**
 * The discovery mode in force ('off', 'all' or an interface name) and who chose it, and this
 * machine's IPv4 interfaces in the order a hosted room offers them (the first is the lobby's first
 * address and join code): a named interface, else LAN ones before virtual adapters (VPN, Docker,
 * virtual machines), which friends in the room cannot reach.
 */
export interface DiscoveryInForce {
  readonly mode: string;
  readonly source: DiscoverySource;
  readonly interfaces: readonly { readonly name: string; readonly address: string; readonly kind: 'lan' | 'virtual' | 'other' }[];
}

export interface SettingsResult {
  readonly settings: Settings;
  /** Set when the stored file was unreadable or invalid and defaults were used (the bad file is kept aside). */
  readonly notice?: Reason;
  /** False until the player has saved a name (first run, or the stored one is refused): the page asks for one. */
  readonly nameChosen: boolean;
  readonly discovery: DiscoveryInForce;
  /** Every action's default key (Settings' "Default keys"; the page keeps no copy of its own). */
  readonly defaultKeys: Readonly<Record<Action, string>>;
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

/**
 * A map file and the external tilesets it references, as text: `core/map` (loadTiledMap) parses
 * and validates them, so every refused map is refused in core's words.
 */
export interface MapFiles {
  readonly id: string;
  readonly file: string;
  readonly text: string;
  /** Tileset `source` → its text. */
  readonly tilesets: Readonly<Record<string, string>>;
  /** Tileset `source` → why it could not be read (missing, outside the resources folder). */
  readonly unread: Readonly<Record<string, string>>;
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
  /** False: seen (mDNS, beacon) but its game port has not answered a probe — a firewall, most likely (null: not known yet). */
  readonly portAnswers: boolean | null;
  /** False for a host of another protocol version: shown greyed out with `reason`. */
  readonly compatible: boolean;
  readonly reason: string | null;
  readonly via: readonly string[];
  /** A running match in which this app holds a stored session token: offer Rejoin. */
  readonly rejoin: boolean;
}

/**
 * One discovery mechanism's state: on which interfaces it works, and the OS's words for what failed
 * (`problems`, "eth0: …"), which the page shows as data inside its own sentence.
 */
export interface MechanismInfo {
  readonly state: 'off' | 'idle' | 'starting' | 'ok' | 'unavailable';
  readonly interfaces: readonly string[];
  readonly problems: readonly string[];
}

/** Which discovery works, one line per mechanism, for the Join screen. */
export interface DiscoveryInfo {
  /** 'off', 'all' or 'interface <name>'. */
  readonly mode: string;
  /** Who chose the mode (an 'off' forced by the command line is not the player's doing). */
  readonly source: DiscoverySource;
  readonly mdns: MechanismInfo;
  readonly broadcast: MechanismInfo;
  /** The machine's other interfaces, not looked on (discovery names one interface). */
  readonly skipped: readonly string[];
  /**
   * Per interface mDNS looks on: its own packets came back (multicast works on this interface) and
   * any other device's mDNS arrived (the network passes multicast): the empty list's likely cause.
   */
  readonly hearing: readonly { readonly interface: string; readonly own: boolean; readonly others: boolean }[];
  readonly notes: readonly Reason[];
}

export interface LanList {
  readonly games: readonly LanGame[];
  readonly discovery: DiscoveryInfo;
}

/** The answer to "probe this typed address": the game found there, or why not. */
export type ProbeResult =
  | { readonly ok: true; readonly game: LanGame }
  | { readonly ok: false; readonly reason: 'invalid' | 'timeout' | 'refused' | 'version' | 'error'; readonly message: Reason };

// ---- LAN rooms: networking (the ClientPeer, the host authority) runs in main; the
// simulation runs in the renderer, which sends its intent and key-frame hashes and receives
// confirmed updates. Every payload is validated in main (electron/services/bridge/netRequests.ts). ----

/** Lobby and match requests of the local player (owner-only ones are ignored for others). */
export type NetAction =
  | { readonly t: 'ready'; readonly ready: boolean }
  | { readonly t: 'colour'; readonly colour: number }
  /** A chat line; `team` (v20): to my team only. */
  | { readonly t: 'chat'; readonly text: string; readonly team: boolean }
  | { readonly t: 'settings'; readonly settings: RoomSettings }
  | { readonly t: 'slot'; readonly slot: number; readonly kind: SlotKind; readonly difficulty: number }
  | { readonly t: 'kick'; readonly slot: number }
  /** Puts a slot on a team (v17): your own, or any as the room owner. */
  | { readonly t: 'team'; readonly slot: number; readonly team: number }
  | { readonly t: 'start' }
  | { readonly t: 'progress'; readonly percent: number }
  | { readonly t: 'vote'; readonly slot: number }
  | { readonly t: 'pause'; readonly pause: boolean };

/**
 * Page → main on the net channel: the page's match loop (core/lockstep RemotePort's messages), and
 * `attach`, which every page sends once as it starts: a page opened again (a closed tab reopened, a
 * reload) takes back the room main still holds, if that room lost its page (LanRoom `PAGE_GONE_MS`).
 */
export type NetUp = LoopMsg | { readonly t: 'attach' };

/** Main → page on the net channel, in the order things happened, each once. */
export type NetDown =
  /** The room as the lobby, loading screen and HUD show it (sent whenever it changes). */
  | { readonly t: 'session'; readonly session: NetRoom }
  | { readonly t: 'start'; readonly start: NetStart }
  | { readonly t: 'resume'; readonly resume: NetResume }
  /** Confirmed key-frame updates, in key order, each exactly once (after its start or resume). */
  | { readonly t: 'updates'; readonly updates: readonly KeyUpdate[] }
  | { readonly t: 'status'; readonly status: NetStatus }
  | { readonly t: 'event'; readonly event: NetEvent }
  /**
   * This page takes back the room main holds (it answered the page's `attach`): the room view
   * follows, and in a running match a resume (the hosting app's verifier snapshot, or key 0).
   */
  | { readonly t: 'attached' };

/** The room as the lobby, loading screen and HUD show it (sent whenever it changes). */
export interface NetRoom {
  readonly phase: PeerPhase;
  readonly slot: number;
  readonly owner: boolean;
  readonly settings: RoomSettings;
  readonly slots: readonly LobbySlot[];
  /** Loading progress per slot (0..100), during loading. */
  readonly progress: readonly { readonly slot: number; readonly percent: number }[];
  readonly pause: { readonly paused: boolean; readonly by: number; readonly pausesLeft: number } | null;
  /** Why the session ended or went back to the lobby (rejected, kicked, failed, host gone…). */
  readonly message: Reason | null;
  /** The host's game address others can type to join ("ip:port"): the first of `addresses`. */
  readonly address: string | null;
  /** Every address others can type to join: a hosting app lists one per LAN interface, the one discovery announces on first. */
  readonly addresses: readonly string[];
  /** The bot trees of the room's matches (codes and data; the page words them). */
  readonly trees: NetTrees;
  /**
   * Where the match goes on when another player took over this app's room (message `replaced`):
   * the new host's "ip:port", under which main stored this player's token. The page rejoins it.
   */
  readonly rejoinAt: string | null;
  /**
   * A hosting app's JOINs refused lately, newest first (at most 3, one per address): the lobby tells
   * its host who tried and why. `name` is '' where none was read (or it broke the name rule).
   */
  readonly refused: readonly { readonly address: string; readonly name: string; readonly reason: 'full' | 'version' | 'running' | 'kicked' | 'name' | 'token' | 'other' }[];
  /**
   * A hosting app's reachability from the LAN (null when joined, or bound to one address): 'virtual'
   * when its only usable interfaces are virtual adapters (VPN, Docker, Hyper-V, ZeroTier, WSL),
   * 'none' when it has no network at all; the lobby warns its host.
   */
  readonly reach: 'lan' | 'virtual' | 'none' | null;
}

/** A tree file of this app's that fell back to the built-in tree (core/ai TreeError's fields). */
export interface TreeFallback {
  readonly file: string;
  /** The node id as written in the file; null for a file-level problem. */
  readonly node: string | null;
  /** The loader's words for the problem. */
  readonly problem: string;
}

/**
 * The bot trees as the lobby and loading screen show them: the state of this peer's trees against
 * the match's (core/lockstep TreeStatus: ready from its own files, the host's or the built-in ones;
 * receiving, waiting, or failed with a reason code), and this app's own files that fell back.
 */
export interface NetTrees extends TreeStatus {
  readonly fallbacks: readonly TreeFallback[];
}

/** The match start, for the renderer's game loop. */
export interface NetStart {
  readonly start: MatchStart;
  readonly slot: number;
  /** False for a spectator. */
  readonly player: boolean;
  readonly lastKey: number;
  /**
   * The match's bot trees by difficulty (easy, normal, hard): minified JSON that main's ClientPeer
   * compiled to `start.trees` (this app's files, or the host's received where they differ). The
   * page compiles them again (core/ai compileTreeSet) and refuses a fingerprint other than `start.trees`.
   */
  readonly trees: readonly string[];
}

/**
 * Joined a running match (a rejoin, or a spectator mid-match): restore `snapshot` (the state before
 * key `fromKey`'s inputs; null: a fresh game from key 0) and run from `fromKey`, fast-forwarding
 * through the updates that follow on net:updates (from `fromKey` on). A player's inputs count again
 * from the takeover key the host announces; until then its bot plays.
 */
export interface NetResume {
  readonly start: NetStart;
  readonly fromKey: number;
  /** The snapshot's bytes, base64. */
  readonly snapshot: string | null;
}

/** Live network figures while a match runs (on change, at most every 100 ms otherwise): wait dialog and F3 panel. */
export interface NetStatus {
  readonly status: HostStatus | null;
  readonly hostSilentMs: number;
  /** Speed factor for the loop's phase alignment (ClientPeer.pace). */
  readonly pace: number;
  readonly rttMs: number;
  readonly delayMs: number;
  readonly bytesInPerSec: number;
  readonly bytesOutPerSec: number;
  /**
   * How key frames reach this app in a running match (null otherwise, and for a spectator):
   * 'group' the host's multicast; 'missed' it listens but none came lately (the network drops
   * multicast, so the host sends its keys alone); 'off' no group (not on a LAN interface).
   */
  readonly frames: 'group' | 'missed' | 'off' | null;
}

/**
 * The peer events the page receives, opted in one by one (chat, drops, desync, end…): a new
 * PeerEvent reaches the page only once it is listed here. Start, resume and updates have their
 * own link messages, tree status rides on the session, and an election is main's business.
 */
export const NET_EVENTS = ['accepted', 'rejected', 'failed', 'settings', 'slots', 'chat', 'loading', 'progress', 'lobby', 'desync', 'refsub', 'pause', 'dropped', 'kicked', 'end', 'takeover', 'closed', 'hosting'] as const satisfies readonly PeerEvent['t'][];
export type NetEvent = Extract<PeerEvent, { readonly t: (typeof NET_EVENTS)[number] }>;

/** Whether the page receives this peer event (NET_EVENTS). */
export function isNetEvent(e: PeerEvent): e is NetEvent {
  return (NET_EVENTS as readonly string[]).includes(e.t);
}

// ---- Replays: files in the user data folder, written and read through main. ----

/**
 * Why a listed replay cannot be played, as a code the page words from its catalogs
 * (`replay.error.<code>`: core's ReplayError codes, and main's 'too-large' and 'unreadable');
 * for 'format-version', the file's format and the one this build reads.
 */
export interface ReplayProblem {
  readonly code: string;
  readonly file?: number;
  readonly reads?: number;
}

/** One replay on the Replays screen. A damaged or incompatible file is listed with `error`. */
export interface ReplayEntry {
  readonly id: string;
  /** ISO date of the match. */
  readonly date: string;
  /** The map's id (the page names a shipped map in its own words) and the name its file gave. */
  readonly mapId: string;
  readonly map: string;
  readonly players: readonly string[];
  readonly seconds: number;
  readonly winner: string | null;
  readonly bytes: number;
  readonly error: ReplayProblem | null;
}

/** A replay file's bytes (base64 over the bridge). */
export interface ReplayFile {
  readonly id: string;
  readonly base64: string;
}

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
  /** Hosts a room on the game port (discovery publishes it when on); the owner joins it. */
  'net:host': { req: { readonly name: string; readonly colour: number; readonly settings: RoomSettings }; res: { readonly address: string } };
  /**
   * Joins the room at "ip:port" as a player or a spectator; the outcome arrives as net:session.
   * `rejoin`: take back this app's slot in the match running there, with the session token stored
   * for that address (fails when none is stored); the match then arrives as net:resume.
   */
  'net:join': { req: { readonly address: string; readonly name: string; readonly spectate: boolean; readonly rejoin?: boolean }; res: null };
  /** Leaves the room (and stops hosting). */
  'net:leave': { req: null; res: null };
  'net:act': { req: NetAction; res: null };
  /** Writes a desync report into the user data folder; returns its path. */
  'net:desyncReport': { req: DesyncReport; res: { readonly file: string } };
  'replays:list': { req: null; res: readonly ReplayEntry[] };
  'replays:read': { req: { readonly id: string }; res: ReplayFile };
  /** Stores a finished match's replay (validated), then prunes to the keepReplays setting. */
  'replays:save': { req: { readonly base64: string }; res: { readonly id: string } };
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
export const REQUEST_CHANNELS = ['app:info', 'app:quit', 'settings:get', 'settings:set', 'resources:maps', 'resources:map', 'resources:tilesetImage', 'resources:botTree', 'lan:browse', 'lan:probe', 'net:host', 'net:join', 'net:leave', 'net:act', 'net:desyncReport', 'replays:list', 'replays:read', 'replays:save'] as const satisfies readonly RequestChannel[];
export const EVENT_CHANNELS = ['app:notice', 'lan:list'] as const satisfies readonly EventChannel[];

// Compile-time proof that the channel lists above name every channel of the maps.
type MissingRequest = Exclude<RequestChannel, (typeof REQUEST_CHANNELS)[number]>;
type MissingEvent = Exclude<EventChannel, (typeof EVENT_CHANNELS)[number]>;
export const CHANNEL_LISTS_COMPLETE: [MissingRequest, MissingEvent] extends [never, never] ? true : never = true;

/**
 * What a request resolves to on the wire: errors travel as data, never as thrown objects — `error`
 * for the log, `reason` for the player.
 */
export type BridgeResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string; readonly reason: Reason };

/** The renderer's view of the bridge, the same in both shells. */
export interface Bridge {
  readonly shell: 'electron' | 'browser';
  request<C extends RequestChannel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>>;
  on<E extends EventChannel>(channel: E, listener: (payload: BridgeEvents[E]) => void): () => void;
  /** The net channel (see the file header). */
  readonly link: {
    post(m: NetUp): void;
    on(listener: (m: NetDown) => void): () => void;
  };
  /** The game process went away (the browser shell's Quit, or it stopped): the page can do nothing more. */
  onClose(listener: () => void): () => void;
}

/** What the Electron preload exposes on `window.ballBrawl`: one narrow method per request. */
export type PreloadApi = {
  readonly bridgeVersion: number;
  readonly requests: { readonly [C in RequestChannel]: (payload: RequestOf<C>) => Promise<BridgeResult<ResponseOf<C>>> };
  readonly onEvent: (listener: (channel: EventChannel, payload: unknown) => void) => void;
  /** The net channel: the preload holds the MessagePort main handed it and relays both ways. */
  readonly link: {
    readonly post: (m: NetUp) => void;
    readonly onMessage: (listener: (m: unknown) => void) => void;
  };
};
