// CPU time by process, from /proc (Linux): where a load's CPU goes when the local stage, DynamoDB Local and the
// load generator share the machine's cores.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { round } from '../stats';

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user and system, every thread) the process has used so far. */
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
};

/** The pid of `parent`'s child process named `command` (DynamoDB Local's `java` under the stage's process). */
export const childPid = (parent: number, command: string) => {
  const rows = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(parent)], { encoding: 'utf8' }).split('\n');
  const row = rows.find((line) => line.trim().endsWith(` ${command}`));
  if (!row) throw new Error(`No ${command} process under ${parent}`);
  return Number(row.trim().split(/\s+/)[0]);
};

/**
 * Runs `load` and returns its figures with the CPU milliseconds each named process, and this one, spent per request.
 * Their sum against the cores there are is the floor of the load's throughput once the machine is busy.
 */
export const cpuPerRequest = async <T extends { requests: number }>(processes: Record<string, number>, load: () => Promise<T>) => {
  const before = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const own = process.cpuUsage();
  const figures = await load();
  const ownUsed = process.cpuUsage(own);
  const perRequest = (seconds: number) => round((seconds * 1000) / Math.max(1, figures.requests), 3);
  const cpuMs: Record<string, number> = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, perRequest(cpuSeconds(pid) - before[name]!)]));
  cpuMs.benchProcess = perRequest((ownUsed.user + ownUsed.system) / 1e6);
  const total = round(Object.values(cpuMs).reduce((sum, value) => sum + value, 0), 3);
  return { figures, cpuMs: { ...cpuMs, total } };
};

/**
 * CPU seconds this process's children have used, those that have ended and been waited for (utime and stime of
 * its ended children: fields 16 and 17 of /proc/self/stat).
 */
export const childrenCpuSeconds = () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
};
