import {
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { adminConfirm, cognitoClient, signIn, uniqueEmail } from '../support/auth';
import { api, postJson } from './support/api';
import { bearer, stageCognito } from './support/auth';
import { countItems, tableName } from './support/db';

/**
 * The local stage's Cognito (cognito-local), on the local stage as itself: tokens of another app client and of
 * another pool, which a test makes with cognito-local's admin API (a deployed stage's pipeline may not create user
 * pools or app clients), and cognito-local's own additions. The stage's refusals of forged and malformed tokens run
 * on every stage (auth.test.ts).
 */
const feedback = { source: '/about', rating: 5, feedbackType: 'global', answers: ['Signed in'] };

describe('tokens the stage must refuse (cognito-local)', () => {
  const tokenOfOtherClient = async (otherPool: boolean) => {
    const cognito = await stageCognito();
    const client = cognitoClient(cognito);
    try {
      const UserPoolId = otherPool
        ? (await client.send(new CreateUserPoolCommand({ PoolName: `other-${Date.now()}`, UsernameAttributes: ['email'] }))).UserPool!.Id!
        : cognito.userPoolId;
      const created = await client.send(
        new CreateUserPoolClientCommand({ UserPoolId, ClientName: `other-${Date.now()}`, ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }),
      );
      const other = { ...cognito, userPoolId: UserPoolId, userPoolClientId: created.UserPoolClient!.ClientId! };
      const email = uniqueEmail('other');
      await client.send(new SignUpCommand({ ClientId: other.userPoolClientId, Username: email, Password: 'Other-pass1', UserAttributes: [{ Name: 'email', Value: email }] }));
      await adminConfirm(other, email);
      return signIn(other, email, 'Other-pass1');
    } finally {
      client.destroy();
    }
  };

  it.each([
    ['another app client of the same pool', false],
    ['another user pool', true],
  ])('answers 401 to the ID token of %s, on required and optional routes', async (_, otherPool) => {
    const token = await tokenOfOtherClient(otherPool);
    expect((await api('/api/me', { headers: bearer(token) })).status).toBe(401);
    const before = await countItems(tableName('feedback'));
    expect((await postJson('/api/feedback', feedback, bearer(token))).status).toBe(401);
    expect(await countItems(tableName('feedback'))).toBe(before);
  });
});

describe('cognito-local on the local stage', () => {
  it('sends a new confirmation code on request (ResendConfirmationCode, added to cognito-local)', async () => {
    const cognito = await stageCognito();
    const client = cognitoClient(cognito);
    const email = uniqueEmail('resend');
    try {
      await client.send(new SignUpCommand({ ClientId: cognito.userPoolClientId, Username: email, Password: 'Resend-pass1', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'name', Value: 'R' }] }));
      const resent = await client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.userPoolClientId, Username: email }));
      expect(resent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
      await expect(client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.userPoolClientId, Username: uniqueEmail('nobody') }))).rejects.toMatchObject({
        name: 'UserNotFoundException',
      });
    } finally {
      client.destroy();
    }
  });
});
