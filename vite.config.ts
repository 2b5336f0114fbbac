import { randomBytes } from 'node:crypto';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { amplitudeWithoutOptionalPlugins } from './scripts/vite-amplitude.ts';
import { flags } from './scripts/vite-flags.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { serverPrefixes } from './server/http/prefixes.ts';
import { replacesModules } from './tests/unit/replaces-modules.ts';
import { startTexts } from './scripts/vite-start-texts.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Server test files the Postgres pass would only repeat: they open no database, or always the
 * embedded one on disk (durability, the server process), whatever TEST_DATABASE says, or what they
 * check is the app's HTTP configuration alone (headers, timeouts, static files), which no query
 * decides. A file that touches transactions, locks, uniqueness, counters, concurrency or SQL stays
 * on both.
 */
const sameOnEveryDatabase = [
  'tests/server/greetings/greetings-engine.test.ts',
  'tests/server/greetings/voices-differ.test.ts',
  'tests/server/foundation/hit-counter-cap.test.ts',
  'tests/server/analytics/durability.test.ts',
  'tests/server/foundation/process.test.ts',
  // No database opened (#40.3).
  'tests/server/foundation/response-serializer.test.ts',
  'tests/server/foundation/lazy-child-logger.test.ts',
  'tests/server/foundation/plugin-graph.test.ts',
  'tests/server/auth/social-config.test.ts',
  'tests/server/greetings/prerendered-samples.test.ts',
  // The app on a database, but only its HTTP configuration checked (#40.3): security headers, the
  // server's timeouts, the built SPA's files and prerendered pages, the country from the shipped
  // address file behind trusted proxies.
  'tests/server/geo/country.test.ts',
  'tests/server/hardening/security-headers.test.ts',
  'tests/server/hardening/timeouts.test.ts',
  'tests/server/foundation/spa.test.ts',
  'tests/server/foundation/spa-prerendered.test.ts',
];

/** This run's prefix for the Postgres pass's databases (tests/server/postgres-run.ts drops what is left). */
const postgresRun = randomBytes(4).toString('hex');

const serverTests = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    exclude: database === 'postgres' ? sameOnEveryDatabase : [],
    environment: 'node' as const,
    env: { TEST_DATABASE: database, ...(database === 'postgres' ? { TEST_DATABASE_RUN: postgresRun } : {}) },
    ...(database === 'postgres' ? { globalSetup: ['tests/server/postgres-run.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file builds its own app on its own database, so files need not re-import the server's
    // modules (about a second each): the worker keeps them between files.
    isolate: false,
  },
});

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), flags(), startTexts(), amplitudeWithoutOptionalPlugins(), prerender(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Vite's own gzip of every file for its size table was ~1 CPU-s of each build and hundreds of
    // lines of flags; the bytes that count are measured as Chromium receives them (`npm run budget`).
    reportCompressedSize: false,
    rolldownOptions: {
      treeshake: {
        // The contracts only define schemas and constants. Declared free of side effects, a module
        // behind a barrel (signup.ts → signup-forms.ts) is left out of a chunk whose importers use
        // none of its exports: a landing page that parses its search params does not download the
        // form schemas, zod's chained API and the phone metadata (npm run budget holds this). Other
        // modules keep the default (package.json `sideEffects`, else assume side effects).
        moduleSideEffects: (id) => (/\/core\/contracts\/[^/]+\.ts$/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // Everything the entry imports statically (react-dom, i18next, xstate, the app chart, the
          // shell) in the entry chunk: left to itself, Rolldown split it into ~12 chunks by which
          // lazy pages share each module, all loaded before the first render anyway, each costing its
          // own request and compressing alone (~6.5 KB more on the start page, #16).
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // What every measured page loads before its first render anyway, though no entry module
            // imports it: Rolldown's runtime, the session chart (with who is signed in and the token
            // reader), the API client with the person's two reads and the three UI primitives. As their own chunks they cost eight
            // requests, each compressing alone (~1.1-1.4 KB on every page, npm run budget); in one chunk
            // they cost bytes only. (A group takes its modules' own imports with it: keep each to what
            // its pages all load, or the others pay for it.)
            { name: 'first-render', test: /(rolldown\/runtime|\/(src\/platform\/session\/(session|user-change)|machines\/(session\.(machine|actors)|delay-schedule)|core\/token-claims|src\/platform\/(api-client|person-reads)|src\/ui\/(Field|Card|Alert))\.tsx?$)/ },
            // The code sends' small parts the sign-up forms and the sign-in page all load on their first
            // render (the code entry's, the code send's, the captcha's and the provider buttons' lazy doors,
            // the checking status): one request.
            { name: 'code-send', test: /\/src\/platform\/(verification\/(CaptchaStatus|captcha\.lazy|CodeEntry\.lazy|otp\.lazy)|social\/SocialSignIn\.lazy)\.tsx?$/ },
            // The signed-in parts the sign-in page and the paywall both load on their first render (the
            // second step's door, who the analytics call you, sign-out, the email address check).
            { name: 'signed-in-parts', test: /\/(src\/platform\/verification\/SecondStep\.lazy|src\/platform\/analytics\/identity|src\/platform\/session\/sign-out|core\/email\/email-address|core\/passkeys)\.tsx?$/ },
            // The phone field with its form habit and the lazy doors it opens on intent (the formatter,
            // the form schemas; the country popup is a door of its own, PhoneField.tsx): start, form, email-form, demo and sign-in load all of it on their first
            // render (#40: three requests, each compressing alone, were ~0.4 KB more).
            { name: 'phone-field', test: /\/(src\/ui\/phone-input\/(PhoneField|use-phone-number|flags|phone-format\.lazy)|src\/lib\/form\/(form|use-form)|core\/contracts\/signup\.lazy)\.tsx?$/ },
            // The landing pages' frame and their address's prefill (start, form, email-form, demo).
            { name: 'landing-parts', test: /\/(src\/features\/landing\/LandingLayout|core\/contracts\/landing-search|core\/phone\/prefill)\.tsx?$/ },
            // The sign-up form and its chart: start, form and email-form, which load both on their first
            // render (the phone field, the code send and the frame are in the groups above, so the pages
            // without the form do not download it).
            { name: 'SignupForm', test: /\/(src\/features\/landing\/(SignupForm|SignupFields|SignupNotices|use-signup-form|signup\.actors)|src\/platform\/email-kind\.lazy|machines\/signup\.(machine|actors))\.tsx?$/ },
            // TanStack Query whole, with the person's queries and the cache: every page that reads server
            // data (account, paywall, success) renders with useQuery, and the account page's reads, started
            // with its code (src/features/account/account-reads.ts), need the rest of it. Left to
            // itself Rolldown cut useQuery off into one more request on the paywall (+0.9 KB).
            { name: 'person-queries', test: /\/(node_modules\/@tanstack\/(query-core|react-query)\/.*|src\/platform\/(person-queries|query-cache)\.ts)$/ },
            // The account page's small first-render parts besides its own chunk: the starter of its reads,
            // the button link and the refused check's card. One request instead of three: served over
            // HTTP/1.1 (six connections), each small chunk was a round trip in the queue that the page's
            // reads waited behind (#40.2). No landing page nor the paywall loads them on first render;
            // the failure page and the funnel's later steps, which load the other two, load the reads'
            // starter too (~0.5 KB).
            { name: 'account-parts', test: /\/(src\/features\/account\/account-reads|src\/platform\/(IntentButtonLink|session\/RefusedCheck))\.tsx?$/ },
            // The greeting builder's page and its chart: loaded together, as one request.
            { name: 'VoiceGeneratorPage', test: /\/(machines\/generator\.(machine|actors)|src\/features\/voice-generator\/[^/]+)\.tsx?$/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // In development Vite serves the SPA with hot reload and hands every server path to the API. The
    // dev outbox and the team's pages answer only local requests without forwarding headers
    // (server/http/local-only.ts), so Vite (on loopback) passes those two without X-Forwarded-*.
    proxy: Object.fromEntries(serverPrefixes.map((prefix) => [prefix, { target: `http://127.0.0.1:${apiPort}`, xfwd: prefix !== '/dev' && prefix !== '/admin' }])),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: replacesModules,
          environment: 'node',
          // Files share one module registry (xstate, zod, i18next and the app's modules imported once per
          // worker, not once per file: importing was ~70 % of this project's time). The files that
          // replace modules or globals run apart, below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: replacesModules, environment: 'node' },
      },
      serverTests('server', 'pglite'),
      ...(withPostgres ? [serverTests('server-postgres', 'postgres')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One browser and one server for the whole run; files share them, so run files one by one.
          fileParallelism: false,
          // Files share one module registry (playwright-core, the charts, the helpers imported once per
          // run, not once per file: 41 s for 8 files under load, #40.3). No browser file replaces a
          // module or a global or writes process.env; what the helpers keep between files is counters
          // that make names unique and caches of files they read.
          isolate: false,
          // In CI a browser test that fails is run once more before it counts: at the end of stop 24 two
          // integrated runs each had a different timing failure (landing's repeat sign-up, a session
          // path) that passes alone. A debt, not a fix: the closing note of stop 24 names them.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
