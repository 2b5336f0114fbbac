import aliases from './generated/zone-aliases.json';

/**
 * Legacy IANA zone names and their current ones (SPEC §3: "a few legacy names mapped to current
 * ones"), generated with the country table (country-table.source.ts). Chromium still reports some
 * legacy names (Asia/Calcutta) as the browser's zone; /demo shows and sends the current one.
 */
const zoneAliases: Record<string, string> = aliases;

/** Maps a legacy zone name to its current one (Asia/Calcutta → Asia/Kolkata); others are returned as given. */
export function currentTimeZone(zone: string): string {
  return zoneAliases[zone] ?? zone;
}
