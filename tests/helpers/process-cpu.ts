import { readdirSync, readFileSync } from 'node:fs';

/** One process's parent and its CPU ticks: its own and its waited-for children's (utime, stime, cutime, cstime). */
function readStat(pid: string): { parent: number; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: the parent is the 2nd, the times the 12th–15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), ticks: [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds a process and every process below it have used (user + system, from /proc), or null
 * where there is no /proc or no such process. Each living process counts its own time and its dead,
 * waited-for children's, so nothing is counted twice: Chromium's renderers are the zygote's children,
 * not the browser's, and live until the browser closes. The run's Chromium is reaped by init when a
 * browser share's Vitest exits, so neither `time` nor the step's own figures count it (#40.3,
 * docs/testing.md "Where the CPU goes"): the share's teardown reads it here first.
 */
export function processTreeCpuSeconds(pid: number | undefined): number | null {
  if (!pid || !readStat(String(pid))) return null;
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (!stat) continue;
    ticks.set(Number(entry), stat.ticks);
    children.set(stat.parent, [...(children.get(stat.parent) ?? []), Number(entry)]);
  }
  let total = 0;
  for (const queue = [pid]; queue.length; ) {
    const next = queue.pop()!;
    total += ticks.get(next) ?? 0;
    queue.push(...(children.get(next) ?? []));
  }
  // USER_HZ is 100 on Linux whatever the kernel's own tick.
  return total / 100;
}
