import { createHmac } from 'node:crypto';
import { GUEST_INVITATION_TTL_SECONDS } from '@mentoring/shared';
import * as z from 'zod';
import { safeEqual } from '../lib/stream/webhook-signature';

/**
 * A guest's invitation to one call: `v1.<payload>.<signature>`, the payload base64url JSON
 * ({ cid, by, iat, exp }), the signature HMAC-SHA256 under a key derived from the Stream secret. The
 * derivation (HMAC of a fixed label) keeps the two apart: an invitation can never pass as a Stream token
 * nor a Stream token as an invitation, and rotating the Stream secret voids every invitation with it.
 * The secret stays on the server; the browser only ever holds the opaque string.
 */
const VERSION = 'v1';
const KEY_LABEL = 'mentoring/guest-invitation/v1';

const payloadSchema = z.object({
  cid: z.string().regex(/^[\w-]{1,64}:[\w-]{1,64}$/),
  by: z.string().min(1).max(128),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type InvitationPayload = z.infer<typeof payloadSchema>;

const invitationKey = (streamSecret: string) => createHmac('sha256', streamSecret).update(KEY_LABEL).digest();
const sign = (streamSecret: string, encodedPayload: string) =>
  createHmac('sha256', invitationKey(streamSecret)).update(`${VERSION}.${encodedPayload}`).digest('base64url');

export const createGuestInvitation = (
  streamSecret: string,
  { cid, by, now = Date.now(), ttlSeconds = GUEST_INVITATION_TTL_SECONDS }: { cid: string; by: string; now?: number; ttlSeconds?: number },
) => {
  const iat = Math.floor(now / 1000);
  const payload: InvitationPayload = { cid, by, iat, exp: iat + ttlSeconds };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { invitation: `${VERSION}.${encoded}.${sign(streamSecret, encoded)}`, payload };
};

export type InvitationCheck = { ok: true; payload: InvitationPayload } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Checks the signature before reading anything in the payload, then the expiry. */
export const verifyGuestInvitation = (streamSecret: string, invitation: string, now = Date.now()): InvitationCheck => {
  const parts = invitation.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2]) return { ok: false, reason: 'malformed' };
  const [, encoded, signature] = parts as [string, string, string];
  if (!safeEqual(signature, sign(streamSecret, encoded))) return { ok: false, reason: 'signature' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  if (parsed.data.exp <= Math.floor(now / 1000)) return { ok: false, reason: 'expired' };
  return { ok: true, payload: parsed.data };
};
