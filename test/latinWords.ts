/**
 * The one rule for Latin words in Chinese text (issue 30): a Chinese player reads only Chinese,
 * except for what is written the same way in every language — names (players, rooms, a file, an
 * environment variable: whatever the caller passes as `names`), keys as printed on the keyboard,
 * numbers (with a version's "v", an address's dots and colons) and units. Used by the catalog test
 * (renderer/i18n/catalogs.test.ts: every zh-CN entry) and the walk of every screen in 中文
 * (e2e/zh-walk.spec.ts: what the page really shows, catalog or not).
 */

/** Key caps: letters and digits, function keys, and the named keys printed in Latin on a keyboard. */
const KEY_CAP = /^(?:[A-Z0-9]|F(?:[1-9]|1[0-2])|Esc|Tab|Shift|Ctrl|Alt)$/;
/** A number with a version prefix or an address's separators ("v0.1.0", "v12"). */
const NUMBER = /^v\d+(?:\.\d+)*$/;
/** Units written the same in Chinese. */
const UNITS: ReadonlySet<string> = new Set(['ms', 'px', 'kB', 'KB', 'MB', 'kB/s', 'fps']);

/** Latin words in `text`: runs starting with a letter (a digit-first run is a number). */
export function latinWords(text: string): string[] {
  return [...text.matchAll(/(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9_'’.\-/]*/g)].map((m) => m[0].replace(/[.'’\-/]+$/, ''));
}

/** The Latin words of `text` that are none of the allowed kinds; `names` are allowed as written (whole or by their words). */
export function foreignWords(text: string, names: readonly string[] = []): string[] {
  let rest = text;
  // A name may hold spaces or symbols ("Bot 2", "<b>Bob</b>"): take names out whole first.
  for (const n of [...names].sort((a, b) => b.length - a.length)) if (n) rest = rest.split(n).join(' ');
  return latinWords(rest).filter((w) => !KEY_CAP.test(w) && !NUMBER.test(w) && !UNITS.has(w));
}
