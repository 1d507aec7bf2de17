/**
 * The networked part of the end-to-end test hook (`window.__bb.net`): live getters over the
 * SessionClient, so a test waits on state (phase, roster, frames, key hashes, the wait dialog) and
 * never on time. Read-only: nothing here changes the session.
 */
import { reasonText } from '../../i18n';
import type { SessionClient } from './SessionClient';

export interface SessionHook {
  /** The session phase ('idle' before host/join). */
  readonly phase: string;
  readonly slot: number;
  readonly owner: boolean;
  /** The address others type to join this host ("ip:port"), on the hosting page. */
  readonly address: string | null;
  readonly message: string | null;
  readonly roomName: string;
  readonly slots: readonly { kind: number; name: string; colour: number; ready: boolean }[];
  readonly progress: readonly { slot: number; percent: number }[];
  readonly paused: boolean;
  /** Lobby chat lines received (from slot, text). */
  readonly chat: readonly { from: number; text: string }[];
  /** The key a match joined running (rejoin, spectator) started at; null for a match from its start. */
  readonly resumedFrom: number | null;
  /** Next logic frame of the running match (-1 when none runs). */
  readonly frame: number;
  /** Key and state hash of the last key begun (null before the first). */
  readonly lastHash: { key: number; hash: number } | null;
  /** My state hash before key `key` (null when not run yet). */
  keyHash(key: number): number | null;
  /** performance.now() when the loop blocked (null while it runs). */
  readonly blockedSince: number | null;
  /** Whom the host waits for, as its last status says. */
  readonly waiting: readonly { slot: number; name: string; cause: 'network' | 'slow' }[];
  readonly dialogShown: boolean;
  /** Last opening of the wait dialog: performance.now() and ms after the loop blocked. */
  readonly dialogOpened: { at: number; afterBlockedMs: number } | null;
  readonly dialogClosedAt: number | null;
  /** The HUD's networked notice (desync, drops). */
  readonly notice: string | null;
}

export function sessionHook(c: SessionClient): SessionHook {
  const hud = (): { isOpen: boolean; openedAt: number | null; closedAt: number | null; afterBlockedMs: number | null } | null => c.waitProbe?.() ?? null;
  return {
    get phase() { return c.session?.phase ?? 'idle'; },
    get slot() { return c.session?.slot ?? -1; },
    get owner() { return c.session?.owner ?? false; },
    get address() { return c.session?.address ?? null; },
    get message() { return c.session?.message ? reasonText(c.session.message) : null; },
    get roomName() { return c.session?.settings.roomName ?? ''; },
    get slots() { return (c.session?.slots ?? []).map((s) => ({ kind: s.kind, name: s.name, colour: s.colour, ready: s.ready })); },
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
