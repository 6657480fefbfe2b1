import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { HttpError } from '../../lib/http/errors';
import { getSessionWithNotes, toSession } from '../../sessions';

const num = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);
const strOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** A session with its shared notes (the notes route writes them; none yet reads as empty, version 0). */
export const handler = httpHandler(routeIn(sessionsRoutes, 'GET /api/sessions/{id}'), async ({ params, identity }) => {
  const found = await getSessionWithNotes(params.id);
  if (!found || (found.session.mentorId !== identity.sub && found.session.menteeId !== identity.sub)) throw new HttpError('not_found', 'There is no such session.');
  const { notes } = found;
  return {
    ...toSession(found.session),
    notes: notes
      ? { text: typeof notes.text === 'string' ? notes.text : '', version: num(notes.version), updatedAt: strOrNull(notes.updatedAt), updatedBy: strOrNull(notes.updatedBy) }
      : { text: '', version: 0, updatedAt: null, updatedBy: null },
  };
});
