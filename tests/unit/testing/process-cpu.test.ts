import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { processCpuSeconds, processTreeCpuSeconds } from '../../helpers/process-cpu';

// Spins until it has used 0.3 s of CPU (not of wall: the machine may be loaded).
const spin = 'while (process.cpuUsage().user < 300_000);';

describe.runIf(existsSync('/proc/self/stat'))('processTreeCpuSeconds (the shared Chromium’s CPU, docs/testing.md)', () => {
  it('counts the children a process has waited for', () => {
    const before = processTreeCpuSeconds(process.pid)!;
    expect(before).toBeGreaterThan(0);
    spawnSync(process.execPath, ['-e', spin]);
    expect(processTreeCpuSeconds(process.pid)! - before).toBeGreaterThanOrEqual(0.2);
  });

  it('counts a living grandchild’s time under the process (as Chromium’s renderers under its zygote)', async () => {
    // A child that starts a grandchild which spins, then stays alive; neither has exited when read.
    const child = spawn(process.execPath, ['-e', `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(`${spin} setInterval(() => {}, 1000);`)}], { stdio: 'inherit' }); setInterval(() => {}, 1000);`], { stdio: 'ignore', detached: true });
    try {
      await expect.poll(() => processTreeCpuSeconds(child.pid), { timeout: 30_000 }).toBeGreaterThanOrEqual(0.3);
    } finally {
      // Detached, the child leads its own process group, which the grandchild joined: both end here.
      process.kill(-child.pid!, 'SIGKILL');
    }
  });

  it('reads a process’s own CPU apart from its children’s', () => {
    const own = processCpuSeconds(process.pid)!;
    expect(own).toBeGreaterThan(0);
    expect(own).toBeLessThanOrEqual(processTreeCpuSeconds(process.pid)!);
  });

  it('says null for no process', () => {
    expect(processCpuSeconds(undefined)).toBeNull();
    expect(processCpuSeconds(2 ** 30)).toBeNull();
    expect(processTreeCpuSeconds(undefined)).toBeNull();
    expect(processTreeCpuSeconds(2 ** 30)).toBeNull();
  });
});
