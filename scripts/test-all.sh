#!/usr/bin/env bash
# `npm test`: every suite. Stops after the first stage that fails (static checks, PGlite suite,
# then end-to-end and PostgreSQL together).
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

# The end-to-end tests keep about one core busy (one browser, one worker, the servers mostly
# waiting on it); the API suite on PostgreSQL runs beside them on the other, one file at a time,
# and its output is printed after theirs. (The end-to-end servers use their own PGlite data
# directories, never DATABASE_URL.)
pg_pid=''
if [ -n "${DATABASE_URL:-}" ]; then
  # Only the files that open a database (through the test harness, a test database, the
  # database client or a server process): the others ran above already and would run the
  # same here.
  mapfile -t on_database < <(grep -rlE "from '(\.\./)*(\./)?(testing/)?(harness|testDatabase|resourceSuite|fuzz|serverProcess)'|from '(\.\./)*(\./)?(db/)?client'" server --include='*.test.ts' | sort)
  echo "(API tests on PostgreSQL, ${#on_database[@]} files, started beside the end-to-end tests)"
  ( set +e; npx vitest run --maxWorkers=1 "${on_database[@]}" > "$checks_dir/pg.out" 2>&1
    echo $? > "$checks_dir/pg.rc" ) &
  pg_pid=$!
fi

step 'end-to-end tests in Chromium'
e2e_rc=0
npx playwright test || e2e_rc=$?

pg_rc=0
if [ -n "$pg_pid" ]; then
  wait "$pg_pid"
  step "API tests on PostgreSQL ($DATABASE_URL)"
  cat "$checks_dir/pg.out"
  pg_rc=$(cat "$checks_dir/pg.rc")
  [ "$pg_rc" = 0 ] || echo "FAILED: API tests on PostgreSQL"
fi
[ "$e2e_rc" = 0 ] || echo "FAILED: end-to-end tests"
[ "$e2e_rc" = 0 ] && [ "$pg_rc" = 0 ]
