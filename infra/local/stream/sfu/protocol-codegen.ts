import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stream's SFU protocol as TypeScript: the .proto files of GetStream/protocol kept in proto/, turned into protobuf-ts
 * messages in generated/ by `buf generate` with `@protobuf-ts/plugin` (both dev dependencies, so it runs offline).
 * `npm run generate:sfu-protocol` rewrites generated/ after a .proto changes; never edit generated/ by hand.
 */
const sfuDir = import.meta.dirname;
const bin = join(sfuDir, '../../../../node_modules/.bin');

/** Generates into `<baseDir>/generated` (buf.gen.yaml's `out`), by default the one the stand-in imports. */
export const generateSfuProtocol = (baseDir = sfuDir) => {
  rmSync(join(baseDir, 'generated'), { recursive: true, force: true });
  // buf finds the plugin (`local: protoc-gen-ts`) on the PATH.
  execFileSync(join(bin, 'buf'), ['generate', 'proto', '--template', 'proto/buf.gen.yaml', '-o', baseDir], {
    cwd: sfuDir,
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return join(baseDir, 'generated');
};

/** Every file under `dir`, by its path inside it, with its text. */
export const filesUnder = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(dir, path).split('\\').join('/'), readFileSync(path, 'utf8')] as const;
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );

export const committedProtocolDir = join(sfuDir, 'generated');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`generated ${relative(process.cwd(), generateSfuProtocol())}`);
}
