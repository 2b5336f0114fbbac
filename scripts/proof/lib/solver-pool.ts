import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { processCpuSeconds } from '../../../tests/helpers/process-cpu';

/**
 * Proof-of-work solvers in child processes, so solving never stalls the proof's own event loop (its
 * timings) and its CPU can be measured apart: each child reads one ALTCHA v2 challenge JSON per line
 * and writes the payload a page would send (altcha-lib's solver, node:crypto SHA-256). `nice` lowers
 * a pool's priority to stand for a client whose CPU is its own, not the server's.
 */
const SOLVER = `
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  const { id, challenge } = JSON.parse(line);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 600000 });
  const payload = solution ? Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64') : null;
  process.stdout.write(JSON.stringify({ id, payload }) + '\\n');
}
`;

interface Solver {
  child: ChildProcessWithoutNullStreams;
  busy: boolean;
}

export class SolverPool {
  private readonly solvers: Solver[] = [];
  private readonly pending = new Map<number, (payload: string | null) => void>();
  private readonly queue: { id: number; line: string }[] = [];
  private serial = 0;

  constructor(size: number, options: { nice?: number; cwd: string }) {
    for (let index = 0; index < size; index += 1) {
      const args = ['--input-type=module', '-e', SOLVER];
      const child = options.nice ? spawn('nice', ['-n', String(options.nice), process.execPath, ...args], { cwd: options.cwd }) : spawn(process.execPath, args, { cwd: options.cwd });
      const solver: Solver = { child, busy: false };
      createInterface({ input: child.stdout }).on('line', (line) => {
        const { id, payload } = JSON.parse(line) as { id: number; payload: string | null };
        solver.busy = false;
        this.pending.get(id)?.(payload);
        this.pending.delete(id);
        this.next();
      });
      child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      this.solvers.push(solver);
    }
  }

  /** Solves a challenge (the `challenge` of GET /greetings/work); null when it could not. */
  solve(challenge: unknown): Promise<string | null> {
    const id = (this.serial += 1);
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.queue.push({ id, line: `${JSON.stringify({ id, challenge })}\n` });
      this.next();
    });
  }

  private next(): void {
    for (const solver of this.solvers) {
      if (solver.busy) continue;
      const job = this.queue.shift();
      if (!job) return;
      solver.busy = true;
      solver.child.stdin.write(job.line);
    }
  }

  /** CPU seconds (user + system) the pool's processes have used, from /proc (Linux). */
  cpuSeconds(): number {
    let seconds = 0;
    for (const { child } of this.solvers) {
      seconds += processCpuSeconds(child.pid) ?? 0;
      // Under `nice`, the solver is nice's child (nice execs it, so it is the same pid).
    }
    return seconds;
  }

  close(): void {
    for (const { child } of this.solvers) child.kill();
    for (const resolve of this.pending.values()) resolve(null);
  }
}

