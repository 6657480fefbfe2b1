import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export interface StageCognito {
  /** cognito-local's URL on the local stage; absent for a deployed stage (the regional endpoint is used). */
  endpoint?: string;
  userPoolId: string;
  userPoolClientId: string;
}

export interface TestUser {
  email: string;
  password: string;
  name: string;
  sub: string;
  idToken: string;
}

/** A client for the stage's pool: cognito-local with dummy credentials, or Cognito with the usual AWS ones. */
export const cognitoClient = ({ endpoint, userPoolId }: StageCognito) =>
  new CognitoIdentityProviderClient(
    endpoint
      ? { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : { region: userPoolId.split('_')[0] },
  );

export const decodeJwt = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.org`;

/** Confirms a signed-up user as an administrator would, instead of reading the e-mailed code. */
export const adminConfirm = async (cognito: StageCognito, email: string) => {
  const client = cognitoClient(cognito);
  try {
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
  } finally {
    client.destroy();
  }
};

/** Signs in with USER_PASSWORD_AUTH and answers the ID token (the one the API verifies). */
export const signIn = async (cognito: StageCognito, email: string, password: string) => {
  const client = cognitoClient(cognito);
  try {
    const result = await client.send(
      new InitiateAuthCommand({
        ClientId: cognito.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const idToken = result.AuthenticationResult?.IdToken;
    if (!idToken) throw new Error(`Signing in ${email} gave no ID token (challenge ${result.ChallengeName ?? 'none'})`);
    return idToken;
  } finally {
    client.destroy();
  }
};

/** A new, confirmed, signed-in user of the stage's pool. */
export const createTestUser = async (
  stage: { url: string; cognito: StageCognito },
  { name = 'Test Mentee', email = uniqueEmail(), password = `Pw-${randomUUID().slice(0, 8)}Aa1` }: Partial<Pick<TestUser, 'name' | 'email' | 'password'>> = {},
): Promise<TestUser> => {
  const client = cognitoClient(stage.cognito);
  try {
    await client.send(
      new SignUpCommand({
        ClientId: stage.cognito.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: name },
        ],
      }),
    );
  } finally {
    client.destroy();
  }
  await adminConfirm(stage.cognito, email);
  const idToken = await signIn(stage.cognito, email, password);
  return { email, password, name, sub: String(decodeJwt(idToken).sub), idToken };
};
