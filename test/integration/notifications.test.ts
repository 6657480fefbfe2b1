import { describe, expect, inject, it } from 'vitest';
import type { NotificationPage } from '@mentoring/shared';
import { waitForMail } from '../support/mail';
import { waitForMailEvent } from './support/mail-events';
import { api, postJson } from './support/api';
import { bearer } from './support/auth';
import { seededMentee, seededMentor } from './support/members';

/**
 * In-app notifications: a real request is answered by a real notification for the mentor, made from the very
 * e-mail SES sent (its event stream shows it), which the mentor reads and marks read; nobody else can.
 */
type Answer<T> = { status: number; body: T & { error?: { code: string; message: string } } };
const read = async <T>(response: Response): Promise<Answer<T>> => ({ status: response.status, body: (await response.json()) as Answer<T>['body'] });
const list = async (token: string) => read<NotificationPage>(await api('/api/notifications', { headers: bearer(token) }));
const unread = async (token: string) => read<{ unread: number }>(await api('/api/notifications/unread', { headers: bearer(token) }));
const markRead = async (token: string, body: unknown) => read<{ unread: number }>(await postJson('/api/notifications/read', body, bearer(token)));

describe('in-app notifications', () => {
  it('tells a mentor of a request in the app, as the e-mail says it, and keeps it theirs alone', async () => {
    const [mentee, mentor] = await Promise.all([seededMentee('Ada Asking'), seededMentor('Grace Answering')]);
    expect((await unread(mentor.idToken)).body).toEqual({ unread: 0 });

    const requested = await read<{ id: string }>(await postJson('/api/mentorships', { mentorId: mentor.sub, message: 'Would you help me change careers?' }, bearer(mentee.idToken)));
    expect(requested.status).toBe(201);

    const page = await list(mentor.idToken);
    expect(page.status).toBe(200);
    expect(page.body.unread).toBe(1);
    expect(page.body.notifications).toEqual([
      { id: expect.any(String), kind: 'mentorship', text: 'Ada Asking asks you to be their mentor', link: `/mentorships/${requested.body.id}`, createdAt: expect.any(String), readAt: null },
    ]);
    const [notification] = page.body.notifications;
    await waitForMailEvent(mentor.email, (subject) => subject === notification!.text);
    // SES's events carry no body: only the local stage's own SES shows the link in it.
    if (inject('isLocal')) {
      const mail = await waitForMail(inject('sesEndpoint')!, mentor.email, (each) => each.subject === notification!.text);
      expect(mail.body.text).toContain(notification!.link);
    }

    // The mentee sees none of it, and cannot mark it read with its id.
    expect((await list(mentee.idToken)).body).toEqual({ notifications: [], nextCursor: null, unread: 0 });
    expect((await markRead(mentee.idToken, { ids: [notification!.id] })).body).toEqual({ unread: 0 });
    expect((await unread(mentor.idToken)).body).toEqual({ unread: 1 });

    // Bad input is refused and changes nothing.
    for (const body of [{ ids: ['not-an-id'] }, { all: false }, {}, { ids: [notification!.id], all: true }]) {
      const refused = await markRead(mentor.idToken, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    expect((await unread(mentor.idToken)).body).toEqual({ unread: 1 });
    expect((await read(await api('/api/notifications?limit=0', { headers: bearer(mentor.idToken) }))).status).toBe(400);
    expect((await read(await api('/api/notifications'))).status).toBe(401);

    expect(await markRead(mentor.idToken, { ids: [notification!.id] })).toEqual({ status: 200, body: { unread: 0 } });
    const after = await list(mentor.idToken);
    expect(after.body.unread).toBe(0);
    expect(after.body.notifications[0]).toMatchObject({ id: notification!.id, readAt: expect.any(String) });
  });

  it('tells the mentee of the answer, and marks all read at once', async () => {
    const [mentee, mentor] = await Promise.all([seededMentee('Lin Learner'), seededMentor('Kai Busy')]);
    const requested = await read<{ id: string }>(await postJson('/api/mentorships', { mentorId: mentor.sub, message: 'Could we talk about leadership?' }, bearer(mentee.idToken)));
    expect((await postJson(`/api/mentorships/${requested.body.id}/decline`, { reason: 'no_time' }, bearer(mentor.idToken))).status).toBe(200);

    const page = await list(mentee.idToken);
    expect(page.body.notifications.map((each) => each.text)).toEqual(['Kai Busy declined']);
    expect(page.body.unread).toBe(1);
    await waitForMailEvent(mentee.email, (subject) => subject === 'Kai Busy declined');

    expect(await markRead(mentee.idToken, { all: true })).toEqual({ status: 200, body: { unread: 0 } });
    expect((await list(mentee.idToken)).body.notifications[0]!.readAt).not.toBeNull();
    // The mentor's own notification (the request) is untouched by the mentee's "all".
    expect((await unread(mentor.idToken)).body).toEqual({ unread: 1 });
  });
});
