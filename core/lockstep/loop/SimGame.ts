/**
 * The real simulation as the lockstep loop's LockstepGame: core/match's MatchRunner (roster +
 * human inputs + slot events + bots inside `step`) built from a MatchStart. Lockstep slots (lobby
 * numbers, possibly with gaps) map to ball ids 0..n-1 in ascending slot order, so the world has
 * exactly the match's participants. Bots (lobby bots and dropped players) run inside `step` on
 * every peer from the same state; their columns are hashed and snapshotted with the world so a
 * bot divergence is caught too. Replays run the very same class, so they reproduce a match.
 * The bots' trees are the match's: brains whose fingerprint is not the start's (`trees`, the
 * host's) are refused, so no peer can simulate with other trees than the others.
 */
import type { BotBrains } from '../../ai';
import type { GameMap } from '../../map';
import { HASH_SEED, hashFinish, hashInts } from '../../math';
import { MatchRunner, type MatchSpec } from '../../match';
import { subHashes } from '../../sim';
import type { LockstepGame } from './LockstepGame';
import { lastKeyOf, SlotKind } from '../types';
import type { MatchStart } from '../types';

/** The core/match spec of a lockstep start: roster by slot (teams too), length, mode (RoomSettings v13). */
export function matchSpecOf(start: MatchStart): MatchSpec {
  const teams = start.settings.teams;
  const roster = [...start.slots].sort((a, b) => a.slot - b.slot).map((s) => ({ slot: s.slot, bot: s.kind === SlotKind.Bot, difficulty: s.difficulty, ...(teams !== 0 ? { team: s.team } : {}) }));
  const lengthFrames = (lastKeyOf(start.settings) + 1) * start.settings.keyInterval;
  return { seed: start.seed, lengthFrames, pelletTarget: null, roster, ...(teams !== 0 ? { teams } : {}), ...(start.settings.lastStanding ? { lastStanding: true } : {}) };
}

export class SimGame extends MatchRunner implements LockstepGame {
  /** @throws Error when `brains` are not the match's trees (a caller bug, never data). */
  constructor(map: GameMap, start: MatchStart, brains: BotBrains) {
    if (brains.fingerprint >>> 0 !== start.trees >>> 0) throw new Error(`SimGame: bot trees ${brains.fingerprint >>> 0} are not the match's (${start.trees >>> 0})`);
    super(map, matchSpecOf(start), brains);
  }

  /** Per-component sub-hashes for desync reports: the world's, then the bot columns'. */
  subHashes(): { name: string; hash: number }[] {
    return [...subHashes(this.world), { name: 'bots', hash: hashFinish(hashInts(hashInts(HASH_SEED, this.bots.control), this.bots.mem), 2) }];
  }
}
