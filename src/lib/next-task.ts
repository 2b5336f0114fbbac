/**
 * Resolves in a new task (a zero timeout), after the browser has had its turn to paint and handle
 * input. Work started after the page is interactive awaits it between its steps, so each step is its
 * own task rather than one long one that blocks a tap (Lighthouse's TBT counts each task's part over
 * 50 ms; #40.2).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
