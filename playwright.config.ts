import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/tools/chromium.mjs';
import { E2E_SITE_URL, E2E_WORKERS, e2eSlot } from './scripts/tools/e2e-env.mjs';

// one stand-in and one preview of its own build per worker (see scripts/tools/e2e-env.mjs)
const slots = Array.from({ length: E2E_WORKERS }, (_, i) => e2eSlot(i));

export default defineConfig({
  testDir: 'e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // a file's tests run in order in one worker; the files are shared out between the workers
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? '.cache/playwright-results.json' }]],
  outputDir: `.cache/playwright-artifacts-${slots[0].backendPort}`,
  use: {
    baseURL: E2E_SITE_URL,
    locale: 'bg-BG',
    timezoneId: 'Europe/Sofia',
    // A visitor who asked for less motion, as the site honours it: no entrance animation or
    // sliding month to wait out before each click (on two cores they doubled a booking's steps).
    // The motion itself is tested where it is the subject: landing-page.spec.ts runs with it.
    reducedMotion: 'reduce',
    // A trace records every action of every test (DOM snapshots, a screencast): a quarter to a
    // third of the suite's CPU, kept only for the few that failed. It is on when asked for
    // (E2E_TRACE=1, e.g. rerunning a failed spec); a failure still leaves its screenshot.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: slots.flatMap(({ slot, backendPort, backendUrl, siteUrl }) => [
    {
      command: `npx --no-install tsx supabase/local/cli.ts --memory --no-read-replica --port=${backendPort} --sign-in-limit=1000 --trust-client-address --intake-limits=inquiries_per_minute=10000,bookings_per_minute=10000,newsletter_per_minute=10000 --site-url=${siteUrl}`,
      url: `${backendUrl}/__local/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
    },
    {
      // vite preview of a fresh copy of the slot's build; it keeps the pages in step with the stand-in
      command: 'node scripts/tools/e2e-preview.mjs',
      env: { E2E_SLOT: String(slot) },
      url: siteUrl,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
    },
  ]),
});
