/**
 * The game's sounds, made in code with Web Audio (no files, nothing to license): each cue is a
 * few oscillator notes with short envelopes, through an effects gain and a master gain set from
 * Settings (0–100 each, and mute — also toggled with M in a match). One AudioContext for the
 * page, made at the first cue; it is resumed on the player's first key or click (browsers start
 * it suspended) and suspended while the page is hidden, when no cue is played either (a backlog
 * must not burst out when the window comes back).
 * `played` counts the cues actually sent to the speakers, per cue — what the tests read.
 */
import type { Settings } from '../../electron/contract';
import type { Cue } from './cues';
import { CUES } from './cues';

/** The volumes (0–100) and mute, as Settings keeps them. */
export type SoundLevels = Settings['sound'];

/** One note of a cue: when (s after the cue), how long (s), its pitch glide (Hz) and loudness. */
interface Note {
  readonly at: number;
  readonly dur: number;
  readonly from: number;
  readonly to: number;
  readonly wave: OscillatorType;
  readonly gain: number;
}

const note = (at: number, dur: number, from: number, to: number, wave: OscillatorType, gain: number): Note => ({ at, dur, from, to, wave, gain });

const RECIPES: Readonly<Record<Cue, readonly Note[]>> = {
  eat: [note(0, 0.06, 660, 990, 'sine', 0.18)],
  eaten: [note(0, 0.45, 420, 70, 'sawtooth', 0.16)],
  split: [note(0, 0.16, 180, 620, 'triangle', 0.2)],
  eject: [note(0, 0.05, 520, 300, 'square', 0.08)],
  burst: [note(0, 0.12, 900, 300, 'sawtooth', 0.14), note(0.1, 0.2, 300, 120, 'triangle', 0.14)],
  respawn: [note(0, 0.08, 440, 440, 'sine', 0.16), note(0.08, 0.08, 554, 554, 'sine', 0.16), note(0.16, 0.14, 659, 659, 'sine', 0.16)],
  start: [note(0, 0.14, 523, 523, 'triangle', 0.22), note(0.16, 0.24, 784, 784, 'triangle', 0.22)],
  countdown: [note(0, 0.05, 1000, 1000, 'square', 0.06)],
  end: [note(0, 0.18, 784, 784, 'triangle', 0.22), note(0.2, 0.18, 659, 659, 'triangle', 0.22), note(0.4, 0.4, 523, 523, 'triangle', 0.22)],
  wait: [note(0, 0.22, 220, 220, 'triangle', 0.2), note(0.28, 0.22, 196, 196, 'triangle', 0.2)],
  chat: [note(0, 0.05, 1200, 1200, 'sine', 0.12), note(0.07, 0.05, 1500, 1500, 'sine', 0.12)],
};

/** Eating a row of pellets is one patter, not a buzz: at most one 'eat' per this many seconds. */
const EAT_GAP_S = 0.07;

export class SoundBoard {
  readonly played: Record<Cue, number> = Object.fromEntries(CUES.map((c) => [c, 0])) as Record<Cue, number>;
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private effects: GainNode | null = null;
  private failed = false;
  private lastEat = -1;

  constructor(
    private levels: SoundLevels,
    private readonly doc: Pick<Document, 'hidden' | 'addEventListener'> = document,
    private readonly makeContext: () => AudioContext = () => new AudioContext(),
  ) {
    doc.addEventListener('visibilitychange', () => void (doc.hidden ? this.ctx?.suspend() : this.ctx?.resume())?.catch(() => undefined));
    const wake = (): void => void this.ctx?.resume().catch(() => undefined);
    doc.addEventListener('keydown', wake);
    doc.addEventListener('pointerdown', wake);
  }

  get muted(): boolean {
    return this.levels.muted;
  }

  /** The AudioContext's state ('none' before the first cue, 'unavailable' when the system has no audio). */
  get state(): string {
    return this.failed ? 'unavailable' : (this.ctx?.state ?? 'none');
  }

  setLevels(levels: SoundLevels): void {
    this.levels = levels;
    this.applyLevels();
  }

  /** M in a match: mute or unmute (for this session; Settings holds the saved choice). */
  toggleMute(): boolean {
    this.levels = { ...this.levels, muted: !this.levels.muted };
    this.applyLevels();
    return this.levels.muted;
  }

  play(cue: Cue): void {
    if (this.levels.muted || this.levels.master === 0 || this.levels.effects === 0 || this.doc.hidden) return;
    const ctx = this.context();
    if (!ctx || !this.effects) return;
    const t0 = ctx.currentTime;
    if (cue === 'eat') {
      if (t0 - this.lastEat < EAT_GAP_S) return;
      this.lastEat = t0;
    }
    for (const n of RECIPES[cue]) {
      const osc = ctx.createOscillator();
      const env = ctx.createGain();
      const start = t0 + n.at;
      osc.type = n.wave;
      osc.frequency.setValueAtTime(n.from, start);
      if (n.to !== n.from) osc.frequency.exponentialRampToValueAtTime(n.to, start + n.dur);
      env.gain.setValueAtTime(0.0001, start);
      env.gain.exponentialRampToValueAtTime(n.gain, start + 0.01);
      env.gain.exponentialRampToValueAtTime(0.0001, start + n.dur);
      osc.connect(env).connect(this.effects);
      osc.start(start);
      osc.stop(start + n.dur + 0.02);
    }
    this.played[cue]++;
  }

  private context(): AudioContext | null {
    if (this.ctx || this.failed) return this.ctx;
    try {
      const ctx = this.makeContext();
      this.master = ctx.createGain();
      this.effects = ctx.createGain();
      this.effects.connect(this.master).connect(ctx.destination);
      this.ctx = ctx;
      this.applyLevels();
      void ctx.resume().catch(() => undefined); // allowed once the player has pressed a key or clicked
    } catch {
      this.failed = true; // no audio on this system: the game plays silently
    }
    return this.ctx;
  }

  private applyLevels(): void {
    if (!this.master || !this.effects) return;
    this.master.gain.value = this.levels.muted ? 0 : this.levels.master / 100;
    this.effects.gain.value = this.levels.effects / 100;
  }
}

let shared: SoundBoard | null = null;

/** The page's one SoundBoard (browsers limit AudioContexts), set to `levels`. */
export function sharedSound(levels: SoundLevels): SoundBoard {
  if (shared) shared.setLevels(levels);
  else shared = new SoundBoard(levels);
  return shared;
}
