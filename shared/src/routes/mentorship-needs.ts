/**
 * What every end (or suspension) of a mentorship needs: the service's transition, its e-mails, schedules and
 * channel event, and the cancelling of the pair's sessions still to come (their guards freed, reminders removed).
 */
export const endsMentorships = {
  mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
  members: ['GetItem', 'BatchGetItem', 'UpdateItem'],
  sessions: ['Query', 'UpdateItem', 'DeleteItem'],
} as const;

/** What completing or ending a mentorship from either side needs (the two routes' needs are one). */
export const closesMentorship = {
  tables: endsMentorships,
  email: true,
  userPool: ['AdminGetUser'],
  schedules: true,
  eventBus: true,
} as const;
