/**
 * The page's side of a LAN room: listens to the net channel for the page's lifetime (so an
 * update that arrives while a screen is still loading is buffered, never lost), keeps the latest
 * session and status, creates the NetPort on a start (or a resume: a rejoin or a spectator
 * joining a running match, which restores a snapshot and fast-forwards), and moves between the
 * networked screens as the session's phase changes (lobby → loading → match → results/lobby; a
 * rejection, kick or lost host ends on a screen that says so). Text from the network is only ever shown as
 * text by the screens.
 * Routing only happens while `active` (from host/join until leave), so a stale event after
 * leaving never yanks the player off the menu. A page that starts asks main for the room it holds
 * (`attach`): a reopened or reloaded page whose room main kept is told `attached`, and the room
 * view and a running match's resume that follow bring it back to its screen.
 */
import { HOST_SILENT_MS } from '../../game/waitState';
import type { NetDown, NetAction, NetEvent, NetResume, NetRoom, NetStart, NetStatus, RequestOf } from '../../../electron/contract';
import type { LockstepMatch, ResumeFrom } from '../../game/LockstepMatch';
import { fromBase64 } from '../../game/ReplayFiles';
import { NetPort } from '../../game/netPort';
import type { LobbySlot } from '../../game/simApi';
import { errorText, reasonText, t } from '../../i18n';
import type { AppContext, ScreenName } from '../App';
import { joinRetry, type TriedJoin } from './joinRetry';
import { roomHook } from './roomHook';

export interface LobbyChatLine {
  readonly from: number;
  readonly text: string;
  readonly team: boolean;
}

const LOBBY_CHAT_KEEP = 50;
const NET_SCREENS: readonly ScreenName[] = ['lobby', 'netLoading', 'netMatch'];

export class PageRoom {
  session: NetRoom | null = null;
  status: NetStatus | null = null;
  start: NetStart | null = null;
  /** Set when the match was joined running (a resume): where the loop starts. */
  resume: ResumeFrom | null = null;
  /** The lobby as the match started (names and colours of the roster). */
  startSlots: readonly LobbySlot[] = [];
  port: NetPort | null = null;
  /** The running match, while the match screen shows it. */
  match: LockstepMatch | null = null;
  readonly chat: LobbyChatLine[] = [];
  /** True from host/join until leave or the end of the session. */
  active = false;
  /** The last join asked for: a refusal brings the Join screen back with its address (and, for a full or running room, the offer to watch). */
  lastJoin: TriedJoin | null = null;
  /** Fault injection (tests): freezes the local loop as a hung machine would. */
  frozen = false;
  /** The match screen's wait dialog, for the test hook. */
  waitProbe: (() => { isOpen: boolean; openedAt: number | null; closedAt: number | null; afterBlockedMs: number | null }) | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(readonly ctx: AppContext) {
    ctx.bridge.link.on((m) => this.onLink(m));
    ctx.bridge.link.post({ t: 'attach' });
    ctx.hook.net = roomHook(this);
    ctx.hook.freezeNet = (on) => {
      this.frozen = on;
      if (this.match) this.match.frozen = on;
    };
  }

  private onLink(m: NetDown): void {
    switch (m.t) {
      case 'session': return this.onSession(m.session);
      case 'start': return this.onStart(m.start, null);
      case 'resume': return this.onResume(m.resume);
      case 'updates': return void this.port?.push(m.updates);
      case 'status': {
        const wasSilent = (this.status?.hostSilentMs ?? 0) >= HOST_SILENT_MS;
        this.status = m.status;
        // Lobby and loading screens redraw for a quiet host (the match reads the port each frame).
        if (!this.port && (wasSilent || m.status.hostSilentMs >= HOST_SILENT_MS)) this.emit();
        return this.port?.setStatus(m.status);
      }
      case 'event': return this.onEvent(m.event);
      case 'attached':
        // Main kept this app's room while it had no page: what follows is that room as it is now.
        this.reset();
        this.lastJoin = null;
        this.active = true;
        return;
    }
  }

  /** Calls `l` on every session or chat change; returns the unsubscribe. */
  onChange(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  async host(req: RequestOf<'net:host'>): Promise<string> {
    this.reset();
    this.active = true;
    try {
      const { address } = await this.ctx.bridge.request('net:host', req);
      return address;
    } catch (e) {
      this.active = false;
      throw e;
    }
  }

  /** Joins; `rejoin` takes back this app's slot in the match running there (a stored token). */
  async join(address: string, spectate: boolean, rejoin = false): Promise<void> {
    this.reset();
    this.active = true;
    this.lastJoin = { address, spectate };
    try {
      await this.ctx.bridge.request('net:join', { address, name: this.ctx.settings.name, spectate, ...(rejoin ? { rejoin } : {}) });
    } catch (e) {
      this.active = false;
      throw e;
    }
  }

  /** Leaves the room (or stops hosting) and forgets the session. */
  leave(): void {
    this.active = false;
    this.reset();
    void this.ctx.bridge.request('net:leave', null).catch(() => undefined);
  }

  act(a: NetAction): void {
    void this.ctx.bridge.request('net:act', a).catch((e: Error) => console.warn(`[net] ${a.t}: ${e.message}`));
  }

  private reset(): void {
    this.session = null;
    this.start = null;
    this.resume = null;
    this.port = null;
    this.match = null;
    this.waitProbe = null;
    this.chat.length = 0;
    this.frozen = false;
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }

  private onSession(s: NetRoom): void {
    const before = this.session?.phase;
    this.session = s;
    this.match?.onSession(s);
    this.emit();
    if (this.active && s.phase !== before) this.route(s);
  }

  private onResume(r: NetResume): void {
    let snapshot: Uint8Array | null = null;
    try {
      snapshot = r.snapshot === null ? null : fromBase64(r.snapshot);
    } catch {
      // Not base64 (a main-side bug): leave rather than run a match we cannot restore.
      if (this.active) this.ctx.show('menu', { notice: t('net.resumeFailed', { reason: 'bad snapshot' }) });
      return void this.leave();
    }
    this.onStart(r.start, { fromKey: r.fromKey, snapshot });
  }

  private onStart(s: NetStart, resume: ResumeFrom | null): void {
    if (!this.active) return;
    this.start = s;
    this.resume = resume;
    this.startSlots = this.session?.slots ?? [];
    this.port = new NetPort(s, (m) => this.ctx.bridge.link.post(m), resume?.fromKey ?? 0);
    if (this.status) this.port.setStatus(this.status);
    // A resume while the match screen is up (a spectator's resync): rebuild it on the new port.
    this.ctx.show('netMatch');
  }

  private onEvent(e: NetEvent): void {
    if (e.t === 'chat') {
      this.chat.push({ from: e.from, text: e.text, team: e.team });
      if (this.chat.length > LOBBY_CHAT_KEEP) this.chat.shift();
    }
    this.match?.onEvent(e);
    this.emit();
  }

  /** Rejoins the match at its new host with the token main stored there; the Join screen says so meanwhile. */
  private rejoinAfterReplaced(address: string): void {
    this.ctx.show('join', { notice: t('net.rejoiningNewHost') });
    this.join(address, false, true).catch((e: Error) => {
      if (this.ctx.hook.screen === 'join') this.ctx.show('join', { notice: errorText(e) });
    });
  }

  /** The screen a phase change leads to. */
  private route(s: NetRoom): void {
    const screen = this.ctx.hook.screen;
    switch (s.phase) {
      case 'lobby':
        // After a finished match the results stay up; their button leads back to the lobby.
        if (screen !== 'lobby' && !(screen === 'results' && this.start)) this.ctx.show('lobby');
        return;
      case 'loading':
        this.start = null;
        this.resume = null;
        this.port = null;
        if (screen !== 'netLoading') this.ctx.show('netLoading');
        return;
      // 'left' only follows our own leave, or main closing a previous session as a new one
      // starts: never a reason to move.
      case 'rejected':
      case 'kicked':
      case 'failed': {
        // Another player took over this app's room while it stood still: back into the match there.
        if (s.phase === 'failed' && s.message?.code === 'replaced' && s.rejoinAt) return this.rejoinAfterReplaced(s.rejoinAt);
        const notice = s.message ? reasonText(s.message) : t(`net.${s.phase}`);
        this.active = false;
        if (s.phase === 'rejected' || screen === 'join') this.ctx.show('join', { notice, ...joinRetry(this.lastJoin, s.phase === 'rejected', s.message?.code ?? null) });
        else if (NET_SCREENS.includes(screen as ScreenName) || screen === 'results' || screen === 'host') this.ctx.show('menu', { notice });
        return;
      }
      default:
        return;
    }
  }
}

const clients = new WeakMap<object, PageRoom>();

/** The page's PageRoom (one per bridge; the entry point creates it before the first screen). */
export function pageRoom(ctx: AppContext): PageRoom {
  let c = clients.get(ctx.bridge);
  if (!c) {
    c = new PageRoom(ctx);
    clients.set(ctx.bridge, c);
  }
  return c;
}
