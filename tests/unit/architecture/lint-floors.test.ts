import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The floors' rule (issue #38.2, eslint.config.js): each import below is written into a file at the
 * named place (linted as text, no file is written) and must fail `import-x/no-restricted-paths`, in
 * every spelling TypeScript accepts with `moduleResolution: Bundler` — the './x.js' spelling of an
 * x.ts file included, which the node resolver could not resolve, so it passed every zone.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Only the zones: the cycle rule walks the whole graph and is not what this proves. */
const zonesOnly: Linter.Config = { rules: { 'import-x/no-cycle': 'off' } };

let eslint: ESLint | undefined;

async function zoneErrors(file: string, source: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root, overrideConfig: zonesOnly });
  const [result] = await eslint.lintText(source, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

const wrongWay: [where: string, source: string, says: string][] = [
  ['core/lint-fixture.ts', "export * from '../src/features/landing/signup.actors.js';", 'core/ imports nothing of ours'],
  ['machines/lint-fixture.ts', "export * from '../src/features/landing/signup.actors.js';", 'The charts import only core/'],
  ['server/lint-fixture.ts', "export * from '../src/platform/api-client.js';", 'The server imports only core/'],
  ['src/features/landing/lint-fixture.ts', "export * from '../../app/routes.js';", 'Features never import the composition root'],
  ['src/features/landing/lint-fixture.ts', "export * from '../../app/routes';", 'Features never import the composition root'],
  ['src/features/landing/lint-fixture.ts', "export * from '../account/AccountPage.js';", 'Features do not import each other'],
  ['src/platform/lint-fixture.ts', "export * from '../features/landing/SignupForm.js';", 'The platform sits below the features'],
  ['src/platform/lint-fixture.ts', "export * from '../app/address/start-app.ts';", 'The platform sits below the features'],
  ['src/ui/lint-fixture.ts', "export * from '../platform/api-client.js';", 'src/lib and the UI kit (src/ui) are the floor'],
  ['src/lib/lint-fixture.ts', "export * from '../features/charts/chart-model.js';", 'src/lib and the UI kit (src/ui) are the floor'],
];

describe('lint keeps the floors (import-x/no-restricted-paths, TypeScript resolver)', () => {
  // The first lint loads the config, the plugins and the resolver: slow on a busy machine.
  it.each(wrongWay)('%s: %s fails', { timeout: 120_000 }, async (where, source, says) => {
    const errors = await zoneErrors(where, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
  });

  it('lets the right way through: a feature on the platform, machines and the kit; the app on features', async () => {
    expect(await zoneErrors('src/features/landing/lint-fixture.ts', "export * from '../../platform/api-client.js';\nexport * from '../../../machines/signup.machine';\nexport * from '../../ui/Button';")).toEqual([]);
    expect(await zoneErrors('src/app/lint-fixture.ts', "export * from '../features/landing/SignupForm.js';\nexport * from '../platform/app-actor';")).toEqual([]);
  });

  it('was needed: the node resolver cannot resolve the .js spelling of a .ts file, the TypeScript resolver can', () => {
    // An import the resolver cannot resolve is no path in any zone: the node resolver let it through.
    const require = createRequire(import.meta.url);
    const importer = `${root}core/lint-fixture.ts`;
    const spelling = '../src/features/landing/signup.actors.js';
    const node = require('eslint-import-resolver-node') as { resolve: (source: string, file: string, options: object) => { found: boolean } };
    const typescript = require('eslint-import-resolver-typescript') as { resolve: (source: string, file: string, options: object) => { found: boolean; path?: string | null } };
    expect(node.resolve(spelling, importer, { extensions: ['.ts', '.tsx', '.js', '.mjs'] }).found).toBe(false);
    expect(typescript.resolve(spelling, importer, { project: `${root}tsconfig.json` })).toEqual({ found: true, path: `${root}src/features/landing/signup.actors.ts` });
  });
});

describe('lint finds a circle (import-x/no-cycle)', () => {
  it('an import back into a module that imports this one fails; the file as it is passes', { timeout: 120_000 }, async () => {
    // core/assurance.ts imports core/token-claims.ts: token-claims importing assurance closes a circle.
    const cycles = async (source: string) => {
      const linter = new ESLint({ cwd: root });
      const [result] = await linter.lintText(source, { filePath: `${root}core/token-claims.ts` });
      return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-cycle');
    };
    expect(await cycles("export * from './assurance';\n")).toHaveLength(1);
    expect(await cycles("export const nothing = 0;\n")).toEqual([]);
  });
});
