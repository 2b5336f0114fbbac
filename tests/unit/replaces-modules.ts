/**
 * Unit files that replace modules or globals (vi.mock, vi.stubGlobal, …): each gets a module registry
 * of its own, so a replacement never reaches another file. Found by
 * tests/unit/architecture/unit-isolation.test.ts, which fails when a file not listed here does so.
 */
export const replacesModules = [
  'tests/unit/auth/second-step-presence.test.ts',
  'tests/unit/auth/signed-in.test.ts',
  'tests/unit/app/query-keys.test.ts',
  'tests/unit/lib/email-kind.test.ts',
  'tests/unit/greetings/generator-actors.test.ts',
  'tests/unit/greetings/stream-player.test.ts',
  'tests/unit/analytics/clients.test.ts',
  'tests/unit/analytics/chat-widget.test.ts',
  'tests/unit/lib/after-next-paint.test.ts',
  'tests/unit/lib/first-content.test.ts',
  'tests/unit/payments/paywall-warmup.test.ts',
];
