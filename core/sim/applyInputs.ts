/**
 * System 0: applies this frame's input changes to the balls' stored intents.
 * Inputs arrive sorted by slot; each replaces its slot's intent (a later entry for the same slot
 * wins). Untrusted: an entry that is not an object, names a slot outside 0..players-1 or carries a
 * malformed input is sanitised (input.ts) or skipped — never thrown on. Dead balls keep their new
 * intent for when they respawn. `dash` is edge-triggered: it only requests a dash this frame.
 */
import { FX_ONE } from '../math';
import { MoveMode, TARGET_UNITS_PER_CELL, sanitizeInput, type PlayerInput, type SlotInput } from './input';
import { PathState, type World } from './World';

const FX_PER_TARGET_UNIT = FX_ONE / TARGET_UNITS_PER_CELL;

/** Records `inputs` into the intents and this frame's dash requests. */
export function applyInputs(w: World, inputs: readonly SlotInput[]): void {
  const wanted = w.scratch.dashWanted;
  wanted.fill(0);
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

function applyOne(w: World, b: number, inp: PlayerInput): void {
  const B = w.balls;
  w.scratch.dashWanted[b] = inp.dash ? 1 : 0;
  if (inp.move === MoveMode.Target) {
    const tx = Math.min(inp.targetX * FX_PER_TARGET_UNIT, w.info.widthFx - 1);
    const ty = Math.min(inp.targetY * FX_PER_TARGET_UNIT, w.info.heightFx - 1);
    // Re-sending the same target (e.g. only the dash bit changed) keeps the current path.
    const same = B.mode[b] === MoveMode.Target && B.targetX[b] === tx && B.targetY[b] === ty && B.pathState[b] !== PathState.None;
    B.mode[b] = MoveMode.Target;
    B.angle[b] = 0;
    B.targetX[b] = tx;
    B.targetY[b] = ty;
    if (!same) {
      B.pathState[b] = PathState.NeedsPlan;
      B.pathLen[b] = 0;
      B.pathIdx[b] = 0;
      B.stuck[b] = 0;
    }
    return;
  }
  B.mode[b] = inp.move;
  B.angle[b] = inp.move === MoveMode.Direction ? inp.angle : 0;
  B.targetX[b] = 0;
  B.targetY[b] = 0;
  B.pathState[b] = PathState.None;
  B.pathLen[b] = 0;
  B.pathIdx[b] = 0;
  B.stuck[b] = 0;
}
