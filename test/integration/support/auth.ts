import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { TEST_MEMBERS_GROUP, type RuntimeConfig } from '@mentoring/shared';
import { api, baseUrl } from './api';
import { cognitoClient, createTestUser, decodeJwt, type StageCognito, type TestUser } from '../../support/auth';

/** The stage's pool as the SPA sees it: from /config.json, locally and when deployed alike. */
export const stageCognito = async (): Promise<StageCognito> => {
  const config = (await (await api('/config.json')).json()) as RuntimeConfig;
  if (!config.cognito) throw new Error('/config.json names no user pool');
  return config.cognito;
};

/**
 * A member of the run, on a stage reached as deployed: an SES mailbox-simulator address (SES's sandbox delivers
 * only there and to verified ones, and it bounces nothing), in the test members' group (the stage's daily clean-up
 * deletes what a killed run left of it), and written down for the run to delete when it ends (global-setup.ts).
 */
const tagged = async (user: TestUser, cognito: StageCognito) => {
  const client = cognitoClient(cognito);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: user.email, GroupName: TEST_MEMBERS_GROUP }));
  } finally {
    client.destroy();
  }
  const registry = process.env.TEST_MEMBERS_FILE;
  if (registry) appendFileSync(registry, `${JSON.stringify({ email: user.email, password: user.password })}\n`);
  return user;
};

export const newUser = async (name?: string) => {
  const cognito = await stageCognito();
  if (inject('isLocal')) return createTestUser({ url: baseUrl(), cognito }, { name });
  const user = await createTestUser({ url: baseUrl(), cognito }, { name, email: `success+${randomUUID().slice(0, 12)}@simulator.amazonses.com` });
  return tagged(user, cognito);
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The groups an ID token carries, less the test members' tag: those the product itself decides by. */
export const productGroups = (idToken: string) =>
  ((decodeJwt(idToken)['cognito:groups'] as string[] | undefined) ?? []).filter((group) => group !== TEST_MEMBERS_GROUP);
