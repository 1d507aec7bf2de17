/**
 * Validators for the bridge's replay requests (replays:*), served by ReplayStore
 * (files/replays.ts). Ids are plain file-name stems (no separators, no dots: no path traversal); a
 * saved replay travels as base64, capped in size and checked for its alphabet before any decoding.
 */
import type { BridgeRequests } from '../../contract';
import { REPLAY_ID } from '../files/replays';
import type { Validator } from './validator';

type ReplayChannel = Extract<keyof BridgeRequests, `replays:${string}`>;

/** Largest base64 payload accepted by replays:save (64 MiB of text, 48 MiB of bytes). */
export const MAX_REPLAY_BASE64 = 64 << 20;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function record(p: unknown): Record<string, unknown> | null {
  return typeof p === 'object' && p !== null && !Array.isArray(p) ? (p as Record<string, unknown>) : null;
}

export const REPLAY_VALIDATORS: { [C in ReplayChannel]: Validator<C> } = {
  'replays:list': (p) => (p === null || p === undefined ? null : 'expected no payload'),
  'replays:read': (p) => {
    const id = record(p)?.['id'];
    return typeof id === 'string' && REPLAY_ID.test(id) ? { id } : 'expected { id } (letters, digits, "-" and "_", at most 64)';
  },
  'replays:save': (p) => {
    const b = record(p)?.['base64'];
    if (typeof b !== 'string' || b.length === 0) return 'expected { base64: string }';
    if (b.length > MAX_REPLAY_BASE64) return `replay too large (${b.length} base64 characters, at most ${MAX_REPLAY_BASE64})`;
    if (b.length % 4 !== 0 || !BASE64.test(b)) return 'base64: invalid characters or length';
    return { base64: b };
  },
};
