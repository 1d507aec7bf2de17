/**
 * The results chart: mass over time for every player (one sample a second), drawn on a canvas
 * 2D — one line per player in their colour, yours thicker and on top; axes in minutes and mass.
 * Labels are drawn with fillText (text, never HTML).
 */
import type { MassHistory } from '../../game/MassHistory';
import type { PlayerInfo } from '../../game/match';
import { h } from '../dom';

const PAD = { left: 56, right: 16, top: 16, bottom: 32 };

/** A chart canvas of `width` × `height` CSS px. Returns the canvas and how many lines it drew. */
export function massChart(history: MassHistory, players: readonly PlayerInfo[], mySlot: number | null, width = 640, height = 280): { canvas: HTMLCanvasElement; lines: number } {
  const dpr = window.devicePixelRatio || 1;
  const canvas = h('canvas', { className: 'mass-chart', testId: 'mass-chart' });
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const g = canvas.getContext('2d')!;
  g.scale(dpr, dpr);
  const w = width - PAD.left - PAD.right;
  const hh = height - PAD.top - PAD.bottom;
  const n = Math.max(2, history.length);
  const top = Math.max(1000, niceCeil(history.max()));
  const x = (k: number): number => PAD.left + (k / (n - 1)) * w;
  const y = (m: number): number => PAD.top + hh - (m / top) * hh;
  axes(g, width, height, n, top, x, y);
  const order = players.filter((p) => p.slot !== mySlot).concat(players.filter((p) => p.slot === mySlot));
  let lines = 0;
  for (const p of order) {
    g.beginPath();
    for (let k = 0; k < history.length; k++) {
      const px = x(k);
      const py = y(history.at(p.slot, k));
      if (k === 0) g.moveTo(px, py);
      else g.lineTo(px, py);
    }
    g.strokeStyle = p.color;
    g.lineWidth = p.slot === mySlot ? 3 : 1.5;
    g.globalAlpha = p.slot === mySlot ? 1 : 0.8;
    g.stroke();
    lines++;
  }
  g.globalAlpha = 1;
  return { canvas, lines };
}

function axes(g: CanvasRenderingContext2D, width: number, height: number, n: number, top: number, x: (k: number) => number, y: (m: number) => number): void {
  g.fillStyle = '#0f1420';
  g.fillRect(0, 0, width, height);
  g.strokeStyle = '#37425a';
  g.fillStyle = '#93a1b8';
  g.lineWidth = 1;
  g.font = '12px system-ui, sans-serif';
  g.textAlign = 'right';
  g.textBaseline = 'middle';
  for (let i = 0; i <= 4; i++) {
    const m = (top * i) / 4;
    g.beginPath();
    g.moveTo(PAD.left, y(m));
    g.lineTo(width - PAD.right, y(m));
    g.stroke();
    g.fillText(String(Math.round(m)), PAD.left - 6, y(m));
  }
  g.textAlign = 'center';
  g.textBaseline = 'top';
  const seconds = n - 1;
  const step = seconds > 300 ? 120 : seconds > 120 ? 60 : 30;
  for (let s = 0; s <= seconds; s += step) g.fillText(`${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`, x(s), height - PAD.bottom + 8);
}

function niceCeil(v: number): number {
  const p = Math.pow(10, Math.floor(Math.log10(Math.max(1, v))));
  return Math.ceil(v / p) * p;
}
