import { describe, expect, it } from 'vitest';
import { minutesRate, nextRecurrence, nextWeekly, recurrenceExpression, schedules, weeklyCron } from './schedules';

describe('weekly schedules', () => {
  const monday7 = { weekday: 'MON', hour: 7, minute: 0 } as const;

  it("writes Scheduler's cron expression", () => {
    expect(weeklyCron(monday7)).toBe('cron(0 7 ? * MON *)');
    expect(weeklyCron({ weekday: 'SUN', hour: 23, minute: 30 })).toBe('cron(30 23 ? * SUN *)');
  });

  it('finds the next occurrence strictly after a time', () => {
    // 2026-11-23 is a Monday.
    expect(nextWeekly(monday7, new Date('2026-11-23T06:59:59Z')).toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(nextWeekly(monday7, new Date('2026-11-23T07:00:00Z')).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(nextWeekly(monday7, new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(nextWeekly(monday7, new Date('2026-12-28T08:00:00Z')).toISOString()).toBe('2027-01-04T07:00:00.000Z');
    expect(nextWeekly({ weekday: 'SUN', hour: 0, minute: 0 }, new Date('2026-11-28T23:59:00Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });

  it('sends the digest weekly', () => {
    expect(schedules['weekly-digest'].weekly).toEqual(monday7);
  });
});

describe('schedules every few minutes', () => {
  it("writes Scheduler's rate expression and finds the next run a whole interval on", () => {
    expect(minutesRate(5)).toBe('rate(5 minutes)');
    expect(minutesRate(1)).toBe('rate(1 minute)');
    expect(recurrenceExpression({ everyMinutes: 5 })).toBe('rate(5 minutes)');
    expect(recurrenceExpression({ weekly: { weekday: 'MON', hour: 7, minute: 0 } })).toBe('cron(0 7 ? * MON *)');
    expect(recurrenceExpression({})).toBeNull();
    expect(nextRecurrence({ everyMinutes: 5 }, new Date('2026-11-23T06:59:30Z')).toISOString()).toBe('2026-11-23T07:04:30.000Z');
    expect(() => nextRecurrence({}, new Date())).toThrow();
  });

  it("renews the dashboard's snapshot every 5 minutes, with exactly what computing and storing it needs", () => {
    expect(schedules['dashboard-snapshot']).toMatchObject({
      everyMinutes: 5,
      needs: { tables: { members: ['Query'], mentorships: ['Query'], safeguarding: ['Query'], programme: ['GetItem'] }, buckets: { archive: ['PutObject'] } },
    });
  });
});
