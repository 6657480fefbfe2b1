import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, coordinatorClaims } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './coordinators-add';

const cognito = mockClient(CognitoIdentityProviderClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const add = (body: unknown, claims: Record<string, unknown> = coordinatorClaims()) =>
  call(handler, { method: 'POST', path: '/api/coordinator/coordinators', body, headers: identity.bearer(claims) });

const user = { Username: 'user-name-7', Attributes: [{ Name: 'sub', Value: 'sub-7' }, { Name: 'email', Value: 'Grace@example.org' }] };

describe('POST /api/coordinator/coordinators', () => {
  beforeEach(() => {
    cognito.reset();
    cognito.on(AdminAddUserToGroupCommand).resolves({});
  });

  it('adds the member with that e-mail address to the coordinators group of the function’s own pool', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [user] });
    const answer = await add({ email: 'Grace@example.org' });
    expect(answer).toEqual({ status: 201, body: { id: 'sub-7', email: 'Grace@example.org' } });
    expect(cognito.commandCalls(ListUsersCommand)[0]!.args[0].input).toMatchObject({ UserPoolId: 'local_TestPool', Filter: 'email = "Grace@example.org"' });
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'local_TestPool', Username: 'user-name-7', GroupName: 'coordinators' });
  });

  it('tries the address in lower case when it was typed otherwise', async () => {
    cognito.on(ListUsersCommand, { Filter: 'email = "grace@example.org"' }).resolves({ Users: [user] });
    cognito.on(ListUsersCommand, { Filter: 'email = "GRACE@example.org"' }).resolves({ Users: [] });
    expect((await add({ email: 'GRACE@example.org' })).status).toBe(201);
  });

  it('answers 404 for an address nobody signed up with, adding nobody', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [] });
    const answer = await add({ email: 'nobody@example.org' });
    expect(answer.status).toBe(404);
    expect(answer.body.error!.message).toBe('No member has the e-mail address nobody@example.org. They must sign up first.');
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
  });

  it('refuses a member who is not a coordinator, and an address that is not one', async () => {
    expect((await add({ email: 'grace@example.org' }, { sub: 'mentee-1' })).status).toBe(403);
    expect((await add({ email: 'not an address' })).status).toBe(400);
    expect(cognito.calls()).toHaveLength(0);
  });
});
