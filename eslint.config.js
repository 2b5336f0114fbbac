import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importPlugin from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The SPA's floors (issue #38.2, docs/architecture.md), each importing only the floors below it:
 * src/lib and src/ui (the kit) <- src/platform (session, verification, analytics, live state, the
 * api client: what features stand on) <- src/features/<page> <- src/app (the composition root:
 * routes, App, the app chart's start, the shell). Features do not import each other either: what
 * they share belongs in core/, machines/, src/ui, src/lib or src/platform. One zone per feature
 * folder, so a new feature is held to it too.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: `Features do not import each other: what ${feature} shares with another feature belongs in core/, machines/, src/ui, src/lib or src/platform.`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importPlugin },
    settings: {
      // The TypeScript resolver reads tsconfig (moduleResolution: Bundler), so every spelling the
      // compiler accepts ('./x', './x.js', './x.ts') resolves to the file, and the zones below see it.
      // The node resolver left './x.js' for x.ts unresolved: such an import passed every zone.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Cycles only matter in our own code; parsing bundled dependencies is slow and can overflow.
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Architecture kept by lint: no cycles; the SPA never reaches into the server.
      'import-x/no-cycle': ['error', { maxDepth: 10, allowUnsafeDynamicCyclicDependency: false }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // The hooks' rules (the React Compiler's analysis among them) where components and hooks live:
    // run on the server, the scripts and the tests too, they were a fifth of lint's time for nothing.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Imports run one way (docs/architecture.md): core <- machines <- SPA, core <- server. A wrong-way
    // import fails lint, so a rule moved into core/ stays there.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './core', from: ['./src', './machines', './server', './scripts', './tests'], message: 'core/ imports nothing of ours: browser, charts and server import it, never the reverse.' },
            { target: './machines', from: ['./src', './server'], message: 'The charts import only core/ and each other (the SPA provides real actors with .provide()).' },
            { target: './server', from: ['./src', './machines'], message: 'The server imports only core/ (schemas, routes, rules), never the SPA or the charts.' },
            { target: './src', from: ['./server'], message: 'The SPA never imports server code; shared payloads live in core/contracts.' },
            { target: ['./src/lib', './src/ui'], from: ['./src/features', './src/platform', './src/app'], message: 'src/lib and the UI kit (src/ui) are the floor: they import nothing of the platform, the features or the app.' },
            { target: './src/platform', from: ['./src/features', './src/app'], message: 'The platform sits below the features and the composition root: it imports neither (a feature the platform needs is provided by src/app).' },
            { target: './src/features', from: './src/app', message: 'Features never import the composition root (src/app): what they need from below lives in src/platform.' },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // Functions stay short enough to read at once (#27.4): a component's parts become named
    // components, its state logic a use-*.ts hook, a route plugin's handlers named functions.
    // Blank lines and comments do not count. Tests and scripts are not held to it.
    files: ['core/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'machines/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Every move inside the app goes through the app chart (#28.4): an app page is reached with the
    // app's link (src/platform/IntentLink.tsx), never a plain <a> or src/ui's ButtonLink, which reload the
    // document. Caught: an address written as '/…' or built from the paths table.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "> Literal[value=/^\\//]",
          "> JSXExpressionContainer > Literal[value=/^\\//]",
          "TemplateLiteral > TemplateElement:first-child[value.raw=/^\\//]",
          "MemberExpression[object.name='paths']",
        ].map((href) => ({
          selector: `JSXOpeningElement[name.name=/^(a|ButtonLink)$/] > JSXAttribute[name.name='href'] ${href}`,
          message: "An app page is reached through the app chart: use IntentLink or IntentButtonLink (src/platform/), not a plain <a> that reloads the document.",
        })),
      ],
    },
  },
);
