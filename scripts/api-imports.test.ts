import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repo });

/** The no-restricted-imports findings ESLint reports for this text as if it were the file at `path`. */
const refusals = async (path: string, text: string) => {
  const [result] = await eslint.lintText(text, { filePath: join(repo, path) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.line);
};

const CALLS_THE_CLIENT = "import { api } from '@/lib/api-client';\nexport const load = () => api('GET /api/me');\n";
const MAKES_A_QUERY = "import { apiQuery } from '@/lib/query';\nexport const me = () => apiQuery('GET /api/me');\n";
const READS_ERRORS = "import { ApiError, errorMessage } from '@/lib/api-client';\nexport const words = (error: unknown) => (error instanceof ApiError ? error.message : errorMessage(error));\n";

describe("the SPA's API boundary (eslint.config.js)", () => {
  // The first lint loads the config and the TypeScript parser, which takes seconds on a busy machine.
  beforeAll(() => refusals('frontend/src/features/mentorships/api.ts', ''), 60_000);

  it('refuses a page or component that imports the raw client or makes a query from a route key', async () => {
    expect(await refusals('frontend/src/features/mentorships/pages/SomePage.tsx', CALLS_THE_CLIENT)).toEqual([1]);
    expect(await refusals('frontend/src/features/scheduling/components/SomePanel.tsx', MAKES_A_QUERY)).toEqual([1]);
    expect(await refusals('frontend/src/components/Card/Card.tsx', "import * as client from '@/lib/api-client';\nexport const c = client;\n")).toEqual([1]);
    expect(await refusals('frontend/src/app/SomeLayout.tsx', "import { api } from '../lib/api-client';\nexport const a = api;\n")).toEqual([1]);
  });

  it("allows a feature's api.ts and lib's *-api.ts modules to call the client, and any file to read its errors", async () => {
    expect(await refusals('frontend/src/features/mentorships/api.ts', CALLS_THE_CLIENT)).toEqual([]);
    expect(await refusals('frontend/src/features/mentorships/api.ts', MAKES_A_QUERY)).toEqual([]);
    expect(await refusals('frontend/src/lib/shared-api.ts', MAKES_A_QUERY.replace('@/lib/', './'))).toEqual([]);
    expect(await refusals('frontend/src/features/mentorships/pages/SomePage.tsx', READS_ERRORS)).toEqual([]);
  });

  it('still holds the light-import rules inside the API modules', async () => {
    expect(await refusals('frontend/src/features/mentorships/api.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([1]);
  });
});

describe('imports that climb folders (eslint.config.js)', () => {
  it('refuses an SPA module, its test or the SPA test kit climbing two folders, and takes @/… and @testing/…', async () => {
    const climbing = "import { copy } from '../../copy';\nexport const c = copy;\n";
    expect(await refusals('frontend/src/features/video/components/room/StagePanel.tsx', climbing)).toEqual([1]);
    expect(await refusals('frontend/src/features/video/components/room/Room.test.tsx', climbing)).toEqual([1]);
    expect(await refusals('frontend/testing/mentoring/render.tsx', "import { QueryProvider } from '../../src/lib/query';\nexport const q = QueryProvider;\n")).toEqual([1]);
    expect(await refusals('frontend/src/features/video/components/room/StagePanel.tsx', "import { copy } from '@/features/video/copy';\nimport { handsInCall } from './handQueue';\nimport { Gate } from '../Gate';\nexport const c = [copy, handsInCall, Gate];\n")).toEqual([]);
    expect(await refusals('frontend/src/features/video/components/room/Room.test.tsx', "import { renderRoutes } from '@testing/mentoring/render';\nexport const r = renderRoutes;\n")).toEqual([]);
  });

  it('refuses a function module climbing three folders, and takes the test kit as #testing/…', async () => {
    expect(await refusals('functions/src/http/coordinator/dashboard.test.ts', "import { call } from '../../../testing/mentoring';\nexport const c = call;\n")).toEqual([1]);
    expect(await refusals('functions/src/http/coordinator/dashboard.test.ts', "import { call } from '#testing/mentoring';\nimport { handler } from '../../schedules/dashboard-snapshot';\nexport const c = [call, handler];\n")).toEqual([]);
  });
});
