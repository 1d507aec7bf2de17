/**
 * Public surface of core/ai: behavior-tree bots authored in the behavior3 editors' JSON formats.
 * Load trees (loadTree / loadBotBrains, with built-in fallbacks and notices), run them per slot
 * (BotDriver.decide → input changes for `step`), hand slots between humans and bots
 * (setSlotControl). Everything is deterministic and allocation-free per decision.
 */
export { ARG_SLOTS, LEAF_BASE, NODE_SPECS, NodeKind, Status, nodeSpecOf } from './catalog';
export type { ArgSpec, ChildRule, NodeSpec } from './catalog';
export { QUOTE_CHARS, TreeError } from './TreeError';
export { MAX_TREE_DEPTH, MAX_TREE_NODES, parseTree } from './parseTree';
export type { RawNode, RawTree } from './parseTree';
export { compileTree, loadTree } from './compileTree';
export type { CompiledTree } from './compileTree';
export { AGENT_WORDS, Bb, GoalKind, HEADER_WORDS, MAX_STATE_WORDS, RUNNING_OFFSET, RUNNING_WORDS, STATE_OFFSET } from './layout';
export { TickContext, runTree } from './runtime';
export type { LeafHandler } from './runtime';
export { CASUAL_TREE, DEFAULT_TREES } from './defaultTrees';
export type { EditorNode, EditorTree } from './defaultTrees';
export { DIFFICULTY_NAMES, Difficulty, MAX_TREE_SOURCE_BYTES, brainsOf, builtInSource, compileTreeSet, defaultBrains, defaultTree, defaultTreeSet, loadBotBrains } from './brains';
export type { BotBrains, LoadedBrains, TreeFile, TreeSet, UnreadTreeFile } from './brains';
export { BotDriver, CASUAL_THINK_FRAMES, THINK_FRAMES, allocBotState, botDifficulty, setSlotControl } from './BotDriver';
export type { BotState } from './BotDriver';
export { classicCustomNodes, editorNodeConfig } from './nodeConfig';
