import { describe, expect, it } from 'vitest';
import { groupInvitationAttachment, groupInvitationSequence } from './invitation';

const session = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  callId: 'g-0f8fad5b-d9cb-469f-a165-70867728950e',
  title: 'Interviews without fear',
  description: 'How a technical interview goes.',
  startsAt: '2026-03-09T17:00:00.000Z',
  durationMinutes: 60,
  createdAt: '2026-03-01T10:00:00.000Z',
  cancelReason: null as string | null,
};
const organizer = { name: 'Mentoring', email: 'sessions@example.org' };
const attendee = { name: 'Ada', email: 'ada@example.org' };
const site = 'https://mentoring.example.org';

const lines = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
const property = (ics: string, name: string) => lines(ics).filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
const icsOf = (attachment: { content: string | Uint8Array }) => String(attachment.content);

describe('a group session’s invitation (.ics)', () => {
  it('is a REQUEST of the session for its one member, with the session’s page and its description', () => {
    const attachment = groupInvitationAttachment(session, { method: 'REQUEST', at: new Date('2026-03-01T10:00:42.900Z'), site, organizer, attendee });
    expect(attachment).toMatchObject({ fileName: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8' });
    const ics = icsOf(attachment);
    expect(property(ics, 'METHOD')).toEqual(['METHOD:REQUEST']);
    expect(property(ics, 'UID')).toEqual(['UID:g-0f8fad5b-d9cb-469f-a165-70867728950e@sessions.mentoring-platform']);
    expect(property(ics, 'SEQUENCE')).toEqual(['SEQUENCE:42']);
    expect(property(ics, 'SUMMARY')).toEqual(['SUMMARY:Interviews without fear']);
    expect(property(ics, 'DTSTART')).toEqual(['DTSTART:20260309T170000Z']);
    expect(property(ics, 'DURATION')).toEqual(['DURATION:PT60M']);
    expect(property(ics, 'URL')).toEqual([`URL:${site}/group-sessions/${session.id}`]);
    expect(property(ics, 'DESCRIPTION')[0]).toContain('How a technical interview goes.');
    expect(property(ics, 'DESCRIPTION')[0]).toContain(`${site}/group-sessions/${session.id}`);
    expect(property(ics, 'ATTENDEE').map((line) => line.slice(line.lastIndexOf(':') + 1))).toEqual(['ada@example.org']);
  });

  it('is cancelled with the same UID and a higher SEQUENCE, with the reason', () => {
    const request = icsOf(groupInvitationAttachment(session, { method: 'REQUEST', at: new Date('2026-03-02T10:00:00Z'), site, organizer, attendee }));
    const attachment = groupInvitationAttachment({ ...session, cancelReason: 'The host is ill' }, { method: 'CANCEL', at: new Date('2026-03-02T10:00:01Z'), site, organizer, attendee });
    expect(attachment).toMatchObject({ fileName: 'cancel.ics', contentType: 'text/calendar; method=CANCEL; charset=UTF-8' });
    const cancel = icsOf(attachment);
    expect(property(cancel, 'METHOD')).toEqual(['METHOD:CANCEL']);
    expect(property(cancel, 'STATUS')).toEqual(['STATUS:CANCELLED']);
    expect(property(cancel, 'UID')).toEqual(property(request, 'UID'));
    const sequence = (ics: string) => Number(property(ics, 'SEQUENCE')[0]!.split(':')[1]);
    expect(sequence(cancel)).toBe(sequence(request) + 1);
    expect(property(cancel, 'DESCRIPTION')[0]).toContain('Cancelled: The host is ill');
  });

  it('counts its SEQUENCE in whole seconds since the session was made, never below 0', () => {
    expect(groupInvitationSequence('2026-03-01T10:00:00.000Z', new Date('2026-03-01T10:00:00.999Z'))).toBe(0);
    expect(groupInvitationSequence('2026-03-01T10:00:00.000Z', new Date('2026-03-01T11:00:00.000Z'))).toBe(3600);
    expect(groupInvitationSequence('2026-03-01T10:00:00.000Z', new Date('2026-03-01T09:00:00.000Z'))).toBe(0);
  });
});
