/** The wait dialog's state from the host's status: who, why, when Drop opens, and when it closes. */
import { describe, expect, it } from 'vitest';
import type { HostStatus } from './simApi';
import { StallCause } from './simApi';
import { HOST_ROW, HOST_SILENT_MS, waitStateOf, type SlotLookup } from './waitState';

const lookup: SlotLookup = (slot) => (slot === 1 ? { name: '<b>Bob</b>', color: '#ff5d7a' } : null);
const held = (over: Partial<HostStatus> = {}): HostStatus => ({ state: 1, key: 40, heldMs: 2300, votesNeeded: 1, voteInMs: 27_700, forceInMs: 57_700, waiting: [{ slot: 1, cause: StallCause.Network, votes: 0 }], pausedBy: 0, ...over });

describe('waitStateOf', () => {
  it('lists the players the host waits for with name, colour, held time and cause', () => {
    const s = waitStateOf(800, held({ waiting: [{ slot: 1, cause: StallCause.Network, votes: 0 }, { slot: 3, cause: StallCause.Slow, votes: 1 }] }), lookup);
    expect(s?.awaited).toEqual([
      { slot: 1, name: '<b>Bob</b>', color: '#ff5d7a', waitingMs: 2300, cause: 'network' },
      { slot: 3, name: '#4', color: '#888888', waitingMs: 2300, cause: 'slow' },
    ]);
    expect(s?.stalledMs).toBe(800);
  });

  it('opens Drop when the host opens the vote', () => {
    expect(waitStateOf(800, held(), lookup)?.dropAfterMs).toBe(800 + 27_700);
    expect(waitStateOf(800, held({ voteInMs: 0 }), lookup)?.dropAfterMs).toBe(800);
  });

  it('closes when the local loop runs, when the host is not waiting, or when it is paused', () => {
    expect(waitStateOf(0, held(), lookup)).toBeNull();
    expect(waitStateOf(900, null, lookup)).toBeNull();
    expect(waitStateOf(900, held({ state: 0 }), lookup)).toBeNull();
    expect(waitStateOf(900, held({ state: 2 }), lookup)).toBeNull();
    expect(waitStateOf(900, held({ waiting: [] }), lookup)).toBeNull();
  });
});

describe('a host that stopped answering', () => {
  const host = (silentMs: number) => ({ silentMs, name: 'Host of “Ana’s room”' });

  it('is named as the one everyone waits for from 1 s of silence, with no Drop', () => {
    const s = waitStateOf(0, null, lookup, host(1400));
    expect(s?.awaited).toEqual([{ slot: HOST_ROW, name: 'Host of “Ana’s room”', color: '#888888', waitingMs: 1400, cause: 'host' }]);
    expect(s?.stalledMs).toBe(1400);
    expect(s?.dropAfterMs).toBe(Infinity);
  });

  it('outranks what the host last said, and closes by itself when the host is heard again', () => {
    expect(waitStateOf(900, held(), lookup, host(HOST_SILENT_MS))?.awaited[0]?.cause).toBe('host');
    expect(waitStateOf(0, null, lookup, host(HOST_SILENT_MS - 1))).toBeNull();
    expect(waitStateOf(900, held(), lookup, host(120))?.awaited[0]?.cause).toBe('network');
  });
});
