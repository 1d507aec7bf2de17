/**
 * The kill feed: "A ate B" lines from the simulation's PlayerEaten events (a player's last cell
 * eaten; single cells eaten are not kills), newest at the bottom,
 * at most MAX_LINES, each fading out after LINE_MS; a line naming you is marked. Player names are
 * text nodes in the players' colours; the sentence comes from the catalog, so word order follows
 * the language. Your own death stays on screen in the death card (DeathCard.ts) until you respawn.
 * In last ball standing a player caught outside the closing area has its own line (OutOfArea).
 */
import { t } from '../i18n';
import { fillTemplate, h } from '../dom';
import type { PlayerInfo } from '../game/match';

const MAX_LINES = 5;
const LINE_MS = 6000;
/** Kills remembered for the test hook. */
const MAX_KEPT = 4096;

export class KillFeed {
  readonly el: HTMLElement;
  private readonly born: number[] = [];
  /** Kill lines shown so far (the hook reports it). */
  total = 0;
  /** [eater, victim] of every kill line so far, oldest first (the test hook reads it; bounded). */
  readonly kills: (readonly [number, number])[] = [];

  constructor(
    private readonly players: readonly PlayerInfo[],
    private readonly mySlot: number | null,
  ) {
    this.el = h('div', { className: 'hud-feed', testId: 'kill-feed' });
  }

  /** Adds "eater ate victim". */
  add(eater: number, victim: number, nowMs: number): void {
    if (this.kills.length < MAX_KEPT) this.kills.push([eater, victim]);
    this.push(eater === this.mySlot || victim === this.mySlot, fillTemplate(t('feed.ate'), { eater: this.name(eater), victim: this.name(victim) }), nowMs);
  }

  /** Adds "victim was caught outside the area" (last ball standing). */
  addOut(victim: number, nowMs: number): void {
    this.push(victim === this.mySlot, fillTemplate(t('feed.outOfArea'), { victim: this.name(victim) }), nowMs);
  }

  private push(mine: boolean, parts: readonly Node[], nowMs: number): void {
    this.el.append(h('div', { className: mine ? 'feed-line me' : 'feed-line' }, ...parts));
    this.born.push(nowMs);
    this.total++;
    while (this.born.length > MAX_LINES) this.drop();
  }

  /** Removes lines older than LINE_MS. */
  update(nowMs: number): void {
    while (this.born.length > 0 && nowMs - this.born[0]! > LINE_MS) this.drop();
  }

  private drop(): void {
    this.born.shift();
    this.el.firstElementChild?.remove();
  }

  private name(slot: number): HTMLElement {
    const p = this.players[slot];
    const el = h('span', { className: 'feed-name' }, p?.name ?? '?');
    if (p) el.style.color = p.color;
    return el;
  }
}
