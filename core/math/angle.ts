/**
 * Integer angles and trigonometry.
 * Units: an angle is an integer in ANGLE_STEPS = 4096 steps a turn, 0 = east (+x), increasing
 * towards south (+y) — the same convention as input.ts's INPUT_ANGLE_STEPS. Sine and cosine are
 * integers in units of 1/TRIG_ONE (2^14), read from the generated quarter-wave table, so
 * `(speed * cosA(a)) >> TRIG_SHIFT` scales an Fx speed onto the x axis.
 * Invariants: every function accepts any int32 angle (reduced modulo a turn) and is exact
 * integer arithmetic — identical on every engine.
 */
import { SINE_QUARTER } from './trigTable';

/** Steps in a full turn. */
export const ANGLE_STEPS = 4096;
/** Mask reducing an integer angle to 0..ANGLE_STEPS-1 (two's complement, so negatives wrap too). */
export const ANGLE_MASK = ANGLE_STEPS - 1;
/** A quarter turn. */
export const ANGLE_QUARTER = 1024;
/** Fractional bits of sinA/cosA results. */
export const TRIG_SHIFT = 14;
/** sinA of a quarter turn. */
export const TRIG_ONE = 1 << TRIG_SHIFT;

/** Angle reduced to 0..ANGLE_STEPS-1. */
export function normAngle(a: number): number {
  return a & ANGLE_MASK;
}

/** sin(a) × TRIG_ONE for an angle in steps. */
export function sinA(a: number): number {
  const t = a & ANGLE_MASK;
  const i = t & (ANGLE_QUARTER - 1);
  switch (t >> 10) {
    case 0:
      return SINE_QUARTER[i]!;
    case 1:
      return SINE_QUARTER[ANGLE_QUARTER - i]!;
    case 2:
      return -SINE_QUARTER[i]! | 0; // | 0: never -0
    default:
      return -SINE_QUARTER[ANGLE_QUARTER - i]! | 0;
  }
}

/** cos(a) × TRIG_ONE for an angle in steps. */
export function cosA(a: number): number {
  return sinA(a + ANGLE_QUARTER);
}

/** Largest |component| angleOf works with; larger vectors are scaled down first. */
const NORM_LIMIT = 1 << 15;

/**
 * The angle (0..ANGLE_STEPS-1) of the vector (dx, dy), the integer analogue of atan2(dy, dx),
 * rounded to the nearest step; 0 for the zero vector. Accepts any integers below 2^53.
 * Found by binary search of the sine table, never with floating-point trigonometry.
 */
export function angleOf(dx: number, dy: number): number {
  let ax = dx < 0 ? -dx : dx;
  let ay = dy < 0 ? -dy : dy;
  if (ax === 0 && ay === 0) return 0;
  // DETERMINISM: scale down by powers of two (exact) so every product below stays under 2^31.
  while (ax >= NORM_LIMIT || ay >= NORM_LIMIT) {
    ax = Math.floor(ax / 2);
    ay = Math.floor(ay / 2);
  }
  // Angle within the first quadrant, from the octant below or above the diagonal.
  const q = ay <= ax ? octantAngle(ax, ay) : ANGLE_QUARTER - octantAngle(ay, ax);
  if (dx >= 0) return dy >= 0 ? q : (ANGLE_STEPS - q) & ANGLE_MASK;
  return dy >= 0 ? 2048 - q : 2048 + q;
}

/** Nearest step 0..512 to atan(small / big), for 0 ≤ small ≤ big < 2^15, big > 0. */
function octantAngle(big: number, small: number): number {
  // Largest a with tan(a) ≤ small/big, i.e. sin(a)·big ≤ cos(a)·small. a = 0 always qualifies.
  let lo = 0;
  let hi = 512;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (SINE_QUARTER[mid]! * big <= SINE_QUARTER[ANGLE_QUARTER - mid]! * small) lo = mid;
    else hi = mid - 1;
  }
  if (lo === 512) return 512;
  // Round: compare with the half step a + ½, whose direction is (cos a + cos(a+1), sin a + sin(a+1)).
  const s = SINE_QUARTER[lo]! + SINE_QUARTER[lo + 1]!;
  const c = SINE_QUARTER[ANGLE_QUARTER - lo]! + SINE_QUARTER[ANGLE_QUARTER - lo - 1]!;
  return small * c >= big * s ? lo + 1 : lo;
}
