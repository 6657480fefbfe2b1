// Type-checks every workspace (each has its own tsconfig extending the strict root one) and the root scripts and tests.
import { execFileSync } from 'node:child_process';

const projects = ['shared', 'functions', 'infra', 'frontend', '.'];
let failed = false;
for (const project of projects) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
