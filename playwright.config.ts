import { defineConfig } from '@playwright/test'
import { CHROME_PATH, CHROMIUM_ARGS } from './tests/support/chromium.ts'

// Run through `npm run test:e2e` (scripts/e2e.mjs): it builds, starts the real server and sets
// BASE_URL. Browsers are never downloaded: Debian's Chromium at CHROME_PATH drives every test.
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  // two cores shared with the server: more workers only make every test slower
  workers: process.env.CI ? 2 : Math.min(2, Number(process.env.E2E_WORKERS ?? 2)),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: { executablePath: CHROME_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
    locale: 'en-CA',
    timezoneId: 'America/Toronto',
  },
  projects: [
    {
      // the whole suite runs on the desktop; journeys tagged @mobile run on the phone too
      name: 'desktop',
      grepInvert: /@purge/,
      dependencies: ['accounts'],
      use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'mobile',
      dependencies: ['accounts'],
      grep: /@mobile/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    {
      // nothing to set up: this project exists so the purge below runs as its teardown, after every
      // journey on desktop and mobile has finished (and even when one failed)
      name: 'accounts',
      testMatch: /a^/,
      teardown: 'purge',
    },
    {
      // the admin purge deletes every account on the server: it must never run beside a journey
      name: 'purge',
      grep: /@purge/,
      use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } },
    },
  ],
})
