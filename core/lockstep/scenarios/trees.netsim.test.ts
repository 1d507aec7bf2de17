/**
 * One source of bot trees (protocol v5) on the simulated network: a match runs the host's trees on
 * every peer. A peer whose trees differ gets the host's (only the differing ones) and its bots play
 * them; a peer whose trees are equal gets no tree bytes at all; hostile or garbled tree chunks are
 * dropped and counted, the transfer is asked for again a bounded number of times, and a peer that
 * cannot get valid trees never starts a simulation (it stays unready and is benched by the loading
 * timeout) — unless the match's trees are the built-in ones, which every peer holds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../../test/fixtures/maps/shipped';
import { DIFFICULTY_NAMES, Difficulty, builtInSource, defaultTreeSet, loadBotBrains } from '../../ai';
import type { TreeSet } from '../../ai';
import type { SimGame } from '../loop/SimGame';
import { SimGame as Sim } from '../loop/SimGame';
import { MAX_TREE_ATTEMPTS } from '../client';
import { Room } from '../testing/Room';
import type { RoomOptions } from '../testing/Room';
import { HOST } from '../testing/Room';
import { SlotKind } from '../types';
import { decodeDatagram, TREES_KIND } from '../wire';

const map = loadShippedMaps().get('arena-small');
if (!map) throw new Error('arena-small missing');
const AI_DIR = new URL('../../../resources/ai/', import.meta.url);
/** What an app holding the shipped files loads. */
const shipped = (): TreeSet => loadBotBrains(DIFFICULTY_NAMES.map((d) => ({ file: `${d}.json`, source: readFileSync(new URL(`${d}.json`, AI_DIR), 'utf8') })));
/** A designer's edit of hard.json: hunts and eats much closer. */
const edited = (): TreeSet => {
  const hard = builtInSource(Difficulty.Hard).replace('"range":32', '"range":6').replace('"range":10', '"range":3');
  const loaded = loadBotBrains([{ file: 'easy.json', source: builtInSource(Difficulty.Easy) }, { file: 'normal.json', source: builtInSource(Difficulty.Normal) }, { file: 'hard.json', source: hard }]);
  expect(loaded.notices).toEqual([]);
  return loaded;
};

/** Owner (client 0, on the host machine: the host's trees) + client 1 with `c1` trees; 2 hard bots. */
function room(host: TreeSet, c1: TreeSet, extra: Partial<RoomOptions> = {}): Room {
  return new Room({
    seed: 41,
    humans: 2,
    bots: 2,
    hostTrees: host,
    clientTrees: (i) => (i === 0 ? host : c1),
    settings: { matchSeconds: 12, map: 'arena-small', loadTimeoutSeconds: 2 },
    link: { delayMs: 1, jitterMs: 2, loss: 0.02, duplicate: 0 },
    game: (start, trees) => ({ game: new Sim(map!, start, trees.brains) }),
    ...extra,
  });
}

function play(r: Room): Room {
  expect(r.joinAll()).toBe(true);
  r.host.setSlot(2, SlotKind.Bot, Difficulty.Hard);
  r.host.setSlot(3, SlotKind.Bot, Difficulty.Hard);
  r.run(500); // the lobby: reports and transfers happen here
  r.client(0).peer.startMatch();
  expect(r.runToEnd(60_000)).toBe(true);
  r.run(500); // the end notice reaches everyone
  return r;
}

/** Rewrites host → `to` datagrams carrying a tree chunk with `mutate` (in place; true = it did). */
function tamper(r: Room, to: string, mutate: (msg: Uint8Array, at: number, frame: Uint8Array) => boolean): { hits: number } {
  const seen = { hits: 0 };
  r.sim.addDropRule((from, dest, bytes) => {
    if (from !== HOST || dest !== to) return false;
    const d = decodeDatagram(bytes);
    if (!d.ok || d.msg.type !== 'hframe') return false;
    for (const m of d.msg.ctl?.msgs ?? []) {
      if (m[0] !== TREES_KIND) continue;
      const at = indexOf(bytes, m);
      if (at >= 0 && mutate(m, at, bytes)) seen.hits++;
    }
    return false;
  });
  return seen;
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const brainsOf = (r: Room, i: number): number => (r.client(i).anyGame as SimGame | null)?.brains.fingerprint ?? -1;

describe('the host\'s bot trees on every peer', () => {
  it('a peer with the shipped trees plays the host\'s edited ones: one hash, and the game differs from the shipped trees\'', () => {
    const host = edited();
    const r = play(room(host, shipped()));
    expect(r.host.lastResult?.agreed).toBe(true);
    expect(r.client(1).keyHashes).toEqual(r.client(0).keyHashes);
    expect(brainsOf(r, 1)).toBe(host.brains.fingerprint);
    expect(r.client(1).trees?.sources[Difficulty.Hard]).toBe(host.sources[Difficulty.Hard]);
    expect(r.client(1).peer.trees).toMatchObject({ state: 'ready', source: 'host', hostPrint: host.brains.fingerprint >>> 0 });
    // Only the differing tree travelled: its minified text plus framing, in ceil(n / 1024) chunks.
    const hard = host.sources[Difficulty.Hard]!.length;
    expect(r.client(1).peer.stats.treeBytes).toBe(hard + 6);
    expect(r.host.counters.treeChunks).toBe(Math.ceil((hard + 6) / 1024));
    expect(r.client(1).peer.stats.treeRejected).toBe(0);
    // The edit matters: with the shipped trees everywhere the same match ends elsewhere.
    const plain = play(room(shipped(), shipped()));
    expect(plain.host.lastResult?.agreed).toBe(true);
    expect(plain.host.lastResult?.hash).not.toBe(r.host.lastResult?.hash);
  }, 60_000);

  it('peers whose trees equal the host\'s receive no tree bytes', () => {
    const r = play(room(shipped(), shipped()));
    expect(r.host.lastResult?.agreed).toBe(true);
    expect(r.host.counters.treeBytes).toBe(0);
    expect(r.host.counters.treeChunks).toBe(0);
    for (const c of r.clients) {
      expect(c.peer.stats.treeBytes).toBe(0);
      expect(c.peer.trees).toMatchObject({ state: 'ready', source: 'own' });
    }
  }, 30_000);

  it('garbled tree payloads are refused and counted; the peer never starts (a player is benched, a spectator held)', () => {
    const host = edited();
    const r = room(host, shipped(), { spectators: 1 });
    const garble = (msg: Uint8Array, at: number, frame: Uint8Array): boolean => {
      frame[at + msg.length - 1] = 0x01; // a control character inside the JSON text
      return true;
    };
    const t = tamper(r, 'c1', garble);
    tamper(r, 'c2', garble);
    play(r);
    // The spectator was sent the start (spectators do not load) but never ran a game with wrong trees.
    const spectator = r.client(2);
    expect(spectator.peer.phase).toBe('lobby');
    expect(spectator.peer.trees.state).toBe('failed');
    expect(spectator.runner).toBeNull();
    expect(spectator.log.some((e) => e.t === 'start')).toBe(false);
    const c1 = r.client(1);
    expect(t.hits).toBeGreaterThanOrEqual(MAX_TREE_ATTEMPTS);
    expect(c1.peer.trees).toMatchObject({ state: 'failed', failure: 'invalid' });
    expect(c1.peer.stats.treeRejected).toBeGreaterThanOrEqual(MAX_TREE_ATTEMPTS);
    expect(r.host.counters.treeChunks).toBe(2 * MAX_TREE_ATTEMPTS * Math.ceil((host.sources[Difficulty.Hard]!.length + 6) / 1024));
    expect(c1.runner).toBeNull();
    expect(c1.log.some((e) => e.t === 'start' || e.t === 'resume')).toBe(false);
    expect(c1.log.some((e) => e.t === 'lobby')).toBe(true); // benched by the loading timeout
    expect(r.host.lastResult?.agreed).toBe(true);
  }, 30_000);

  it('a malformed chunk breaks one transfer; the peer asks again and plays the host\'s trees', () => {
    const host = edited();
    const r = room(host, shipped());
    let first = true;
    tamper(r, 'c1', (_msg, at, frame) => {
      if (!first) return false;
      first = false;
      frame[at + 7] = 200; // the chunk count: no longer consistent with the size
      return true;
    });
    play(r);
    const c1 = r.client(1);
    expect(c1.peer.stats.treeRejected).toBe(1);
    expect(c1.peer.stats.malformed).toBeGreaterThanOrEqual(1);
    expect(c1.peer.trees).toMatchObject({ state: 'ready', source: 'host' });
    expect(brainsOf(r, 1)).toBe(host.brains.fingerprint);
    expect(c1.keyHashes).toEqual(r.client(0).keyHashes);
  }, 30_000);

  it('falls back to the built-in trees only when they are the match\'s', () => {
    const r = room(defaultTreeSet(), edited());
    tamper(r, 'c1', (msg, at, frame) => {
      frame[at + msg.length - 1] = 0x01;
      return true;
    });
    play(r);
    expect(r.client(1).peer.trees).toMatchObject({ state: 'ready', source: 'builtin' });
    expect(brainsOf(r, 1)).toBe(defaultTreeSet().brains.fingerprint);
    expect(r.client(1).keyHashes).toEqual(r.client(0).keyHashes);
  }, 30_000);
});
