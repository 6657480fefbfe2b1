/**
 * Every path of the repository that docs/*.md names exists: a doc that sends a reader to a file that moved is
 * worse than none. `npm run lint` runs this (`tsx scripts/doc-paths.ts`), and doc-paths.test.ts runs it with the unit tests.
 *
 * What counts as a path: a `code span` or a Markdown link's target that starts with one of the repository's own
 * top folders or files (functions/, frontend/, shared/, infra/, test/, scripts/, docs/, .github/…), or with src/
 * (then it must exist in one of the workspaces), and the first word of a line in a fenced block (the layouts). A
 * placeholder (<module>) or a glob (*) is checked up to the folder before it; {a,b} names each. URLs, API paths
 * (/api/…), package names, build outputs (dist/, cdk.out/) and runtime folders (.local/) are not paths of the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const WORKSPACES = ['frontend', 'functions', 'shared', 'infra'];
/** Made by a build or a run, never committed. */
const OUTPUTS = new Set(['dist', 'cdk.out', '.local', 'node_modules']);

/** {a,b} → both, recursively. */
const expand = (path: string): string[] => {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1]!.split(',').flatMap((choice) => expand(path.slice(0, match.index) + choice + path.slice(match.index + match[0].length)));
};

/** The part that must exist: up to the folder before a placeholder or a glob. */
const checkable = (path: string) => {
  const wild = path.search(/[<*]/);
  if (wild === -1) return path.replace(/[.,:;)]+$/, '');
  return path.slice(0, path.lastIndexOf('/', wild) + 1);
};

export interface MissingPath {
  doc: string;
  line: number;
  path: string;
}

export const missingDocPaths = (root: string, docsDir = join(root, 'docs')): MissingPath[] => {
  const tracked = new Set(readdirSync(root).filter((name) => !['node_modules', '.git', '.local'].includes(name)));
  const missing: MissingPath[] = [];
  for (const name of readdirSync(docsDir).filter((file) => file.endsWith('.md')).sort()) {
    const doc = join(docsDir, name);
    let fenced = false;
    readFileSync(doc, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (text.startsWith('```')) fenced = !fenced;
        const first = fenced ? /^(\S+\/\S*)/.exec(text)?.[1] : undefined;
        const spans = [...text.matchAll(/`([^`\s]+)`/g), ...(first ? [[first, first]] : [])].map((match) => ({ path: match[1]!, link: false }));
        const links = [...text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)].map((match) => ({ path: match[1]!, link: true }));
        for (const { path, link } of [...spans, ...links]) {
          if (/^[a-z]+:/i.test(path)) continue;
          for (const each of expand(path)) {
            const target = checkable(each);
            if (!target) continue;
            const top = target.split('/')[0]!;
            if (target.split('/').some((segment) => OUTPUTS.has(segment))) continue;
            let candidates: string[];
            if (link) candidates = [join(dirname(doc), target)];
            else if (top === 'src') candidates = WORKSPACES.map((workspace) => join(root, workspace, target));
            else if (tracked.has(top) && (target.includes('/') || top.includes('.'))) candidates = [join(root, target)];
            else continue;
            if (!candidates.some((candidate) => existsSync(candidate))) missing.push({ doc: relative(root, doc), line: index + 1, path: each });
          }
        }
      });
  }
  return missing;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = missingDocPaths(join(import.meta.dirname, '..'));
  for (const { doc, line, path } of missing) console.error(`${doc}:${line}: ${path} does not exist`);
  if (missing.length) {
    console.error(missing.length === 1 ? 'One path named in docs/ does not exist.' : `${missing.length} paths named in docs/ do not exist.`);
    process.exit(1);
  }
}
