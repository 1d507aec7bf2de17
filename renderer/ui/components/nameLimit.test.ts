import { describe, expect, it } from 'vitest';
import { checkName, MAX_NAME_BYTES } from '../../../core/lockstep';
import { nameLimit } from './nameLimit';

describe('a name limit told in characters', () => {
  it('is 48 letters for a Latin name, 16 characters for a Chinese one', () => {
    expect(nameLimit('', 48)).toEqual({ chars: 0, limit: 48 });
    expect(nameLimit('Ana', 48)).toEqual({ chars: 3, limit: 48 });
    expect(nameLimit('小明', 48)).toEqual({ chars: 2, limit: 16 });
  });

  it('counts a mixed name against what its widest character leaves room for', () => {
    // "Bo" (2 bytes) + "王" (3): 43 bytes left, 14 more Chinese characters.
    expect(nameLimit('Bo王', 48)).toEqual({ chars: 3, limit: 17 });
  });

  it('trims as the rule does', () => {
    expect(nameLimit('  Ana  ', 48)).toEqual({ chars: 3, limit: 48 });
  });

  it('goes over exactly when the byte rule refuses the name', () => {
    for (const name of ['a'.repeat(48), 'a'.repeat(49), '球'.repeat(16), '球'.repeat(17), 'Bo' + '王'.repeat(15), 'Bo' + '王'.repeat(16), '😀'.repeat(12), '😀'.repeat(13)]) {
      const { chars, limit } = nameLimit(name, MAX_NAME_BYTES);
      const check = checkName(name, MAX_NAME_BYTES);
      expect({ name, over: chars > limit }).toEqual({ name, over: !check.ok && check.problem === 'tooLong' });
    }
  });
});
