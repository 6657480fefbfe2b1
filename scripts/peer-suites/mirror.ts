import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The peer suites are other projects' own tests, read from the `fetch` tool's mirrors of their repositories
 * (/work/.mirror/<owner>+<name>/repo, a bare git directory). A fresh clone (CI) has no mirror: then the suite says so
 * and the run fails, rather than passing on nothing.
 */
export class MirrorMissing extends Error {}

export const mirrorOf = (repository: string) => {
  const gitDir = join(process.env.PEER_MIRROR ?? '/work/.mirror', repository.replace('/', '+'), 'repo');
  if (!existsSync(gitDir)) {
    throw new MirrorMissing(`No mirror of ${repository} at ${gitDir}: bring it with the fetch tool (github:${repository}) or set PEER_MIRROR to the folder that holds it.`);
  }
  const git = (...args: string[]) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return {
    commit: git('rev-parse', 'HEAD').toString().trim(),
    /** Copies the files under `folder` at HEAD into `target`, keeping their paths (binary files byte for byte). */
    extract(folder: string, target: string) {
      const paths = git('ls-tree', '-r', '--name-only', 'HEAD', folder).toString().split('\n').filter(Boolean);
      for (const path of paths) {
        mkdirSync(dirname(join(target, path)), { recursive: true });
        writeFileSync(join(target, path), git('show', `HEAD:${path}`));
      }
      return paths;
    },
  };
};

/** Runs `work`, or gives up after `ms` (some calls wait for an event the stand-in never sends). */
export const within = <T>(ms: number, work: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work().then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error: unknown) => { clearTimeout(timer); reject(error instanceof Error ? error : new Error(String(error))); },
    );
  });
