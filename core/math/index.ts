/**
 * Public surface of core/math: the deterministic integer math every simulation system uses —
 * fixed point (Fx, 1/1024 of a cell), exact integer square root, table trigonometry in 4096-step
 * angles, the seeded xoshiro128** RNG and 32-bit state hashing.
 */
export * from './fixed';
export * from './isqrt';
export * from './angle';
export * from './rng';
export * from './hash';
export { Prng } from './Prng';
