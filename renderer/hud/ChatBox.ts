/**
 * Chat: Enter opens a one-line input, Enter sends, Escape cancels. The log shows the last lines
 * with the sender's name in their colour — all as text nodes (chat comes from the network later).
 * Offline the session keeps a local log.
 */
import { t } from '../i18n';
import { fillTemplate, h } from '../dom';
import type { Match } from '../game/match';

const SHOWN = 6;

export class ChatBox {
  readonly el: HTMLElement;
  readonly input: HTMLInputElement;
  private readonly log: HTMLElement;
  private seen = 0;

  constructor(private readonly session: Match) {
    this.log = h('div', { className: 'chat-log', testId: 'chat-log' });
    this.input = h('input', { className: 'chat-input', testId: 'chat-input', attrs: { type: 'text', maxlength: '200', placeholder: t('chat.placeholder') } });
    this.input.hidden = true;
    this.input.addEventListener('keydown', (e) => {
      e.stopPropagation(); // typing never steers the ball
      if (e.key === 'Enter') {
        this.session.chat(this.input.value);
        this.close();
      } else if (e.key === 'Escape') this.close();
    });
    this.el = h('div', { className: 'hud-chat' }, this.log, this.input);
  }

  get isOpen(): boolean {
    return !this.input.hidden;
  }

  open(): void {
    this.input.hidden = false;
    this.input.value = '';
    this.input.focus();
  }

  close(): void {
    this.input.hidden = true;
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
      this.log.append(h('div', { className: 'chat-line' }, ...fillTemplate(t('chat.line'), { name, text: document.createTextNode(line.text) })));
    }
    while (this.log.childElementCount > SHOWN) this.log.firstElementChild?.remove();
  }
}
