/**
 * What a key pressed while rebinding an action does, without the DOM (unit-tested in Node), for
 * any list of actions: Esc cancels (it never becomes a binding by accident — "Default keys" puts
 * an action back on Esc), a key the settings cannot store is ignored, a free key is bound, and a
 * key another action uses is a conflict the player decides (swap, or keep both as they were):
 * never a silent swap.
 */

/** Codes the settings validator accepts ("KeyW", "Digit1", "F3", "Space"…). */
const KEY_CODE = /^[A-Za-z0-9]{1,24}$/;
/** Cancels a rebind. */
export const CANCEL_CODE = 'Escape';

export type KeyPress<A extends string> =
  | { readonly t: 'cancel' }
  | { readonly t: 'ignored' }
  | { readonly t: 'bound'; readonly keys: Readonly<Record<A, string>> }
  /** `code` is `other`'s key: ask before `swapKeys`. */
  | { readonly t: 'conflict'; readonly other: A; readonly code: string };

/** The outcome of pressing `code` while rebinding `action` in `keys`. */
export function pressKey<A extends string>(keys: Readonly<Record<A, string>>, action: A, code: string): KeyPress<A> {
  if (code === CANCEL_CODE) return { t: 'cancel' };
  if (!KEY_CODE.test(code)) return { t: 'ignored' };
  const other = (Object.keys(keys) as A[]).find((a) => a !== action && keys[a] === code);
  if (other !== undefined) return { t: 'conflict', other, code };
  return { t: 'bound', keys: { ...keys, [action]: code } };
}

/** `action` takes `code` from `other`, which takes `action`'s old key. */
export function swapKeys<A extends string>(keys: Readonly<Record<A, string>>, action: A, other: A, code: string): Readonly<Record<A, string>> {
  return { ...keys, [other]: keys[action], [action]: code };
}
