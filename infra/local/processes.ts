import type { ChildProcess } from 'node:child_process';

/** Ends a child process and waits for it; escalates to SIGKILL if it ignores SIGTERM. */
export const stopChild = (child: ChildProcess, graceMs = 5000) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
