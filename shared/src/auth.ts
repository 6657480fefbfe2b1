/**
 * The password policy of the user pool: the CDK auth stack, the local pool and the sign-up form all
 * read it, so the form can say what is wrong before Cognito refuses (cognito-local checks no policy).
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** What a password still lacks under PASSWORD_POLICY, as plain phrases; empty when it is strong enough. */
export const passwordProblems = (password: string): string[] => {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength) problems.push(`at least ${PASSWORD_POLICY.minLength} characters`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) problems.push('a lowercase letter');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) problems.push('an uppercase letter');
  if (PASSWORD_POLICY.requireDigits && !/\d/.test(password)) problems.push('a number');
  // Cognito counts any of ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space.
  if (PASSWORD_POLICY.requireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) problems.push('a symbol such as ! or -');
  return problems;
};

/**
 * The Cognito group every member the integration suite makes joins (dev and staging only; the group exists
 * nowhere else): the suite deletes its members when it ends, and the stage's clean-up schedule deletes those a
 * killed run left behind, by this group and nothing else.
 */
export const TEST_MEMBERS_GROUP = 'integration-tests';
