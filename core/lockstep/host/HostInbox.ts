/**
 * What arrives at the host from its peers, once HostAuthority has checked the header, the sender's
 * address and its token: JOIN → ACCEPT/REJECT (or a rejoin, HostResync), client frames (closures,
 * inputs, acks, hashes, reports) and their control messages (lobby edits, chat, votes, pause…).
 * Invariants: a frame carrying inputs for a slot other than its session's is dropped whole;
 * owner-only requests from anyone else are counted and ignored.
 */
import { decodeClientControl, decodeDatagram, encodeAccept } from '../wire';
import type { ClientControl, ClientFrame, JoinMsg } from '../wire';
import { RejectReason, SlotKind, SPECTATOR_SLOT } from '../types';
import { checkPlayerName, distinctName } from '../names';
import type { HostMatch } from './HostMatch';
import type { HostResync } from './HostResync';
import type { HostRoom } from './HostRoom';
import type { HostSender } from './HostSender';
import { HostSession } from './HostSession';
import type { HostState } from './HostState';
import type { HostTrees } from './HostTrees';
import { slotChunks } from './hostMessages';

/** How long a session must have been silent before a fresh JOIN from its address may replace it: 2.5 lobby keep-alives. */
export const ADDRESS_QUIET_MS = 2500;

export class HostInbox {
  constructor(
    private readonly st: HostState,
    private readonly tx: HostSender,
    private readonly room: HostRoom,
    private readonly resync: HostResync,
    private readonly trees: HostTrees,
  ) {}

  onJoin(now: number, bytes: Uint8Array, from: string): void {
    const st = this.st;
    const d = decodeDatagram(bytes);
    if (!d.ok || d.msg.type !== 'join') return void st.counters.malformed++;
    const j: JoinMsg = d.msg;
    const old = st.sessions.get(from);
    if (j.cancel) return this.onCancel(now, j, old);
    // A fresh JOIN from the address of a session that is still talking is not that app restarted
    // (it would have gone quiet): it is forged, and must not replace the player. Dropped unanswered;
    // a real restart's JOIN retries get in once the old session has been silent ADDRESS_QUIET_MS.
    if (old && old.nonce !== j.nonce && old.addr !== st.opts.ownerAddress && now - old.lastHeard < ADDRESS_QUIET_MS) return void st.counters.addressInUse++;
    if (old && old.nonce === j.nonce) return this.tx.out(from, encodeAccept({ nonce: j.nonce, slot: old.slot, token: old.token, owner: old.owner }));
    if (j.appVersion !== st.opts.appVersion) return this.tx.reject(from, bytes, RejectReason.Version, j.name);
    if (st.sessions.isBanned(from, j.token)) return this.tx.reject(from, bytes, RejectReason.Kicked, j.name);
    if (j.token !== undefined && !j.spectate) return this.resync.rejoin(now, j, from, bytes);
    const why = this.refusal(j, old);
    // A name that breaks the rule is not shown to the host: the address says who it was.
    if (why !== 0) return this.tx.reject(from, bytes, why, why === RejectReason.BadName ? '' : j.name);
    if (old) this.room.removeSession(now, old, 3);
    const owner = from === st.opts.ownerAddress;
    const name = this.distinct(j.name.trim()); // the rule held (refusal), so the trimmed name is the checked one
    let token = st.opts.random32() >>> 0;
    if (token === 0) token = 1;
    const slot = j.spectate ? SPECTATOR_SLOT : st.lobby.openSlot();
    const reporter = st.sessions.reporterFor(slot);
    const s = new HostSession(from, j.nonce, token, slot, name, owner, reporter, now);
    st.sessions.add(s);
    if (!s.spectator) st.lobby.takeHuman(slot, name, slot);
    this.tx.out(from, encodeAccept({ nonce: j.nonce, slot, token, owner }));
    this.tx.toOne(s, { t: 'settings', settings: st.lobby.settings });
    for (const m of slotChunks(st.lobby.slots)) this.tx.toOne(s, m);
    if (!s.spectator) this.tx.broadcastSlots(s);
    // A spectator joining a running match gets a snapshot like a rejoining player.
    if (st.match && s.spectator) return this.resync.begin(now, s, st.match);
    this.tx.sendTo(now, s);
  }

  /** A joiner left before its ACCEPT came: the session its JOIN made (same address, same nonce) goes. */
  private onCancel(now: number, j: JoinMsg, old: HostSession | undefined): void {
    if (!old || old.nonce !== j.nonce || old.addr === this.st.opts.ownerAddress) return void this.st.counters.badCancel++;
    this.room.removeSession(now, old, 3);
  }

  /** Why a fresh JOIN is refused (0: it is not). `old`: a session from the same address. */
  private refusal(j: JoinMsg, old: HostSession | undefined): RejectReason | 0 {
    const st = this.st;
    // Every app checks its name before it joins; a name that breaks the rule is a hostile or broken peer.
    if (!checkPlayerName(j.name).ok) return RejectReason.BadName;
    if (st.phase !== 'lobby' && !j.spectate) return RejectReason.Running;
    if (j.spectate) {
      const n = [...st.sessions.values()].filter((s) => s.spectator && s !== old).length;
      return n >= (st.opts.maxSpectators ?? 8) ? RejectReason.Full : 0;
    }
    const freeing = old && !old.spectator ? 1 : 0;
    return st.lobby.openSlot() < 0 && freeing === 0 ? RejectReason.Full : 0;
  }

  /** The joiner's name, or "name (2)"… when a player, spectator, bot or detached slot already has it. */
  private distinct(name: string): string {
    const st = this.st;
    const taken = new Set<string>();
    for (const s of st.sessions.values()) taken.add(s.name);
    for (const s of st.lobby.slots) if (s.kind !== SlotKind.Open) taken.add(s.name);
    for (const n of st.sessions.detachedNames()) taken.add(n);
    return distinctName(name, (n) => taken.has(n));
  }

  onFrame(now: number, s: HostSession, f: ClientFrame): void {
    const st = this.st;
    if (f.inputs && f.inputs.some((i) => i.slot !== s.slot)) return void st.counters.wrongSlot++;
    s.lastHeard = now;
    st.match?.players.heard(s.slot, now);
    if (f.ctlAck !== undefined) s.ctl.onAck(f.ctlAck);
    if (f.report) {
      s.report(now, f.report);
      st.match?.players.setBehind(s.slot, f.report.behindMs);
    }
    let fresh = false;
    if (f.ctl) {
      for (const bytes of s.ctl.onReceive(f.ctl)) {
        fresh = true;
        this.onControl(now, s, decodeClientControl(bytes, st.match?.released ?? 0));
        if (!st.sessions.has(s.addr)) return;
      }
    }
    const m = st.match;
    if (!m || !s.inMatch) return;
    if (f.progress) fresh = this.onProgress(now, s, f, m) || fresh;
    if (f.hash) m.hashes.report(s.reporter, f.hash.key, f.hash.hash, m.released);
    if (m.tryRelease(now) > 0) this.tx.broadcastFrames(now);
    else if (s.recvKey < m.released && now - s.lastUpdatesSentAt >= s.rto() / 2) this.tx.sendTo(now, s);
    else if (!fresh && f.progress && now - s.lastSentAt >= 10) this.tx.sendTo(now, s);
  }

  /** A player's closure and inputs; true when its closure advanced. */
  private onProgress(now: number, s: HostSession, f: ClientFrame, m: HostMatch): boolean {
    const p = f.progress;
    if (!p) return false;
    s.recvKey = Math.max(s.recvKey, Math.min(p.recvKey, m.released));
    // A group frame reached it on its own: its run of misses is over.
    if (s.recvKey >= s.groupThrough && s.groupThrough > s.groupRepairedThrough) s.groupMisses = 0;
    if (s.spectator || !m.players.isActive(s.slot)) {
      if (f.inputs && f.inputs.length > 0) this.st.counters.inactiveInputs++;
      return false;
    }
    if (f.copy === undefined) s.upLoss.observe(p.closedThrough);
    const before = m.players.closedOf(s.slot);
    if (!f.report) m.players.setBehind(s.slot, 0);
    const r = m.onProgress(s.slot, now, p.recvKey, p.closedThrough, f.inputs ?? []);
    if (r === 'malformed') this.st.counters.malformed++;
    // Its changes that came after their keys were released: where they went, so it can tell.
    for (const l of m.landed.splice(0)) this.tx.toOne(s, { t: 'landed', key: l.key, at: l.at });
    const advanced = m.players.closedOf(s.slot) > before;
    if (advanced && f.inputs && f.inputs.length > 0) s.inputsToAck = true;
    if (!advanced && f.inputs && f.inputs.length > 0) this.st.counters.duplicate++;
    return advanced;
  }

  private onControl(now: number, s: HostSession, m: ClientControl | null): void {
    const st = this.st;
    if (!m) return void st.counters.malformed++;
    const match = st.match;
    switch (m.t) {
      case 'ready': if (st.phase === 'lobby' && !s.spectator) { st.lobby.setReady(s.slot, m.ready); this.tx.broadcastSlots(); } return;
      case 'colour': if (st.phase === 'lobby' && st.lobby.setColour(s.slot, m.colour)) this.tx.broadcastSlots(); return;
      // One's own team; the owner moves anyone (a refused move changes nothing).
      case 'team':
        if (st.phase !== 'lobby' || s.spectator || (m.slot !== s.slot && !s.owner)) return void (m.slot !== s.slot && st.counters.notOwner++);
        if (st.lobby.setTeam(m.slot, m.team)) this.tx.broadcastSlots();
        return;
      case 'chat':
        if (!m.team) return this.tx.broadcast({ t: 'chat', from: s.slot, text: m.text, team: false });
        if (!this.tx.toTeam(s, { t: 'chat', from: s.slot, text: m.text, team: true })) st.counters.notOwner++;
        return;
      case 'progress':
        st.loading?.progress(s, m.percent);
        if (m.percent >= 100) this.resync.onLateLoaded(now, s);
        return;
      case 'live': return this.resync.onLive(now, s);
      case 'trees': return this.trees.onReport(now, s, m.prints);
      case 'group': s.listens = m.listening; return;
      case 'vote': match?.vote(s.slot, m.slot, now); break;
      case 'pause': if (m.pause) match?.pause(s.slot, s.owner, now); else match?.resume(s.slot, s.owner, now); break;
      case 'subhash': match?.hashes.onSubhashes(s.reporter, m.key, m.hashes); break;
      case 'leave': return this.room.removeSession(now, s, 3);
      default:
        if (!s.owner) return void st.counters.notOwner++;
        if (m.t === 'setSettings') this.room.configure(m.settings);
        else if (m.t === 'setSlot') this.room.setSlot(m.slot, m.kind, m.difficulty);
        else if (m.t === 'kick') this.room.kick(now, m.slot);
        else this.room.start(now);
        return;
    }
    this.room.flushNotices(now);
  }
}
