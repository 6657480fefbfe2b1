import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../lib/paths';

/**
 * Every CDK CLI command that README.md, the workflows and the root scripts give, checked against the CLI
 * installed at the repository root (the one `npx cdk` runs there): it exists, knows each option, and gets
 * the stage the app needs even for `bootstrap`.
 */
const cli = join(repoRoot, 'node_modules/.bin/cdk');

interface CdkCommand {
  where: string;
  line: string;
  subcommand: string;
  options: string[];
}

const cdkCommandsIn = (where: string, text: string, prefix: RegExp): CdkCommand[] =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .split(/&&|;|`|\|/)
    .flatMap((segment) => {
      const match = new RegExp(`${prefix.source}cdk\\s+([a-z][\\w-]*)(.*)$`).exec(segment.trim());
      if (!match) return [];
      const [line, subcommand, rest] = match;
      const options = [...rest!.matchAll(/(?:^|\s)(--?[a-zA-Z][\w-]*)/g)].map(([, option]) => option!);
      return [{ where, line: line.trim(), subcommand: subcommand!, options }];
    });

/** The README and the guides under docs/ that it leads to. */
const docFiles = () => ['README.md', ...readdirSync(join(repoRoot, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)];

const readmeCommands = () =>
  docFiles().flatMap((file) => {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const code = [...text.matchAll(/```sh\n([\s\S]*?)```|`([^`\n]+)`/g)].map(([, block, inline]) => block ?? inline!);
    return code.flatMap((snippet) => snippet.split('\n').flatMap((line) => cdkCommandsIn(file, line, /^(?:.*\s)?npx\s+/)));
  });

const workflowCommands = () =>
  readdirSync(join(repoRoot, '.github/workflows'))
    .filter((file) => file.endsWith('.yml'))
    .flatMap((file) => {
      const workflow = parse(readFileSync(join(repoRoot, '.github/workflows', file), 'utf8')) as { jobs: Record<string, { steps?: { run?: string }[] }> };
      return Object.values(workflow.jobs).flatMap((job) => (job.steps ?? []).flatMap((step) => (step.run ? cdkCommandsIn(file, step.run, /^(?:npx\s+)?/) : [])));
    });

const scriptCommands = () => {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return Object.entries(scripts).flatMap(([name, script]) => cdkCommandsIn(`npm run ${name}`, script, /^(?:npx\s+)?/));
};

const commands = [...readmeCommands(), ...workflowCommands(), ...scriptCommands()];

describe('CDK CLI commands in README.md, the workflows and package.json', () => {
  const knownOptions = new Map<string, Set<string>>();

  beforeAll(() => {
    for (const subcommand of new Set(commands.map((command) => command.subcommand))) {
      const help = execFileSync(cli, [subcommand, '--help'], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: 'true' },
      });
      knownOptions.set(subcommand, new Set([...help.matchAll(/(?:^|[\s,])(--?[a-zA-Z][\w-]*)/gm)].map(([, option]) => option!)));
    }
  }, 60_000);

  it('finds the commands (bootstrap, synth, deploy, destroy)', () => {
    expect(new Set(commands.map((command) => command.subcommand))).toEqual(new Set(['bootstrap', 'synth', 'deploy', 'destroy']));
    expect(commands.some((command) => command.where === 'ci.yml' && command.subcommand === 'synth')).toBe(true);
    expect(commands.some((command) => command.where === 'deploy-stage.yml' && command.subcommand === 'deploy')).toBe(true);
  });

  it('run the CDK CLI installed at the repository root, not one npx would download', () => {
    expect(existsSync(cli)).toBe(true);
    const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(rootManifest.devDependencies['aws-cdk']).toBeDefined();
  });

  it.each(commands.map((command) => [`${command.where}: ${command.line}`, command] as const))('%s uses only options the CLI knows', (_, command) => {
    const known = knownOptions.get(command.subcommand)!;
    const unknown = command.options.filter((option) => !known.has(option) && !known.has(option.replace(/^--no-/, '--')));
    expect(unknown).toEqual([]);
  });

  it.each(commands.map((command) => [`${command.where}: ${command.line}`, command] as const))('%s names the stage the app needs', (_, command) => {
    expect(command.line).toMatch(/(?:-c|--context)\s+stage=\S+/);
  });
});
