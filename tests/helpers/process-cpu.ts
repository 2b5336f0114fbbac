import { readFileSync } from 'node:fs';

/**
 * CPU seconds a process has used, with the children it has waited for (user + system, from
 * /proc/<pid>/stat), or null where there is no /proc. The run's Chromium is reaped by init when a
 * browser share's Vitest exits, so `time` and the step's own figures never count it (#40.3,
 * docs/testing.md "Where the CPU goes"): its teardown reads it here first.
 */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are the 12th–15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    // USER_HZ is 100 on Linux whatever the kernel's own tick.
    return ticks / 100;
  } catch {
    return null;
  }
}
