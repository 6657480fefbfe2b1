import * as z from 'zod';
import { CALL_PART_PATTERN } from '../calls';

// The path parameters several slices share.

/** A call's type or id. */
export const callPart = z.string().regex(CALL_PART_PATTERN);
/** `{id}` of a member (a Cognito sub) and of a mentorship (a UUID the server makes). */
export const memberIdParams = z.object({ id: z.string().min(1).max(128) });
export const mentorshipIdParams = z.object({ id: z.string().min(1).max(64) });
/** `{id}` of a session: its call's id (`m-<mentorshipId>-<suffix>`). */
export const sessionIdParams = z.object({ id: callPart });
export const actionItemParams = z.object({ id: z.string().min(1).max(64), itemId: z.string().min(1).max(64) });
export const reportIdParams = z.object({ id: z.uuid() });
