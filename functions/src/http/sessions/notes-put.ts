import { type NotesConflictIssue, routeIn, sessionsRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getNotes, putNotes } from '../../sessions';
import { getRecordedSession } from '../../sessions';
import { sessionForMember } from '../../mentorships';

/** Either of the pair edits; a stale version is a 409 whose issues carry the notes as they are now. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'PUT /api/sessions/{id}/notes'), async ({ params, body, identity }) => {
  await sessionForMember(params.id, identity);
  if (!(await getRecordedSession(params.id))) throw new HttpError('not_found', 'There is no such session.');
  const at = new Date().toISOString();
  if (await putNotes(params.id, { text: body.text, version: body.version, at, by: identity.sub })) {
    return { text: body.text, version: body.version + 1, updatedAt: at, updatedBy: identity.sub };
  }
  const current = await getNotes(params.id);
  const issue: NotesConflictIssue = { code: 'stale_version', current };
  throw new HttpError('conflict', 'Someone else changed the notes since you opened them. Compare both versions, then save again.', [issue]);
});
