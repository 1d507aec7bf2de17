/**
 * The per-decision context of a game bot: the runtime's TickContext plus the world, the slot and
 * the input the tree wants. Leaves write the wanted input here (never the world); the driver
 * compares it with the slot's current intent and emits only a change. Reused for every bot.
 * Units: angles in 4096 steps, move-to targets in input units (1/16 cell), Fx for positions.
 */
import { FX_ONE } from '../math';
import { MoveMode, TARGET_UNITS_PER_CELL, type World } from '../sim';
import { PelletGrid } from './pelletGrid';
import { TickContext, type LeafHandler } from './runtime';

const FX_PER_TARGET_UNIT = FX_ONE / TARGET_UNITS_PER_CELL;

/** TickContext of a bot in a world. */
export class BotContext extends TickContext {
  world!: World;
  /** Player slot of the bot being ticked. */
  slot = 0;
  /** Whether a leaf set a movement this decision, and which. */
  moveSet = false;
  move: MoveMode = MoveMode.Stop;
  angle = 0;
  targetX = 0;
  targetY = 0;
  /** A leaf asked to split, or to eject, this decision. */
  split = false;
  eject = false;
  readonly pellets = new PelletGrid();

  constructor(leaf: LeafHandler) {
    super(leaf);
  }

  /** Clears the wanted input before a bot's decision. */
  resetOutput(): void {
    this.moveSet = false;
    this.split = false;
    this.eject = false;
  }

  /** Wants to move in direction `angle` (steps). */
  wantDirection(angle: number): void {
    this.moveSet = true;
    this.move = MoveMode.Direction;
    this.angle = angle & 4095;
  }

  /** Wants to move to the point (x, y) in Fx, through the simulation's path planner. */
  wantTarget(x: number, y: number): void {
    this.moveSet = true;
    this.move = MoveMode.Target;
    // DETERMINISM: Fx → input units by flooring division by a power of two.
    this.targetX = Math.max(0, Math.min(0xffff, Math.floor(x / FX_PER_TARGET_UNIT)));
    this.targetY = Math.max(0, Math.min(0xffff, Math.floor(y / FX_PER_TARGET_UNIT)));
  }

  /** Wants to stand still. */
  wantStop(): void {
    this.moveSet = true;
    this.move = MoveMode.Stop;
  }
}
