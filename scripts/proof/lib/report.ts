/** Plain-text tables and the final verdict line the proof scripts print. */

export type Cell = string | number;

export function table(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : cell)));
  const widths = headers.map((header, index) => Math.max(header.length, ...text.map((row) => String(row[index] ?? '').length)));
  const numeric = headers.map((_, index) => rows.every((row) => typeof row[index] === 'number'));
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (numeric[index] ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '─'.repeat(width)).join('  '), ...text.map((row) => line(row.map(String)))].join('\n');
}

export function heading(text: string): void {
  console.log(`\n== ${text} ==`);
}

/** Prints the goal figures and exits non-zero when any of them missed. */
export function verdict(name: string, failures: string[]): never {
  if (failures.length === 0) {
    console.log(`\n✔ ${name}: every goal figure met`);
    process.exit(0);
  }
  console.log(`\n✖ ${name}: ${failures.length} goal figure(s) missed`);
  for (const failure of failures) console.log(`  - ${failure}`);
  process.exit(1);
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The table of a proof's findings: a row per name, a column per arrangement ('—' where one has none). */
export function printMatrix(columns: Array<{ label: string; cells: Record<string, Cell> }>): void {
  const names = [...new Set(columns.flatMap((column) => Object.keys(column.cells)))];
  console.log(`\n${table(['attack', ...columns.map((column) => column.label)], names.map((name) => [name, ...columns.map((column) => column.cells[name] ?? '—')]))}`);
}

/** One attack tried and what the attacker got; `gained` (a session, an account, a redirect off the site) misses the goal. */
export interface AttackCase {
  attack: string;
  got: string;
  gained: boolean;
}

/** The table of the attack cases per arrangement, then the verdict: any case where the attacker gained something fails. */
export function attackVerdict(name: string, columns: Array<{ label: string; result: AttackCase[] }>): never {
  printMatrix(columns.map((column) => ({ label: column.label, cells: Object.fromEntries(column.result.map((entry) => [entry.attack, entry.got])) })));
  return verdict(
    name,
    columns.flatMap((column) => column.result.filter((entry) => entry.gained).map((entry) => `${column.label}: "${entry.attack}" gave the attacker ${entry.got}`)),
  );
}
