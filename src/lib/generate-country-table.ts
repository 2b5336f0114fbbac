/** `npm run generate:countries`: refreshes src/lib/generated/country-table.json (see country-table.source.ts). */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildCountryTable } from './country-table.source';

const path = join(dirname(new URL(import.meta.url).pathname), 'generated', 'country-table.json');
const data = buildCountryTable();
writeFileSync(path, `${JSON.stringify(data)}\n`);
console.log(`wrote ${path}: ${data.countries.length} countries, ${Object.keys(data.zoneAliases).length} zone aliases`);
