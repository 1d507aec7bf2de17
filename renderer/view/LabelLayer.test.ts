import { describe, expect, it } from 'vitest';
import { LABEL_TEXT_PX } from './LabelLayer';

describe('LabelLayer', () => {
  it('draws names at 12 CSS px or more on screen (labels keep their size at every zoom)', () => {
    expect(LABEL_TEXT_PX).toBeGreaterThanOrEqual(12);
  });
});
