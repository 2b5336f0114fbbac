// `npm test`: every check the project has, in order of speed, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const run = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
};

const bin = (name) => `node_modules/.bin/${name}`;

run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('lint', bin('eslint'), ['--max-warnings=0', '.']);
ensureChromium();
if (process.env.TEST_DATABASE_URL) console.log(`\nDatabase-backed tests also run against ${new URL(process.env.TEST_DATABASE_URL).host}`);
run('unit, server and browser tests', bin('vitest'), ['run', ...process.argv.slice(2)]);
