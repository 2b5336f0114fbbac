/**
 * A week of sign-up traffic posted through the product's own analytics ingest (POST
 * /analytics/2/httpapi of a running server, with the api key its /config.json publishes), so the
 * rollup the funnel reads is kept by the ingest itself. Used for the funnel view's screenshots
 * (docs/screens/funnel-view-*.png) and by hand:
 *
 *   npx tsx scripts/data/seed-funnel-week.ts [http://127.0.0.1:3000] [people=1400]
 *
 * The visitors are drawn from a seeded random sequence, so two runs post the same week (a second run
 * against the same server adds nothing: the insert ids repeat).
 */
import { journey } from '../../tests/server/analytics/journey';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const people = Number(process.argv[3] ?? 1400);

/** Chance to go on from each step to the next (visitors → code verified … trial → finished). */
const goOn = [0.34, 0.93, 0.9, 0.86, 0.82, 0.74, 0.38, 0.96];
const landings = [
  ['start', 0.5],
  ['form', 0.2],
  ['demo', 0.2],
  ['email-form', 0.1],
] as const;
const sources = [
  ['google', 0.45],
  ['newsletter', 0.15],
  ['linkedin', 0.15],
  [null, 0.25],
] as const;

/** mulberry32: a small seeded generator, the same sequence every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(choices: readonly (readonly [T, number])[], roll: number): T {
  let sum = 0;
  for (const [value, weight] of choices) {
    sum += weight;
    if (roll < sum) return value;
  }
  return choices.at(-1)![0];
}

function week(now: number): Record<string, unknown>[] {
  const next = random(20261127);
  const events: Record<string, unknown>[] = [];
  for (let person = 0; person < people; person += 1) {
    const device = `seed-week-${person}`;
    const lng = next() < 0.62 ? 'en' : 'fr';
    const landing = pick(landings, next());
    const source = pick(sources, next());
    // French visitors from the newsletter convert better; the demo page brings people ready to buy.
    const boost = (lng === 'fr' && source === 'newsletter' ? 0.06 : 0) + (landing === 'demo' ? 0.05 : 0);
    let depth = 1;
    while (depth < journey.length && next() < Math.min(0.98, goOn[depth - 1]! + boost)) depth += 1;
    // Within the last 6 days and a few hours, so the view's default period (the last 7 days) holds all of it.
    const start = now - Math.floor(next() * 6 * 86_400_000) - 3_600_000;
    // A third of sign-ups proved their phone with the sign-up code: verify-phone is skipped, not viewed.
    const phoneSignup = next() < 0.33;
    journey.slice(0, depth).forEach(([eventType, step], index) => {
      const skipped = phoneSignup && step === 'verify-phone';
      events.push({
        event_type: skipped ? 'onboarding step skipped' : eventType,
        device_id: device,
        time: Math.min(now - 60_000, start + index * 90_000),
        insert_id: `${device}-${index}`,
        event_properties: { lng, landing, ...(source ? { utm_source: source } : {}), ...(step ? { step } : {}), ...(skipped ? { reason: 'already-satisfied' } : {}) },
      });
    });
  }
  return events;
}

async function main(): Promise<void> {
  const config = (await (await fetch(`${base}/config.json`)).json()) as { analytics: { serverUrl: string; apiKey: string } };
  const events = week(Date.now());
  for (let offset = 0; offset < events.length; offset += 500) {
    const response = await fetch(`${base}/analytics/2/httpapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: config.analytics.apiKey, events: events.slice(offset, offset + 500) }),
    });
    if (!response.ok) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
  }
  console.log(`posted ${events.length} events for ${people} visitors over the last 7 days to ${base}`);
}

await main();
