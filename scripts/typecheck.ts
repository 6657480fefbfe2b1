// Type-checks every workspace (each has its own tsconfig extending the strict root one) and the root scripts and tests,
// two compilers at a time: each is one thread, and the machine `npm test` must fit has two cores.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const projects = ['frontend', 'functions', 'infra', 'shared', '.'];

const check = (project: string) =>
  new Promise<boolean>((resolve) => {
    const tsc = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '--pretty', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    tsc.stdout.on('data', (chunk: Buffer) => (output += chunk));
    tsc.stderr.on('data', (chunk: Buffer) => (output += chunk));
    tsc.on('close', (code) => {
      // Printed whole when done, so two projects' errors never interleave.
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });

const queue = [...projects];
const results: boolean[] = [];
await Promise.all(
  Array.from({ length: Math.min(Math.max(availableParallelism(), 2), projects.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
