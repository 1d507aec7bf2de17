/**
 * Layout of one bot's memory: AGENT_WORDS (= core/sim BOT_MEMORY_WORDS) int32 words per player
 * slot in the world's `bots.mem` column (snapshotted, restored and hashed with the world).
 *
 *   [0, HEADER_WORDS)                     header: decision counter and the blackboard (Bb.*)
 *   [RUNNING_OFFSET, + RUNNING_WORDS)     bit n set = node n returned running at the last decision
 *   [STATE_OFFSET, + MAX_STATE_WORDS)     one state word per stateful node (CompiledTree.stateSlot)
 *
 * A node whose running bit is clear was not running at the previous decision and is entered
 * fresh (its state resets): that is how an interrupted branch forgets where it was, without any
 * halt pass. Invariant: an all-zero block is a valid fresh bot; cell ids are stored as id + 1 so
 * that 0 means "none". Units: frames, Fx (1/1024 cell).
 */
import { BOT_MEMORY_WORDS } from '../sim';
import { MAX_TREE_NODES } from './parseTree';

/** Blackboard and header words. */
export const Bb = {
  /** Decisions taken so far (the `tick` of node marks). */
  Tick: 0,
  /** Target cell id + 1 (0 = none), set by SmallerTargetNear. */
  Target: 1,
  /** Threat cell id + 1 (0 = none), set by ThreatNear. */
  Threat: 2,
  /** Goal point (Fx) and its GoalKind; GoalSince = frame it was chosen. */
  GoalX: 3,
  GoalY: 4,
  GoalKind: 5,
  GoalSince: 6,
  /** Frame of Chase's next re-aim. */
  ChaseAt: 7,
  /** Status the root returned at the last decision. */
  LastStatus: 8,
  /** Cell index + 1 of the last goal the bot could not reach (FindPelletCluster skips it). */
  Avoid: 9,
} as const;

/** What the goal point is. */
export const GoalKind = { None: 0, Pellets: 1, Wander: 2, Bush: 3 } as const;

export const HEADER_WORDS = 10;
/** The running-bit mask: one bit per node, 32 nodes a word. */
export const RUNNING_OFFSET = HEADER_WORDS;
export const RUNNING_WORDS = MAX_TREE_NODES >> 5;
/** Offset of the state words within a bot block. */
export const STATE_OFFSET = RUNNING_OFFSET + RUNNING_WORDS;
/** Words of one bot's memory: the world's per-slot capacity. */
export const AGENT_WORDS = BOT_MEMORY_WORDS;
/** Most stateful nodes (Mem*, Parallel, WeightedRandom, Repeat*, Cooldown, Wait) a tree may hold (16). */
export const MAX_STATE_WORDS = AGENT_WORDS - STATE_OFFSET;
