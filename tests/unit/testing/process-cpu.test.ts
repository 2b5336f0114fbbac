import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { processCpuSeconds } from '../../helpers/process-cpu';

describe.runIf(existsSync('/proc/self/stat'))('processCpuSeconds (the shared Chromium’s CPU, docs/testing.md)', () => {
  it('counts a process’s own CPU and grows with the children it has waited for', () => {
    const before = processCpuSeconds(process.pid);
    expect(before).toBeGreaterThan(0);
    // A child that spins until it has used 0.3 s of CPU (not of wall: a loaded machine), waited for: its time joins ours (cutime).
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);']);
    expect(processCpuSeconds(process.pid)! - before!).toBeGreaterThanOrEqual(0.2);
  });

  it('says null for no process', () => {
    expect(processCpuSeconds(undefined)).toBeNull();
    expect(processCpuSeconds(2 ** 30)).toBeNull();
  });
});
