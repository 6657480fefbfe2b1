/**
 * Per-client rate limits on what anyone can call without signing in. One definition, read by the CDK
 * (AWS WAF rate-based rules: the web ACL on CloudFront for the API's paths, the one on the user pool for
 * Cognito's sign-up and sign-in actions) and by the local stage, which enforces the same numbers in front of
 * its API gateway and of cognito-local (infra/local/rate-limiter.ts).
 *
 * Numbers: WAF counts per client IP over a window of 60, 120, 300 or 600 s, and at least 10 requests. They are
 * set well above what one person does (a mentee signs in a few times a day; a guest fetches a token per call
 * join), and low enough that a script gets a handful of tries a minute. Members behind one NAT (an office, a
 * school) share an address, hence the margin.
 */
export type RateLimitWindowSeconds = 60 | 120 | 300 | 600;

interface RateLimitBase {
  /** The WAF rule's name and CloudWatch metric; kebab-case. */
  name: string;
  /** Requests one client IP may make within the window; the next ones answer 429 until the window slides. */
  limit: number;
  windowSeconds: RateLimitWindowSeconds;
  /** Why this limit exists, for docs/security.md and the rule's description. */
  reason: string;
}

/** Requests through CloudFront whose path starts with one of these (the API's own routes). */
export interface ApiRateLimit extends RateLimitBase {
  target: 'api';
  pathPrefixes: readonly `/api/${string}`[];
  /** Paths under those that another limit covers instead. */
  exceptPathPrefixes?: readonly `/api/${string}`[];
}

/** Calls to the Cognito user pool's API naming one of these actions (the X-Amz-Target header). */
export interface UserPoolRateLimit extends RateLimitBase {
  target: 'userPool';
  actions: readonly string[];
}

export type RateLimit = ApiRateLimit | UserPoolRateLimit;

export const rateLimits = [
  {
    name: 'guest-token',
    target: 'api',
    pathPrefixes: ['/api/chat/getOrCreateToken'],
    limit: 30,
    windowSeconds: 300,
    reason: 'Issues Stream tokens, members and guests alike; a guest joining a call needs one or two.',
  },
  {
    name: 'feedback',
    target: 'api',
    pathPrefixes: ['/api/feedback'],
    limit: 10,
    windowSeconds: 300,
    reason: 'Anyone may send feedback; each one is stored and read by a person.',
  },
  {
    name: 'webhooks',
    target: 'api',
    pathPrefixes: ['/api/webhooks/'],
    limit: 600,
    windowSeconds: 60,
    reason: "Stream's deliveries come from few addresses in bursts; the limit only stops a flood of unsigned posts.",
  },
  {
    name: 'api',
    target: 'api',
    pathPrefixes: ['/api/'],
    exceptPathPrefixes: ['/api/webhooks/'],
    limit: 1500,
    windowSeconds: 300,
    reason: 'Every other API call: far above what a person in the SPA makes, a ceiling for scrapers.',
  },
  {
    name: 'sign-up',
    target: 'userPool',
    actions: ['SignUp', 'ResendConfirmationCode', 'ForgotPassword'],
    limit: 10,
    windowSeconds: 300,
    reason: 'Each one sends an e-mail through SES: scripts must not turn the stage into a mail cannon.',
  },
  {
    name: 'sign-in',
    target: 'userPool',
    actions: ['InitiateAuth', 'RespondToAuthChallenge', 'ConfirmSignUp', 'ConfirmForgotPassword'],
    limit: 30,
    windowSeconds: 300,
    reason: 'Password guessing and code guessing: a few tries a minute per address.',
  },
] as const satisfies readonly RateLimit[];

export type RateLimitName = (typeof rateLimits)[number]['name'];

export const apiRateLimits = (): readonly ApiRateLimit[] => (rateLimits as readonly RateLimit[]).filter((limit) => limit.target === 'api');
export const userPoolRateLimits = (): readonly UserPoolRateLimit[] =>
  (rateLimits as readonly RateLimit[]).filter((limit) => limit.target === 'userPool');

/** Whether an API limit counts a request to this path. */
export const apiLimitApplies = (limit: ApiRateLimit, path: string) =>
  limit.pathPrefixes.some((prefix) => path.startsWith(prefix)) && !(limit.exceptPathPrefixes ?? []).some((prefix) => path.startsWith(prefix));

/** The 429's message, the same from WAF's custom response and the local stage. */
export const RATE_LIMITED_MESSAGE = 'Too many requests from this address. Please wait a moment and try again.';

/** The documented error body of a 429, as WAF's custom response and the local stage send it. */
export const rateLimitedBody = () => JSON.stringify({ error: { code: 'too_many_requests', message: RATE_LIMITED_MESSAGE } });

/**
 * The header CloudFront adds to every request it sends the API, with the stage's secret value; the handler
 * factory refuses requests without it (403), so the execute-api endpoint cannot be called around CloudFront.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The variable through which API functions learn the expected value. */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET';
