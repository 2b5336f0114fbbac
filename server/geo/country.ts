import { BlockList, isIP } from 'node:net';

/**
 * IP → ISO 3166-1 alpha-2 country, from the GeoLite2 country database that the `geoip-country`
 * npm package ships (loaded on first use, ~7 MB in memory, no download at run time).
 */

/** What /geo/country answers when an address cannot have a country (private, loopback, unknown). */
export const UNKNOWN_COUNTRY = 'XX';

// Addresses that never appear in a geolocation database: loopback, private, link-local, CGNAT,
// unique-local IPv6, documentation and unspecified ranges.
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** Strips an IPv4-mapped IPv6 prefix (::ffff:1.2.3.4 → 1.2.3.4). */
function unmap(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isPublicIp(raw: string): boolean {
  const ip = unmap(raw.trim());
  const version = isIP(ip);
  if (version === 0) return false;
  return !nonPublic.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}

type Lookup = (ip: string) => { country: string } | null;
let lookupPromise: Promise<(raw: string) => string | null> | undefined;

/**
 * The one IP → country lookup (the geo capability's), loaded on first use: the database is read as
 * the module loads. Resolves to a synchronous lookup for callers that ask many times.
 */
export function loadCountryLookup(): Promise<(raw: string) => string | null> {
  lookupPromise ??= import('geoip-country').then((module) => {
    const lookup: Lookup = (ip) => module.default.lookup(ip);
    return (raw: string) => {
      const ip = unmap(raw.trim());
      if (!isPublicIp(ip)) return null;
      const country = lookup(ip)?.country;
      return country && /^[A-Z]{2}$/.test(country) ? country : null;
    };
  });
  return lookupPromise;
}

/** The country of a public address, or null (private, malformed, or not in the database). */
export async function countryForIp(raw: string): Promise<string | null> {
  return (await loadCountryLookup())(raw);
}
