import { describe, expect, it } from 'vitest';
import { MENTORSHIP_STATES, MENTORSHIP_STATE_LABELS } from './mentorship-machine';

describe('mentorship states', () => {
  it('label every state', () => {
    for (const state of MENTORSHIP_STATES) expect(MENTORSHIP_STATE_LABELS[state]).toMatch(/\w/);
  });
});
