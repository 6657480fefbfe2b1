import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './errors';
import { authMessages } from './copy';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('authErrorMessage', () => {
  it.each([
    ['NotAuthorizedException', authMessages.wrongPassword],
    ['UserNotFoundException', authMessages.unknownUser],
    ['UsernameExistsException', authMessages.existingAccount],
    ['CodeMismatchException', authMessages.wrongCode],
    ['ExpiredCodeException', authMessages.expiredCode],
    ['LimitExceededException', authMessages.tooManyAttempts],
    ['UserNotConfirmedException', authMessages.notConfirmed],
    ['NetworkError', authMessages.network],
    ['EmptySignInUsername', authMessages.missingEmail],
    ['EmptySignInPassword', authMessages.missingPassword],
    ['EmptyConfirmSignUpCode', authMessages.missingCode],
    ['SomethingNew', authMessages.unexpected],
  ])('says %s in words', (name, expected) => {
    expect(authErrorMessage(named(name, 'internal detail'))).toBe(expected);
  });

  it('says what a weak password lacks', () => {
    expect(authErrorMessage(named('InvalidPasswordException'), { password: 'abcdefgh' })).toBe(
      'Choose a stronger password: it needs an uppercase letter, a number, a symbol such as ! or -.',
    );
    expect(authErrorMessage(named('InvalidPasswordException'))).toBe(authMessages.weakPasswordGeneric);
  });

  it('reads cognito-local\'s InvalidPasswordException at sign-in as a wrong password', () => {
    expect(authErrorMessage(named('InvalidPasswordException'), { signingIn: true })).toBe(authMessages.wrongPassword);
  });

  it('tells too many failed sign-ins apart from a wrong password', () => {
    expect(authErrorMessage(named('NotAuthorizedException', 'Password attempts exceeded'))).toBe(authMessages.tooManyAttempts);
  });

  it('reads an unreachable service as a network failure, and never shows the raw error', () => {
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(authMessages.network);
    expect(authErrorMessage(null)).toBe(authMessages.unexpected);
  });
});
