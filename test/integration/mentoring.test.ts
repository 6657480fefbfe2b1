import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { COORDINATORS_GROUP, scoreMatch, type DirectoryPage, type MemberView, type OwnProfile, type Programme } from '@mentoring/shared';
import { cognitoClient, signIn, type TestUser } from '../support/auth';
import { api } from './support/api';
import { bearer, newUser, productGroups, stageCognito } from './support/auth';
import { getItem, tableName } from './support/db';

const send = (method: string, path: string, token: string | null, body?: unknown) =>
  api(path, {
    method,
    headers: { ...(token ? bearer(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const member = (id: string) => getItem(tableName('members'), { id });

/**
 * The directory is cached per container (30 s in AWS; the local test stage sets DIRECTORY_CACHE_SECONDS=0):
 * against a deployed stage, wait for the refresh rather than assume it.
 */
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 45_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
};

const addToCoordinators = async (user: TestUser) => {
  const cognito = await stageCognito();
  const client = cognitoClient(cognito);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: user.email, GroupName: COORDINATORS_GROUP }));
  } finally {
    client.destroy();
  }
  // The group reaches the ID token only at the next sign-in.
  return signIn(cognito, user.email, user.password);
};

describe('mentoring, part 1: from sign-up to the directory', () => {
  it('onboards a mentor, has a coordinator approve them, and lists them with the right score for a mentee', async () => {
    const programme = (await (await api('/api/programme')).json()) as Programme;
    const version = programme.codeOfConductVersion;

    // A mentor signs up and onboards: the profile, then the application.
    const mentor = await newUser('Maria Mentor');
    const mentorProfile = {
      role: 'mentor',
      displayName: 'Maria Mentor',
      headline: 'Engineering manager',
      bio: 'Twelve years of backend work, five of leading teams.',
      languages: ['es', 'en'],
      country: 'ES',
      timezone: 'Europe/Madrid',
      availability: [{ day: 2, start: '18:00', end: '20:00' }],
      format: 'online',
      codeOfConductVersion: version,
      topics: ['Leadership', 'backend development'],
      yearsOfExperience: 12,
      capacity: 2,
      acceptingRequests: true,
    };
    const saved = await send('PUT', '/api/profile/me', mentor.idToken, mentorProfile);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as OwnProfile).approval).toMatchObject({ state: 'draft' });
    const submitted = await send('POST', '/api/profile/me/submit', mentor.idToken);
    expect(submitted.status).toBe(200);
    expect((await submitted.json()) as OwnProfile).toMatchObject({ onboarded: true, approval: { state: 'pending' } });
    const pendingItem = await member(mentor.sub);
    expect(pendingItem).toMatchObject({ role: 'mentor', approvalState: 'pending', topics: ['Leadership', 'Backend development'] });
    expect(pendingItem).not.toHaveProperty('listed');

    // A mentee onboards and is approved at once; the pending mentor is nowhere for them.
    const mentee = await newUser('Tomás Mentee');
    const menteeProfile = {
      role: 'mentee',
      displayName: 'Tomás Mentee',
      headline: 'Backend developer',
      bio: '',
      languages: ['es'],
      country: 'ES',
      timezone: 'Europe/Madrid',
      availability: [{ day: 2, start: '19:00', end: '21:00' }],
      format: 'online',
      codeOfConductVersion: version,
      topics: ['Leadership', 'Career change'],
      goals: 'Lead my first team.',
    };
    expect((await send('PUT', '/api/profile/me', mentee.idToken, menteeProfile)).status).toBe(200);
    expect(((await (await send('POST', '/api/profile/me/submit', mentee.idToken)).json()) as OwnProfile).approval!.state).toBe('approved');
    const before = (await (await send('GET', '/api/mentors?limit=50&q=Maria%20Mentor', mentee.idToken)).json()) as DirectoryPage;
    expect(before.mentors.map((card) => card.id)).not.toContain(mentor.sub);
    expect((await send('GET', `/api/mentors/${mentor.sub}`, mentee.idToken)).status).toBe(404);

    // Only a coordinator decides: the mentee cannot, and the item is unchanged after the refusal.
    const refused = await send('POST', `/api/coordinator/applications/${mentor.sub}/decision`, mentee.idToken, { decision: 'approved' });
    expect(refused.status).toBe(403);
    expect(await member(mentor.sub)).toEqual(pendingItem);

    const coordinator = await newUser('Casey Coordinator');
    // Before the next sign-in the token has no group: still refused.
    expect((await send('GET', '/api/coordinator/applications', coordinator.idToken)).status).toBe(403);
    const coordinatorToken = await addToCoordinators(coordinator);
    expect(productGroups(coordinatorToken)).toEqual([COORDINATORS_GROUP]);

    const queue = (await (await send('GET', '/api/coordinator/applications', coordinatorToken)).json()) as { applications: { member: MemberView; email: string }[] };
    expect(queue.applications).toContainEqual(expect.objectContaining({ email: mentor.email, member: expect.objectContaining({ id: mentor.sub }) }));

    const noNote = await send('POST', `/api/coordinator/applications/${mentor.sub}/decision`, coordinatorToken, { decision: 'rejected' });
    expect(noNote.status).toBe(400);
    expect(await member(mentor.sub)).toEqual(pendingItem);

    const approved = await send('POST', `/api/coordinator/applications/${mentor.sub}/decision`, coordinatorToken, { decision: 'approved', note: 'Welcome!' });
    expect(approved.status).toBe(200);
    const approvedItem = await member(mentor.sub);
    expect(approvedItem).toMatchObject({ approvalState: 'approved', listed: 'mentor', decisionNote: 'Welcome!', decidedBy: coordinator.sub });

    // Deciding again changes nothing.
    const again = await send('POST', `/api/coordinator/applications/${mentor.sub}/decision`, coordinatorToken, { decision: 'rejected', note: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(await member(mentor.sub)).toEqual(approvedItem);

    // The mentor is in the mentee's directory, scored by the shared function.
    const page = await eventually(
      async () => (await (await send('GET', '/api/mentors?topics=Leadership&languages=es&limit=50', mentee.idToken)).json()) as DirectoryPage,
      (found) => found.mentors.some((card) => card.id === mentor.sub),
    );
    expect(page.scored).toBe(true);
    const card = page.mentors.find((entry) => entry.id === mentor.sub);
    const expected = scoreMatch(
      { ...menteeProfile, format: 'online' },
      { ...mentorProfile, id: mentor.sub, format: 'online', topics: ['Leadership', 'Backend development'] },
      new Date(),
    );
    expect(card?.match).toEqual({ score: expected.score, reasons: expected.reasons });
    expect(card?.match?.reasons).toEqual(['1 shared topic', 'speaks Spanish', 'same time zone', 'free Tuesday evenings']);
    expect(JSON.stringify(page)).not.toContain(mentor.email);
    expect((await send('GET', `/api/mentors/${mentor.sub}`, mentee.idToken)).status).toBe(200);

    // Who sees the mentee: themselves and coordinators, not the mentor (no request yet).
    expect((await send('GET', `/api/members/${mentee.sub}`, mentor.idToken)).status).toBe(404);
    const seenByCoordinator = await send('GET', `/api/members/${mentee.sub}`, coordinatorToken);
    expect(seenByCoordinator.status).toBe(200);
    expect(await seenByCoordinator.json()).toMatchObject({ role: 'mentee', goals: 'Lead my first team.' });

    // A coordinator makes the mentee a coordinator too: effective from their next sign-in.
    const added = await send('POST', '/api/coordinator/coordinators', coordinatorToken, { email: mentee.email });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ id: mentee.sub, email: mentee.email });
    const menteeAgain = await signIn(await stageCognito(), mentee.email, mentee.password);
    expect(productGroups(menteeAgain)).toEqual([COORDINATORS_GROUP]);
  });

  it('refuses a change of role, a stale code of conduct and unknown topics, leaving the stored profile as it was', async () => {
    const programme = (await (await api('/api/programme')).json()) as Programme;
    const user = await newUser('Robin Rules');
    const profile = {
      role: 'mentee',
      displayName: 'Robin Rules',
      headline: '',
      bio: '',
      languages: ['en'],
      country: 'GB',
      timezone: 'Europe/London',
      availability: [],
      format: 'online',
      codeOfConductVersion: programme.codeOfConductVersion,
      topics: ['Security'],
      goals: 'Learn threat modelling.',
    };
    expect((await send('PUT', '/api/profile/me', user.idToken, profile)).status).toBe(200);
    const stored = await member(user.sub);

    const asMentor = await send('PUT', '/api/profile/me', user.idToken, {
      ...profile,
      role: 'mentor',
      goals: undefined,
      yearsOfExperience: 3,
      capacity: 1,
      acceptingRequests: true,
    });
    expect(asMentor.status).toBe(409);
    expect(await asMentor.json()).toEqual({ error: { code: 'conflict', message: 'You joined as a mentee; the role cannot be changed.' } });

    const stale = await send('PUT', '/api/profile/me', user.idToken, { ...profile, codeOfConductVersion: programme.codeOfConductVersion + 1, bio: 'changed' });
    expect(stale.status).toBe(400);

    const unknownTopic = await send('PUT', '/api/profile/me', user.idToken, { ...profile, topics: ['Astrology'], bio: 'changed' });
    expect(unknownTopic.status).toBe(400);
    expect(((await unknownTopic.json()) as { error: { message: string } }).error.message).toContain('Astrology');

    const oversized = await send('PUT', '/api/profile/me', user.idToken, { ...profile, bio: 'x'.repeat(2001) });
    expect(oversized.status).toBe(400);

    expect(await member(user.sub)).toEqual(stored);
    // Not yet submitted: a mentee who has not finished onboarding is in no coordinator's list either.
    expect(stored).not.toHaveProperty('submittedAt');
  });

  it('refuses display names nobody can see or that are not well-formed, and stores a name in NFC', async () => {
    const programme = (await (await api('/api/programme')).json()) as Programme;
    const user = await newUser('Nina Names');
    const profile = {
      role: 'mentee',
      displayName: 'Nina Names',
      headline: '',
      bio: '',
      languages: ['en'],
      country: 'GB',
      timezone: 'Europe/London',
      availability: [],
      format: 'online',
      codeOfConductVersion: programme.codeOfConductVersion,
      topics: [programme.topics[0]],
      goals: 'Find my voice.',
    };
    expect((await send('PUT', '/api/profile/me', user.idToken, profile)).status).toBe(200);
    const stored = await member(user.sub);
    const unseen = [
      ['zero-width characters only', '\u200B\u200C\u200D\u2060\uFEFF'],
      ['a Hangul filler', '\u3164'],
      ['blank Braille', '\u2800\u2800'],
      ['a lone surrogate', 'Nina \uD800'],
      ['a lone low surrogate first', '\uDC00Nina'],
      ['a right-to-left override', 'Nina \u202Eeman'],
      ['a newline', 'Nina\nNames'],
    ];
    for (const [what, displayName] of unseen) {
      const refused = await send('PUT', '/api/profile/me', user.idToken, { ...profile, displayName });
      const body = (await refused.json()) as { error: { code: string; issues?: { path: string[] }[] } };
      expect({ what, status: refused.status, code: body.error.code, field: body.error.issues?.[0]?.path }).toEqual({ what, status: 400, code: 'validation_failed', field: ['displayName'] });
    }
    expect(await member(user.sub)).toEqual(stored);

    // "José" typed as J, o, s, e and a combining acute: stored, and shown, as the one-character é.
    const saved = await send('PUT', '/api/profile/me', user.idToken, { ...profile, displayName: '  Jose\u0301 Names ' });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as OwnProfile).profile!.displayName).toBe('Jos\u00E9 Names');
    expect((await member(user.sub))!.displayName).toBe('Jos\u00E9 Names');
  });

  it('answers visitors by the programme’s directory visibility (members only by default)', async () => {
    const programme = (await (await api('/api/programme')).json()) as Programme;
    const answer = await api('/api/mentors');
    expect(answer.status).toBe(programme.directoryVisibility === 'members' ? 401 : 200);
  });
});
