/**
 * Everything a peer sends its host: the JOIN (repeated until answered; the ACCEPT that answers it
 * gives the slot and token, set here), and client frames —
 * closures just in time, unacknowledged inputs, acks, the state hash, reports, NACKs with backoff,
 * keep-alives, and redundant copies on a lossy uplink. `tick` decides which frame is due.
 * Invariants: a key's inputs are scheduled only into keys not yet closed (ClientMatch), and a
 * closure is never advertised beyond the inputs that fit into the datagram.
 */
import { COPY_SPACING_MS, markCopy, redundantCopies } from '../link';
import { SessionReason } from '../reasons';
import { encodeClientFrame, encodeJoin } from '../wire';
import type { AcceptMsg } from '../wire';
import type { ClientMatch } from './ClientMatch';
import type { ClientState } from './ClientState';
import { checkPlayerName, MAX_NAME_BYTES, nameProblemText } from '../names';

export const JOIN_RETRY_MS = 250;
export const JOIN_TIMEOUT_MS = 5000;
const KEEPALIVE_MATCH_MS = 250;
const KEEPALIVE_LOBBY_MS = 1000;
const HOST_SILENT_FAIL_MS = 15_000;
/** During a match the wait dialog shows the silence; after this long the peer gives up. */
const HOST_SILENT_MATCH_FAIL_MS = 60_000;
/** Frames carry a report while my simulation is at least this far behind (ms). */
const REPORT_BEHIND_MS = 50;

export class ClientUplink {
  private joinStartedAt = 0;
  private joinSentAt = 0;
  private joinTries = 0;
  /** NACK state for the oldest closed key whose update has not arrived (of this match: a new one starts from scratch). */
  private nackMatch: ClientMatch | null = null;
  private nackKey = -1;
  private nackTries = 0;
  private copies: { at: number; bytes: Uint8Array }[] = [];

  constructor(private readonly st: ClientState) {}

  /** Starts the handshake: JOIN, repeated until ACCEPT/REJECT or JOIN_TIMEOUT_MS. */
  join(now: number): void {
    const st = this.st;
    st.nonce = st.opts.random32() >>> 0;
    // A fresh JOIN carries the name: one the rule refuses never reaches the wire (nor is cut to fit).
    const name = st.opts.rejoinToken === undefined ? checkPlayerName(st.opts.name) : null;
    if (name && !name.ok) return st.fail({ t: 'failed', reason: nameProblemText('name', name, MAX_NAME_BYTES) }, 'failed');
    st.phase = 'joining';
    this.joinStartedAt = now;
    st.lastHeardAt = now;
    this.sendJoin(now);
  }

  private sendJoin(now: number): void {
    const { opts } = this.st;
    this.joinSentAt = now;
    this.joinTries++;
    const token = opts.rejoinToken;
    this.st.out(encodeJoin({ nonce: this.st.nonce, spectate: opts.spectate === true, name: opts.name, appVersion: opts.appVersion, ...(token !== undefined ? { token: token >>> 0 } : {}) }));
  }

  /** Leaving while joining: the host forgets the session our JOIN (this nonce) may have made. */
  cancelJoin(): void {
    this.st.out(encodeJoin({ nonce: this.st.nonce, spectate: false, name: '', appVersion: '', cancel: true }));
  }

  /** An ACCEPT or REJECT answers my JOIN: I am joining, and it names my nonce. */
  answers(nonce: number): boolean {
    return this.st.phase === 'joining' && nonce === this.st.nonce;
  }

  /**
   * My JOIN was accepted: my slot, token and ownership, the lobby, and an RTT sample when it
   * answered the first JOIN (Karn: never a retried one).
   */
  accepted(now: number, a: AcceptMsg): void {
    const st = this.st;
    st.slot = a.slot;
    st.token = a.token;
    st.owner = a.owner;
    st.phase = 'lobby';
    st.lastHeardAt = now;
    if (this.joinTries === 1) st.rtt.sample(now - this.joinSentAt);
    st.events.push({ t: 'accepted', slot: a.slot, owner: a.owner });
  }

  /** Another host (a takeover): NACK state from scratch. */
  resetNacks(): void {
    this.nackKey = -1;
  }

  /** Closes the keys due (ClientMatch.closeDue) and, if any, sends them, with copies on a lossy uplink. */
  closeAndSend(now: number): void {
    const m = this.st.match;
    if (!m || !m.closeDue(now)) return;
    const bytes = this.sendFrame(now);
    const copies = redundantCopies(this.st.pings.upLoss);
    for (let i = 1; i <= copies; i++) this.copies.push({ at: now + i * COPY_SPACING_MS, bytes: markCopy(bytes, 8, i) });
  }

  /** Retransmissions, NACKs, acks, keep-alives, join retries, the silence timeouts. */
  tick(now: number): void {
    const st = this.st;
    if (st.phase === 'joining') {
      if (now - this.joinStartedAt >= JOIN_TIMEOUT_MS) return st.fail({ t: 'failed', reason: SessionReason.NoAnswer }, 'failed');
      if (now - this.joinSentAt >= JOIN_RETRY_MS) this.sendJoin(now);
      return;
    }
    if (!st.connected) return;
    this.flushCopies(now);
    const listening = st.opts.groupListening?.(st.host) === true;
    if (listening !== st.groupTold) {
      st.groupTold = listening;
      st.control({ t: 'group', listening });
    }
    // The host's silence as my ticks count it: a peer that stood still itself (a stopped or
    // swapped-out process) reads what came meanwhile before it blames the host (issue 32).
    if (st.hostSilence >= (st.phase === 'running' ? HOST_SILENT_MATCH_FAIL_MS : HOST_SILENT_FAIL_MS)) {
      return st.fail({ t: 'failed', reason: SessionReason.StoppedAnswering }, 'failed');
    }
    const rto = st.rtt.rto();
    const m = st.phase === 'running' ? st.match : null;
    if (m?.player && st.opts.lockClosures !== true) this.closeAndSend(now);
    if (st.ctl.due(now, rto) || st.ctl.ackDue(now, st.lastSentAt)) return void this.sendFrame(now);
    if (m && this.nackDue(now)) {
      st.stats.nacks++;
      this.nackTries++;
      return void this.sendFrame(now);
    }
    if (st.blockedSince !== null && now - st.lastSentAt >= Math.max(rto, 50)) return void this.sendFrame(now);
    // My simulation fell behind: say so now rather than at the next keep-alive (host: "slow").
    if (m && m.behindMs(now) >= 100 && now - st.lastSentAt >= 100) return void this.sendFrame(now);
    if (now - st.lastSentAt >= (m ? KEEPALIVE_MATCH_MS : KEEPALIVE_LOBBY_MS)) this.sendFrame(now);
  }

  private flushCopies(now: number): void {
    if (this.copies.length === 0 || (this.copies[0]?.at ?? Infinity) > now) return;
    const due = this.copies.filter((c) => c.at <= now);
    this.copies = this.copies.filter((c) => c.at > now);
    for (const c of due) this.st.out(c.bytes);
  }

  /**
   * A NACK is due when the oldest key I closed has waited for its update longer than the usual
   * closure→update lag (smoothed + 4 × variation), doubling the wait after each NACK for it.
   */
  private nackDue(now: number): boolean {
    const m = this.st.match;
    if (!m || !m.expecting) return false;
    const key = m.recvKey + 1;
    if (key !== this.nackKey || m !== this.nackMatch) {
      this.nackMatch = m;
      this.nackKey = key;
      this.nackTries = 0;
    }
    const closedAt = m.closedAtOf(key);
    if (closedAt === undefined) return false;
    const gap = Math.min(250, Math.max(8, m.lag.worst(this.st.rtt.smoothed(20) * 2) + 5));
    return now >= closedAt + gap * 2 ** this.nackTries && now - this.st.lastSentAt >= gap;
  }

  /** Sends a frame with everything owed now (see the file header); returns its bytes. */
  sendFrame(now: number): Uint8Array {
    const st = this.st;
    const m = st.phase === 'running' ? st.match : null;
    const inputs = m?.player ? m.pendingInputs() : [];
    const behindMs = m ? m.behindMs(now) : 0;
    const echo = st.pings.takeEcho(now);
    const report =
      echo || behindMs >= REPORT_BEHIND_MS
        ? {
            ...(echo ? { echo } : {}),
            lossPct: st.downLoss.percent,
            slackMs: m && m.player ? m.slack.low() : -1,
            behindMs,
          }
        : undefined;
    const ctlAck = st.ctl.ackOwing ? st.ctl.takeAck() : undefined;
    const hash = m?.hash;
    // A sampled key's hash goes once (a lost one is covered by the next: HashJudge); the final
    // hash rides in every frame until the end.
    if (m && !m.finalHash) m.hash = undefined;
    const frame = (closedThrough: number) => ({
      token: st.token,
      ...(m ? { progress: { recvKey: m.recvKey, closedThrough } } : {}),
      ...(hash ? { hash } : {}),
      ...(inputs.length > 0 ? { inputs } : {}),
      ...(st.ctl.section() ? { ctl: st.ctl.section() } : {}),
      ...(ctlAck !== undefined ? { ctlAck } : {}),
      ...(report ? { report } : {}),
    });
    let enc = encodeClientFrame(frame(m ? (m.player ? m.closed : m.recvKey) : -1));
    if (m && enc.updates < inputs.length) enc = encodeClientFrame(frame(m.closedFor(enc.updates)));
    st.ctl.markSent(now, enc.ctl);
    st.lastSentAt = now;
    st.out(enc.bytes);
    return enc.bytes;
  }
}
