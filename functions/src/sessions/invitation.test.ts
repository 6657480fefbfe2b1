import { describe, expect, it } from 'vitest';
import { invitationAttachment, invitationIcs, PRODUCT_ID, sessionUid, type InvitationInput } from './invitation';

const input = (overrides: Partial<InvitationInput> = {}): InvitationInput => ({
  sessionId: 'm-0f8fad5b-d9cb-469f-a165-70867728950e-abc123',
  startsAt: '2026-03-09T17:00:00.000Z',
  durationMinutes: 45,
  agenda: 'Review my CV',
  sequence: 0,
  method: 'REQUEST',
  site: 'https://mentoring.example.org',
  organizer: { name: 'Mentoring', email: 'sessions@example.org' },
  attendees: [
    { name: 'Grace', email: 'grace@example.org' },
    { name: 'Ada', email: 'ada@example.org' },
  ],
  title: 'Mentoring session: Grace and Ada',
  ...overrides,
});

/** Unfolded content lines (RFC 5545 folds long lines with CRLF + space). */
const lines = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
const property = (ics: string, name: string) => lines(ics).filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('the session invitation (.ics)', () => {
  it('is an iTIP REQUEST for one event in UTC with the call link, a stable UID and both members invited', () => {
    const ics = invitationIcs(input());
    expect(lines(ics)[0]).toBe('BEGIN:VCALENDAR');
    expect(property(ics, 'PRODID')).toEqual([`PRODID:${PRODUCT_ID}`]);
    expect(property(ics, 'METHOD')).toEqual(['METHOD:REQUEST']);
    expect(property(ics, 'UID')).toEqual([`UID:${sessionUid('m-0f8fad5b-d9cb-469f-a165-70867728950e-abc123')}`]);
    expect(property(ics, 'SEQUENCE')).toEqual(['SEQUENCE:0']);
    expect(property(ics, 'DTSTART')).toEqual(['DTSTART:20260309T170000Z']);
    expect(property(ics, 'DURATION')).toEqual(['DURATION:PT45M']);
    expect(property(ics, 'STATUS')).toEqual(['STATUS:CONFIRMED']);
    expect(property(ics, 'URL')).toEqual(['URL:https://mentoring.example.org/calls/default/m-0f8fad5b-d9cb-469f-a165-70867728950e-abc123']);
    expect(property(ics, 'DESCRIPTION')[0]).toContain('Join the call: https://mentoring.example.org/calls/default/m-0f8fad5b-d9cb-469f-a165-70867728950e-abc123');
    expect(property(ics, 'DESCRIPTION')[0]).toContain('Agenda: Review my CV');
    expect(property(ics, 'ORGANIZER')).toEqual(['ORGANIZER;CN="Mentoring":MAILTO:sessions@example.org']);
    expect(property(ics, 'ATTENDEE').map((line) => line.slice(line.lastIndexOf(':') + 1))).toEqual(['grace@example.org', 'ada@example.org']);
    expect(lines(ics).filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('an update keeps the UID and carries the higher SEQUENCE', () => {
    const first = invitationIcs(input());
    const moved = invitationIcs(input({ startsAt: '2026-03-10T08:15:00.000Z', sequence: 2 }));
    expect(property(moved, 'UID')).toEqual(property(first, 'UID'));
    expect(property(moved, 'SEQUENCE')).toEqual(['SEQUENCE:2']);
    expect(property(moved, 'DTSTART')).toEqual(['DTSTART:20260310T081500Z']);
  });

  it('a cancellation is METHOD:CANCEL with STATUS:CANCELLED and the reason', () => {
    const ics = invitationIcs(input({ method: 'CANCEL', sequence: 3, cancelReason: 'I am ill' }));
    expect(property(ics, 'METHOD')).toEqual(['METHOD:CANCEL']);
    expect(property(ics, 'STATUS')).toEqual(['STATUS:CANCELLED']);
    expect(property(ics, 'SEQUENCE')).toEqual(['SEQUENCE:3']);
    expect(property(ics, 'DESCRIPTION')[0]).toContain('Cancelled: I am ill');
  });

  it('is attached as text/calendar with its method, so mail clients offer to add, update or remove it', () => {
    expect(invitationAttachment(input())).toMatchObject({ fileName: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8' });
    expect(invitationAttachment(input({ method: 'CANCEL' }))).toMatchObject({ fileName: 'cancel.ics', contentType: 'text/calendar; method=CANCEL; charset=UTF-8' });
  });

  it('refuses to make an invitation with an unusable address rather than send a broken one', () => {
    expect(() => invitationIcs(input({ organizer: { name: 'X', email: 'not an address' } }))).toThrow(/organizer/);
  });
});
