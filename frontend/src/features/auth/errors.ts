import { passwordProblems } from '@mentoring/shared/auth';
import { authMessages } from './copy';

/** A Cognito or Amplify failure in words a person can act on; never a stack trace or an error name. */
export const authErrorMessage = (error: unknown, context: { password?: string; signingIn?: boolean; changingPassword?: boolean } = {}): string => {
  const name = (error as { name?: unknown } | null)?.name;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  switch (name) {
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(message)) return authMessages.tooManyAttempts;
      return context.changingPassword ? authMessages.wrongCurrentPassword : authMessages.wrongPassword;
    case 'UserNotFoundException':
      return authMessages.unknownUser;
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return authMessages.existingAccount;
    case 'InvalidPasswordException': {
      // cognito-local says this for a wrong password at sign-in, where Cognito says NotAuthorizedException;
      // on a password change it says it for a wrong current password too.
      if (context.signingIn) return authMessages.wrongPassword;
      if (context.changingPassword && context.password !== undefined && passwordProblems(context.password).length === 0) return authMessages.wrongCurrentPassword;
      const missing = context.password === undefined ? [] : passwordProblems(context.password);
      return missing.length ? authMessages.weakPassword(missing) : authMessages.weakPasswordGeneric;
    }
    case 'CodeMismatchException':
      return authMessages.wrongCode;
    case 'ExpiredCodeException':
      return authMessages.expiredCode;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return authMessages.tooManyAttempts;
    case 'UserNotConfirmedException':
      return authMessages.notConfirmed;
    case 'NetworkError':
      return authMessages.network;
    case 'EmptySignInUsername':
    case 'EmptySignUpUsername':
    case 'EmptyResetPasswordUsername':
      return authMessages.missingEmail;
    case 'EmptySignInPassword':
    case 'EmptySignUpPassword':
    case 'EmptyConfirmResetPasswordNewPassword':
      return authMessages.missingPassword;
    case 'EmptyConfirmSignUpCode':
    case 'EmptyConfirmResetPasswordConfirmationCode':
      return authMessages.missingCode;
    default:
      // fetch() rejects with a TypeError when the service cannot be reached at all.
      if (error instanceof TypeError && /fetch|network/i.test(message)) return authMessages.network;
      return authMessages.unexpected;
  }
};
