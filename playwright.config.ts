import { defineConfig } from '@playwright/test'

/**
 * Chromium from Debian (/usr/bin/chromium): Playwright's own browser download is not
 * available here. Two servers from one build under the non-root base /vcc/: the main one, and
 * one with a short idle timeout for the session-lifecycle paths.
 */
export const BASE = '/vcc/'
// E2E_PORT moves all four ports, so two checkouts can run the suite side by side.
const PORT_BASE = Number(process.env.E2E_PORT ?? 4310)
export const MAIN_PORT = PORT_BASE
export const SHORT_IDLE_PORT = PORT_BASE + 10
export const MAILBOX_PORTS = { main: PORT_BASE + 1, shortIdle: PORT_BASE + 11 }

// The console as `npm start` builds it, the prerendered sign-in page included.
// Built only when the sources changed since the last e2e build (scripts/buildOnce.mjs).
const build = `BASE_PATH=${BASE} VITE_OUT_DIR=dist-e2e node scripts/buildOnce.mjs --stamp dist-e2e/.build-stamp --needs dist-e2e/prerendered/en-US.html -- npm run build:console --silent > /dev/null`
const server = (port: number, mailbox: number, env = '') =>
  `${env} BASE_PATH=${BASE} PORT=${port} MAILBOX_PORT=${mailbox} npx tsx tests/e2e/serve.ts`

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // CI (.ci/run sets CI=1) tries a failed test once more and reports it as flaky in its output,
  // so a timing slip on a busy 2-core machine does not hide the rest of the run's result; a
  // test that fails twice fails the run. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}${BASE}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
  webServer: [
    {
      command: `${build} && ${server(MAIN_PORT, MAILBOX_PORTS.main)}`,
      url: `http://127.0.0.1:${MAIN_PORT}/admin/health`,
      timeout: 180_000,
      reuseExistingServer: false,
    },
    {
      // Waits for the first build (same output folder) before it starts.
      command: `until [ -f dist-e2e/prerendered/en-US.html ]; do sleep 1; done; ${server(SHORT_IDLE_PORT, MAILBOX_PORTS.shortIdle, 'SESSION_IDLE_SECONDS=12 SESSION_WARNING_SECONDS=6')}`,
      url: `http://127.0.0.1:${SHORT_IDLE_PORT}/admin/health`,
      timeout: 180_000,
      reuseExistingServer: false,
    },
  ],
})
