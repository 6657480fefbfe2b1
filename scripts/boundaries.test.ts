import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');

/** A throwaway tree laid out like the repository, with the imports a change might add. */
const tree = mkdtempSync(join(tmpdir(), 'boundaries-'));
const write = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
};
afterAll(() => rmSync(tree, { recursive: true, force: true }));

write({
  'frontend/src/features/chat/Page.ts': "import { copy } from '../mentorships/copy';\nexport const page = copy;\n",
  'frontend/src/features/chat/own.ts': "import { page } from './Page';\nimport { slot } from '../../lib/slots';\nexport const own = [page, slot];\n",
  'frontend/src/features/chat/Page.test.ts': "import { composed } from '../../app/compose';\nexport const t = composed;\n",
  'frontend/src/features/mentorships/copy.ts': 'export const copy = 1;\n',
  'frontend/src/features/mentorships/uses-app.ts': "import { composed } from '../../app/compose';\nexport const u = composed;\n",
  'frontend/src/app/compose.ts': "import { copy } from '../features/mentorships/copy';\nexport const composed = copy;\n",
  'frontend/src/lib/slots.ts': 'export const slot = 1;\n',
  'frontend/src/components/Card.ts': "import { copy } from '../features/mentorships/copy';\nexport const card = copy;\n",
  // components/ draw, lib/ knows the session and the API: lib may use a component, never the other way.
  'frontend/src/components/Panel.ts': 'export const panel = 1;\n',
  'frontend/src/components/Account.ts': "import { slot } from '../lib/slots';\nexport const account = slot;\n",
  'frontend/src/lib/uses-panel.ts': "import { panel } from '../components/Panel';\nexport const p = panel;\n",
  'frontend/src/lib/uses-helper.ts': "import { helper } from '../../testing/helper';\nexport const h = helper;\n",
  'frontend/testing/helper.ts': 'export const helper = 1;\n',
  'shared/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'shared/src/b.ts': "export const b = () => import('./a');\n",
  // functions/: arrows run down only.
  'functions/src/lib/dynamo.ts': 'export const documentClient = 1;\n',
  'functions/src/lib/notify.ts': "import { handler } from '../http/mentorships/accept';\nexport const notify = handler;\n",
  'functions/src/lib/mail/send.ts': "import { isListed } from '../../members';\nexport const send = isListed;\n",
  'functions/src/members/item.ts': 'export const isListed = () => true;\n',
  'functions/src/members/views.ts': "import { isListed } from './item';\nexport const toMemberView = isListed;\n",
  'functions/src/members/repository.ts': "import { isListed } from './item';\nimport { documentClient } from '../lib/dynamo';\nimport { calls } from '../calls';\nexport const members = [isListed, documentClient, calls];\n",
  'functions/src/members/repository.test.ts': "import { accept } from '../lifecycle/service';\nimport { helper } from '../../testing/helper';\nexport const t = [accept, helper];\n",
  'functions/src/members/index.ts': "export { isListed } from './item';\nexport { toMemberView } from './views';\nexport { members } from './repository';\n",
  'functions/src/calls/retention.ts': 'export const artifactExpiresAt = 1;\n',
  'functions/src/calls/repository.ts': "import { artifactExpiresAt } from './retention';\nexport const calls = artifactExpiresAt;\n",
  'functions/src/calls/record.ts': "import { saveFact } from './record-repository';\nexport const factKey = saveFact;\n",
  'functions/src/calls/record-repository.ts': "export const saveFact = 1;\nexport const record = () => import('./record');\n",
  'functions/src/calls/index.ts': "export { calls } from './repository';\nexport { factKey } from './record';\n",
  'functions/src/mentorships/views.ts': "import { toMemberView } from '../members';\nexport const detailOf = toMemberView;\n",
  'functions/src/mentorships/parties-repository.ts': "import { isListed } from '../members';\nimport { toMemberView } from '../members/views';\nexport const parties = [isListed, toMemberView];\n",
  'functions/src/sessions/repository.ts': "import { parties } from '../mentorships';\nimport { accept } from '../lifecycle';\nexport const sessions = [parties, accept];\n",
  'functions/src/mentorships/index.ts': "export { detailOf } from './views';\nexport { parties } from './parties-repository';\n",
  'functions/src/lifecycle/service.ts': "import { parties } from '../mentorships';\nimport { detailOf } from '../mentorships/views';\nimport { book } from '../sessions';\nexport const accept = [parties, detailOf, book];\n",
  'functions/src/lifecycle/index.ts': "export { accept } from './service';\n",
  'functions/src/sessions/service.ts': "import { parties } from '../mentorships';\nexport const book = parties;\n",
  'functions/src/sessions/index.ts': "export { book } from './service';\n",
  'functions/src/http/mentorships/accept.ts': "import { accept } from '../../lifecycle';\nimport { accept as direct } from '../../lifecycle/service';\nexport const handler = [accept, direct];\n",
  'functions/src/http/mentorships/accept.test.ts': "import { accept } from '../../lifecycle/service';\nexport const t = accept;\n",
  'functions/testing/helper.ts': 'export const helper = 1;\n',
  // infra/local/stream: one public face.
  'infra/local/stream/server.ts': "import { verify } from './tokens';\nexport const createStreamStandIn = verify;\n",
  'infra/local/stream/tokens.ts': 'export const verify = 1;\n',
  'infra/local/stream/index.ts': "export { createStreamStandIn } from './server';\n",
  'infra/local/stage.ts': "import { createStreamStandIn } from './stream';\nimport { verify } from './stream/tokens';\nexport const stage = [createStreamStandIn, verify];\n",
  // The HTTP layer's vocabulary stays above the modules: handlers use it, a module refuses with DomainError.
  'functions/src/lib/http/errors.ts': 'export class HttpError extends Error {}\n',
  'functions/src/lib/domain-error.ts': 'export class DomainError extends Error {}\n',
  'functions/src/photos/store.ts': "import { HttpError } from '../lib/http/errors';\nexport const tooLarge = () => new HttpError();\n",
  'functions/src/photos/index.ts': "export { tooLarge } from './store';\n",
  'functions/src/lifecycle/caller.ts': "import { DomainError } from '../lib/domain-error';\nexport const notFound = () => new DomainError();\n",
  'functions/src/http/profile/photo.ts': "import { HttpError } from '../../lib/http/errors';\nimport { tooLarge } from '../../photos';\nexport const handler = [HttpError, tooLarge];\n",
  'functions/src/photos/store.test.ts': "import { HttpError } from '../lib/http/errors';\nexport const t = HttpError;\n",
});

const violations = async () => {
  const result = (await cruise(['frontend', 'shared', 'functions', 'infra'], { baseDir: tree, validate: true, ruleSet: { forbidden: config.forbidden }, tsPreCompilationDeps: true }))
    .output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
};

describe('the folder rules of .dependency-cruiser.cjs', () => {
  it('refuse a feature importing another feature or the app, a shared folder importing a feature, a component importing lib, a test helper in production, a cycle, lib importing a handler or a module, a handler or a module reaching into another module’s files, a module importing the HTTP layer, and a repository importing anything above it, and the Stream stand-in used other than through its face; allow the rest', async () => {
    expect(await violations()).toEqual([
      'component-imports-lib: frontend/src/components/Account.ts → frontend/src/lib/slots.ts',
      'feature-imports-app: frontend/src/features/mentorships/uses-app.ts → frontend/src/app/compose.ts',
      'feature-imports-feature: frontend/src/features/chat/Page.ts → frontend/src/features/mentorships/copy.ts',
      'handler-imports-module-internals: functions/src/http/mentorships/accept.ts → functions/src/lifecycle/service.ts',
      'lib-imports-handler: functions/src/lib/notify.ts → functions/src/http/mentorships/accept.ts',
      'lib-imports-module: functions/src/lib/mail/send.ts → functions/src/members/index.ts',
      'module-imports-http: functions/src/photos/store.ts → functions/src/lib/http/errors.ts',
      'module-imports-module-internals: functions/src/lifecycle/service.ts → functions/src/mentorships/views.ts',
      'module-imports-module-internals: functions/src/mentorships/parties-repository.ts → functions/src/members/views.ts',
      'no-circular: functions/src/calls/record-repository.ts → functions/src/calls/record.ts',
      'no-circular: shared/src/a.ts → shared/src/b.ts',
      'production-imports-test-helper: frontend/src/lib/uses-helper.ts → frontend/testing/helper.ts',
      'repository-imports-upward: functions/src/calls/record-repository.ts → functions/src/calls/record.ts',
      'repository-imports-upward: functions/src/calls/repository.ts → functions/src/calls/retention.ts',
      'repository-imports-upward: functions/src/mentorships/parties-repository.ts → functions/src/members/views.ts',
      'repository-imports-upward: functions/src/sessions/repository.ts → functions/src/lifecycle/index.ts',
      'shared-folder-imports-feature: frontend/src/components/Card.ts → frontend/src/features/mentorships/copy.ts',
      'stream-stand-in-internals: infra/local/stage.ts → infra/local/stream/tokens.ts',
    ]);
  });
});
