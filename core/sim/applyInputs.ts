/**
 * System 0: applies this frame's input changes to the players' stored intents.
 * Inputs arrive sorted by slot; each replaces its slot's intent (a later entry for the same slot
 * wins). Untrusted: an entry that is not an object, names a slot outside 0..players-1 or carries a
 * malformed input is sanitised (input.ts) or skipped — never thrown on. Dead players keep their new
 * intent for when they respawn. `split` and `eject` are edge-triggered: they only request an action
 * this frame (actions.ts), and a dead player's are dropped.
 */
import { FX_ONE } from '../math';
import { MoveMode, TARGET_UNITS_PER_CELL, sanitizeInput, type PlayerInput, type SlotInput } from './input';
import { PathState, type World } from './World';

const FX_PER_TARGET_UNIT = FX_ONE / TARGET_UNITS_PER_CELL;

/** Records `inputs` into the intents and this frame's action requests. */
export function applyInputs(w: World, inputs: readonly SlotInput[]): void {
  w.scratch.splitWanted.fill(0);
  w.scratch.ejectWanted.fill(0);
  if (!Array.isArray(inputs)) return;
  const players = w.settings.players;
  // DETERMINISM: applied in the given order (sorted by slot by the lockstep layer).
  for (let i = 0; i < inputs.length; i++) {
    const entry: unknown = inputs[i];
    if (typeof entry !== 'object' || entry === null) continue;
    const { slot, input } = entry as { slot?: unknown; input?: unknown };
    if (typeof slot !== 'number' || !Number.isInteger(slot) || slot < 0 || slot >= players) continue;
    if (typeof input !== 'object' || input === null) continue;
    applyOne(w, slot, sanitizeInput(input as PlayerInput));
  }
}

function applyOne(w: World, p: number, inp: PlayerInput): void {
  const P = w.players;
  w.scratch.splitWanted[p] = inp.split ? 1 : 0;
  w.scratch.ejectWanted[p] = inp.eject ? 1 : 0;
  if (inp.move === MoveMode.Target) {
    const tx = Math.min(inp.targetX * FX_PER_TARGET_UNIT, w.info.widthFx - 1);
    const ty = Math.min(inp.targetY * FX_PER_TARGET_UNIT, w.info.heightFx - 1);
    // Re-sending the same target (e.g. only an action bit changed) keeps the current path.
    const same = P.mode[p] === MoveMode.Target && P.targetX[p] === tx && P.targetY[p] === ty && P.pathState[p] !== PathState.None;
    P.mode[p] = MoveMode.Target;
    P.angle[p] = 0;
    P.targetX[p] = tx;
    P.targetY[p] = ty;
    if (!same) resetPath(w, p, PathState.NeedsPlan);
    return;
  }
  P.mode[p] = inp.move;
  P.angle[p] = inp.move === MoveMode.Direction ? inp.angle : 0;
  P.targetX[p] = 0;
  P.targetY[p] = 0;
  resetPath(w, p, PathState.None);
}

function resetPath(w: World, p: number, state: number): void {
  const P = w.players;
  P.pathState[p] = state;
  P.pathLen[p] = 0;
  P.pathIdx[p] = 0;
  P.stuck[p] = 0;
}
