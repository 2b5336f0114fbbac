/** Where the country flags are served (scripts/vite-flags.ts writes them there): `/flags/<code>.svg`. */
export const FLAGS_PATH = '/flags/';

/** The address of a country's flag image (two-letter code, any case). */
export function flagSrc(code: string): string {
  return `${FLAGS_PATH}${code.toLowerCase()}.svg`;
}
