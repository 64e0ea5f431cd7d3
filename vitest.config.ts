import { defineConfig } from 'vitest/config'
import { filesByTier } from './scripts/testTiers'

/**
 * Three projects, one per tier (scripts/testTiers.ts decides a file's tier from its imports;
 * docs/testing.md): `unit` and `component` run without any database setup, `api` with the
 * global setup that makes one migrated, demo-seeded database per run, copied by each test file
 * (createTestApi). `npx vitest run` runs all three; `--project api` one of them.
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
          name: 'api',
          include: tiers.api,
          globalSetup: ['server/testing/globalSetup.ts'],
        },
      },
    ],
  },
})
