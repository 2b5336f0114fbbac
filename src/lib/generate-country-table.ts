/**
 * `npm run generate:countries`: refreshes src/lib/generated/country-table.json, country-zones.json
 * and zone-aliases.json (see country-table.source.ts).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildCountryTable, buildCountryZones, buildZoneAliases } from './country-table.source';

const dir = join(dirname(new URL(import.meta.url).pathname), 'generated');
const table = buildCountryTable();
writeFileSync(join(dir, 'country-table.json'), `${JSON.stringify(table)}\n`);
writeFileSync(join(dir, 'country-zones.json'), `${JSON.stringify(buildCountryZones())}\n`);
const aliases = buildZoneAliases();
writeFileSync(join(dir, 'zone-aliases.json'), `${JSON.stringify(aliases)}\n`);
console.log(`wrote ${dir}: ${table.countries.length} countries, ${Object.keys(aliases).length} zone aliases`);
