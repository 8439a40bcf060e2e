import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/tools/chromium.mjs';
import { E2E_BACKEND_PORT, E2E_BACKEND_URL, E2E_SITE_URL } from './scripts/tools/e2e-env.mjs';

export default defineConfig({
  testDir: 'e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? '.cache/playwright-results.json' }]],
  outputDir: `.cache/playwright-artifacts-${E2E_BACKEND_PORT}`,
  use: {
    baseURL: E2E_SITE_URL,
    locale: 'bg-BG',
    timezoneId: 'Europe/Sofia',
    // A visitor who asked for less motion, as the site honours it: no entrance animation or
    // sliding month to wait out before each click (on two cores they doubled a booking's steps).
    // The motion itself is tested where it is the subject: landing-page.spec.ts runs with it.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `npx --no-install tsx supabase/local/cli.ts --memory --port=${E2E_BACKEND_PORT} --sign-in-limit=1000 --trust-client-address --intake-limits=inquiries_per_minute=10000,bookings_per_minute=10000,newsletter_per_minute=10000 --site-url=${E2E_SITE_URL}`,
      url: `${E2E_BACKEND_URL}/__local/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
    },
    {
      // vite preview of a fresh copy of the build; it keeps the pages in step with the stand-in
      command: 'node scripts/tools/e2e-preview.mjs',
      url: E2E_SITE_URL,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
    },
  ],
});
