import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { filesByTier } from './scripts/testTiers'

/**
 * Four projects (scripts/testTiers.ts decides a file's tier from its name and imports;
 * docs/testing.md): `unit` and `component` run in Node without any database setup, `browser`
 * runs a screen's behaviour in the system Chromium (Vitest browser mode with Playwright), `api`
 * with the global setup that makes one migrated, demo-seeded database per run, copied by each
 * test file (createTestApi). `npx vitest run` runs all four; `--project api` one of them.
 */
const tiers = filesByTier()

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: tiers.unit } },
      { extends: true, test: { name: 'component', include: tiers.component } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: tiers.browser,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: ['--no-sandbox', '--disable-gpu'],
              },
            }),
            instances: [{ browser: 'chromium' }],
            // A failure is read in the test's output; no image files beside the sources.
            screenshotFailures: false,
            // Wide enough for the console's desktop layout (the small-screen layout has its own
            // end-to-end test).
            viewport: { width: 1280, height: 800 },
          },
        },
        // Bundled before the first test: found one by one instead, each would reload the page
        // under a running test ("Vite unexpectedly reloaded a test") on a fresh checkout.
        optimizeDeps: {
          include: [
            '@hookform/resolvers/zod',
            '@radix-ui/themes',
            '@tanstack/react-query',
            '@tanstack/react-router',
            '@tanstack/react-table',
            '@tanstack/react-virtual',
            'cmdk',
            'credit-card-type',
            'currency-codes',
            'i18next',
            'openapi-fetch',
            'react-hook-form',
            'react-hotkeys-hook',
            'react-i18next',
            'react',
            'react/jsx-dev-runtime',
            'react-dom/client',
            'vitest-browser-react',
            'xstate',
            'zod',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: tiers.api,
          globalSetup: ['server/testing/globalSetup.ts'],
        },
      },
    ],
  },
})
