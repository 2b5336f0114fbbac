import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts /proc/<pid>/stat's times in USER_HZ, 100 whatever the kernel's own tick. */
const TICKS_PER_SECOND = 100;

/**
 * One process's parent and CPU ticks (user + system) from /proc/<pid>/stat: its own, and its dead,
 * waited-for children's. Null where there is no such process (or no /proc).
 */
function readStat(pid: number): { parent: number; own: number; children: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces and end at the last ')'): the parent
    // is the 2nd, utime, stime, cutime and cstime the 12th–15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    return { parent: fields[1]!, own: fields[11]! + fields[12]!, children: fields[13]! + fields[14]! };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system, all threads) a process has used so far; null when it is gone. */
export function processCpuSeconds(pid: number | undefined): number | null {
  const stat = pid ? readStat(pid) : null;
  return stat && stat.own / TICKS_PER_SECOND;
}

/**
 * CPU seconds a process and every process below it have used (user + system, from /proc), or null
 * where there is no /proc or no such process. Each living process counts its own time and its dead,
 * waited-for children's, so nothing is counted twice: Chromium's renderers are the zygote's children,
 * not the browser's, and live until the browser closes. A step's own figures count only part of the
 * run's Chromium (its browser, GPU and utility processes, reaped when the share closes it; not its
 * renderers: #40.3, docs/testing.md "A slower machine"): the share's teardown reads the whole here first.
 */
export function processTreeCpuSeconds(pid: number | undefined): number | null {
  if (!pid || !readStat(pid)) return null;
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    ticks.set(Number(entry), stat.own + stat.children);
    const siblings = children.get(stat.parent);
    if (siblings) siblings.push(Number(entry));
    else children.set(stat.parent, [Number(entry)]);
  }
  let total = 0;
  for (const queue = [pid]; queue.length; ) {
    const next = queue.pop()!;
    total += ticks.get(next) ?? 0;
    queue.push(...(children.get(next) ?? []));
  }
  return total / TICKS_PER_SECOND;
}
