/**
 * The hosting app's lobby hears of refused JOINs through RoomView: worded as codes, and a flood of
 * them moves the view at most once a second.
 */
import { describe, expect, it } from 'vitest';
import { ClientPeer, RejectReason } from '../../../core/lockstep';
import type { Refusal } from '../../../core/lockstep';
import { APP_VERSION } from '../../../core/version';
import { REFUSED_PUSH_MS, RoomView } from './RoomView';

describe('RoomView: refused JOINs', () => {
  it('carries them as reason words and is due again only a second after the last push', () => {
    const peer = new ClientPeer({ appVersion: APP_VERSION, name: 'Host', host: 'h', send: () => undefined, random32: () => 7 });
    let refused: { count: number; last: Refusal[] } = { count: 0, last: [] };
    const view = new RoomView(peer, ['192.168.1.20:47777'], [], () => null, () => refused);
    expect(view.refusedDue(0)).toBe(false);
    refused = { count: 1, last: [{ from: '192.168.1.31:50000', name: 'Bo', reason: RejectReason.Full }] };
    expect(view.refusedDue(10)).toBe(true);
    expect(view.view().refused).toEqual([{ address: '192.168.1.31:50000', name: 'Bo', reason: 'full' }]);
    // A flood: the count moves every datagram, the view at most once a second.
    let due = 0;
    for (let t = 20; t < 20 + 5000; t += 5) {
      refused = { count: refused.count + 1, last: [{ from: `10.0.0.${t % 250}:1`, name: '', reason: 42 as RejectReason }] };
      if (view.refusedDue(t)) due++;
    }
    expect(due).toBe(Math.floor(5000 / REFUSED_PUSH_MS));
    expect(view.view().refused[0]?.reason).toBe('other');
  });
});
