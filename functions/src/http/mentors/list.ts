import { directoryRoutes, isLanguageCode, routeIn } from '@mentoring/shared';
import { directoryProgramme, directorySnapshot, queryDirectory, readViewer } from '../../directory';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';

/**
 * The mentor directory: filters, text search, the viewer's match score, cursor pages. It reads the
 * viewer's profile, blocks and declines (one BatchGetItem, functions/src/directory/viewer.ts) and the container's
 * directory snapshot (functions/src/directory/cache.ts);
 * everything else happens in memory (functions/src/directory/query.ts).
 */
export const handler = httpHandler(routeIn(directoryRoutes, 'GET /api/mentors'), async ({ query, identity }) => {
  const [programme, reads] = await Promise.all([
    directoryProgramme(),
    // Blocked members never see each other, whichever of them blocked; a mentee never sees who declined them.
    identity ? readViewer(identity.sub) : undefined,
  ]);
  const viewer = reads?.viewer;
  if (programme.directoryVisibility === 'members' && !identity) throw new HttpError('unauthenticated', 'Sign in to see the mentors.');

  const badLanguages = (query.languages ?? []).filter((code) => !isLanguageCode(code));
  if (badLanguages.length) throw new HttpError('validation_failed', `Unknown languages: ${badLanguages.join(', ')}. Use ISO 639-1 codes such as en or es.`);
  const known = new Set(programme.topics.map((topic) => topic.toLowerCase()));
  const badTopics = (query.topics ?? []).filter((topic) => !known.has(topic.toLowerCase()));
  if (badTopics.length) throw new HttpError('validation_failed', `Unknown topics: ${badTopics.join(', ')}. Choose topics from the programme's list.`);
  const viewerZone = viewer?.timezone ?? query.timezone;
  if (query.maxHoursApart !== undefined && !viewerZone) {
    throw new HttpError('validation_failed', 'Say which time zone you are in (timezone) to filter by hours apart.');
  }

  const at = new Date();
  const snapshot = await directorySnapshot(at.getTime());
  const mentee = viewer?.role === 'mentee' ? viewer : undefined;
  return queryDirectory(
    snapshot.entries,
    {
      ...query,
      viewerZone,
      viewerId: viewer?.id,
      hidden: reads?.hidden,
      mentee,
      excluded: mentee ? reads?.excluded : undefined,
    },
    at,
  );
});
