import { describe, expect, it } from 'vitest';
import { passwordProblems } from './auth';

describe('passwordProblems', () => {
  it('accepts a password that meets the pool policy', () => {
    expect(passwordProblems('Mentor-pass1')).toEqual([]);
    expect(passwordProblems('Abcdef1 g')).toEqual([]);
  });

  it('names everything a weak password lacks', () => {
    expect(passwordProblems('short')).toEqual(['at least 8 characters', 'an uppercase letter', 'a number', 'a symbol such as ! or -']);
    expect(passwordProblems('ALLUPPER1!')).toEqual(['a lowercase letter']);
  });
});
