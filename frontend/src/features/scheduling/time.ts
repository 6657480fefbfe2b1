/**
 * Times of sessions as a member reads them: every instant is shown in the viewer's own zone (their profile's,
 * else the browser's), with the other member's local time beside it when their clock says something else.
 * Intl does the zone arithmetic, so daylight-saving changes come out right on each date.
 */

import { browserZone, dayKey, formatDate, formatDateTime, formatDayHeading, formatTime, zonePlace } from '@/lib/datetime';

export { browserZone };

/** "18:00" in the zone. */
export const timeIn = formatTime;
/** "Friday 27 March" in the zone. */
export const dayIn = formatDayHeading;
/** The calendar date in the zone (YYYY-MM-DD), to group by. */
export const dayKeyIn = dayKey;
/** "Fri 27 Mar 2026, 18:00" in the zone: the SPA's one form of a moment (lib/datetime.ts). */
export const whenIn = formatDateTime;
/** A zone's name as people read it: "Europe/Berlin" → "Berlin". */
export const placeOf = zonePlace;

/** The other member's local time when it reads differently from the viewer's (another date counts as different). */
export const otherLocal = (iso: string, viewerZone: string, otherZone: string) => {
  if (whenIn(iso, viewerZone) === whenIn(iso, otherZone)) return null;
  const sameDay = dayKeyIn(iso, viewerZone) === dayKeyIn(iso, otherZone);
  return sameDay ? timeIn(iso, otherZone) : `${formatDate(iso, otherZone).replace(/ \d{4}$/, '')} ${timeIn(iso, otherZone)}`;
};

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** Items with a start, grouped by the calendar day they start on in the zone, in order. */
export const groupByDay = <T extends { startsAt: string }>(items: readonly T[], zone: string): DayGroup<T>[] => {
  const groups = new Map<string, DayGroup<T>>();
  for (const item of [...items].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const key = dayKeyIn(item.startsAt, zone);
    let group = groups.get(key);
    if (!group) {
      group = { key, label: dayIn(item.startsAt, zone), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
};

/** "1 h", "45 min", "1 h 30 min". */
export const lengthLabel = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ');
};
