/** Folding per-interface parts into the Join screen's status lines. */
import { describe, expect, it } from 'vitest';
import { combineParts } from './status';

const ok = { state: 'ok' } as const;
const starting = { state: 'starting' } as const;
const down = (reason: string) => ({ state: 'unavailable', reason }) as const;

describe('combineParts', () => {
  it('no parts: unavailable with the given reason', () => {
    expect(combineParts([], 'no usable network interface')).toEqual({ state: 'unavailable', reason: 'no usable network interface' });
  });
  it('one working interface is enough; the others are listed as problems', () => {
    const s = combineParts([{ label: 'eth0', part: ok }, { label: 'wlan0', part: down('EADDRINUSE') }], 'x');
    expect(s).toEqual({ state: 'ok', interfaces: ['eth0'], problems: ['wlan0: EADDRINUSE'] });
  });
  it('starting while nothing works yet but something may; unavailable when all failed', () => {
    expect(combineParts([{ label: 'a', part: starting }, { label: 'b', part: down('r') }], 'x')).toEqual({ state: 'starting' });
    const s = combineParts([{ label: 'a', part: down('r1') }, { label: 'b', part: down('r2') }], 'x');
    expect(s).toEqual({ state: 'unavailable', reason: 'a: r1; b: r2' });
  });
});
