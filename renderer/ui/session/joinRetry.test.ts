import { describe, expect, it } from 'vitest';
import { joinRetry } from './joinRetry';

const asPlayer = { address: '192.168.1.20:47777', spectate: false };

describe('after a failed join', () => {
  it('keeps the address that was tried (the box used to come back empty)', () => {
    expect(joinRetry(asPlayer, true, 'reject-version')).toEqual({ address: '192.168.1.20:47777' });
    expect(joinRetry(asPlayer, false, 'no-answer')).toEqual({ address: '192.168.1.20:47777' });
  });

  it('offers to watch a room that is full or already playing', () => {
    expect(joinRetry(asPlayer, true, 'reject-full')).toEqual({ address: '192.168.1.20:47777', offerSpectate: '1' });
    expect(joinRetry(asPlayer, true, 'reject-running')).toEqual({ address: '192.168.1.20:47777', offerSpectate: '1' });
  });

  it('does not offer what was just refused: a spectator turned away from a full room', () => {
    expect(joinRetry({ ...asPlayer, spectate: true }, true, 'reject-full')).toEqual({ address: '192.168.1.20:47777' });
    expect(joinRetry(asPlayer, true, 'reject-kicked')).toEqual({ address: '192.168.1.20:47777' });
  });

  it('has nothing to keep when no join was asked', () => {
    expect(joinRetry(null, true, 'reject-full')).toEqual({});
  });
});
