/**
 * The built-in bot trees, one per difficulty, in the behavior3 editor's file format (the same
 * shape as resources/ai/*.json). The match falls back to these when a tree file is missing or
 * invalid; a test proves each one compiles. Ranges in cells, times in frames (30 a second).
 *   Easy: slow to notice threats, eats or wanders (half and half), never hunts, no splits and no
 *   virus tricks — a casual human beats it (bench/strength.bench.ts).
 *   Normal: flees (hiding in a close bush when it can), steers a big cell round viruses, hunts
 *   smaller cells with a split at close range, eats clusters.
 *   Hard: hides behind a virus from a big threat or flees around walls, also from cells that could
 *   split onto it; steers round viruses unless nobody near could eat the pieces (a virus is 6400
 *   of mass); shoots a virus at a big enemy (EjectFeed); split-attacks and chases only prey it can
 *   catch (small cells are faster), eats the best clusters.
 * Plus CASUAL_TREE, the strength bench's stand-in for a casual human (not a difficulty).
 * Every tree also plays the match modes with the mode nodes (modeLeaves.ts), each of which fails at
 * once, setting nothing, outside its mode, so a free-for-all match plays as without them: first,
 * in last ball standing, back inside the closing area (NearAreaEdge, MoveInward); in a team match
 * Easy, Normal, Hard and the casual human go back to their team when alone, where they would
 * otherwise roam (Regroup: regrouping before eating cost a Hard team most of its team matches),
 * Normal and Hard also flee to a teammate that can eat the threat and go for an enemy they can eat
 * that threatens a teammate (ProtectTeammate), and Hard feeds a small teammate when big, at most
 * once a second (EjectFeed at: teammate). docs/BOTS.md has the figures.
 */

/** A node of the current behavior3 editor format. */
export interface EditorNode {
  readonly id: number;
  readonly name: string;
  readonly desc?: string;
  readonly args?: Readonly<Record<string, number | string | readonly number[]>>;
  readonly children?: readonly EditorNode[];
}

/** A tree file of the current behavior3 editor format. */
export interface EditorTree {
  readonly version: string;
  readonly name: string;
  readonly desc: string;
  readonly root: EditorNode;
}

/** Builds nested nodes and numbers them in pre-order from 1, as the editor does. */
function tree(name: string, desc: string, root: Omit<EditorNode, 'id'>): EditorTree {
  let next = 1;
  const number = (n: Omit<EditorNode, 'id'>): EditorNode => {
    const id = next++;
    const out: EditorNode = { id, name: n.name, ...(n.desc ? { desc: n.desc } : {}), ...(n.args ? { args: n.args } : {}) };
    return n.children ? { ...out, children: n.children.map(number) } : out;
  };
  return { version: '1.8.0', name, desc, root: number(root) };
}

type N = Omit<EditorNode, 'id'>;
const node = (name: string, desc: string, args?: EditorNode['args'], children?: readonly N[]): N => ({ name, desc, ...(args ? { args } : {}), ...(children ? { children: children as EditorNode[] } : {}) });

const EASY = tree('easy', 'Easy bot: slow to notice danger, eats and wanders, never hunts; stays near its team and inside the closing area', node('Selector', 'Easy bot', undefined, [
  node('Sequence', 'Last ball standing: stay inside the closing area', undefined, [
    node('NearAreaEdge', 'Within 2 cells of its edge, or outside', { margin: 2 }),
    node('MoveInward', 'Head for its centre'),
  ]),
  node('Sequence', 'Run from a big cell once it is very close', undefined, [
    node('ThreatNear', 'A bigger cell within 2 cells', { range: 2 }),
    node('Flee', 'Run away', { range: 4, probe: 3 }),
  ]),
  node('WeightedRandom', 'Eat or wander, half and half', { weights: [1, 1] }, [
    node('Sequence', 'Eat nearby pellets', undefined, [
      node('FindPelletCluster', 'Pellets within 10 cells', { range: 10 }),
      node('MoveTo', 'Go there', { to: 'goal' }),
    ]),
    node('Selector', 'Roam, or in a team match go back to the team', undefined, [
      node('Regroup', 'Team match: to the nearest teammate when none is within 12 cells', { to: 'nearest', beyond: 12 }),
      node('Wander', 'Roam', { range: 8, frames: 120 }),
    ]),
  ]),
  node('Wander', 'Nothing else to do', { range: 8, frames: 120 }),
]));

const NORMAL = tree('normal', 'Normal bot: flees or hides (to a teammate that can eat the threat), keeps a big cell off viruses, defends teammates, split-attacks close prey, eats clusters, stays inside the closing area', node('Selector', 'Normal bot', undefined, [
  node('Sequence', 'Last ball standing: stay inside the closing area', undefined, [
    node('NearAreaEdge', 'Within 2 cells of its edge, or outside', { margin: 2 }),
    node('MoveInward', 'Head for its centre'),
  ]),
  node('Sequence', 'Escape a bigger cell', undefined, [
    node('ThreatNear', 'A bigger cell within 4 cells', { range: 4 }),
    node('Selector', 'Hide if a bush is right here, else run (to a teammate that can eat it)', undefined, [
      node('HideInBushes', 'Bush within 2 cells', { range: 2 }),
      node('Regroup', 'Team match: to a teammate that can eat the threat', { to: 'protector', beyond: 1 }),
      node('Flee', 'Run away around walls', { range: 5, probe: 4 }),
    ]),
  ]),
  node('AvoidViruses', 'Steer a big cell round viruses within 2 cells', { range: 2 }),
  node('ProtectTeammate', 'Team match: go for an enemy it can eat within 3 cells of a teammate within 6', { range: 6, danger: 3, go: 'eat' }),
  node('Sequence', 'Hunt a smaller cell', undefined, [
    node('SmallerTargetNear', 'A smaller cell within 6 cells', { range: 6 }),
    node('Selector', 'Split onto it when it is close, else chase', undefined, [
      node('SplitAttack', 'Split at 2 cells', { reach: 2, minMass: 3200 }),
      node('Chase', 'Chase it', { retarget: 4, range: 9 }),
    ]),
  ]),
  node('Sequence', 'Eat the best pellets', undefined, [
    node('FindPelletCluster', 'Pellets within 16 cells', { range: 16 }),
    node('MoveTo', 'Go there', { to: 'goal' }),
  ]),
  node('Regroup', 'Team match: rather than roam, back to the nearest teammate when none is within 10 cells', { to: 'nearest', beyond: 10 }),
  node('Wander', 'Roam', { range: 10, frames: 150 }),
]));

const HARD = tree('hard', 'Hard bot: hides behind viruses or flees (split threats too; to a teammate that can eat the threat), pops viruses for mass when alone, shoots them at big enemies, defends and feeds teammates, split-attacks prey it can catch, keeps with its team and inside the closing area', node('Selector', 'Hard bot', undefined, [
  node('Sequence', 'Last ball standing: stay inside the closing area', undefined, [
    node('NearAreaEdge', 'Within 2 cells of its edge, or outside', { margin: 2 }),
    node('MoveInward', 'Head for its centre'),
  ]),
  node('Sequence', 'Escape a bigger cell', undefined, [
    node('ThreatNear', 'A bigger cell within 7 cells', { range: 7 }),
    node('Selector', 'Hide behind a virus from a big one, else run', undefined, [
      node('HideBehindVirus', 'Virus within 5 cells', { range: 5 }),
      node('Regroup', 'Team match: to a teammate that can eat the threat', { to: 'protector', beyond: 1 }),
      node('Flee', 'Run away around walls (split threats too)', { range: 8, probe: 5, splits: 'fear' }),
    ]),
  ]),
  node('Sequence', 'Keep out of split range', undefined, [
    node('ThreatNear', 'A cell that could split onto mine within 4 cells', { range: 4, splits: 'fear' }),
    node('Flee', 'Back off', { range: 6, probe: 4, splits: 'fear' }),
  ]),
  node('AvoidViruses', 'Steer a big cell round viruses within 3 cells, unless nobody within 5 could eat its pieces', { range: 3, popAlone: 5 }),
  node('ProtectTeammate', 'Team match: go for an enemy it can eat within 4 cells of a teammate within 8', { range: 8, danger: 4, go: 'eat' }),
  node('EjectFeed', 'Shoot a virus at a big enemy beyond it', { range: 5, minMass: 3000 }),
  node('Cooldown', 'At most one feed a second', { frames: 30 }, [
    node('EjectFeed', 'Team match: feed a teammate of at most half its lead cell within 4 cells, keeping 12000', { range: 4, minMass: 12000, at: 'teammate' }),
  ]),
  node('Sequence', 'Hunt a smaller cell it can catch', undefined, [
    node('SmallerTargetNear', 'A smaller cell within 4 cells', { range: 4 }),
    node('Selector', 'Split onto it when it pays, else chase', undefined, [
      node('SplitAttack', 'Split at 3 cells', { reach: 3, minMass: 3200 }),
      node('Chase', 'Chase it (A* around walls) while within 6', { retarget: 3, range: 6 }),
    ]),
  ]),
  node('Sequence', 'Eat the best pellets', undefined, [
    node('FindPelletCluster', 'Pellets within 32 cells', { range: 32 }),
    node('MoveTo', 'Go there (A* around walls)', { to: 'goal' }),
  ]),
  node('Regroup', 'Team match: rather than roam, back to the biggest teammate when none is within 12 cells', { to: 'biggest', beyond: 12 }),
  node('Wander', 'Roam', { range: 14, frames: 150 }),
]));

/** The built-in trees, indexed by Difficulty (easy, normal, hard). */
export const DEFAULT_TREES: readonly EditorTree[] = [EASY, NORMAL, HARD];

/**
 * Not a difficulty: a casual human, as the strength bench's yardstick (`npm run bench -- ai`; the
 * bots are tuned so that it beats Easy and loses to Hard). What a first-evening player does: eats
 * the pellets in sight, runs from a big cell once they notice it (never minding its split), goes
 * after a small cell that is close and splits only when it is right there, never feeds a virus.
 * Reacts every
 * CASUAL_THINK_FRAMES (BotDriver.ts). Shipped as resources/ai/casual.json, for designers to try.
 */
export const CASUAL_TREE: EditorTree = tree('casual', 'Casual human: eats what it sees, runs when it notices danger, grabs easy prey, keeps inside the closing area and near its team', node('Selector', 'Casual human', undefined, [
  node('Sequence', 'Last ball standing: stay inside the closing area', undefined, [
    node('NearAreaEdge', 'Within 2 cells of its edge, or outside', { margin: 2 }),
    node('MoveInward', 'Head for its centre'),
  ]),
  node('Sequence', 'Run from a big cell once it is noticed', undefined, [
    node('ThreatNear', 'A bigger cell within 3 cells', { range: 3 }),
    node('Flee', 'Run away', { range: 5, probe: 2 }),
  ]),
  node('Sequence', 'Go after a small cell close by', undefined, [
    node('SmallerTargetNear', 'A smaller cell within 3 cells', { range: 3 }),
    node('Selector', 'Split when it is right there, else follow it', undefined, [
      node('SplitAttack', 'Point-blank split', { reach: 1, minMass: 3200 }),
      node('Chase', 'Follow it', { retarget: 9, range: 7 }),
    ]),
  ]),
  node('Sequence', 'Eat the pellets in sight', undefined, [
    node('FindPelletCluster', 'Pellets within 12 cells', { range: 12 }),
    node('MoveTo', 'Go there', { to: 'goal' }),
  ]),
  node('Regroup', 'Team match: rather than look around, back to the nearest teammate when none is within 14 cells', { to: 'nearest', beyond: 14 }),
  node('Wander', 'Look around', { range: 10, frames: 150 }),
]));
