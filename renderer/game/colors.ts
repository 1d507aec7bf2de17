/**
 * Player colours: the local player keeps the colour from Settings; other slots get well-spread
 * hues (golden-angle steps) that stay clear of the local player's hue so nobody is mistaken for you,
 * and of the viruses' green (renderer/view/VirusLayer.ts) so a big bot is not taken for one.
 * Output is #rrggbb strings (the form Settings uses).
 */

function hex(n: number): string {
  return Math.round(Math.max(0, Math.min(255, n))).toString(16).padStart(2, '0');
}

/** #rrggbb of an HSL colour (h in turns, s and l in 0..1). */
export function hsl(h: number, s: number, l: number): string {
  const f = (k: number): number => {
    const n = (k + h * 12) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(n - 3, 9 - n, 1));
  };
  return `#${hex(f(0) * 255)}${hex(f(8) * 255)}${hex(f(4) * 255)}`;
}

/** Hue (turns) of a #rrggbb colour. */
export function hueOf(color: string): number {
  const v = parseInt(color.slice(1), 16);
  const r = (v >> 16) / 255;
  const g = ((v >> 8) & 255) / 255;
  const b = (v & 255) / 255;
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return ((h / 6) % 1 + 1) % 1;
}

/** Hue (turns) of the viruses' green, #3fd35a. */
export const VIRUS_HUE = hueOf('#3fd35a');

/** `count` colours for the other players, avoiding hues within 0.05 turn of `mine` and of VIRUS_HUE. */
export function otherColors(count: number, mine: string): string[] {
  const avoid = hueOf(mine);
  const gapTo = (h: number, to: number): number => Math.min(Math.abs(h - to), 1 - Math.abs(h - to));
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const h = (0.08 + i * 0.618034) % 1;
    if ((gapTo(h, avoid) < 0.05 || gapTo(h, VIRUS_HUE) < 0.05) && i < count * 4) continue;
    const light = i % 3 === 0 ? 0.55 : i % 3 === 1 ? 0.62 : 0.48;
    out.push(hsl(h, 0.75, light));
  }
  return out;
}

/**
 * The lobby's colour palette: LobbySlot.colour is an index 0..255 into it (the wire carries one
 * byte). The first entries are hand-picked to be told apart at a glance; the rest are well-spread
 * golden-angle hues, so every index names a stable colour on every peer.
 */
const BASE_PALETTE = ['#3fa7ff', '#ff5d7a', '#6ee07a', '#ffd84d', '#b678ff', '#ff9a3c', '#3fe0d0', '#ff7de9', '#c8e05a', '#8f9bff', '#e0603f', '#5ad1ff'] as const;
export const PALETTE_SIZE = 256;

/** #rrggbb of palette index `i` (out-of-range indices wrap). */
export function paletteColor(i: number): string {
  const n = ((Math.trunc(i) % PALETTE_SIZE) + PALETTE_SIZE) % PALETTE_SIZE;
  const base = BASE_PALETTE[n];
  if (base) return base;
  const light = n % 3 === 0 ? 0.55 : n % 3 === 1 ? 0.62 : 0.48;
  return hsl((0.08 + n * 0.618034) % 1, 0.75, light);
}

/** The palette index closest to #rrggbb `color` (the Settings colour asks for a slot colour). */
export function paletteIndexOf(color: string): number {
  const rgb = (c: string): [number, number, number] => {
    const v = parseInt(c.slice(1), 16) || 0;
    return [v >> 16, (v >> 8) & 255, v & 255];
  };
  const [r, g, b] = rgb(color);
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i < PALETTE_SIZE; i++) {
    const [r2, g2, b2] = rgb(paletteColor(i));
    const d = (r - r2) ** 2 + (g - g2) ** 2 + (b - b2) ** 2;
    if (d < bestD) [best, bestD] = [i, d];
  }
  return best;
}

/** Team colours, team 0..MAX_TEAMS-1: blue, red, yellow, purple (clear of the viruses' green). */
export const TEAM_COLORS = ['#3f8fff', '#ff4d5e', '#ffc53d', '#b06bff'] as const;

/** #rrggbb of team `team`'s `k`-th player: the team's hue, a little lighter or darker each, so teammates are told apart. */
export function teamShade(team: number, k: number): string {
  const base = TEAM_COLORS[team % TEAM_COLORS.length]!;
  const step = [0, 0.08, -0.08, 0.15, -0.15][k % 5]!;
  const v = parseInt(base.slice(1), 16);
  const mix = (c: number): number => (step >= 0 ? c + (255 - c) * step : c * (1 + step));
  return `#${hex(mix(v >> 16))}${hex(mix((v >> 8) & 255))}${hex(mix(v & 255))}`;
}

/** `players` (by ball) in their team's colours, each with its team; unchanged in free-for-all. */
export function teamColored<P extends { readonly color: string }>(players: readonly P[], mode: { readonly teams: number; readonly team: readonly number[] }): (P & { readonly team?: number })[] {
  if (mode.teams === 0) return [...players];
  const seen = new Array<number>(TEAM_COLORS.length).fill(0);
  return players.map((p, ball) => {
    const team = mode.team[ball] ?? 0;
    return { ...p, team, color: teamShade(team, seen[team]!++) };
  });
}
