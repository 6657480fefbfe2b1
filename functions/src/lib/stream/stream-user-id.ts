import { createHash } from 'node:crypto';

export const GUEST_ID_PREFIX = 'guest-';
/**
 * Roles on Stream's side. Guests get Stream's built-in `guest` role (join the call they were invited to; no
 * chat, no new calls). Members get `user`, whatever their mentoring role or coordinator status: coordinators
 * act through our API, never by moderating calls or channels directly, so nobody gets Stream's `admin`.
 */
export const GUEST_STREAM_ROLE = 'guest';
export const MEMBER_STREAM_ROLE = 'user';
const GUEST_ID = /^guest-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Characters Stream accepts in a user id. */
const STREAM_ID = /^[\w@-]+$/;

export const isGuestId = (value: string) => GUEST_ID.test(value);

/**
 * A member's Stream user id: the Cognito subject itself (a UUID, stable for the account's life), or a
 * hash of it when it holds characters Stream refuses. It can never take the guest prefix.
 */
export const memberStreamId = (sub: string) =>
  STREAM_ID.test(sub) && !sub.toLowerCase().startsWith(GUEST_ID_PREFIX)
    ? sub
    : `m-${createHash('sha256').update(sub).digest('hex').slice(0, 40)}`;
