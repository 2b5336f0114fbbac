import { generatorModel } from '../../unit/greetings/generator-model';
import { failOnce, networkFailure, param, rolesByType, type ChartAdapter, type PathRun } from './adapter';

/**
 * The voice generator (/voice-generator), desktop layout. The page's own controls are found by what
 * does not change with the language (the path may switch to French): roles, names of fields, the
 * language link's hreflang.
 */

type Run = PathRun<null>;

const voiceButton = (run: Run) => run.page.locator('button[aria-haspopup="menu"]');
const sampleButton = (run: Run) => run.page.locator('form button[aria-pressed]');

export const generatorAdapter: ChartAdapter<null> = {
  chart: 'generator',
  title: 'generator',
  model: generatorModel,
  maxLength: 40,
  roleOf: rolesByType<null>({
    'menu.toggled': { role: 'user', act: (run) => voiceButton(run).click() },
    'menu.closed': { role: 'user', act: (run) => run.page.getByRole('menu').press('Escape') },
    'voice.selected': {
      role: 'user',
      act: async (run, event) => {
        const voice = param(event, 'voice');
        if ((await voiceButton(run).getAttribute('aria-expanded')) === 'true') {
          await run.page.getByRole('menuitemradio', { name: new RegExp(`^${voice}\\b`, 'i') }).click();
        } else {
          // With the menu closed the voice comes from the phones' native select (hidden at this width).
          await run.page.locator('form select').selectOption(voice, { force: true });
        }
      },
    },
    'sample.toggled': { role: 'user', act: (run) => sampleButton(run).click() },
    // The browser starts the real sample from the server at once.
    'sample.playing': { role: 'answer' },
    // A sample lasts seconds: the test moves the playing sample to its end instead of waiting.
    'sample.ended': {
      role: 'later',
      act: (run) =>
        run.page.evaluate(() => {
          const audio = (window as unknown as { __pathsAudio?: HTMLAudioElement }).__pathsAudio;
          if (!audio || !Number.isFinite(audio.duration)) throw new Error('no sample playing');
          audio.currentTime = audio.duration;
        }),
    },
    // The sample's download failing as it starts (the connection drops): the player reports an error.
    'sample.failed': {
      role: 'failure',
      why: 'the sample file failing to download',
      arm: (run) => failOnce(run, { url: /\/greetings\/voices\/\w+\/sample\.mp3/, method: 'GET' }, networkFailure),
    },
    'text.changed': { role: 'user', act: (run, event) => run.page.locator('form textarea').fill(param(event, 'text')) },
    'field.changed': {
      role: 'user',
      act: (run, event) => {
        return run.page.locator(`form input[name="${param(event, 'field')}"]`).fill(param(event, 'value'));
      },
    },
    'script.shuffled': { role: 'user', act: (run) => run.page.locator('form button[title]').click() },
    // The shell's language link: a move to /fr/voice-generator within the page. The model switches
    // to French each time; on a French page the way to take the same transitions is back to English.
    'language.changed': { role: 'user', act: (run) => run.page.locator('header a[hreflang]').first().click() },
    'greeting.submitted': { role: 'user', act: (run) => run.page.locator('form button[type="submit"]').click() },
    // The proof of work (#34.2): on this quiet test server the builder asks none, so a failed proof and a
    // renewal are the server tests' (tests/server/greetings/greetings-proof-of-work.test.ts) and the
    // chart's unit tests', not a browser path's.
    'xstate.done.actor.proveGreeting': { role: 'undriven', why: 'the builder asks for work only under pressure; the chart and server tests drive it' },
    'xstate.error.actor.proveGreeting': { role: 'undriven', why: 'the builder asks for work only under pressure; the chart and server tests drive it' },
    'proof.renew': { role: 'undriven', why: 'raised when the builder asks for more work (a 429 under pressure); the chart and server tests drive it' },
    // The real greeting service synthesizes it.
    'xstate.done.actor.fetchGreeting': { role: 'answer' },
    // The greeting builder busy (its 503 when every synthesis thread is taken: server/greetings/greeting-request.ts).
    // With the page's proof in the making, a failed greeting waits for the proof (the chart's unit tests
    // drive the busy and budget refusals, tests/e2e/voice-generator.test.ts the page's messages).
    'xstate.error.actor.fetchGreeting': { role: 'undriven', why: 'with a proof in the making the chart waits for it; unit and page tests drive the refusals' },
  }),
  allow: (snapshot, event) => {
    // The sample's download fails as it starts: while it is loading, not once it plays.
    if (event.type === 'sample.failed') return snapshot.matches({ sample: { active: 'loading' } } as never);
    // Typing what the field already holds changes nothing on the page (no input event).
    if (event.type === 'text.changed') return (snapshot.context as { text: string }).text !== param(event, 'text');
    return true;
  },
  prepare: () => Promise.resolve(null),
  open: async (run) => {
    // The model's chart picks templates with random() = 0 (the first one, then the first other one);
    // the page does the same here, so the script it starts with has the model's placeholders.
    await run.context.addInitScript(() => {
      Math.random = () => 0;
      // The sample player is an Audio element outside the page: kept so a test can play it to its end.
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        (window as unknown as { __pathsAudio?: HTMLMediaElement }).__pathsAudio = this;
        return play.call(this);
      };
    });
    // The price of a greeting is never answered here, so the page's proof stays in the making as the
    // model's does (its proving is the chart's and the server tests' to drive, see the roles above).
    await run.page.route(/\/greetings\/work/, () => undefined);
    // The page comes as the SPA's shell, as from a server without prerendered pages: a prerendered
    // one starts from the script the server picked for the visit (tests/e2e/prerender.test.ts), the
    // model from the first.
    await run.page.route(
      (url) => url.pathname === '/voice-generator',
      async (route) => route.fulfill({ response: await route.fetch({ url: new URL('/index.html', route.request().url()).toString() }) }),
    );
    await run.page.goto('/voice-generator');
  },
};
