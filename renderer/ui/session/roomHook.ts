/**
 * The networked part of the end-to-end test hook (`window.__bb.net`): live getters over the
 * PageRoom, so a test waits on state (phase, roster, frames, key hashes, the wait dialog) and
 * never on time. Read-only: nothing here changes the session.
 */
import { reasonText } from '../../i18n';
import type { NetRoom, NetStatus } from '../../../electron/contract';
import type { RoomHook } from '../testHook';

/** What the hook reads of the page's room (a PageRoom). */
export interface RoomSource {
  readonly session: NetRoom | null;
  readonly status: NetStatus | null;
  readonly resume: { readonly fromKey: number } | null;
  readonly chat: readonly { readonly from: number; readonly text: string; readonly team: boolean }[];
  readonly port: { readonly lastBegun: { key: number; hash: number } | null; readonly blockedSince: number | null } | null;
  readonly match: { readonly runner: { readonly frame: number; readonly keyHashes: readonly (number | undefined)[] }; overlay(now: number): { readonly notice: string | null } } | null;
  readonly waitProbe: (() => { isOpen: boolean; openedAt: number | null; closedAt: number | null; afterBlockedMs: number | null }) | null;
}

export function roomHook(c: RoomSource): RoomHook {
  const hud = (): { isOpen: boolean; openedAt: number | null; closedAt: number | null; afterBlockedMs: number | null } | null => c.waitProbe?.() ?? null;
  return {
    get phase() { return c.session?.phase ?? 'idle'; },
    get slot() { return c.session?.slot ?? -1; },
    get owner() { return c.session?.owner ?? false; },
    get address() { return c.session?.address ?? null; },
    get message() { return c.session?.message ? reasonText(c.session.message) : null; },
    get roomName() { return c.session?.settings.roomName ?? ''; },
    get slots() { return (c.session?.slots ?? []).map((s) => ({ kind: s.kind, name: s.name, colour: s.colour, ready: s.ready, team: s.team })); },
    get progress() { return [...(c.session?.progress ?? [])]; },
    get paused() { return c.session?.pause?.paused ?? false; },
    get chat() { return [...c.chat]; },
    get resumedFrom() { return c.resume?.fromKey ?? null; },
    get frame() { return c.match ? c.match.runner.frame : -1; },
    get lastHash() { return c.port?.lastBegun ?? null; },
    keyHash: (key) => c.match?.runner.keyHashes[key] ?? null,
    get blockedSince() { return c.port?.blockedSince ?? null; },
    get waiting() {
      const slots = c.session?.slots ?? [];
      return (c.status?.status?.state === 1 ? c.status.status.waiting : []).map((w) => ({ slot: w.slot, name: slots[w.slot]?.name ?? '', cause: w.cause === 2 ? ('slow' as const) : ('network' as const) }));
    },
    get dialogShown() { return hud()?.isOpen ?? false; },
    get dialogOpened() {
      const p = hud();
      return p && p.openedAt !== null ? { at: p.openedAt, afterBlockedMs: p.afterBlockedMs ?? -1 } : null;
    },
    get dialogClosedAt() { return hud()?.closedAt ?? null; },
    get notice() { return c.match?.overlay(performance.now()).notice ?? null; },
  };
}
