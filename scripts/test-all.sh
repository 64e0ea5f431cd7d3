#!/usr/bin/env bash
# `npm test`: every suite. Stops at the first stage that fails.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

# The static checks are independent and each mostly single-threaded: two at a time keep both
# cores busy. Each one's output is printed whole, in order, once all have finished.
checks_dir=$(mktemp -d)
trap 'rm -rf "$checks_dir"' EXIT
check() { # check <n> <title> <command...>: run in the background, output and status to files
  local n=$1 title=$2
  shift 2
  echo "$title" > "$checks_dir/$n.title"
  ( set +e; "$@" > "$checks_dir/$n.out" 2>&1; echo $? > "$checks_dir/$n.rc" ) &
}
check 1 'typecheck' npx tsc -p tsconfig.json --noEmit
check 2 'lint (with import boundaries and no import cycles)' npx eslint .
wait
check 3 'dead code (knip: no unused files, exports or dependencies)' npx knip --no-progress
check 4 'format' npx prettier --check --log-level warn .
check 5 'contract lint (Redocly, recommended rules: 0 errors)' env REDOCLY_TELEMETRY=off \
  REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint --format=stylish openapi/admin.json
wait
failed=0
for n in 1 2 3 4 5; do
  step "$(cat "$checks_dir/$n.title")"
  cat "$checks_dir/$n.out"
  [ "$(cat "$checks_dir/$n.rc")" = 0 ] || { echo "FAILED: $(cat "$checks_dir/$n.title")"; failed=1; }
done
[ "$failed" = 0 ] || exit 1

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
