/**
 * Builds the desync report a peer writes when the host announces a mismatch: match identity
 * (seed, map, settings, roster), the last agreed snapshot, every update since, my hashes, my
 * per-component sub-hashes at the mismatching key, the reference peer's (relayed by the host),
 * and the first component that differs. Plain JSON-able data; the main side writes the file.
 * The entity inside that component comes from comparing two reports' snapshots at that key
 * offline (scripts/desync-diff.ts), since whole snapshots are not sent over the network.
 * Flow: on 'desync' send my sub-hashes for that key; on the matching 'refsub' (or after
 * REFSUB_WAIT_MS without one) emit the report once.
 */
import { PROTOCOL_VERSION } from '../../net';
import { toBase64 } from '../wire';
import type { PeerEvent } from '../client';
import type { LockstepRunner } from './LockstepRunner';
import type { LoopPeer } from './LoopPeer';
import type { KeyUpdate, MatchStart } from '../types';

export const REFSUB_WAIT_MS = 5000;
export const DESYNC_REPORT_FORMAT = 'ball-brawl-desync';

export interface DesyncReport {
  readonly format: typeof DESYNC_REPORT_FORMAT;
  readonly version: 1;
  readonly appVersion: string;
  readonly protocolVersion: number;
  readonly me: { readonly slot: number; readonly name: string };
  readonly detectedKey: number;
  readonly agreedKey: number;
  readonly diverged: readonly number[];
  readonly iDiverged: boolean;
  readonly referenceSlot: number;
  readonly referenceHash: number;
  readonly myHash: number | null;
  readonly match: MatchStart;
  /** Snapshot at the newest kept key ≤ agreedKey (state before that key's inputs). */
  readonly snapshot: { readonly key: number; readonly base64: string } | null;
  /** My snapshot at the mismatching key (compare two reports' with scripts/desync-diff.ts). */
  readonly detectedSnapshot: { readonly key: number; readonly base64: string } | null;
  /** Confirmed updates from the snapshot's key on. */
  readonly updates: readonly KeyUpdate[];
  /** My state hash before each key from the snapshot's key on. */
  readonly myHashes: { readonly fromKey: number; readonly hashes: readonly number[] };
  readonly subHashes: { readonly key: number; readonly mine: readonly { readonly name: string; readonly hash: number }[]; readonly reference: readonly number[] | null } | null;
  /** First component whose sub-hash differs from the reference's (null: none known). */
  readonly firstDifference: { readonly component: string; readonly index: number } | null;
}

type DesyncEvent = Extract<PeerEvent, { t: 'desync' }>;

export class DesyncReporter {
  private pending: { e: DesyncEvent; at: number } | null = null;
  private done = false;

  constructor(
    private readonly peer: LoopPeer,
    private readonly runner: LockstepRunner,
    private readonly meta: { readonly appVersion: string; readonly name: string },
    private readonly onReport: (r: DesyncReport) => void,
  ) {}

  /** Feed every peer event here. */
  onEvent(now: number, e: PeerEvent): void {
    if (e.t === 'desync' && !this.pending && !this.done) {
      this.pending = { e, at: now };
      const mine = this.runner.snapshots.find((s) => s.key === e.key);
      if (mine && mine.subHashes.length > 0) this.peer.sendSubhashes(e.key, mine.subHashes.map((h) => h.hash));
    } else if (e.t === 'refsub' && this.pending && e.key === this.pending.e.key) {
      this.finish(e.hashes);
    }
  }

  /** Emits the report without the reference's sub-hashes if they never came. */
  tick(now: number): void {
    if (this.pending && now - this.pending.at >= REFSUB_WAIT_MS) this.finish(null);
  }

  private finish(reference: readonly number[] | null): void {
    const p = this.pending;
    const m = this.peer.match;
    if (!p || !m || this.done) return;
    this.done = true;
    this.pending = null;
    const e = p.e;
    const r = this.runner;
    const agreed = [...r.snapshots].reverse().find((s) => s.key <= Math.max(0, e.agreedKey)) ?? r.snapshots[0];
    const from = agreed ? agreed.key : 0;
    const at = r.snapshots.find((s) => s.key === e.key);
    let firstDifference: DesyncReport['firstDifference'] = null;
    if (at && reference) {
      const i = at.subHashes.findIndex((h, k) => reference[k] !== undefined && reference[k] !== h.hash);
      if (i >= 0) firstDifference = { component: at.subHashes[i]?.name ?? String(i), index: i };
    }
    this.onReport({
      format: DESYNC_REPORT_FORMAT,
      version: 1,
      appVersion: this.meta.appVersion,
      protocolVersion: PROTOCOL_VERSION,
      me: { slot: this.peer.slot, name: this.meta.name },
      detectedKey: e.key,
      agreedKey: e.agreedKey,
      diverged: e.slots,
      iDiverged: e.slots.includes(this.peer.slot),
      referenceSlot: e.refSlot,
      referenceHash: e.refHash,
      myHash: r.keyHashes[e.key] ?? null,
      match: m.start,
      snapshot: agreed ? { key: agreed.key, base64: toBase64(agreed.bytes) } : null,
      detectedSnapshot: at ? { key: at.key, base64: toBase64(at.bytes) } : null,
      updates: m.updates.slice(from),
      myHashes: { fromKey: from, hashes: r.keyHashes.slice(from) },
      subHashes: at ? { key: e.key, mine: at.subHashes, reference } : null,
      firstDifference,
    });
  }
}
