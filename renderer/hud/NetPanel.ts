/**
 * The F3 panel: network figures (round trip, input delay, key-frame buffer, bytes a second in and
 * out, stalls, how key frames arrive (multicast, or unicast and why), whom the room waited for longest, own-ball prediction's window and last correction)
 * from the session — "offline" when there is no network — and the local costs: sim
 * and render milliseconds per frame (JS time, means over the last second), display frames a
 * second and draw calls. Refreshed 4 times a second while open.
 */
import { t, type MessageKey } from '../i18n';
import { h } from '../dom';
import type { NetStats } from '../game/match';
import { TextCell } from './TextCell';

const REFRESH_MS = 250;
const ROWS = ['net.rtt', 'net.delay', 'net.buffer', 'net.in', 'net.out', 'net.stalls', 'net.frames', 'net.waited', 'net.predict', 'net.correction', 'net.sim', 'net.render', 'net.fps', 'net.calls'] as const satisfies readonly MessageKey[];

/** Local costs the match controller measures. */
export interface FrameCosts {
  simMs: number;
  renderMs: number;
  fps: number;
  calls: number;
}

export class NetPanel {
  readonly el: HTMLElement;
  private readonly cells = new Map<MessageKey, TextCell>();
  private lastMs = -Infinity;

  constructor() {
    this.el = h(
      'div',
      { className: 'hud-net', testId: 'net-panel' },
      ...ROWS.map((k) => {
        const cell = new TextCell();
        this.cells.set(k, cell);
        return h('div', { className: 'net-row' }, h('span', {}, t(k)), h('span', { testId: `net-${k.slice(4)}` }, cell.node));
      }),
    );
    this.el.hidden = true;
  }

  toggle(): void {
    this.el.hidden = !this.el.hidden;
    this.lastMs = -Infinity;
  }

  update(net: NetStats | null, costs: FrameCosts, nowMs: number): void {
    if (this.el.hidden || nowMs - this.lastMs < REFRESH_MS) return;
    this.lastMs = nowMs;
    const off = t('net.offline');
    this.put('net.rtt', net ? `${net.rttMs.toFixed(0)} ms` : off);
    this.put('net.delay', net ? `${net.inputDelayFrames}` : off);
    this.put('net.buffer', net ? `${net.keyFrameBuffer}` : off);
    this.put('net.in', net ? `${Math.round(net.bytesInPerSec)} B/s` : off);
    this.put('net.out', net ? `${Math.round(net.bytesOutPerSec)} B/s` : off);
    this.put('net.stalls', net ? `${net.stalls}` : off);
    this.put('net.frames', !net ? off : net.frames === null ? t('net.framesNone') : t(`net.frames.${net.frames}`));
    const w = net?.waitedMost;
    this.put('net.waited', !net ? off : w ? t('net.waitedFor', { name: w.name, seconds: (w.ms / 1000).toFixed(1) }) : t('net.waitedNobody'));
    const predicting = net?.predictFrames ?? null;
    this.put('net.predict', !net ? off : predicting === null ? t('net.predictOff') : `${predicting}`);
    const c = net?.correctionCells ?? null;
    this.put('net.correction', !net ? off : c === null ? t('net.correctionNone') : c.toFixed(2));
    this.put('net.sim', `${costs.simMs.toFixed(2)} ms`);
    this.put('net.render', `${costs.renderMs.toFixed(2)} ms`);
    this.put('net.fps', costs.fps.toFixed(0));
    this.put('net.calls', `${costs.calls}`);
  }

  private put(k: MessageKey, text: string): void {
    this.cells.get(k)!.set(text);
  }
}
