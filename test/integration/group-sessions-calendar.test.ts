import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { GroupPlace, GroupSession } from '@mentoring/shared';
import { mailTo, type SentMail } from '../support/mail';
import { HOUR, get, inDays, post, workshop } from './support/group-sessions';
import { coordinatorUser, seededMentee, seededMentor } from './support/members';
import { dueAt, fireSchedule, invokeScheduleTarget, stageSchedule } from './support/schedule-targets';
import { waitFor } from './support/wait-for';

/**
 * A group session's calendar files and reminders, read from the mail the local stage's SES stand-in keeps.
 */

const sesEndpoint = inject('sesEndpoint')!;
/** The calendar file of a message, unfolded (RFC 5545 folds long lines), or null. */
const icsOf = (mail: SentMail) => {
  const attachment = mail.attachments.find((each) => each.contentType.startsWith('text/calendar'));
  return attachment ? Buffer.from(attachment.content, 'base64').toString('utf8').replace(/\r?\n[ \t]/g, '') : null;
};
const icsProperty = (ics: string, name: string) => ics.split(/\r?\n/).filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
const sequenceOf = (ics: string) => Number(icsProperty(ics, 'SEQUENCE')[0]?.split(':')[1]);
/** The one message to `email` with this subject, waited for; its .ics. */
const mailWith = async (email: string, subject: string) => {
  const mail = await waitForMailTo(email, subject);
  return { mail, ics: icsOf(mail) };
};
const waitForMailTo = async (email: string, subject: string) => {
  const found = await waitFor(async () => (await mailTo(sesEndpoint, email)).find((mail) => mail.subject === subject) ?? null, `"${subject}" to ${email}`);
  return found;
};
const subjectsTo = async (email: string) => (await mailTo(sesEndpoint, email)).map((mail) => mail.subject);

// The calendar files and reminders are read from the SES stand-in's store of sent mail: a deployed stage's SES
// event stream says a message was sent, not what it held, so these two are about the local stage (integration-local).
describe('group sessions: calendar and reminders', () => {
  it('the calendar and the reminders: those on stage are invited when it is scheduled, a member with a place when they get it and uninvited when they leave; the reminders on the moved clock reach whoever has a place then', async () => {
    const [host, speaker, ada, bo, cy] = await Promise.all([seededMentor('Hal Host'), seededMentor('Sol Speaker'), seededMentee('Ada Place'), seededMentee('Bo Leaves'), seededMentee('Cy Waits')]);
    const title = `Reminded ${randomUUID().slice(0, 8)}`;
    const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ title, capacity: 2, speakerIds: [speaker.sub], startsAt: inDays(3) }))).body;
    const uid = `UID:g-${session.id}@sessions.mentoring-platform`;

    // Those on stage get the invitation with the schedule's letter, each as the only attendee.
    for (const person of [host, speaker]) {
      const { mail, ics } = await mailWith(person.email, `Scheduled: "${title}"`);
      expect(icsProperty(ics!, 'METHOD')).toEqual(['METHOD:REQUEST']);
      expect(icsProperty(ics!, 'UID')).toEqual([uid]);
      expect(icsProperty(ics!, 'ATTENDEE').map((line) => line.slice(line.lastIndexOf(':') + 1).toLowerCase())).toEqual([person.email.toLowerCase()]);
      expect(mail.body.text).toContain(person === host ? 'You host it.' : 'You are a speaker.');
    }
    // One schedule per reminder for the session, each with its payload on the sessions' reminder kind.
    for (const [lead, hours] of [['24h', 24], ['1h', 1]] as const) {
      const schedule = await stageSchedule(`grp-${lead}-${session.id}`);
      expect(schedule?.input).toMatchObject({ kind: 'session-reminder', payload: { groupSessionId: session.id, reminder: lead } });
      expect(dueAt(schedule!.expression).toISOString()).toBe(new Date(Date.parse(session.startsAt) - hours * HOUR).toISOString());
    }

    for (const member of [ada, bo]) expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, member.idToken)).body.status).toBe('signed_up');
    expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, cy.idToken)).body.status).toBe('waiting');
    const placed = await mailWith(ada.email, `You have a place: "${title}"`);
    expect(icsProperty(placed.ics!, 'METHOD')).toEqual(['METHOD:REQUEST']);
    expect(icsProperty(placed.ics!, 'UID')).toEqual([uid]);
    expect(icsProperty(placed.ics!, 'DTSTART')).toEqual([`DTSTART:${session.startsAt.replace(/[-:]/g, '').replace('.000', '')}`]);
    expect(icsProperty(placed.ics!, 'URL')[0]).toMatch(new RegExp(`/group-sessions/${session.id}$`));
    expect(icsProperty(placed.ics!, 'ATTENDEE')).toHaveLength(1);
    expect(placed.mail.body.text).toContain('Europe/Berlin');
    const boInvited = await mailWith(bo.email, `You have a place: "${title}"`);
    // Waiting is no place: no invitation yet.
    expect((await mailTo(sesEndpoint, cy.email)).filter((mail) => icsOf(mail))).toEqual([]);

    // Bo leaves a second later at least: the cancellation's SEQUENCE is higher than the invitation's, and Cy moves up, invited.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/leave`, bo.idToken)).body.status).toBe('none');
    const left = await mailWith(bo.email, `You left "${title}"`);
    expect(icsProperty(left.ics!, 'METHOD')).toEqual(['METHOD:CANCEL']);
    expect(icsProperty(left.ics!, 'UID')).toEqual([uid]);
    expect(sequenceOf(left.ics!)).toBeGreaterThan(sequenceOf(boInvited.ics!));
    const movedUp = await mailWith(cy.email, `A place opened: you are in "${title}"`);
    expect(icsProperty(movedUp.ics!, 'METHOD')).toEqual(['METHOD:REQUEST']);

    // The 24 h reminder falls due on the moved clock: those on stage and those with a place now, not Bo who left.
    await fireSchedule(`grp-24h-${session.id}`);
    for (const person of [host, speaker, ada, cy]) await waitForMailTo(person.email, `Reminder: "${title}" tomorrow`);
    expect((await waitForMailTo(speaker.email, `Reminder: "${title}" tomorrow`)).body.text).toContain('You are a speaker.');
    expect(await subjectsTo(bo.email)).not.toContain(`Reminder: "${title}" tomorrow`);
    const { body: notes } = await get<{ notifications: { kind: string; text: string; link: string }[] }>('/api/notifications', ada.idToken);
    expect(notes.notifications[0]).toMatchObject({ kind: 'reminder', text: `Reminder: "${title}" tomorrow`, link: `/group-sessions/${session.id}` });

    await fireSchedule(`grp-1h-${session.id}`);
    for (const person of [host, ada, cy]) await waitForMailTo(person.email, `Reminder: "${title}" in an hour`);
    expect(await subjectsTo(bo.email)).not.toContain(`Reminder: "${title}" in an hour`);
    // Each reminder once, however often its schedule runs (at-least-once delivery).
    const planned = { groupSessionId: session.id, reminder: '1h' as const };
    await invokeScheduleTarget('session-reminder', `grp-1h-${session.id}`, planned, new Date(Date.parse(session.startsAt) - HOUR));
    expect((await subjectsTo(ada.email)).filter((subject) => subject.startsWith('Reminder:'))).toHaveLength(2);
  });

  it('cancelling takes it off the calendars (same UID, a higher SEQUENCE) and deletes the reminders; a reminder that fires anyway sends nothing', async () => {
    const [host, ada, ann, wes, coordinator] = await Promise.all([seededMentor('Cal Host'), seededMentee('Ada Booked'), seededMentee('Ann Booked'), seededMentee('Wes Waiting'), coordinatorUser()]);
    const title = `Called off ${randomUUID().slice(0, 8)}`;
    const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ title, capacity: 2, startsAt: inDays(2) }))).body;
    for (const member of [ada, ann]) await post(`/api/group-sessions/${session.id}/sign-up`, member.idToken);
    expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, wes.idToken)).body.status).toBe('waiting');
    const invited = await mailWith(ada.email, `You have a place: "${title}"`);
    const planned = await stageSchedule(`grp-24h-${session.id}`);
    expect(planned).not.toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const cancelled = await post<GroupSession>(`/api/group-sessions/${session.id}/cancel`, coordinator.idToken, { reason: 'The room is gone' });
    expect(cancelled.status).toBe(200);
    for (const person of [ada, host]) {
      const { mail, ics } = await mailWith(person.email, `Cancelled: "${title}"`);
      expect(icsProperty(ics!, 'METHOD')).toEqual(['METHOD:CANCEL']);
      expect(icsProperty(ics!, 'STATUS')).toEqual(['STATUS:CANCELLED']);
      expect(icsProperty(ics!, 'UID')).toEqual([`UID:g-${session.id}@sessions.mentoring-platform`]);
      expect(ics).toContain('Cancelled: The room is gone');
      expect(mail.body.text).toContain('The programme cancelled');
    }
    expect(sequenceOf((await mailWith(ada.email, `Cancelled: "${title}"`)).ics!)).toBeGreaterThan(sequenceOf(invited.ics!));
    // Wes never had the invitation: told, with nothing for the calendar.
    expect(icsOf(await waitForMailTo(wes.email, `Cancelled: "${title}"`))).toBeNull();
    expect(await stageSchedule(`grp-24h-${session.id}`)).toBeNull();
    expect(await stageSchedule(`grp-1h-${session.id}`)).toBeNull();

    // Had the schedule fired anyway (a deletion that failed), it would remind nobody.
    await invokeScheduleTarget('session-reminder', `grp-24h-${session.id}`, planned!.input.payload as never, dueAt(planned!.expression));
    for (const person of [host, ada, wes]) expect((await subjectsTo(person.email)).filter((subject) => subject.startsWith('Reminder:'))).toEqual([]);
  });

});
