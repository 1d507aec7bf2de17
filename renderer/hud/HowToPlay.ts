/**
 * "How to play", drawn: the controls as the player has bound them, then the rules in a few lines
 * each (the words and figures are helpTopics.ts's). One builder for the menu's screen
 * (ui/screens/help.ts) and the match's Escape menu (MatchMenu.ts); the caller adds the way back.
 * Test ids: help-key-<row> on each row's keys, help-topic-<topic> on each rule.
 */
import type { Action } from '../../electron/contract';
import { t } from '../i18n';
import { h } from '../dom';
import { helpControls, helpTopics } from './helpTopics';

const cap = (name: string, mouse = false): HTMLElement => h('kbd', { className: mouse ? 'key-cap mouse' : 'key-cap' }, name);

/** The help for `keys`, in the current language. */
export function howToPlay(keys: Readonly<Record<Action, string>>): HTMLElement {
  const rows = helpControls(keys).map((r) => {
    const mouse = r.id === 'rightClick' || r.id === 'wheel';
    // Groups are alternatives (W A S D / ↑ ← ↓ →); a group's keys sit side by side.
    const caps = r.keys.flatMap((group, i) => [i > 0 ? h('span', { className: 'help-or' }, '/') : null, ...group.map((k) => cap(k, mouse))]);
    return h('tr', {}, h('td', { className: 'help-keys', testId: `help-key-${r.id}` }, ...caps), h('td', {}, r.does));
  });
  const topics = helpTopics(keys).map((topic) =>
    h('section', { className: 'help-topic', testId: `help-topic-${topic.id}` }, h('h3', {}, topic.title, topic.key ? cap(topic.key) : null), ...topic.text.map((p) => h('p', {}, p))),
  );
  const [goal, ...rules] = topics;
  return h(
    'div',
    { className: 'help-body', testId: 'help-body' },
    goal,
    h(
      'div',
      { className: 'help-columns' },
      h('section', { className: 'help-topic' }, h('h3', {}, t('help.controlsTitle')), h('table', { className: 'help-controls', testId: 'help-controls' }, h('tbody', {}, ...rows)), h('p', { className: 'field-note' }, t('help.rebind'))),
      h('div', { className: 'help-rules' }, ...rules),
    ),
  );
}
