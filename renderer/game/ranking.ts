/**
 * Ranking helpers for the HUD, matching core's scoreboard order exactly (mass over all a player's
 * cells descending — 0 while dead — then kills descending, deaths ascending, slot ascending) but
 * allocation-free, so the HUD can ask every frame; and how the HUD writes the clock and masses.
 */
import { playerMass, type World } from './simApi';

/** Whether `p` ranks above `q` on the scoreboard. */
export function ranksAbove(w: World, p: number, q: number): boolean {
  const B = w.players;
  const mp = playerMass(w, p);
  const mq = playerMass(w, q);
  if (mp !== mq) return mp > mq;
  if (B.kills[p] !== B.kills[q]) return B.kills[p]! > B.kills[q]!;
  if (B.deaths[p] !== B.deaths[q]) return B.deaths[p]! < B.deaths[q]!;
  return p < q;
}

/** 1-based rank of `slot` among the match's players. */
export function rankOf(w: World, slot: number): number {
  let rank = 1;
  for (let p = 0; p < w.settings.players; p++) if (p !== slot && ranksAbove(w, p, slot)) rank++;
  return rank;
}

/** "m:ss" for a number of logic frames at `rate` frames a second. */
export function clockText(frames: number, rate: number): string {
  const s = Math.max(0, Math.ceil(frames / rate));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The narrow no-break space (U+202F) between digit groups: thin, and never a line break. */
const GROUP_SPACE = '\u202f';

/**
 * A mass as the HUD shows it: whole units, digits in groups of three from the right split by a
 * narrow no-break space ("8 400", "12 000"; "950"), the same in every language.
 */
export function massText(mass: number): string {
  return String(Math.trunc(mass)).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SPACE);
}
