// Types for scripts/ensure-chromium.mjs (plain JavaScript so `npm test` can run it before anything is compiled).
export declare const chromiumPath: string;
export declare const headlessShellPath: string;
export declare function ensureChromium(): string;
