import type { IncomingMessage } from 'node:http';
import { apiLimitApplies, apiRateLimits, userPoolRateLimits, type ApiRateLimit, type RateLimit, type UserPoolRateLimit } from '@mentoring/shared';

export type RateDecision = { allowed: true } | { allowed: false; limit: RateLimit; retryAfterSeconds: number };

/**
 * WAF's rate-based rules on this machine: per client address and rule, the requests of the last `windowSeconds`
 * (a sliding log), and a request the rule would count over its limit is refused until the oldest one leaves the
 * window. Refused requests are not counted, so a client that waits as told gets through. WAF itself evaluates
 * every few seconds, so in AWS a burst may pass a little over the limit before the block starts.
 */
export const createRateLimiter = <L extends RateLimit>(limits: readonly L[], now: () => number = Date.now) => {
  const seen = new Map<string, number[]>();
  return (client: string, applies: (limit: L) => boolean): RateDecision => {
    const at = now();
    const counted: number[][] = [];
    let refusal: RateDecision | undefined;
    for (const limit of limits) {
      if (!applies(limit)) continue;
      const key = `${limit.name}\n${client}`;
      const windowMs = limit.windowSeconds * 1000;
      const log = (seen.get(key) ?? []).filter((time) => time > at - windowMs);
      seen.set(key, log);
      if (log.length >= limit.limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((log[0]! + windowMs - at) / 1000));
        if (!refusal || (!refusal.allowed && retryAfterSeconds > refusal.retryAfterSeconds)) refusal = { allowed: false, limit, retryAfterSeconds };
      }
      counted.push(log);
    }
    if (refusal) return refusal;
    for (const log of counted) log.push(at);
    return { allowed: true };
  };
};

/** The client as WAF sees it: the connection's address (the local stage trusts no forwarding header, as WAF's IP key does not). */
export const clientAddress = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';

/** The API's limits (CloudFront's web ACL), by request path. */
export const createApiRateLimiter = (limits: readonly ApiRateLimit[] = apiRateLimits(), now?: () => number) => {
  const limiter = createRateLimiter(limits, now);
  return (client: string, path: string) => limiter(client, (limit) => apiLimitApplies(limit, path));
};

/** The user pool's limits (its own web ACL), by Cognito action (X-Amz-Target: AWSCognitoIdentityProviderService.<Action>). */
export const createUserPoolRateLimiter = (limits: readonly UserPoolRateLimit[] = userPoolRateLimits(), now?: () => number) => {
  const limiter = createRateLimiter(limits, now);
  return (client: string, target: string | undefined) => {
    const action = target?.split('.').pop();
    return limiter(client, (limit) => action !== undefined && limit.actions.includes(action));
  };
};
