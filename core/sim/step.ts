/**
 * `step`: the only function that advances the world, one 30 Hz logic frame at a time.
 * Systems run in the fixed order of SYSTEMS after the inputs are applied; each iterates entities
 * in ascending id. Returns the frame's model→view events (the world's reusable buffer, valid
 * until the next step).
 */
import { actions } from './actions';
import { advanceClock } from './matchClock';
import { applyInputs } from './applyInputs';
import { closeArea } from './closingArea';
import { updateBushes } from './bushes';
import { decay } from './decay';
import { eatBlobs } from './eatBlobs';
import { eatCells } from './eatCells';
import { eatPellets } from './eatPellets';
import type { SimEvents } from './events';
import type { SlotInput } from './input';
import { move } from './move';
import { ownCells } from './ownCells';
import { planPaths } from './planPaths';
import { respawn } from './respawn';
import { spawnPellets } from './spawnPellets';
import { steer } from './steer';
import { countTimers } from './timers';
import { popViruses } from './viruses';
import type { World } from './World';

/** The systems of one frame, in the order they run (after applyInputs). Declared once. */
export const SYSTEMS: readonly ((w: World) => void)[] = [
  respawn,
  actions,
  planPaths,
  steer,
  move,
  ownCells,
  updateBushes,
  eatPellets,
  eatBlobs,
  eatCells,
  popViruses,
  closeArea,
  countTimers,
  decay,
  spawnPellets,
  advanceClock,
];

/**
 * Advances `world` by one logic frame with this frame's input changes (sorted by slot; only slots
 * whose intent changed). After the match has ended it changes nothing and reports no events.
 */
export function step(world: World, inputs: readonly SlotInput[]): SimEvents {
  world.events.clear();
  if (world.ended) return world.events;
  applyInputs(world, inputs);
  // DETERMINISM: one fixed order, declared once above.
  for (let i = 0; i < SYSTEMS.length; i++) SYSTEMS[i]!(world);
  return world.events;
}
