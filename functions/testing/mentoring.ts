import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { COORDINATORS_GROUP, DEFAULT_PROGRAMME } from '@mentoring/shared';
import type { MemberItem } from '../src/members/item';
import { apiEvent, lambdaContext } from './events';

/** Table names the handlers find in their environment during unit tests. */
export const MEMBERS_TABLE = 'members-test';
export const PROGRAMME_TABLE = 'programme-test';
export const SAFEGUARDING_TABLE = 'safeguarding-test';
process.env.SAFEGUARDING_TABLE = SAFEGUARDING_TABLE;
process.env.MEMBERS_TABLE = MEMBERS_TABLE;
process.env.PROGRAMME_TABLE = PROGRAMME_TABLE;
process.env.EVENT_BUS_NAME = 'bus-test';
process.env.MAIL_FROM = 'programme@example.org';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

export interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

/** Calls a handler as API Gateway would and answers status and parsed body. */
export const call = async (
  handler: Handler,
  { method, path, body, query, params, headers = {} }: { method: string; path: string; body?: unknown; query?: Record<string, string>; params?: Record<string, string>; headers?: Record<string, string> },
): Promise<Answer> => {
  const response = (await handler(
    apiEvent({
      method,
      path,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      query,
      pathParameters: params,
    }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode ?? 200, body: JSON.parse(response.body ?? 'null') };
};

export const coordinatorClaims = (sub = 'coordinator-1') => ({ sub, email: 'coordinator@example.org', 'cognito:groups': [COORDINATORS_GROUP] });

export const storedProgramme = (overrides: Partial<typeof DEFAULT_PROGRAMME> = {}) => ({ id: 'settings', ...DEFAULT_PROGRAMME, updatedAt: '2026-01-01T00:00:00.000Z', ...overrides });

const base = {
  headline: 'Engineering manager',
  bio: 'I help people grow.',
  languages: ['en', 'es'],
  country: 'DE',
  timezone: 'Europe/Berlin',
  availability: [{ day: 2, start: '18:00', end: '20:00' }],
  format: 'online' as const,
  codeOfConductVersion: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const mentorItem = (overrides: Partial<MemberItem> = {}): MemberItem => ({
  ...base,
  id: 'mentor-1',
  email: 'mentor@example.org',
  role: 'mentor',
  displayName: 'Maria Mentor',
  topics: ['Leadership', 'Career change'],
  yearsOfExperience: 12,
  capacity: 2,
  acceptingRequests: true,
  city: null,
  activeMentees: 0,
  approvalState: 'approved',
  submittedAt: '2026-01-02T00:00:00.000Z',
  decidedAt: '2026-01-03T00:00:00.000Z',
  listed: 'mentor',
  lastActiveAt: '2026-01-05T00:00:00.000Z',
  version: 3,
  ...overrides,
});

export const menteeItem = (overrides: Partial<MemberItem> = {}): MemberItem => ({
  ...base,
  id: 'mentee-1',
  email: 'mentee@example.org',
  role: 'mentee',
  displayName: 'Tomás Mentee',
  topics: ['Leadership'],
  goals: 'Become a team lead.',
  approvalState: 'approved',
  submittedAt: '2026-01-02T00:00:00.000Z',
  decidedAt: '2026-01-02T00:00:00.000Z',
  version: 2,
  ...overrides,
});

export const mentorInput = (overrides: Record<string, unknown> = {}) => ({
  role: 'mentor',
  displayName: 'Maria Mentor',
  headline: 'Engineering manager',
  bio: 'I help people grow.',
  languages: ['en', 'es'],
  country: 'DE',
  timezone: 'Europe/Berlin',
  availability: [{ day: 2, start: '18:00', end: '20:00' }],
  format: 'online',
  codeOfConductVersion: 1,
  topics: ['leadership', 'Career change'],
  yearsOfExperience: 12,
  capacity: 2,
  acceptingRequests: true,
  ...overrides,
});

export const menteeInput = (overrides: Record<string, unknown> = {}) => ({
  role: 'mentee',
  displayName: 'Tomás Mentee',
  headline: 'Developer',
  bio: '',
  languages: ['es'],
  country: 'ES',
  timezone: 'Europe/Madrid',
  availability: [],
  format: 'online',
  codeOfConductVersion: 1,
  topics: ['Leadership'],
  goals: 'Become a team lead.',
  ...overrides,
});
