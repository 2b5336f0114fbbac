/**
 * Command-line and environment options every proof script shares. `--short` (or PROOF_SHORT=1) is
 * the CI size: each script keeps its short run under a minute on a 2-core machine.
 */
export const short = process.argv.includes('--short') || ['1', 'true', 'yes'].includes(process.env.PROOF_SHORT ?? '');

/** A whole number from the environment, or the short/full default. */
export function sized(name: string, fullValue: number, shortValue: number): number {
  const given = Number(process.env[name]);
  return Number.isFinite(given) && given > 0 ? Math.floor(given) : short ? shortValue : fullValue;
}

/**
 * The fast-check seed: printed by every run so a failure can be replayed with PROOF_SEED. The short
 * run (CI) uses a fixed one, so it asks the same questions every time; the full run a new one.
 */
export const seed = process.env.PROOF_SEED && Number.isFinite(Number(process.env.PROOF_SEED)) ? Number(process.env.PROOF_SEED) : short ? 20_260_112 : Date.now() % 2 ** 31;

/** `--only=pglite` / `--only=postgres` (or PROOF_ONLY) runs one database. */
export const only = (process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? process.env.PROOF_ONLY ?? '').trim();
