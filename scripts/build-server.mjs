// Bundles the server's TypeScript into dist/server (dependencies stay in node_modules).
import { readdirSync } from 'node:fs';
import { build } from 'esbuild';

const serverFiles = readdirSync('server', { recursive: true }).map((file) => `server/${file}`);
const entryPoints = [
  'server/server.ts',
  // Worker threads and command-line tools start from their own files.
  ...serverFiles.filter((file) => file.endsWith('.worker.ts') || /^server\/cli\/[^/]+\.ts$/.test(file)),
];

await build({
  entryPoints,
  outdir: 'dist/server',
  outbase: 'server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Code reached only through a dynamic import (the email domain lists, 2 MB) goes into a chunk of
  // its own, loaded on first use instead of held in memory with the server's source (#16).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
console.log(`server bundled: ${entryPoints.length} entry points → dist/server`);
