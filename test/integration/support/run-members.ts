import { existsSync, readFileSync, rmSync } from 'node:fs';
import { DELETE_ACCOUNT_CONFIRMATION, type RuntimeConfig } from '@mentoring/shared';
import { signIn } from '../../support/auth';

/**
 * Deletes every member the run made (support/auth.ts writes them down) as each could themselves, DELETE /api/me:
 * their mentorships closed, blocks, report pointers, profile, Stream user and account go. What it cannot delete
 * (a test that deleted its member already, a refusal) is counted; the stage's daily clean-up gets the rest.
 */
export const deleteRunMembers = async (baseUrl: string, registry: string) => {
  if (!existsSync(registry)) return { deleted: 0, gone: 0 };
  const members = readFileSync(registry, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { email: string; password: string });
  const { cognito } = (await (await fetch(`${baseUrl}/config.json`)).json()) as RuntimeConfig;
  let deleted = 0;
  let gone = 0;
  const deleteOne = async ({ email, password }: { email: string; password: string }) => {
    let idToken: string;
    try {
      idToken = await signIn(cognito!, email, password);
    } catch {
      // Deleted, or suspended and refused, by the test itself.
      gone += 1;
      return;
    }
    const response = await fetch(`${baseUrl}/api/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: DELETE_ACCOUNT_CONFIRMATION }),
    });
    if (response.ok) deleted += 1;
    else gone += 1;
  };
  // A few at a time: a stage's throttle and WAF limits are per address.
  for (let index = 0; index < members.length; index += 4) await Promise.all(members.slice(index, index + 4).map(deleteOne));
  rmSync(registry, { force: true });
  return { deleted, gone };
};
