/**
 * Bot matches: slot hand-over between human and bot, world-owned bot state (hash, sub-hash,
 * snapshot, restore checks), determinism of whole matches on the arena with its viruses (replayed
 * twice; snapshot → restore → continue equals straight play), and which difficulties split.
 */
import { describe, expect, it } from 'vitest';
import { arena } from '../../test/fixtures/ai/botWorld';
import { BOT_MEMORY_WORDS, EVENT_STRIDE, EventKind, RULES, createWorld, firstDifference, hashWorld, playerMass, restore, snapshot, step, subHashes, type World } from '../sim';
import { BotDriver, allocBotState, botDifficulty, setSlotControl } from './BotDriver';
import { Difficulty, defaultBrains } from './brains';
import { AGENT_WORDS, Bb } from './layout';

describe('slots and control', () => {
  it('hands a slot to a bot with a fresh memory and back to its human', () => {
    const w = createWorld(arena(), { seed: 3, players: 4 });
    w.bots.mem.fill(7, AGENT_WORDS, 2 * AGENT_WORDS);
    setSlotControl(w.bots, 1, Difficulty.Normal);
    expect(w.bots.control[1]).toBe(Difficulty.Normal + 1);
    expect(botDifficulty(w.bots, 1)).toBe(Difficulty.Normal);
    expect(w.bots.mem.subarray(AGENT_WORDS, 2 * AGENT_WORDS).every((v) => v === 0)).toBe(true);
    setSlotControl(w.bots, 1, null);
    expect(botDifficulty(w.bots, 1)).toBe(null);
    setSlotControl(w.bots, 99, Difficulty.Hard);
    setSlotControl(w.bots, 2, 7 as Difficulty);
    expect(Array.from(w.bots.control).filter((v) => v !== 0)).toEqual([]);
  });

  it('the world lays out exactly the memory core/ai needs', () => {
    expect(AGENT_WORDS).toBe(BOT_MEMORY_WORDS);
    expect(allocBotState().mem.length).toBe(w0().bots.mem.length);
  });

  it('a world without bots is left untouched by the driver, and hashes as before bots existed', () => {
    const w = createWorld(arena(), { seed: 3, players: 4 });
    const before = hashWorld(w);
    const d = new BotDriver(defaultBrains());
    for (let f = 0; f < 30; f++) {
      expect(d.decide(w)).toEqual([]);
      w.clock[0]!++;
    }
    w.clock[0]! -= 30;
    expect(hashWorld(w)).toBe(before);
    setSlotControl(w.bots, 0, Difficulty.Easy);
    expect(hashWorld(w)).not.toBe(before);
    setSlotControl(w.bots, 0, null);
    expect(hashWorld(w)).toBe(before);
  });

  it('a slot switched from human to bot mid-match plays from a fresh memory, identically on two peers', () => {
    const run = (takeover: boolean): { hashes: number[]; w: World } => {
      const w = createWorld(arena(), { seed: 8, players: 4 });
      setSlotControl(w.bots, 0, Difficulty.Normal);
      const d = new BotDriver(defaultBrains());
      const hashes: number[] = [];
      for (let f = 0; f < 240; f++) {
        if (takeover && f === 90) setSlotControl(w.bots, 2, Difficulty.Hard); // a key frame: slot 2's human dropped
        if (takeover && f === 180) setSlotControl(w.bots, 2, null); // and came back
        step(w, d.decide(w));
        hashes.push(hashWorld(w));
      }
      return { hashes, w };
    };
    const a = run(true);
    expect(run(true).hashes).toEqual(a.hashes);
    const human = run(false).hashes;
    expect(a.hashes.slice(0, 90)).toEqual(human.slice(0, 90));
    expect(a.hashes[90]).not.toBe(human[90]);
    expect(a.w.bots.mem.subarray(2 * AGENT_WORDS, 3 * AGENT_WORDS).every((v) => v === 0)).toBe(true);
  });
});

const w0 = (): World => createWorld(arena(), { seed: 1, players: 1 });

/** Plays `frames` frames of a bot match; returns the world hash after each frame. */
function playBots(w: World, d: BotDriver, frames: number): number[] {
  const hashes: number[] = [];
  for (let f = 0; f < frames; f++) {
    step(w, d.decide(w));
    hashes.push(hashWorld(w));
  }
  return hashes;
}

function botMatch(players: number): { w: World; d: BotDriver } {
  const w = createWorld(arena(), { seed: 11, players });
  for (let s = 0; s < players; s++) setSlotControl(w.bots, s, (s % 3) as Difficulty);
  return { w, d: new BotDriver(defaultBrains()) };
}

describe('bot matches', () => {
  it('are identical when replayed, and bots actually play (eat, move)', () => {
    const a = botMatch(8);
    const b = botMatch(8);
    const ha = playBots(a.w, a.d, 450);
    expect(playBots(b.w, b.d, 450)).toEqual(ha);
    expect(firstDifference(a.w, b.w)).toBe(null);
    let grew = 0;
    for (let s = 0; s < 8; s++) if (playerMass(a.w, s) > RULES.startMass || a.w.players.kills[s]! > 0) grew++;
    expect(grew).toBeGreaterThanOrEqual(6);
  });

  it('Normal and Hard bots split onto prey, Easy never splits; nobody ejects but Hard', () => {
    const { w, d } = botMatch(12);
    const splits = [0, 0, 0];
    const ejects = [0, 0, 0];
    for (let f = 0; f < 1800; f++) {
      const ev = step(w, d.decide(w));
      for (let i = 0; i < ev.count; i++) {
        const kind = ev.data[i * EVENT_STRIDE];
        const difficulty = (ev.data[i * EVENT_STRIDE + 1]! >> 4) % 3;
        if (kind === EventKind.Split) splits[difficulty]!++;
        if (kind === EventKind.Ejected) ejects[difficulty]!++;
      }
    }
    expect(splits[Difficulty.Easy], splits.join()).toBe(0);
    expect(splits[Difficulty.Normal]).toBeGreaterThan(0);
    expect(splits[Difficulty.Hard]).toBeGreaterThan(0);
    expect([ejects[Difficulty.Easy], ejects[Difficulty.Normal]]).toEqual([0, 0]);
  });

  it('snapshot → restore → continue equals straight play (bot memory travels in the snapshot)', () => {
    const a = botMatch(8);
    playBots(a.w, a.d, 200);
    const blob = snapshot(a.w);
    const straight = playBots(a.w, a.d, 200);
    const w2 = restore(blob, arena());
    expect(w2.bots.control[2]).toBe(Difficulty.Hard + 1);
    expect(playBots(w2, new BotDriver(defaultBrains()), 200)).toEqual(straight);
  });

  it('bot state has its own sub-hash, and a desync in it is reported at the bot', () => {
    const a = botMatch(4);
    const b = botMatch(4);
    playBots(a.w, a.d, 60);
    playBots(b.w, b.d, 60);
    const names = subHashes(a.w).map((h) => h.name);
    expect(names).toContain('bots');
    const botsHash = (w: World): number => subHashes(w).find((h) => h.name === 'bots')!.hash;
    expect(botsHash(b.w)).toBe(botsHash(a.w));
    const at = 3 * AGENT_WORDS + Bb.Target;
    b.w.bots.mem[at] = b.w.bots.mem[at]! ^ 1;
    expect(botsHash(b.w)).not.toBe(botsHash(a.w));
    const diff = firstDifference(a.w, b.w)!;
    expect([diff.component, diff.column, diff.entity]).toEqual(['bots', 'memory', 3]);
  });

  it('restore refuses impossible bot state', () => {
    const a = botMatch(4);
    a.w.bots.control[1] = 9;
    expect(() => restore(snapshot(a.w), arena())).toThrow(/bots: slot 1 control 9/);
    a.w.bots.control[1] = 0;
    a.w.bots.mem[AGENT_WORDS + 5] = 1;
    expect(() => restore(snapshot(a.w), arena())).toThrow(/human slot 1 has bot memory/);
  });
});
