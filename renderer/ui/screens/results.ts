/**
 * Results: the winner's headline, the final ranking (rank, player, mass, kills, deaths — your row
 * highlighted; the tiebreak of equal masses stated under it) and the
 * chart of mass over time for every player; Play again (same setup) or back to the menu.
 * The ranking scrolls inside the screen, which always fits the window: its heading stays on top,
 * your own row stays in view (it sticks to the top or bottom edge while the others scroll past,
 * and the list opens scrolled to it), and the tiebreak note sits below the list, never over it.
 * A team match heads it with the team standings (team, mass together, kills; in last ball standing
 * the players still in) and names the winning team. Names are text nodes, never HTML.
 */
import { t } from '../../i18n';
import type { Screen } from '../App';
import { massChart } from '../components/massChart';
import { h } from '../dom';
import { massText } from '../../game/ranking';
import { setupParams } from '../../game/results';
import { TEAM_COLORS } from '../../game/colors';
import { teamName } from '../../i18n/words';
import { pageRoom } from '../session/PageRoom';

export const resultsScreen: Screen = (root, ctx) => {
  const r = ctx.results;
  const net = pageRoom(ctx);
  if (!r) return void ctx.show('menu');
  const { canvas, lines } = massChart(r.history, r.players, r.mySlot);
  const rows = r.rows.map((row) => {
    const p = r.players[row.slot]!;
    const swatch = h('span', { className: 'swatch' });
    swatch.style.background = p.color;
    return h(
      'tr',
      { className: row.slot === r.mySlot ? 'me' : '', testId: `result-row-${row.slot}` },
      h('td', {}, row.rank),
      h('td', { className: 'name' }, swatch, p.name),
      h('td', {}, massText(row.mass)),
      h('td', {}, row.kills),
      h('td', {}, row.deaths),
    );
  });
  const list = h('div', { className: 'ranking-scroll', testId: 'ranking-scroll' }, h('table', { className: 'ranking', testId: 'ranking' }, h('thead', {}, h('tr', {}, ...(['score.rank', 'score.name', 'score.mass', 'score.kills', 'score.deaths'] as const).map((k) => h('th', {}, t(k))))), h('tbody', {}, ...rows)));
  const mine = r.rows.find((row) => row.slot === r.mySlot);
  // core's scoreboard is a total order (mass, kills, deaths, slot: the same on every machine), so rank 1 is the one winner.
  const winner = r.rows[0];
  const topTeam = r.teams[0];
  const myTeam = r.mySlot === null ? undefined : r.players[r.mySlot]?.team;
  const headline = topTeam
    ? topTeam.team === myTeam ? t('results.yourTeamWins') : t('results.teamWins', { team: teamName(topTeam.team) })
    : winner ? (winner.slot === r.mySlot ? t('results.youWin') : t('results.winner', { name: r.players[winner.slot]!.name })) : '';
  const teamTable = r.teams.length === 0 ? null : h(
    'table',
    { className: 'ranking teams', testId: 'team-standings' },
    h('thead', {}, h('tr', {}, ...(['score.rank', 'score.team', 'score.mass', 'score.kills', ...(r.lastStanding ? (['score.alive'] as const) : [])] as const).map((k) => h('th', {}, t(k))))),
    h('tbody', {}, ...r.teams.map((row) => {
      const swatch = h('span', { className: 'swatch' });
      swatch.style.background = TEAM_COLORS[row.team]!;
      return h(
        'tr',
        { className: row.team === myTeam ? 'me' : '', testId: `team-row-${row.team}` },
        h('td', {}, row.rank),
        h('td', { className: 'name' }, swatch, teamName(row.team)),
        h('td', {}, massText(row.mass)),
        h('td', {}, row.kills),
        ...(r.lastStanding ? [h('td', {}, row.alive)] : []),
      );
    })),
  );
  const tiebreak = r.teams.length > 0 ? t('results.tiebreakTeams') : r.lastStanding ? t('results.tiebreakLbs') : t('results.tiebreak');
  root.append(
    h(
      'main',
      { className: 'panel results', testId: 'results' },
      h('h2', {}, t('results.title')),
      h('p', { className: 'results-winner', testId: 'results-winner' }, headline),
      h('p', { className: 'status' }, mine ? t('results.yourRank', { rank: mine.rank, players: r.rows.length, map: r.mapName }) : r.mapName),
      h(
        'div',
        { className: 'results-grid' },
        h('div', { className: 'ranking-box' }, teamTable, list, h('p', { className: 'field-note', testId: 'results-tiebreak' }, tiebreak)),
        h('div', {}, h('h3', {}, t('results.chart')), canvas),
      ),
      h(
        'div',
        { className: 'row' },
        net.active ? h('button', { className: 'menu-button', testId: 'back-to-lobby', onClick: () => ctx.show('lobby') }, t('results.lobby')) : null,
        r.setup ? h('button', { className: 'menu-button', testId: 'play-again', onClick: () => ctx.show('match', setupParams(r.setup!)) }, t('results.again')) : null,
        h('button', { className: 'menu-button secondary', testId: 'back', onClick: () => (net.active && net.leave(), ctx.show('menu')) }, t('results.menu')),
      ),
    ),
  );
  // Open the list at my row (centred where it can be); it then stays in view by sticking (style.css).
  const own = rows[r.rows.findIndex((row) => row.slot === r.mySlot)];
  if (own) list.scrollTop = Math.max(0, own.offsetTop - (list.clientHeight - own.offsetHeight) / 2);
  ctx.hook.results = {
    players: r.rows.length,
    rows: r.rows.map((row) => ({ rank: row.rank, slot: row.slot, name: r.players[row.slot]!.name, mass: row.mass, kills: row.kills, deaths: row.deaths })),
    teams: r.teams.map((row) => ({ rank: row.rank, team: row.team, mass: row.mass, kills: row.kills, alive: row.alive, players: [...row.players] })),
    headline,
    chartSeries: lines,
    chartSamples: r.history.length,
  };
  return () => {
    delete ctx.hook.results;
  };
};
