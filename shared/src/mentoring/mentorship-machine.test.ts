import { describe, expect, it } from 'vitest';
import { CALL_PART_PATTERN } from '../calls';
import { MENTORSHIP_STATES, MENTORSHIP_STATE_LABELS, mentorshipCallId, mentorshipIdOfCall } from './mentorship-machine';

describe('mentorship call ids', () => {
  it('tie a call to its mentorship and back, within Stream’s id rules', () => {
    const mentorshipId = '0b6c7c9e-8a51-4f7e-9d3a-2f1e4c5b6a70';
    const callId = mentorshipCallId(mentorshipId, 'k3x9q2ab');
    expect(callId).toBe(`m-${mentorshipId}-k3x9q2ab`);
    expect(CALL_PART_PATTERN.test(callId)).toBe(true);
    expect(mentorshipIdOfCall(callId)).toBe(mentorshipId);
  });

  it('find no mentorship in other call ids', () => {
    for (const id of ['0b6c7c9e-8a51-4f7e-9d3a-2f1e4c5b6a70', 'm-abc', 'm-abc-SHOUTING', 'x-abc-k3x9q2ab']) expect(mentorshipIdOfCall(id)).toBeNull();
  });

  it('label every state', () => {
    for (const state of MENTORSHIP_STATES) expect(MENTORSHIP_STATE_LABELS[state]).toMatch(/\w/);
  });
});
