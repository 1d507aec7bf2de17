/**
 * The one rule for names other players see: a player's name and a room's name. Settings, the
 * bridge, the headless tools' `--name`, the page (as the user types) and the host (on every JOIN)
 * all check it with these functions, and the wire carries exactly these limits, so a name that
 * saves is a name that hosts and joins.
 * Units: limits are UTF-8 bytes, because that is what the wire carries; 48 bytes hold 16 CJK
 * characters (3 bytes each) or 48 Latin letters. A name over the limit is refused, never cut.
 * Surrounding whitespace is trimmed; control, line-breaking and bidi characters are refused
 * (they could break or spoof a label).
 */
import { hasControlChars, utf8Length } from '../net';

/** Longest player name, in UTF-8 bytes (16 CJK characters). */
export const MAX_NAME_BYTES = 48;
/** Longest room name, in UTF-8 bytes: a longest player name plus "'s room" / "的房间" fits. */
export const ROOM_NAME_BYTES = 64;

export type NameProblem = 'empty' | 'tooLong' | 'control';

/** A checked name: `name` is the trimmed text to use; `bytes` its UTF-8 length either way. */
export type NameCheck =
  | { readonly ok: true; readonly name: string; readonly bytes: number }
  | { readonly ok: false; readonly problem: NameProblem; readonly bytes: number };

/** Checks `raw` against the name rule with a limit of `maxBytes` UTF-8 bytes. */
export function checkName(raw: string, maxBytes: number): NameCheck {
  const name = raw.trim();
  const bytes = utf8Length(name);
  if (hasControlChars(name)) return { ok: false, problem: 'control', bytes };
  if (name.length === 0) return { ok: false, problem: 'empty', bytes };
  if (bytes > maxBytes) return { ok: false, problem: 'tooLong', bytes };
  return { ok: true, name, bytes };
}

/** Checks a player's name (MAX_NAME_BYTES). */
export function checkPlayerName(raw: string): NameCheck {
  return checkName(raw, MAX_NAME_BYTES);
}

/**
 * A one-line English reason for a refused name, for logs, files and the command line (the page
 * words it from its own catalogs). `field` names what was checked ("name", "--name").
 */
export function nameProblemText(field: string, check: NameCheck, maxBytes: number): string {
  if (check.ok) return '';
  if (check.problem === 'empty') return `${field}: must not be empty`;
  if (check.problem === 'control') return `${field}: must not contain control, line-break or text-direction characters`;
  return `${field}: ${check.bytes} UTF-8 bytes, at most ${maxBytes} allowed (${Math.floor(maxBytes / 3)} Chinese characters or ${maxBytes} Latin letters)`;
}

/**
 * `name`, or `name (2)`, `name (3)`… — the first one `taken` does not hold, so two players who
 * chose the same name are told apart. Deterministic: the same names taken give the same answer.
 * The suffix must fit MAX_NAME_BYTES, so a long name loses whole code points from its end to
 * make room for it (this is the host's label for a duplicate, not a refusal of the player's name).
 */
export function distinctName(name: string, taken: (name: string) => boolean): string {
  if (!taken(name)) return name;
  const points = Array.from(name);
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    let base = points.length;
    let bytes = utf8Length(name);
    while (base > 0 && bytes + suffix.length > MAX_NAME_BYTES) bytes -= utf8Length(points[--base] ?? '');
    const candidate = points.slice(0, base).join('').trimEnd() + suffix;
    if (!taken(candidate)) return candidate;
  }
}
