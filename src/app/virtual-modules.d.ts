/** Written by scripts/vite-start-texts.ts: one loader per language and set of start-up namespaces. */
declare module 'virtual:start-texts' {
  export const startTextLoaders: Record<string, (() => Promise<{ default: Record<string, Record<string, unknown>> }>) | undefined>;
}
