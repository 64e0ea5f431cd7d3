#!/usr/bin/env bash
# `npm test`: every tier, one after another (docs/testing.md). `npm run test:quick` (--quick):
# the static checks, unit, component, the API suite on one engine and the end-to-end smoke
# journeys (@smoke). Stops at the first tier that fails; each tier prints its time, and the
# run ends (passed or not) with a table of the tiers and their times.
#
# On a fresh machine it first makes sure of what the tiers need: Chromium (installed with apt
# when running as root, else it stops at once naming the command), and the engine of the API
# suite: PostgreSQL when DATABASE_URL is set or one answers on 127.0.0.1:5432 (started first if
# installed but stopped, as root), else the embedded PGlite. TEST_ENGINE=pglite keeps it on PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
[ "${1:-}" = --quick ] && quick=1

step() { printf '\n=== %s\n' "$*"; }

# --- What the tiers need -------------------------------------------------------------------

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    step "Chromium is missing ($chromium): installing it (apt-get install chromium fonts-noto-cjk)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
  else
    echo "Chromium is missing ($chromium); the end-to-end tests need it. Install it with:"
    echo "  sudo apt-get install -y chromium fonts-noto-cjk"
    echo "(or point CHROMIUM_PATH at a Chromium binary)."
    exit 1
  fi
fi

pg_answers() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
api_database_url=${DATABASE_URL:-}
if [ -z "$api_database_url" ] && [ "${TEST_ENGINE:-}" != pglite ] && command -v pg_isready >/dev/null 2>&1; then
  if ! pg_answers && [ "$(id -u)" = 0 ] && command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 20); do pg_answers && break; sleep 1; done
  fi
  pg_answers && api_database_url=postgres://postgres@127.0.0.1:5432/test
fi
[ "${TEST_ENGINE:-}" = pglite ] && api_database_url=
if [ -n "$api_database_url" ]; then
  engine="PostgreSQL ($api_database_url)"
  [ -z "${DATABASE_URL:-}" ] && engine="$engine, found on 127.0.0.1:5432"
elif [ "${TEST_ENGINE:-}" = pglite ]; then
  engine='PGlite (TEST_ENGINE=pglite)'
else
  engine='PGlite (no DATABASE_URL, no PostgreSQL on 127.0.0.1:5432)'
fi
echo "The API suite runs on $engine."

# --- Tiers and their times -----------------------------------------------------------------

names=()
seconds=()
results=()
summary() {
  local total=0 i
  printf '\n=== Tiers\n'
  printf '%-42s %8s  %s\n' tier time result
  for i in "${!names[@]}"; do
    printf '%-42s %5d:%02d  %s\n' "${names[$i]}" $((seconds[i] / 60)) $((seconds[i] % 60)) "${results[$i]}"
    total=$((total + seconds[i]))
  done
  printf '%-42s %5d:%02d\n' total $((total / 60)) $((total % 60))
}
tier() { # tier <name> <command...>: run it, print and record its time; stop the run if it fails
  local name=$1 start=$SECONDS status=0
  shift
  step "$name"
  "$@" || status=$?
  names+=("$name")
  seconds+=($((SECONDS - start)))
  results+=("$([ "$status" = 0 ] && echo passed || echo FAILED)")
  printf -- '--- %s: %ds\n' "$name" $((SECONDS - start))
  if [ "$status" != 0 ]; then
    summary
    exit "$status"
  fi
}

# The static checks are independent and each mostly single-threaded: two at a time keep both
# cores busy. Each one's output is printed whole, in order, once all have finished.
static_checks() {
  local checks_dir n failed=0
  checks_dir=$(mktemp -d)
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
  check 6 'end-to-end budget (tests/e2e/budget.json)' npx tsx scripts/e2eBudget.ts
  wait
  for n in 1 2 3 4 5 6; do
    step "$(cat "$checks_dir/$n.title")"
    cat "$checks_dir/$n.out"
    [ "$(cat "$checks_dir/$n.rc")" = 0 ] || { echo "FAILED: $(cat "$checks_dir/$n.title")"; failed=1; }
  done
  rm -rf "$checks_dir"
  return "$failed"
}

api_suite() {
  if [ -n "$api_database_url" ]; then
    DATABASE_URL=$api_database_url npx vitest run --project api
  else
    env -u DATABASE_URL npx vitest run --project api
  fi
}

# Beside a PostgreSQL run: the files for what is particular to the embedded database
# (scripts/testTiers.ts, PGLITE_SET, each with its reason).
pglite_set() {
  local files
  mapfile -t files < <(npx tsx scripts/testTiers.ts pglite)
  env -u DATABASE_URL npx vitest run --project api "${files[@]}"
}

tier 'static checks' static_checks
tier 'unit (Vitest, no database)' npx vitest run --project unit
tier 'component (Vitest: Node and Chromium)' npx vitest run --project component --project browser
if [ -n "$api_database_url" ]; then
  tier 'API (Vitest) on PostgreSQL' api_suite
  [ "$quick" = 1 ] || tier 'API: the PGlite set (Vitest)' pglite_set
else
  tier 'API (Vitest) on PGlite' api_suite
fi
if [ "$quick" = 1 ]; then
  tier 'end-to-end smoke (@smoke, Chromium)' npx playwright test --grep @smoke
else
  tier 'end-to-end (Playwright, Chromium)' npx playwright test
fi
summary
