/**
 * The SoundBoard's rules, on a recording stand-in for the AudioContext (Node has no Web Audio;
 * e2e/match.spec.ts plays the cues in a real Chromium): each cue schedules its notes into the
 * effects → master chain; mute, a zero volume and a hidden page play nothing; the volumes reach the
 * gains; eating is one patter, not a buzz; the page going hidden suspends the context; a system
 * without audio plays silently instead of failing the match.
 */
import { describe, expect, it } from 'vitest';
import { SoundBoard } from './SoundBoard';

class FakeParam {
  value = 1;
  setValueAtTime(): void {}
  exponentialRampToValueAtTime(): void {}
}
class FakeNode {
  readonly gain = new FakeParam();
  readonly frequency = new FakeParam();
  type = '';
  connect<T>(n: T): T {
    return n;
  }
  start(): void {}
  stop(): void {}
}
class FakeContext {
  currentTime = 0;
  state = 'suspended';
  oscillators = 0;
  readonly gains: FakeNode[] = [];
  readonly destination = new FakeNode();
  createOscillator(): FakeNode {
    this.oscillators++;
    return new FakeNode();
  }
  createGain(): FakeNode {
    const g = new FakeNode();
    this.gains.push(g);
    return g;
  }
  resume(): Promise<void> {
    this.state = 'running';
    return Promise.resolve();
  }
  suspend(): Promise<void> {
    this.state = 'suspended';
    return Promise.resolve();
  }
}
class FakeDoc {
  hidden = false;
  readonly listeners = new Map<string, () => void>();
  addEventListener(type: string, fn: () => void): void {
    this.listeners.set(type, fn);
  }
}

function board(levels = { master: 80, effects: 50, muted: false }): { sound: SoundBoard; ctx: FakeContext; doc: FakeDoc } {
  const ctx = new FakeContext();
  const doc = new FakeDoc();
  const sound = new SoundBoard(levels, doc as unknown as Document, () => ctx as unknown as AudioContext);
  return { sound, ctx, doc };
}

describe('SoundBoard', () => {
  it('plays each cue as notes through the effects and master gains, set from the volumes', () => {
    const { sound, ctx } = board();
    expect(sound.state).toBe('none');
    sound.play('respawn');
    expect(ctx.oscillators).toBe(3); // three notes
    expect(sound.played.respawn).toBe(1);
    const [master, effects] = ctx.gains;
    expect(master?.gain.value).toBe(0.8);
    expect(effects?.gain.value).toBe(0.5);
    sound.setLevels({ master: 30, effects: 100, muted: false });
    expect(master?.gain.value).toBe(0.3);
    expect(effects?.gain.value).toBe(1);
  });

  it('plays nothing muted (M), at zero volume, or while the page is hidden', () => {
    const { sound, ctx, doc } = board();
    sound.play('start');
    const before = ctx.oscillators;
    expect(sound.toggleMute()).toBe(true);
    expect(ctx.gains[0]?.gain.value).toBe(0); // the master is silenced too
    sound.play('chat');
    expect(sound.toggleMute()).toBe(false);
    sound.setLevels({ master: 0, effects: 80, muted: false });
    sound.play('chat');
    sound.setLevels({ master: 80, effects: 80, muted: false });
    doc.hidden = true;
    doc.listeners.get('visibilitychange')?.();
    expect(ctx.state).toBe('suspended');
    sound.play('chat');
    expect(ctx.oscillators).toBe(before);
    expect(sound.played.chat).toBe(0);
    doc.hidden = false;
    doc.listeners.get('visibilitychange')?.();
    expect(ctx.state).toBe('running');
    sound.play('chat');
    expect(sound.played.chat).toBe(1);
  });

  it('eating pellets in a row is a patter: at most one eat per 70 ms; other cues are never dropped', () => {
    const { sound, ctx } = board();
    for (let i = 0; i < 10; i++) {
      ctx.currentTime = i * 0.02;
      sound.play('eat');
      sound.play('countdown');
    }
    expect(sound.played.eat).toBe(3); // at 0, 0.08 and 0.16 s
    expect(sound.played.countdown).toBe(10);
  });

  it('a system without audio plays silently', () => {
    const doc = new FakeDoc();
    const sound = new SoundBoard({ master: 80, effects: 80, muted: false }, doc as unknown as Document, () => {
      throw new Error('no audio device');
    });
    expect(() => sound.play('start')).not.toThrow();
    expect(sound.state).toBe('unavailable');
    expect(sound.played.start).toBe(0);
  });
});
