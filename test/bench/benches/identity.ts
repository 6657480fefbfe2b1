import autocannon from 'autocannon';
import { createTestUser } from '../../support/auth';
import type { Bench } from '../run';
import { type LoadFigures, loadFigures, round } from '../stats';

const CONNECTIONS = 10;
const SECONDS = 8;

const load = async (url: string, headers: Record<string, string>): Promise<LoadFigures> => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return loadFigures(result);
};

/**
 * What verifying an ID token costs on the local stage: GET /api/me (the function verifies the token,
 * as it does in AWS, against cognito-local's cached JWKS) beside GET /api/health
 * (no auth), plus the InitiateAuth round trip a sign-in makes.
 */
export const identityBench: Bench = {
  name: 'identity',
  run: async ({ stage }) => {
    const user = await createTestUser(stage);
    const health = await load(`${stage.url}/api/health`, {});
    const me = await load(`${stage.url}/api/me`, { authorization: `Bearer ${user.idToken}` });
    return {
      connections: CONNECTIONS,
      seconds: SECONDS,
      healthNoAuth: health,
      meVerifiedToken: me,
      verifiedToNoAuthThroughputRatio: round(me.requestsPerSecond / health.requestsPerSecond, 3),
      verifiedToNoAuthP50Ratio: health.p50Ms ? round(me.p50Ms / health.p50Ms, 3) : null,
    };
  },
};
