/**
 * The LAN lobby's body: room name, addresses and their join codes (core/net/joinCode), one row per slot (a human with colour, name and
 * ready — the host with a badge instead; a bot with its difficulty; open; closed), the owner's slot
 * controls and kick, my colour and ready, the chat, and the owner's Start — which needs no Ready
 * from the host and, while it waits for other players, says whom on the page (lobbyStart.ts).
 * In a team room every player and bot has a team column: a picker on my own row, on every row for
 * the owner (who moves anyone), the team's name elsewhere; the mode is said under the room name.
 * Pure view: `update` takes the state, the actions go to the caller. Every name, room and chat
 * string came from the network and is set as text.
 */
import { encodeJoinCode, parseAddress } from '../../../core/net';
import { PALETTE_SIZE, TEAM_COLORS, paletteColor } from '../../game/colors';
import { teamName, teamsLabel } from '../../i18n/words';
import { t, type MessageKey } from '../../i18n';
import { fillTemplate, h, setBlocked } from '../dom';
import { startBlock } from './lobbyStart';

export type SlotKindName = 'open' | 'closed' | 'human' | 'bot';

export interface LobbySlotView {
  readonly slot: number;
  readonly kind: SlotKindName;
  /** Bot difficulty 0..2. */
  readonly difficulty: number;
  readonly name: string;
  readonly color: string;
  readonly ready: boolean;
  readonly me: boolean;
  /** The room's host (known for my own slot when I host). */
  readonly host: boolean;
  /** Team 0..teams-1 (team rooms). */
  readonly team: number;
}

export interface LobbyState {
  readonly room: string;
  /** Where others join ("ip:port"): the hosting app lists one per LAN interface, the discovery one first. */
  readonly addresses: readonly string[];
  readonly slots: readonly LobbySlotView[];
  /** 0 = free-for-all, 2..4 teams. */
  readonly teams: number;
  readonly lastStanding: boolean;
  readonly isHost: boolean;
  readonly spectator: boolean;
  readonly myReady: boolean;
  readonly message: string | null;
  readonly chat: readonly { readonly name: string; readonly color: string; readonly text: string; readonly team: boolean }[];
}

export interface LobbyActions {
  start(): void;
  ready(on: boolean): void;
  leave(): void;
  setSlot(slot: number, kind: 'open' | 'closed' | 'bot', difficulty: number): void;
  kick(slot: number): void;
  colour(index: number): void;
  /** Puts `slot` on `team` (my own, or any as the owner). */
  team(slot: number, team: number): void;
  /** A chat line, to everyone or (`team`) to my team only. */
  chat(text: string, team: boolean): void;
}

/** Colours offered in the picker (the first, hand-picked part of the palette). */
const PICKER = 12;
const CHOICES = ['open', 'closed', 'bot:0', 'bot:1', 'bot:2'] as const;
const LEVEL: readonly MessageKey[] = ['difficulty.easy', 'difficulty.normal', 'difficulty.hard'];

function choiceLabel(c: string): string {
  if (c === 'open') return t('lobby.open');
  if (c === 'closed') return t('lobby.closed');
  return t('lobby.bot', { level: t(LEVEL[Number(c.slice(4))]!) });
}

/** A button that puts `text` on the clipboard and says whether it did. */
function copyButton(text: string, testId: string): HTMLButtonElement {
  const b: HTMLButtonElement = h('button', {
    className: 'menu-button small secondary',
    testId,
    attrs: { title: t('lobby.copyTitle') },
    onClick: () =>
      void navigator.clipboard.writeText(text).then(
        () => (b.textContent = t('lobby.copied')),
        () => (b.textContent = t('lobby.copyFailed')),
      ),
  }, t('lobby.copy'));
  return b;
}

export class LobbyView {
  readonly el: HTMLElement;
  private readonly title = h('h2', { testId: 'lobby-room' });
  private readonly address = h('p', { className: 'status', testId: 'lobby-address' });
  private readonly mode = h('p', { className: 'status', testId: 'lobby-mode' });
  private readonly message = h('p', { className: 'status error', testId: 'lobby-message' });
  private readonly startWhy = h('p', { className: 'status lobby-start-why', testId: 'lobby-start-why', attrs: { 'aria-live': 'polite' } });
  private readonly list = h('div', { className: 'lobby-list', testId: 'lobby-players' });
  private readonly colours = h('div', { className: 'lobby-colours', testId: 'lobby-colours' });
  private readonly chatLog = h('div', { className: 'lobby-chat-log', testId: 'lobby-chat-log' });
  private readonly chatInput = h('input', { testId: 'lobby-chat-input', attrs: { type: 'text', maxlength: '200', placeholder: t('chat.placeholder') } });
  // Who hears me: shown in a team room to its players (a spectator has no team); everyone by default, as War3's lobby.
  private readonly chatScope = h('select', { className: 'chat-scope', testId: 'lobby-chat-scope', attrs: { 'aria-label': t('chat.toTeam') } }, h('option', { attrs: { value: 'all' } }, t('chat.toAll')), h('option', { attrs: { value: 'team' } }, t('chat.toTeam')));
  private readonly start: HTMLButtonElement;
  private readonly ready: HTMLButtonElement;
  private myReady = false;
  private shownAddresses = '';

  constructor(private readonly actions: LobbyActions) {
    this.start = h('button', { className: 'menu-button', testId: 'lobby-start', onClick: () => actions.start() }, t('lobby.start'));
    this.ready = h('button', { className: 'menu-button', testId: 'lobby-ready', onClick: () => actions.ready(!this.myReady) }, t('lobby.ready'));
    for (let i = 0; i < Math.min(PICKER, PALETTE_SIZE); i++) {
      const b = h('button', { className: 'colour-choice', testId: `lobby-colour-${i}`, onClick: () => actions.colour(i), attrs: { 'aria-label': t('lobby.colourChoice', { n: i + 1 }) } });
      b.style.background = paletteColor(i);
      this.colours.append(b);
    }
    const send = (): void => {
      const text = this.chatInput.value.trim();
      if (text) actions.chat(text, !this.chatScope.hidden && this.chatScope.value === 'team');
      this.chatInput.value = '';
    };
    this.chatInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') send();
    });
    this.el = h(
      'div',
      { className: 'panel lobby', testId: 'lobby' },
      this.title,
      this.mode,
      this.address,
      this.message,
      this.list,
      h('div', { className: 'field' }, h('span', {}, t('lobby.colour')), this.colours),
      h('div', { className: 'lobby-chat' }, this.chatLog, h('div', { className: 'row' }, this.chatScope, this.chatInput, h('button', { className: 'menu-button small', testId: 'lobby-chat-send', onClick: send }, t('lobby.send')))),
      h('div', { className: 'row' }, this.ready, this.start, h('button', { className: 'menu-button secondary', testId: 'lobby-leave', onClick: () => actions.leave() }, t('lobby.leave'))),
      this.startWhy,
    );
  }

  /** Rebuilt only when the list changes: a copy button must stay the same element while it is clicked. */
  private showAddresses(addresses: readonly string[], spectator: boolean): void {
    const key = `${spectator}|${addresses.join(' ')}`;
    if (key === this.shownAddresses) return;
    this.shownAddresses = key;
    if (addresses.length === 0) {
      this.address.replaceChildren(spectator ? t('lobby.spectator') : '');
      return;
    }
    this.address.replaceChildren(
      t('lobby.address'),
      ...addresses.map((a, i) => {
        const parsed = parseAddress(a);
        const code = parsed && encodeJoinCode(parsed.address, parsed.port);
        return h(
          'span',
          { className: 'lobby-address' },
          h('code', { testId: `lobby-address-${i}` }, a),
          copyButton(a, `lobby-copy-${i}`),
          // IPv6 and addresses no code can name have none: the address still works.
          ...(code ? [h('span', { className: 'lobby-code', attrs: { title: t('lobby.joinCodeTitle') } }, t('lobby.joinCode'), h('code', { testId: `lobby-code-${i}` }, code))] : []),
        );
      }),
    );
  }

  update(s: LobbyState): void {
    this.title.textContent = s.room;
    this.mode.textContent = s.lastStanding ? t('mode.withLbs', { mode: teamsLabel(s.teams) }) : teamsLabel(s.teams);
    this.showAddresses(s.addresses, s.spectator);
    this.message.textContent = s.message ?? '';
    this.list.replaceChildren(...s.slots.map((slot) => this.withTeam(this.row(slot, s.isHost), slot, s)));
    this.myReady = s.myReady;
    this.ready.textContent = t(s.myReady ? 'lobby.unready' : 'lobby.ready');
    // The host's yes is Start itself: no Ready button for them.
    this.ready.hidden = s.spectator || s.isHost;
    this.colours.parentElement!.hidden = s.spectator;
    this.start.hidden = !s.isHost;
    const block = startBlock(s.slots);
    const why = block === null ? null : block.t === 'nobody' ? t('lobby.startWhyNobody') : t('lobby.startWhyReady', { names: block.names.join(t('list.sep')) });
    setBlocked(this.start, why);
    this.startWhy.textContent = s.isHost ? (why ?? '') : '';
    this.chatScope.hidden = s.teams === 0 || s.spectator;
    this.chatLog.replaceChildren(
      ...s.chat.slice(-8).map((c) => {
        const name = h('span', { className: 'feed-name' }, c.name);
        name.style.color = c.color;
        return h('div', { className: c.team ? 'chat-line team' : 'chat-line' }, ...fillTemplate(t(c.team ? 'chat.teamLine' : 'chat.line'), { name, text: document.createTextNode(c.text) }));
      }),
    );
  }

  /** A player's or bot's team column in a team room: a picker where I may move it, else its team's name. */
  private withTeam(row: HTMLElement, p: LobbySlotView, s: LobbyState): HTMLElement {
    if (s.teams === 0 || (p.kind !== 'human' && p.kind !== 'bot')) return row;
    const colour = TEAM_COLORS[p.team] ?? '#888888';
    if (!(s.isHost || (p.me && !s.spectator))) {
      const tag = h('span', { className: 'tag team', testId: `lobby-team-${p.slot}` }, teamName(p.team));
      tag.style.borderColor = colour;
      row.insertBefore(tag, row.children[1] ?? null);
      return row;
    }
    const sel = h('select', { className: 'team-select', testId: `lobby-team-${p.slot}`, attrs: { 'aria-label': t('score.team') } }, ...Array.from({ length: s.teams }, (_, i) => h('option', { attrs: { value: String(i) } }, teamName(i))));
    sel.value = String(p.team);
    sel.style.borderColor = colour;
    sel.addEventListener('change', () => this.actions.team(p.slot, Number(sel.value)));
    row.insertBefore(sel, row.children[1] ?? null);
    return row;
  }

  private row(p: LobbySlotView, isHost: boolean): HTMLElement {
    const swatch = h('span', { className: 'swatch' });
    swatch.style.background = p.kind === 'human' || p.kind === 'bot' ? p.color : 'transparent';
    const row = h('div', { className: `lobby-row ${p.kind}`, testId: `lobby-player-${p.slot}` }, swatch);
    if (p.kind === 'human') {
      row.append(h('span', { className: 'name' }, p.name));
      if (p.me) row.append(h('span', { className: 'tag' }, t('lobby.you')));
      if (p.host) row.append(h('span', { className: 'tag host', testId: 'lobby-host-badge' }, t('lobby.host')));
      else row.append(h('span', { className: p.ready ? 'ready' : 'waiting' }, t(p.ready ? 'lobby.isReady' : 'lobby.notReady')));
      if (isHost && !p.me) row.append(h('button', { className: 'menu-button small secondary', testId: `lobby-kick-${p.slot}`, onClick: () => this.actions.kick(p.slot) }, t('lobby.kick')));
      return row;
    }
    const current = p.kind === 'bot' ? `bot:${Math.max(0, Math.min(2, p.difficulty))}` : p.kind;
    if (!isHost) {
      row.append(h('span', { className: 'name muted' }, p.kind === 'bot' ? p.name : choiceLabel(current)));
      if (p.kind === 'bot') row.append(h('span', {}, choiceLabel(current)));
      return row;
    }
    const sel = h('select', { testId: `lobby-slot-${p.slot}` }, ...CHOICES.map((c) => h('option', { attrs: { value: c } }, choiceLabel(c))));
    sel.value = current;
    sel.addEventListener('change', () => {
      const v = sel.value;
      if (v === 'open' || v === 'closed') this.actions.setSlot(p.slot, v, 0);
      else this.actions.setSlot(p.slot, 'bot', Number(v.slice(4)));
    });
    row.append(sel);
    if (p.kind === 'bot') row.append(h('span', { className: 'name' }, p.name));
    return row;
  }
}
