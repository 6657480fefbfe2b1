/**
 * Onboards a signed-in test member as a mentee through the API, as the onboarding page does: the profile,
 * the current code of conduct, then submitting it. Members who have not onboarded are sent to /onboarding.
 */
export const onboardAsMentee = async (baseUrl: string, idToken: string, { displayName = 'Ada Lovelace' } = {}) => {
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  const programme = (await (await fetch(`${baseUrl}/api/programme`, { headers })).json()) as { topics: string[]; codeOfConductVersion: number };
  const saved = await fetch(`${baseUrl}/api/profile/me`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      role: 'mentee',
      displayName,
      headline: 'Learning to lead',
      bio: '',
      languages: ['en'],
      country: 'GB',
      timezone: 'Europe/London',
      availability: [{ day: 2, start: '18:00', end: '20:00' }],
      format: 'online',
      codeOfConductVersion: programme.codeOfConductVersion,
      topics: [programme.topics[0]],
      goals: 'Become a team lead.',
    }),
  });
  if (!saved.ok) throw new Error(`Saving the test profile answered ${saved.status}: ${await saved.text()}`);
  const submitted = await fetch(`${baseUrl}/api/profile/me/submit`, { method: 'POST', headers });
  if (!submitted.ok) throw new Error(`Submitting the test profile answered ${submitted.status}: ${await submitted.text()}`);
};
