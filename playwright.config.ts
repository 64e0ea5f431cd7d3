import { defineConfig } from '@playwright/test'

import os from 'node:os'
import path from 'node:path'

/**
 * Chromium from Debian (/usr/bin/chromium): Playwright's own browser download is not
 * available here. E2E_WORKERS workers (2 by default), each with its own pair of servers from
 * one build under the non-root base /vcc/: the main one, and one with a short idle timeout
 * for the session-lifecycle paths. Every server starts from one database snapshot, migrated
 * and seeded once per run (tests/e2e/serve.ts), so a worker's tests see only their own
 * writes and no server pays for the seeding.
 */
export const BASE = '/vcc/'
const WORKERS = Number(process.env.E2E_WORKERS ?? 2)
// E2E_PORT moves every port, so two checkouts can run the suite side by side.
const PORT_BASE = Number(process.env.E2E_PORT ?? 4310)
/** A worker's ports: its slot is Playwright's TEST_PARALLEL_INDEX (0 … workers − 1). */
const portsOf = (slot: number) => {
  const main = PORT_BASE + 20 * slot
  return { main, shortIdle: main + 10, mailbox: { main: main + 1, shortIdle: main + 11 } }
}
// In a worker process these are its own server's; in the runner, slot 0's.
const mine = portsOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0))
export const MAIN_PORT = mine.main
export const SHORT_IDLE_PORT = mine.shortIdle
export const MAILBOX_PORTS = mine.mailbox

// The console as `npm start` builds it, the prerendered sign-in page included.
// Built only when the sources changed since the last e2e build (scripts/buildOnce.mjs).
const build = `BASE_PATH=${BASE} VITE_OUT_DIR=dist-e2e node scripts/buildOnce.mjs --stamp dist-e2e/.build-stamp --needs dist-e2e/prerendered/en-US.html -- npm run build:console --silent > /dev/null`
// One snapshot per run (the runner's process id names it); the first server command makes it
// while the console builds, the others wait for it.
process.env.E2E_RUN ??= String(process.pid)
const snapshot = path.join(os.tmpdir(), `vcc-e2e-snapshot-${process.env.E2E_RUN}`)
// Snapshots and servers' data directories of runs that ended over two hours ago are removed (a
// suite running beside this one, from another checkout, keeps its own).
const sweep = `find ${os.tmpdir()} -maxdepth 1 -name 'vcc-e2e-*' -mmin +120 -exec rm -rf {} + 2>/dev/null`
const makeSnapshot = `${sweep}; E2E_MAKE_SNAPSHOT=${snapshot} PORT=${PORT_BASE} npx tsx tests/e2e/serve.ts > /dev/null`
const ready = `until [ -f dist-e2e/prerendered/en-US.html ] && [ -f ${snapshot}/e2e-snapshot.ready ]; do sleep 1; done`
const server = (port: number, mailbox: number, env = '') =>
  `${env} E2E_SNAPSHOT=${snapshot} BASE_PATH=${BASE} PORT=${port} MAILBOX_PORT=${mailbox} npx tsx tests/e2e/serve.ts`
const SHORT_IDLE = 'SESSION_IDLE_SECONDS=12 SESSION_WARNING_SECONDS=6'

const webServers = Array.from({ length: WORKERS }, (_, slot) => portsOf(slot)).flatMap(
  (ports, slot) => [
    {
      command:
        slot === 0
          ? `(${build}) & (${makeSnapshot}) && wait $! && ${ready} && ${server(ports.main, ports.mailbox.main)}`
          : `${ready}; ${server(ports.main, ports.mailbox.main)}`,
      url: `http://127.0.0.1:${ports.main}/admin/health`,
      timeout: 240_000,
      reuseExistingServer: false,
    },
    {
      command: `${ready}; ${server(ports.shortIdle, ports.mailbox.shortIdle, SHORT_IDLE)}`,
      url: `http://127.0.0.1:${ports.shortIdle}/admin/health`,
      timeout: 240_000,
      reuseExistingServer: false,
    },
  ],
)

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
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
  webServer: webServers,
})
