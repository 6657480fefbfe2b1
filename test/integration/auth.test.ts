import {
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { adminConfirm, cognitoClient, decodeJwt, signIn, uniqueEmail } from '../support/auth';
import { api, postJson } from './support/api';
import { bearer, newUser, stageCognito } from './support/auth';
import { countItems, getItem, tableName } from './support/db';

const feedback = { source: '/about', rating: 5, feedbackType: 'global', answers: ['Signed in'] };

describe('GET /api/me (auth: required)', () => {
  it('answers the caller of a valid ID token', async () => {
    const user = await newUser('Grace Hopper');
    const response = await api('/api/me', { headers: bearer(user.idToken) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string; email: string; name: string | null };
    expect(body).toMatchObject({ id: user.sub, email: user.email });
    // Cognito puts `name` in ID tokens; cognito-local does not, and the API then says null rather than guessing.
    expect([user.name, null]).toContain(body.name);
  });

  it('answers 401 without a token, with a malformed one and with a forged one', async () => {
    const user = await newUser();
    const [header, payload, signature] = user.idToken.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(user.idToken), sub: 'someone-else' })).toString('base64url');
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: `Basic ${user.idToken}` }, bearer(`${header}.${forgedPayload}.${signature}`), bearer(`${header}.${payload}.`)]) {
      const response = await api('/api/me', { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
    }
  });
});

describe.runIf(inject('isLocal'))('tokens the stage must refuse (cognito-local)', () => {
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

describe.runIf(inject('isLocal'))('cognito-local on the local stage', () => {
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

describe('POST /api/feedback (auth: optional)', () => {
  it('stores the user id (sub) when a valid token comes with it', async () => {
    const user = await newUser();
    const response = await postJson('/api/feedback', feedback, bearer(user.idToken));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await getItem(tableName('feedback'), { id })).toMatchObject({ id, userId: user.sub });
  });

  it('answers 401 to an invalid token instead of storing the message anonymously', async () => {
    const user = await newUser();
    const before = await countItems(tableName('feedback'));
    const response = await postJson('/api/feedback', feedback, bearer(`${user.idToken.slice(0, -4)}AAAA`));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    expect(await countItems(tableName('feedback'))).toBe(before);
  });
});
