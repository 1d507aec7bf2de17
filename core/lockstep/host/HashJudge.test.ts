import { describe, expect, it } from 'vitest';
import { HashJudge } from './HashJudge';
import type { HashNotice } from './HashJudge';

function judge(): { j: HashJudge; notices: HashNotice[] } {
  const notices: HashNotice[] = [];
  return { j: new HashJudge(100, 0, (n) => notices.push(n)), notices };
}

describe('HashJudge', () => {
  it('a forged second hash for a key a peer already reported is counted, not judged', () => {
    const { j, notices } = judge();
    for (const r of [0, 1, 2]) j.report(r, 5, 0xabc, 10);
    // The forgery: slot 2's own key hash XOR 1, from its address, after the real one.
    expect(j.report(2, 5, 0xabc ^ 1, 10)).toBe(false);
    j.decide(0, [0, 1, 2], 10, 0);
    expect(notices.filter((n) => n.t === 'desync')).toEqual([]);
    expect(j.conflicts).toBe(1);
    expect(j.agreedKey).toBe(5);
  });

  it('a repeated equal hash is no conflict', () => {
    const { j } = judge();
    j.report(1, 5, 7, 10);
    expect(j.report(1, 5, 7, 10)).toBe(false);
    expect(j.conflicts).toBe(0);
  });

  it('a real divergence is still announced, naming the odd one out', () => {
    const { j, notices } = judge();
    j.report(0, 5, 1, 10);
    j.report(1, 5, 1, 10);
    j.report(2, 5, 2, 10);
    j.decide(0, [0, 1, 2], 10, 0);
    expect(notices).toEqual([{ t: 'desync', key: 5, agreedKey: -1, refHash: 1, refReporter: 0, reporters: [2] }]);
  });
});
