import { apiQuery } from '@/lib/query';

export { callArtifactsQuery } from '@/lib/shared-api';

/** The member's past calls, newest first. */
export const pastCallsQuery = () => apiQuery('GET /api/calls');
