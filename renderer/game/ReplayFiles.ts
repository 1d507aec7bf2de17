/**
 * Replay files between the page and the main side: base64 over the bridge (replays:save /
 * replays:read), parsed by core/replay. Saving never interrupts the game: a failure is logged and
 * reported to the test hook, not thrown.
 */
import type { Bridge } from '../../electron/contract';
import { PROTOCOL_VERSION } from '../../core/lockstep';
import { toBase64 } from '../../core/lockstep';
import { parseReplay, type ParsedReplay } from '../../core/replay';
import { APP_VERSION } from '../../core/version';

/** The inverse of core's toBase64 (replays:read, a resume on the net channel), with the page's own decoder. */
export function fromBase64(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Stores a finished (or left) match's replay; the saved id, or the error, goes to `hook.savedReplays` (ui/testHook.ts). */
export function saveReplay(ctx: { readonly bridge: Bridge; readonly hook: { savedReplays?: string[] } }, bytes: Uint8Array): void {
  const log = (ctx.hook.savedReplays ??= []);
  ctx.bridge.request('replays:save', { base64: toBase64(bytes) }).then(
    ({ id }) => void log.push(id),
    (e: Error) => {
      console.warn(`[replays] not saved: ${e.message}`);
      log.push(`error: ${e.message}`);
    },
  );
}

/** Reads and parses replay `id`. @throws ReplayError (damaged, incompatible) or a bridge error */
export async function loadReplay(bridge: Bridge, id: string): Promise<ParsedReplay> {
  const file = await bridge.request('replays:read', { id });
  return parseReplay(fromBase64(file.base64), { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION });
}
