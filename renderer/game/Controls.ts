/**
 * Player controls → simulation input, without the DOM (renderer/ui/match/matchInput.ts feeds it
 * keyboard and mouse events). Implements the lockstep traffic cut (seed 000): `poll` returns an
 * input only when the intent changed (or split or eject was pressed), otherwise null.
 * Directions: the held direction keys give one of 8 angles (input units: 4096 a turn, 0 = east,
 * 1024 = south); no key held after moving by keys = stop. Right-click sets a move-to target
 * (path finding), quantised to TARGET_UNITS_PER_CELL of a cell; a direction key overrides it. Split
 * and eject are edge-triggered: a press is sent once with the current intent (key repeats never
 * reach here: matchInput drops them), so a held key never floods.
 */
import type { Action } from '../../electron/contract';
import { INPUT_ANGLE_STEPS, MoveMode, STOP_INPUT, TARGET_UNITS_PER_CELL, type PlayerInput } from './simApi';

/** Actions that steer. Arrow keys always steer too, whatever the bindings (the help lists them beside the bound keys). */
export const ARROWS: Readonly<Record<string, 'up' | 'down' | 'left' | 'right'>> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** Angle (input steps) of a key direction (dx east, dy south, each −1..1, not both 0). */
export function directionAngle(dx: number, dy: number): number {
  const eighth = INPUT_ANGLE_STEPS / 8;
  // Table over the 8 compass points, 0 = east, clockwise on screen (south is +y).
  const idx = dy === 0 ? (dx > 0 ? 0 : 4) : dx === 0 ? (dy > 0 ? 2 : 6) : dy > 0 ? (dx > 0 ? 1 : 3) : dx > 0 ? 7 : 5;
  return idx * eighth;
}

/** Quantises a world point (cells) to a target input coordinate, clamped to the map. */
export function targetUnits(world: number, cells: number): number {
  const u = Math.floor(world * TARGET_UNITS_PER_CELL);
  const max = cells * TARGET_UNITS_PER_CELL - 1;
  return u < 0 ? 0 : u > max ? max : u;
}

export class Controls {
  private held = { up: false, down: false, left: false, right: false };
  private byKeys = false;
  private target: { x: number; y: number } | null = null;
  private splitPressed = false;
  private ejectPressed = false;
  private sent: PlayerInput = STOP_INPUT;

  constructor(private keys: Readonly<Record<Action, string>>) {}

  /** Replaces the key bindings (Settings). */
  rebind(keys: Readonly<Record<Action, string>>): void {
    this.keys = keys;
  }

  /** The action bound to `code` (arrows count as directions), or null. */
  actionOf(code: string): Action | null {
    const arrow = ARROWS[code];
    if (arrow) return arrow;
    for (const a in this.keys) if (this.keys[a as Action] === code) return a as Action;
    return null;
  }

  /** A key went down or up; returns whether it was a game control (the caller then prevents default). */
  key(code: string, down: boolean): boolean {
    const a = this.actionOf(code);
    if (a === 'up' || a === 'down' || a === 'left' || a === 'right') {
      this.held[a] = down;
      if (down) {
        this.byKeys = true;
        this.target = null;
      }
      return true;
    }
    if (a === 'split' || a === 'eject') {
      if (down && a === 'split') this.splitPressed = true;
      if (down && a === 'eject') this.ejectPressed = true;
      return true;
    }
    return false;
  }

  /** Releases every held key (focus lost, chat opened). */
  releaseAll(): void {
    this.held = { up: false, down: false, left: false, right: false };
  }

  /** Right-click at world (x, z) on a map of cols × rows cells. */
  moveTo(x: number, z: number, cols: number, rows: number): void {
    this.target = { x: targetUnits(x, cols), y: targetUnits(z, rows) };
    this.byKeys = false;
  }

  /** The input to send this logic frame, or null when nothing changed (allocates only on a change). */
  poll(): PlayerInput | null {
    const dx = (this.held.right ? 1 : 0) - (this.held.left ? 1 : 0);
    const dy = (this.held.down ? 1 : 0) - (this.held.up ? 1 : 0);
    const split = this.splitPressed;
    const eject = this.ejectPressed;
    this.splitPressed = this.ejectPressed = false;
    const s = this.sent;
    let move: MoveMode = s.move;
    let angle = s.angle;
    let tx = s.targetX;
    let ty = s.targetY;
    if (dx !== 0 || dy !== 0) {
      move = MoveMode.Direction;
      angle = directionAngle(dx, dy);
      tx = ty = 0;
    } else if (this.target) {
      move = MoveMode.Target;
      angle = 0;
      tx = this.target.x;
      ty = this.target.y;
    } else if (this.byKeys) {
      move = MoveMode.Stop;
      angle = tx = ty = 0;
    }
    if (!split && !eject && s.move === move && s.angle === angle && s.targetX === tx && s.targetY === ty) return null;
    this.sent = { move, angle, targetX: tx, targetY: ty, split: false, eject: false };
    return split || eject ? { ...this.sent, split, eject } : this.sent;
  }
}
