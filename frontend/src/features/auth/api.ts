import { apiQuery } from '@/lib/query';

/** Who the API takes the signed-in member to be: proof that their sign-in reaches it. */
export const signedInMemberQuery = () => apiQuery('GET /api/me');
