/**
 * The node catalog: every node name a bot tree may use, its aliases, its kind (the integer the
 * compiled tree stores), how many children it takes and its arguments with types, ranges and
 * defaults. The loader validates trees against it, the runtime dispatches on its kinds, and the
 * behavior3 editor's node-definition file (resources/ai/node-config.b3-setting) is generated from
 * it (nodeConfig.ts), so designers see exactly the nodes and arguments the game accepts.
 * Units of arguments: cells (grid cells), frames (logic frames, 30 a second), mass units.
 * Invariants: kinds are unique; control kinds < LEAF_BASE ≤ game leaf kinds; every node has at
 * most ARG_SLOTS int arguments (an int[] argument uses two slots: offset and count).
 */

/** Result of ticking a node. 0 is never a status (zeroed memory means "not ticked yet"). */
export const Status = { Success: 1, Failure: 2, Running: 3 } as const;
export type Status = (typeof Status)[keyof typeof Status];

/** Compiled node kinds. Kinds ≥ LEAF_BASE are game leaves, ticked by the leaf handler. */
export const NodeKind = {
  Sequence: 1,
  MemSequence: 2,
  Selector: 3,
  MemSelector: 4,
  Parallel: 5,
  WeightedRandom: 6,
  Inverter: 10,
  Succeeder: 11,
  Failer: 12,
  Repeat: 13,
  RepeatUntilFailure: 14,
  RepeatUntilSuccess: 15,
  Cooldown: 16,
  Wait: 17,
  ThreatNear: 32,
  SmallerTargetNear: 33,
  FindPelletCluster: 34,
  MoveTo: 35,
  Flee: 36,
  Chase: 37,
  SplitAttack: 38,
  HideInBushes: 39,
  Wander: 40,
  MassAbove: 41,
  AvoidViruses: 42,
  HideBehindVirus: 43,
  EjectFeed: 44,
  Regroup: 45,
  ProtectTeammate: 46,
  NearAreaEdge: 47,
  MoveInward: 48,
} as const;
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind];

/** First kind handled by the game leaf handler rather than the runtime. */
export const LEAF_BASE = 32;
/** Int argument slots per compiled node. */
export const ARG_SLOTS = 4;
/** Most children of a Parallel (its memory is one bit per child) and of a WeightedRandom. */
export const MAX_MASK_CHILDREN = 15;

/** How many children a node takes. `optional` = a leaf alone, or a decorator with one child. */
export type ChildRule = 'none' | 'one' | 'many' | 'optional';

/** One argument of a node. */
export interface ArgSpec {
  readonly name: string;
  readonly type: 'int' | 'enum' | 'int[]';
  readonly desc: string;
  /** Inclusive range of an int (and of each element of an int[]). */
  readonly min?: number;
  readonly max?: number;
  /** Value when absent: an int, or the option value of an enum. Absent = required. */
  readonly default?: number | string;
  /** Enum options in order; the compiled value is the option's index. */
  readonly options?: readonly string[];
  /**
   * Other names accepted for this argument, with a scale: value = ⌈raw × num / den⌉, where raw is
   * the integer as written, or with `decimals` a number of up to that many decimals × 10^decimals.
   */
  readonly aliases?: readonly { readonly name: string; readonly num: number; readonly den: number; readonly decimals?: number }[];
  /** Why the range is what it is, appended to an out-of-range message. */
  readonly why?: string;
}

/** One node type. */
export interface NodeSpec {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly kind: NodeKind;
  /** behavior3 editor category. */
  readonly type: 'Composite' | 'Decorator' | 'Condition' | 'Action';
  readonly children: ChildRule;
  readonly args: readonly ArgSpec[];
  /** One line for the editor's node list. */
  readonly desc: string;
  /** Longer markdown help (statuses, blackboard use). */
  readonly doc: string;
}

/** Classic behavior3 millisecond arguments become frames at 30 Hz (rounded up). */
const MS = [{ name: 'milliseconds', num: 3, den: 100 }] as const;
const range = (desc: string, dflt: number, max = 64): ArgSpec => ({ name: 'range', type: 'int', desc, min: 1, max, default: dflt });

const CONTROL: readonly NodeSpec[] = [
  { name: 'Sequence', aliases: [], kind: NodeKind.Sequence, type: 'Composite', children: 'many', args: [], desc: 'Run children in order until one fails', doc: 'Re-evaluates from the first child every decision. Success when all succeed; failure at the first failure; running while a child runs.' },
  { name: 'MemSequence', aliases: [], kind: NodeKind.MemSequence, type: 'Composite', children: 'many', args: [], desc: 'Sequence that resumes at the running child', doc: 'Like Sequence, but a child that returned running is resumed next decision without re-checking the children before it.' },
  { name: 'Selector', aliases: ['Priority', 'Fallback'], kind: NodeKind.Selector, type: 'Composite', children: 'many', args: [], desc: 'Try children in order until one does not fail', doc: 'Re-evaluates from the first child every decision (a higher-priority branch interrupts a running lower one). Success at the first success; failure when all fail.' },
  { name: 'MemSelector', aliases: ['MemPriority'], kind: NodeKind.MemSelector, type: 'Composite', children: 'many', args: [], desc: 'Selector that resumes at the running child', doc: 'Like Selector, but a running child is resumed next decision without re-checking the children before it.' },
  {
    name: 'Parallel', aliases: [], kind: NodeKind.Parallel, type: 'Composite', children: 'many', desc: 'Tick all children each decision',
    doc: 'Ticks every unfinished child each decision (at most 15 children). Succeeds by the success policy, fails by the failure policy (success is checked first); fails when all are done and neither policy is met.',
    args: [
      { name: 'success', type: 'enum', desc: 'Succeed when all children or one child succeeded', options: ['all', 'one'], default: 'all' },
      { name: 'failure', type: 'enum', desc: 'Fail when one child or all children failed', options: ['one', 'all'], default: 'one' },
    ],
  },
  {
    name: 'WeightedRandom', aliases: ['RandomSelector'], kind: NodeKind.WeightedRandom, type: 'Composite', children: 'many', desc: 'Pick one child at random by weight',
    doc: 'On entry picks one child with probability weight/total, drawing from the world RNG (deterministic on every peer), then runs it until it finishes and returns its status.',
    args: [{ name: 'weights', type: 'int[]', desc: 'One weight per child, e.g. [3, 1]', min: 0, max: 1000 }],
  },
  { name: 'Inverter', aliases: ['Invert', 'Not'], kind: NodeKind.Inverter, type: 'Decorator', children: 'one', args: [], desc: 'Swap success and failure', doc: 'Running passes through.' },
  { name: 'Succeeder', aliases: ['AlwaysSuccess'], kind: NodeKind.Succeeder, type: 'Decorator', children: 'optional', args: [], desc: 'Always succeed', doc: 'With a child: success when the child finishes, running while it runs. Without a child: a leaf that succeeds.' },
  { name: 'Failer', aliases: ['AlwaysFail', 'AlwaysFailure'], kind: NodeKind.Failer, type: 'Decorator', children: 'optional', args: [], desc: 'Always fail', doc: 'With a child: failure when the child finishes, running while it runs. Without a child: a leaf that fails.' },
  {
    name: 'Repeat', aliases: ['Repeater'], kind: NodeKind.Repeat, type: 'Decorator', children: 'one', desc: 'Run the child count times',
    doc: 'One child run per decision at most; running between runs. Fails as soon as the child fails; succeeds after count successes. count -1 repeats forever.',
    args: [{ name: 'count', type: 'int', desc: 'Runs, or -1 for forever', min: -1, max: 100000, default: -1, aliases: [{ name: 'maxLoop', num: 1, den: 1 }] }],
  },
  {
    name: 'RepeatUntilFailure', aliases: [], kind: NodeKind.RepeatUntilFailure, type: 'Decorator', children: 'one', desc: 'Repeat the child until it fails',
    doc: 'Success when the child fails; running otherwise; failure after maxLoop successes (maxLoop ≤ 0: no limit).',
    args: [{ name: 'maxLoop', type: 'int', desc: 'Most runs, ≤ 0 for no limit', min: -1, max: 100000, default: -1 }],
  },
  {
    name: 'RepeatUntilSuccess', aliases: [], kind: NodeKind.RepeatUntilSuccess, type: 'Decorator', children: 'one', desc: 'Repeat the child until it succeeds',
    doc: 'Success when the child succeeds; running otherwise; failure after maxLoop failures (maxLoop ≤ 0: no limit).',
    args: [{ name: 'maxLoop', type: 'int', desc: 'Most runs, ≤ 0 for no limit', min: -1, max: 100000, default: -1 }],
  },
  {
    name: 'Cooldown', aliases: [], kind: NodeKind.Cooldown, type: 'Decorator', children: 'one', desc: 'Fail without running the child for some frames after it finished',
    doc: 'After the child finishes (success or failure), the node fails for `frames` logic frames without ticking the child.',
    args: [{ name: 'frames', type: 'int', desc: 'Logic frames (30 a second)', min: 1, max: 1000000, default: 90, aliases: MS }],
  },
  {
    name: 'Wait', aliases: [], kind: NodeKind.Wait, type: 'Action', children: 'none', desc: 'Running for some frames, then success',
    doc: 'Counts logic frames from the decision it starts in; checked at each decision, so it ends at the first decision at least `frames` later. Also accepts `milliseconds`, or `time` in seconds (the stock behavior3 Wait), rounded up to whole frames.',
    // The current behavior3 editor's stock Wait takes `time` (seconds, a float) and `random` (a
    // spread): both accepted, so a tree drawn with the stock nodes loads as drawn.
    args: [
      { name: 'frames', type: 'int', desc: 'Logic frames (30 a second)', min: 0, max: 1000000, default: 30, aliases: [...MS, { name: 'time', num: 3, den: 100, decimals: 3 }] },
      { name: 'random', type: 'int', desc: 'Random spread of the stock behavior3 Wait: only 0', min: 0, max: 0, default: 0, why: 'every machine must wait the same, so a bot\'s wait has no random spread' },
    ],
  },
];

/** ThreatNear's and Flee's `splits`: whether a cell that could reach this one by splitting counts as nearer. */
const SPLITS: ArgSpec = {
  name: 'splits', type: 'enum', desc: 'fear: a cell whose split half could eat mine counts 4 cells nearer (agar\'s split kill)', options: ['ignore', 'fear'], default: 'ignore',
};

const GAME: readonly NodeSpec[] = [
  {
    name: 'ThreatNear', aliases: [], kind: NodeKind.ThreatNear, type: 'Condition', children: 'none', desc: 'A cell that can eat one of mine is near',
    doc: 'Success when a visible cell of another player heavy enough to eat this bot\'s smallest cell has its edge within `range` cells of the bot\'s lead cell\'s edge; remembers the nearest as the threat. With `splits` = fear, a cell that could eat it with one split half (2.5 times its mass or more, 3200 or more, its player below 16 cells) counts 4 cells nearer: about how far a half flies before a bot can react.',
    args: [range('Edge-to-edge distance in cells', 6), SPLITS],
  },
  {
    name: 'SmallerTargetNear', aliases: [], kind: NodeKind.SmallerTargetNear, type: 'Condition', children: 'none', desc: 'A cell I can eat is near',
    doc: 'Success when a visible cell of another player that this bot\'s lead cell can eat is within `range` cells (edge to edge); remembers the nearest as the target.',
    args: [range('Edge-to-edge distance in cells', 8)],
  },
  {
    name: 'FindPelletCluster', aliases: [], kind: NodeKind.FindPelletCluster, type: 'Condition', children: 'none', desc: 'Choose the best nearby pellets as the goal',
    doc: 'Scores 4×4-cell blocks within `range` cells by pellet mass over distance; the goal becomes the pellet of the best block nearest the lead cell. Failure when there are none.',
    args: [range('Search radius in cells', 24, 128)],
  },
  {
    name: 'MoveTo', aliases: [], kind: NodeKind.MoveTo, type: 'Action', children: 'none', desc: 'Move to the goal or the target cell',
    doc: 'Steers straight when the way is clear, otherwise moves to the point through the simulation\'s path planner. Success on arrival, running on the way, failure without a goal or target.',
    args: [{ name: 'to', type: 'enum', desc: 'The remembered goal point, or the target cell', options: ['goal', 'target'], default: 'goal' }],
  },
  {
    name: 'Flee', aliases: [], kind: NodeKind.Flee, type: 'Action', children: 'none', desc: 'Run away from threats, around walls',
    doc: 'Of 16 directions with a clear line, picks the one that ends farthest from every threat within `range` cells (with `splits` = fear, a cell that could split onto this bot counts 4 cells nearer, as in ThreatNear). Running while fleeing; failure when no threat is in range.',
    args: [range('Threats within this many cells count', 8), { name: 'probe', type: 'int', desc: 'How far ahead each direction is tested, in cells', min: 1, max: 16, default: 4 }, SPLITS],
  },
  {
    name: 'Chase', aliases: [], kind: NodeKind.Chase, type: 'Action', children: 'none', desc: 'Chase the target cell',
    doc: 'Moves towards where the target will be, re-aiming every `retarget` frames (straight when clear, else through the path planner). Running while chasing; success when the target is gone (eaten); failure when it escapes beyond `range`, hides, or grows too big.',
    args: [{ name: 'retarget', type: 'int', desc: 'Frames between re-aims', min: 1, max: 300, default: 6 }, range('Give up beyond this many cells', 12)],
  },
  {
    name: 'SplitAttack', aliases: [], kind: NodeKind.SplitAttack, type: 'Action', children: 'none', desc: 'Split to shoot a half onto the target',
    doc: 'Splits towards where the target (SmallerTargetNear) will be when its edge is within `reach` cells of the lead cell\'s, the line is clear (of walls, and of viruses a half of 8000 or more would burst on) and the lead cell\'s half would still eat it; only with a lead cell of at least `minMass` (and 3200, to split at all), fewer than 16 cells, and no other visible cell able to eat a half within 5 cells. Success when it splits, failure otherwise.',
    args: [
      { name: 'reach', type: 'int', desc: 'Split at a target this close (cells, edge to edge); a half flies about 4 cells in a quarter second', min: 1, max: 6, default: 3, why: 'a split half flies about 5.5 cells' },
      { name: 'minMass', type: 'int', desc: 'Least lead-cell mass to split for a catch', min: 0, max: 40000, default: 3200 },
    ],
  },
  {
    name: 'HideInBushes', aliases: [], kind: NodeKind.HideInBushes, type: 'Action', children: 'none', desc: 'Go to the nearest bush',
    doc: 'Moves to the nearest bush cell within `range` cells. Success once the lead cell is inside a bush, running on the way, failure when none is near.',
    args: [range('Search radius in cells', 10, 32)],
  },
  {
    name: 'Wander', aliases: [], kind: NodeKind.Wander, type: 'Action', children: 'none', desc: 'Roam to random reachable points',
    doc: 'Picks a random free cell within `range` cells (world RNG) and moves there. Success on arrival or after `frames` frames; running on the way.',
    args: [range('Roaming radius in cells', 10), { name: 'frames', type: 'int', desc: 'Give up on a point after this many frames', min: 1, max: 100000, default: 150, aliases: MS }],
  },
  {
    name: 'MassAbove', aliases: [], kind: NodeKind.MassAbove, type: 'Condition', children: 'none', desc: 'My mass is at least a value',
    doc: 'Success when this bot\'s cells weigh at least `mass` together (a fresh player has 1600).',
    args: [{ name: 'mass', type: 'int', desc: 'Mass units', min: 0, max: 640000, default: 2000 }],
  },
  {
    name: 'AvoidViruses', aliases: [], kind: NodeKind.AvoidViruses, type: 'Action', children: 'none', desc: 'Keep a big cell off the viruses',
    doc: 'When the lead cell is big enough to burst on a virus (8000 and up), one is within `range` cells (edge to edge) and the way the bot is heading would take the lead cell over its centre, turns to the nearest of 16 directions with a clear line that passes it (or the one passing farthest). Running while it turns; failure when no such virus is near or the course already passes them, so the branches after it go on steering. With `popAlone` > 0 it keeps off only while a visible cell of another player that could eat a burst\'s 1600 piece (2000 and up) is within `popAlone` cells: a virus gives its 6400 to the cell that bursts on it, a meal when nobody is near to eat the pieces.',
    args: [
      range('Viruses within this many cells count', 2, 16),
      { name: 'popAlone', type: 'int', desc: 'Let it burst for the virus\'s mass while no cell that could eat a piece is this near (cells); 0: always keep off', min: 0, max: 32, default: 0 },
    ],
  },
  {
    name: 'HideBehindVirus', aliases: [], kind: NodeKind.HideBehindVirus, type: 'Action', children: 'none', desc: 'Hide behind a virus from the threat',
    doc: 'With a remembered threat (ThreatNear) big enough to burst on a virus, and a virus within `range` cells that this bot\'s lead cell is small enough to pass under, goes to the virus\'s far side from the threat (half a virus radius past its centre), so the threat would burst before it reached the bot. Running while hiding; failure without such a threat or virus, or when the threat is nearer that spot than the bot.',
    args: [range('Viruses within this many cells count', 6, 32)],
  },
  {
    name: 'EjectFeed', aliases: [], kind: NodeKind.EjectFeed, type: 'Action', children: 'none', desc: 'Feed a virus to shoot it at a big enemy, or feed a small teammate',
    doc: 'With `at` = virus: when a virus is within `range` cells (edge to edge) with a clear line to it, and a visible enemy cell big enough to burst on it stands on the line from this bot through it, its near edge within 5 cells of the virus (where the new virus flies), aims at the virus and ejects (the 7th blob fed shoots it). Only while the lead cell keeps at least `minMass` after the blobs this virus still needs (400 each). With `at` = teammate (team matches; failure in free-for-all): when a teammate whose cells weigh at most half this bot\'s lead cell has its lead cell within `range` cells with a clear line, aims at it and ejects (a 320 blob for 400 of this bot\'s mass), while the lead cell keeps `minMass` after the eject; the nearest such teammate. Either way it stands still while it feeds once it faces its aim, so it does not run over its own blobs. Success when it ejects, failure otherwise.',
    args: [
      { name: 'range', type: 'int', desc: 'A virus, or a teammate, within this many cells (edge to edge)', min: 1, max: 6, default: 4, why: 'an ejected blob flies about 6 cells' },
      { name: 'minMass', type: 'int', desc: 'Lead-cell mass to keep after feeding', min: 1600, max: 40000, default: 3000 },
      { name: 'at', type: 'enum', desc: 'virus: shoot a virus at an enemy; teammate: feed a small teammate', options: ['virus', 'teammate'], default: 'virus' },
    ],
  },
  {
    name: 'Regroup', aliases: [], kind: NodeKind.Regroup, type: 'Action', children: 'none', desc: 'Go back to a teammate when alone, or to one that can eat the threat',
    doc: 'Team matches only (failure in free-for-all, or without a teammate alive). With `to` = nearest or biggest (the teammate with the most mass): while no teammate\'s lead cell is within `beyond` cells (edge to edge) of this bot\'s, heads for that teammate\'s lead cell. With `to` = protector: heads for the nearest teammate whose lead cell can eat the remembered threat (ThreatNear), when the straight way there does not pass the threat, while it is farther than `beyond` cells. Teammates are known wherever they are (as on the minimap). Running while it heads there; failure when not alone, already beside the protector, or there is none.',
    args: [
      { name: 'to', type: 'enum', desc: 'Which teammate: the nearest, the biggest, or the nearest that can eat the threat', options: ['nearest', 'biggest', 'protector'], default: 'nearest' },
      { name: 'beyond', type: 'int', desc: 'Act only while the teammate is farther than this (cells, edge to edge)', min: 0, max: 64, default: 8 },
    ],
  },
  {
    name: 'ProtectTeammate', aliases: [], kind: NodeKind.ProtectTeammate, type: 'Action', children: 'none', desc: 'Go for an enemy cell that threatens a teammate',
    doc: 'Team matches only (failure in free-for-all). Of the teammates whose lead cell is within `range` cells of this bot\'s, and the visible enemy cells that can eat such a teammate\'s smallest cell, takes the enemy cell whose edge is nearest a teammate\'s lead cell, within `danger` cells, that this bot\'s lead cell can eat — or, with `go` = deter, also one that cannot eat any of this bot\'s cells (being bigger than it, the bot stands in its way) — and heads for where it will be (4 frames ahead, as Chase). Running while it does; failure when no teammate is threatened so.',
    args: [
      range('Teammates within this many cells (edge to edge)', 8, 32),
      { name: 'danger', type: 'int', desc: 'An enemy whose edge is within this many cells of the teammate\'s', min: 1, max: 16, default: 4 },
      { name: 'go', type: 'enum', desc: 'eat: only an enemy this bot can eat; deter: also one that cannot eat this bot', options: ['eat', 'deter'], default: 'eat' },
    ],
  },
  {
    name: 'NearAreaEdge', aliases: [], kind: NodeKind.NearAreaEdge, type: 'Condition', children: 'none', desc: 'Last ball standing: my lead cell is near or past the closing area\'s edge',
    doc: 'Success in last ball standing when this bot\'s lead cell is not in the safe part of the closing area: its centre farther from the area\'s centre than the area\'s radius less `margin` cells and its own radius (a lead cell too big for that is always near the edge). Failure otherwise, and always outside last ball standing.',
    args: [{ name: 'margin', type: 'int', desc: 'How far inside the edge counts as safe (cells, beyond the lead cell\'s radius)', min: 0, max: 16, default: 2 }],
  },
  {
    name: 'MoveInward', aliases: [], kind: NodeKind.MoveInward, type: 'Action', children: 'none', desc: 'Last ball standing: head for the closing area\'s centre',
    doc: 'In last ball standing heads for the centre of the closing area (straight when the way is clear, else through the path planner). Running on the way, success at the centre; failure outside last ball standing. Put it after NearAreaEdge in a Sequence. A tree with a MoveInward node steers its bots inside the area itself; a tree without one has them sent to the centre after the tree whenever the lead cell is within 2 cells of the edge or beyond (the built-in safety net for older trees).',
    args: [],
  },
];

/** Every node type, control nodes first. */
export const NODE_SPECS: readonly NodeSpec[] = [...CONTROL, ...GAME];

const BY_NAME = new Map<string, NodeSpec>();
for (const spec of NODE_SPECS) {
  BY_NAME.set(spec.name, spec);
  for (const alias of spec.aliases) BY_NAME.set(alias, spec);
}

/** The spec named `name` (canonical name or alias, case-sensitive), or undefined. */
export function nodeSpecOf(name: string): NodeSpec | undefined {
  return BY_NAME.get(name);
}
