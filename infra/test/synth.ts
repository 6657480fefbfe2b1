import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, NestedStack, type CfnResource, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { inject } from 'vitest';
import { buildApp } from '../lib/app';
import { repoRoot } from '../lib/paths';

export const cdkContext = () =>
  (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/** A new folder for one app's cloud assembly, inside the one the stack tests remove when they end (global-setup.ts). */
export const testOutdir = () => mkdtempSync(join(inject('cdkTestOutRoot'), 'app-'));

/** Synthesises a stage without bundling (no esbuild runs), as unit tests should. */
export const synthStage = (stage: string, overrides: Record<string, unknown> = {}) =>
  buildApp(
    new App({
      outdir: testOutdir(),
      context: { ...cdkContext(), stage, 'aws:cdk:bundling-stacks': [], ...overrides },
    }),
  );

/** A stage's cloud assembly: every template, every stack's messages and the policy-validation report. */
export const synthAssembly = (stage: string, overrides: Record<string, unknown> = {}) => {
  const built = synthStage(stage, overrides);
  const assembly = built.app.synth();
  return { ...built, assembly };
};

export interface ValidationReport {
  pluginReports: { pluginName: string; conclusion: string; violations: { ruleName: string; severity?: string }[] }[];
}

export const validationReport = (directory: string) =>
  JSON.parse(readFileSync(join(directory, 'validation-report.json'), 'utf8')) as ValidationReport;

const shared = new Map<string, ReturnType<typeof synthStage>>();
/** One synthesised app per stage for a whole test file (synth is the slow part); only for default settings. */
export const sharedStage = (stage: string) => {
  if (!shared.has(stage)) shared.set(stage, synthStage(stage));
  return shared.get(stage)!;
};

interface CfnTemplate {
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> } & Record<string, unknown>>;
  Outputs?: Record<string, { Value: unknown }>;
  Parameters?: Record<string, unknown>;
}

/** Replaces every `{ Ref: name }` that `values` names, and every `Fn::GetAtt` that `outputs` names, deep in `node`. */
const substitute = (node: unknown, values: Record<string, unknown>, outputs: (target: [string, string]) => unknown): unknown => {
  if (Array.isArray(node)) return node.map((item) => substitute(item, values, outputs));
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node);
  if (entries.length === 1 && entries[0]![0] === 'Ref' && typeof entries[0]![1] === 'string' && entries[0]![1] in values) return values[entries[0]![1]];
  if (entries.length === 1 && entries[0]![0] === 'Fn::GetAtt') {
    const found = outputs(entries[0]![1] as [string, string]);
    if (found !== undefined) return found;
  }
  return Object.fromEntries(entries.map(([key, value]) => [key, substitute(value, values, outputs)]));
};

/** A stack's template with its nested stacks' resources in it, as if they were its own (see templateWithNested). */
const foldNested = (stack: Stack): CfnTemplate => {
  const template = Template.fromStack(stack).toJSON() as CfnTemplate;
  const nested = stack.node
    .findAll()
    .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct) && construct.nestedStackParent === stack)
    .map((child) => {
      const logicalId = stack.resolve((child.nestedStackResource as CfnResource).logicalId) as string;
      const passed = (template.Resources![logicalId]!.Properties?.Parameters ?? {}) as Record<string, unknown>;
      const own = substitute(foldNested(child), passed, () => undefined) as CfnTemplate;
      return { logicalId, template: own };
    });
  const byId = new Map(nested.map((child) => [child.logicalId, child.template]));
  const outputOf = ([id, attribute]: [string, string]) =>
    byId.has(id) && attribute.startsWith('Outputs.') ? byId.get(id)!.Outputs?.[attribute.slice('Outputs.'.length)]?.Value : undefined;
  const folded = substitute(template, {}, outputOf) as CfnTemplate;
  for (const child of nested) {
    for (const [id, resource] of Object.entries(child.template.Resources ?? {})) {
      if (folded.Resources![id]) throw new Error(`${id} is in ${stack.node.path} and in its nested stack ${child.logicalId}`);
      folded.Resources![id] = resource;
    }
  }
  return folded;
};

/**
 * A stack and its nested stacks as one template: the nested stacks' resources beside its own, the parameters it
 * passes them replaced by their values, and its reads of their outputs by what they output. Assertions written for
 * one template (the API stack's, before its functions moved to nested stacks) hold on this as they did on that.
 */
export const templateWithNested = (stack: Stack) => Template.fromJSON(foldNested(stack) as Record<string, unknown>);

/** A stack and each of its nested stacks (and theirs), by construct path, for checks that apply to every template. */
export const stackAndNested = (stack: Stack): { path: string; stack: Stack }[] => [
  { path: stack.node.path, stack },
  ...stack.node.findAll().filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct)).map((nested) => ({ path: nested.node.path, stack: nested })),
];
