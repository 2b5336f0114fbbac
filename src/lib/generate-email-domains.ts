/** `npm run generate:email-domains`: refreshes core/email/generated/email-domains.json (see email-domains.source.ts). */
import { writeFileSync } from 'node:fs';
import { buildEmailDomainData, generatedEmailDomainsPath, generatedFreeMailPath } from './email-domains.source';

const data = buildEmailDomainData();
writeFileSync(generatedEmailDomainsPath, `${JSON.stringify(data)}\n`);
writeFileSync(generatedFreeMailPath, `${data.free}\n`);
console.log(`wrote ${generatedEmailDomainsPath}: ${data.free.split('\n').length} free, ${data.disposable.split('\n').length} disposable domains`);
