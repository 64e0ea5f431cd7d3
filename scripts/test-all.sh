#!/usr/bin/env bash
# `npm test`: every suite. Stops at the first that fails.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

step 'typecheck'
npx tsc -p tsconfig.json --noEmit
step 'lint (with import boundaries and no import cycles)'
npx eslint .
step 'dead code (knip: no unused files, exports or dependencies)'
npx knip --no-progress
step 'format'
npx prettier --check . >/dev/null || { npx prettier --check . ; exit 1; }

step 'contract lint (Redocly, recommended rules: 0 errors)'
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint --format=stylish openapi/admin.json

step 'unit, machine, contract and API tests on embedded PGlite'
env -u DATABASE_URL npx vitest run

if [ -n "${DATABASE_URL:-}" ]; then
  step "API tests on PostgreSQL ($DATABASE_URL)"
  # Only the files that open a database (through the test harness, a test database, the
  # database client or a server process): the others ran above already and would run the
  # same here.
  mapfile -t on_database < <(grep -rlE "from '(\.\./)*(\./)?(testing/)?(harness|testDatabase|resourceSuite|fuzz|serverProcess)'|from '(\.\./)*(\./)?(db/)?client'" server --include='*.test.ts' | sort)
  npx vitest run "${on_database[@]}"
fi

step 'end-to-end tests in Chromium'
npx playwright test
