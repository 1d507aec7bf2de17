/**
 * Chat: the chat key (Enter) opens a one-line input, Enter sends, Escape cancels. In a team match
 * the chat key talks to my team and Shift + the chat key to everyone, as Warcraft III's Enter and
 * Shift+Enter do; the input says which ("To team" / "To all"). A spectator and a free-for-all
 * player always talk to everyone. The log shows the last lines with the sender's name in their
 * colour, team lines marked — all as text nodes (chat comes from the network). Offline the session
 * keeps a local log.
 */
import { t } from '../i18n';
import { fillTemplate, h } from '../dom';
import type { Match } from '../game/match';

const SHOWN = 6;

export class ChatBox {
  readonly el: HTMLElement;
  readonly input: HTMLInputElement;
  private readonly log: HTMLElement;
  private readonly scope: HTMLElement;
  private toTeam = false;
  private seen = 0;

  constructor(private readonly session: Match) {
    this.log = h('div', { className: 'chat-log', testId: 'chat-log' });
    this.input = h('input', { className: 'chat-input', testId: 'chat-input', attrs: { type: 'text', maxlength: '200', placeholder: t('chat.placeholder') } });
    this.input.hidden = true;
    this.input.addEventListener('keydown', (e) => {
      e.stopPropagation(); // typing never steers the ball
      if (e.key === 'Enter') {
        this.session.chat(this.input.value, this.toTeam);
        this.close();
      } else if (e.key === 'Escape') this.close();
    });
    this.scope = h('span', { className: 'chat-scope', testId: 'chat-scope' });
    this.scope.hidden = true;
    this.el = h('div', { className: 'hud-chat' }, this.log, h('div', { className: 'chat-entry' }, this.scope, this.input));
  }

  get isOpen(): boolean {
    return !this.input.hidden;
  }

  /** Whether I have a team to talk to: a player (not a spectator) of a team match. */
  private get hasTeam(): boolean {
    const me = this.session.mySlot;
    return me !== null && this.session.players[me]?.team !== undefined;
  }

  /** Opens the input: to my team, unless `toAll` (Shift held) or I have no team. */
  open(toAll = false): void {
    this.toTeam = this.hasTeam && !toAll;
    this.scope.textContent = t(this.toTeam ? 'chat.toTeam' : 'chat.toAll');
    this.scope.hidden = !this.hasTeam;
    this.input.hidden = false;
    this.input.value = '';
    this.input.focus();
  }

  close(): void {
    this.input.hidden = true;
    this.scope.hidden = true;
    this.input.blur();
  }

  /** Appends lines the session logged since the last call. */
  update(): void {
    const lines = this.session.chatLog;
    if (lines.length === this.seen) return;
    for (; this.seen < lines.length; this.seen++) {
      const line = lines[this.seen]!;
      const p = this.session.players[line.slot];
      const name = h('span', { className: 'feed-name' }, p?.name ?? '?');
      if (p) name.style.color = p.color;
      this.log.append(h('div', { className: line.team ? 'chat-line team' : 'chat-line' }, ...fillTemplate(t(line.team ? 'chat.teamLine' : 'chat.line'), { name, text: document.createTextNode(line.text) })));
    }
    while (this.log.childElementCount > SHOWN) this.log.firstElementChild?.remove();
  }
}
