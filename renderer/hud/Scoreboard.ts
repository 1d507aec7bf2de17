/**
 * The scoreboard (held Tab): every player's rank, colour, name, mass, kills and deaths, best
 * first (core's scoreboard order); in a team match the team standings first (team colour, name,
 * mass together, kills). Names are set as text, never HTML. Rebuilt at most a few
 * times a second while open (it allocates; the closed board costs nothing).
 */
import { t } from '../i18n';
import { h } from '../dom';
import { massText } from '../game/ranking';
import type { PlayerInfo } from '../game/match';
import { TEAM_COLORS } from '../game/colors';
import { scoreboard, teamStandings, type World } from '../game/simApi';
import { teamName } from '../i18n/words';

const REFRESH_MS = 250;

export class Scoreboard {
  readonly el: HTMLElement;
  private readonly body: HTMLTableSectionElement;
  private lastMs = -Infinity;

  constructor(private readonly players: readonly PlayerInfo[], private readonly mySlot: number | null) {
    this.body = h('tbody');
    this.el = h(
      'div',
      { className: 'hud-scoreboard', testId: 'scoreboard' },
      h('table', {}, h('thead', {}, h('tr', {}, ...(['score.rank', 'score.name', 'score.mass', 'score.kills', 'score.deaths'] as const).map((k) => h('th', {}, t(k))))), this.body),
    );
    this.el.hidden = true;
  }

  get open(): boolean {
    return !this.el.hidden;
  }

  set open(on: boolean) {
    this.el.hidden = !on;
    this.lastMs = -Infinity;
  }

  update(w: World, nowMs: number): void {
    if (this.el.hidden || nowMs - this.lastMs < REFRESH_MS) return;
    this.lastMs = nowMs;
    const teams = teamStandings(w).map((r) => {
      const swatch = h('span', { className: 'swatch' });
      swatch.style.background = TEAM_COLORS[r.team]!;
      const mine = this.mySlot !== null && this.players[this.mySlot]?.team === r.team;
      return h('tr', { className: mine ? 'team me' : 'team', testId: `score-team-${r.team}` }, h('td', {}, r.rank), h('td', { className: 'name' }, swatch, teamName(r.team)), h('td', {}, massText(r.mass)), h('td', {}, r.kills), h('td', {}, ''));
    });
    this.body.replaceChildren(
      ...teams,
      ...scoreboard(w).map((r) => {
        const p = this.players[r.slot]!;
        const swatch = h('span', { className: 'swatch' });
        swatch.style.background = p.color;
        return h(
          'tr',
          { className: r.slot === this.mySlot ? 'me' : r.alive ? '' : 'dead', testId: `score-row-${r.slot}` },
          h('td', {}, r.rank),
          h('td', { className: 'name' }, swatch, p.name),
          h('td', {}, massText(r.mass)),
          h('td', {}, r.kills),
          h('td', {}, r.deaths),
        );
      }),
    );
  }
}
