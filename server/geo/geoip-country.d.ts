// geoip-country ships no types; this is the part of its API the geo capability uses.
declare module 'geoip-country' {
  interface GeoCountry {
    country: string;
    name: string;
    continent: string;
    currency: string[];
  }
  const geoip: { lookup(ip: string | number): GeoCountry | null };
  export default geoip;
}
