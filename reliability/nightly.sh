#!/usr/bin/env bash
# The long reliability runs, for a nightly job: kill -9 of each worker kind mid-job 20 times,
# 200 simulated users for 10 minutes, and one organization's text SOP behind 40 scanned SOPs of
# another's (see reliability/run.mjs). Builds first; needs PostgreSQL and Redis on their usual
# local ports, like the integration tests. Takes about 25 minutes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
node_modules/.bin/turbo run build --output-logs=errors-only
exec node_modules/.bin/node reliability/run.mjs --trials "${TRIALS:-20}" --users "${USERS:-200}" --minutes "${MINUTES:-10}" \
  --backlog "${BACKLOG:-40}" "$@"
