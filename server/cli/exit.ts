/**
 * Ends a command-line tool with `code` once everything it wrote to stdout and stderr has been handed
 * to the operating system. Node writes to a pipe only what the pipe takes at once and queues the
 * rest, which process.exit() drops: `kyc-admin list --json | …` stopped at 128 KB of 1.1 MB (#29).
 * A write's callback runs after every earlier write on that stream, so the empty writes mark the end.
 */
export function writeAndExit(code: number): void {
  let pending = 2;
  const done = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}
