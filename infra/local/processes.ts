import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();

/** Ends every tracked child at once, without waiting: the stage's process is going, and they must not outlive it. */
const killRunning = () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
process.on('exit', killRunning);

/**
 * Tracks a stand-in's process (DynamoDB Local's JVM, cognito-local) so that it ends with this process however this
 * process ends: a stage stopped or killed while it was still starting (a test's deadline, Ctrl-C during start-up)
 * otherwise left its JVM running with no parent, holding its port and files.
 */
export const trackChild = <T extends ChildProcess>(child: T): T => {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
};

/**
 * Ends every tracked child and waits until each has exited, so that this process reaps them before it goes rather
 * than leave them to whoever adopts an orphan (pid 1 here never reaps one).
 */
export const stopTracked = async (graceMs = 2000) => {
  // Bounded: a child whose spawn failed may never emit 'exit'. One started meanwhile still goes with killRunning.
  const waited = new Promise((resolve) => setTimeout(resolve, graceMs + 1000));
  await Promise.race([Promise.all([...running].map((child) => stopChild(child, graceMs))), waited]);
};

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
