#!/usr/bin/env bash
# `npm test`: everything CI runs (.ci/run calls this). Installs what it needs when missing,
# then builds, lints, checks formatting and types, and runs every vitest project (unit,
# integration, e2e). Integration and e2e tests use PostgreSQL and Redis on their usual local
# ports with a database and key prefix of their own; e2e drives Debian's Chromium.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source infra/scripts/lib.sh

export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

# Each phase's wall time (bash's SECONDS), printed at the end, also when a phase fails.
PHASES=()
print_phases() {
  echo
  echo "==> time of each phase"
  local phase
  for phase in "${PHASES[@]}"; do echo "$phase"; done
  printf '%5ss  total\n' "$SECONDS"
}
trap print_phases EXIT
phase_done() { PHASES+=("$(printf '%5ss  %s' "$(($SECONDS - $1))" "$2")"); }

started=$SECONDS
# Chromium's headless shell for the end-to-end tests, ffmpeg to make and analyse test videos, pdftotext (poppler)
# for the evaluation generator's fixture tests and the extraction bench, pg_dump / pg_restore
# (postgresql-client) for the backup and restore tests; installed while npm installs.
install_beside_npm ensure_debian_packages chromium-headless-shell chromium-headless-shell ffmpeg ffmpeg \
  pdftotext poppler-utils kubectl kubectl pg_dump postgresql-client

phase_done "$started" 'npm install and Debian packages (when missing)'

step() {
  echo
  echo "==> $*"
  local started=$SECONDS status=0
  "$@" || status=$?
  phase_done "$started" "$*$([[ $status -eq 0 ]] || echo "  (failed: $status)")"
  return "$status"
}

# Several checks at once, each one's output printed whole when it ends and its time kept: the
# type check alone left part of CI's two cores idle while lint and format waited their turn.
checks_at_once() {
  local dir pids=() status=0 index
  dir=$(mktemp -d)
  for index in "${!CHECKS[@]}"; do
    (
      started=$SECONDS
      code=0
      eval "${CHECKS[$index]}" >"$dir/$index.log" 2>&1 || code=$?
      echo "$((SECONDS - started)) $code" >"$dir/$index.done"
    ) &
    pids+=($!)
  done
  wait "${pids[@]}"
  for index in "${!CHECKS[@]}"; do
    local seconds code
    read -r seconds code <"$dir/$index.done"
    echo
    echo "==> ${CHECKS[$index]}"
    cat "$dir/$index.log"
    PHASES+=("$(printf '%5ss  %s%s' "$seconds" "${CHECKS[$index]}" "$([[ $code -eq 0 ]] || echo "  (failed: $code)")")")
    [[ $code -eq 0 ]] || status=1
  done
  rm -rf "$dir"
  return "$status"
}

checks_started=$SECONDS
# The type check (`npm run typecheck`) reads the packages' sources (the `source` export
# condition), not their dist/: `tsc -b` checks the node side, tsconfig.check.json's projects,
# each file once, then the web app, its own program, beside it. So the build (which emits
# without checking) runs beside the checks too, and the tests start once all have passed. The
# build is turbo's, in two parts: the packages in one `tsgo -b` (build-packages.mjs: the same
# JavaScript, without thirteen processes each parsing the typings again) and the web app's vite
# build (build-web.mjs). Each takes the outputs of a build of the same sources kept on this
# machine, when there is one (kept-build.mjs: CI's clone of what a session last tested).
# The checks run on TypeScript's native compiler (`tsgo`, @typescript/native-preview): the same
# errors with about half the CPU of `tsc` 5.9 (node side 121 -> 63 CPU-s, web 52 -> 39, on the
# loaded 2-core machine), and so does npm test's build of the packages; turbo's `npm run build`
# stays on `typescript` 5.9. Each tsgo on one thread (`--singleThreaded`): its
# parallel checkers each build their own types of the same libraries, about twice the CPU for the
# same errors, and the checks side by side already keep both cores busy (3 Dec, fresh clone, load
# 14-26: node side 51.6 -> 23.8 CPU-s, web 33.2 -> 9.7; docs/testing.md).
# The format check is oxfmt's (oxc's formatter, Prettier's style and options, .oxfmtrc.json): the
# same 1,611 files in under a CPU-second, where Prettier took 20-28 (docs/decisions.md).
# The lint is oxlint's (oxc's linter, .oxlintrc.json: ESLint's and typescript-eslint's
# recommended rules and the project's own): the same files in 1.4 CPU-s, where ESLint took 33.
CHECKS=(
  'node infra/scripts/build-packages.mjs'
  'node infra/scripts/build-web.mjs'
  'npm run --silent typecheck:node'
  'npm run --silent typecheck:web'
  'node_modules/.bin/oxlint --deny-warnings --report-unused-disable-directives --threads=1'
  'node_modules/.bin/oxfmt --check --threads=1'
)
# The type check goes on from the last passing check's state on this machine (lib.sh,
# restore_typecheck_state), and leaves its own for the next clone once it has passed.
restore_typecheck_state
checks_at_once || { phase_done "$checks_started" 'the build and checks above, at once'; exit 1; }
save_typecheck_state
phase_done "$checks_started" 'the build and checks above, at once'
# The vitest projects one after another, as `vitest run` orders them (sequence.groupOrder), each
# timed on its own; a failing project does not keep the next from running.
failed=0
for project in unit integration; do
  step node_modules/.bin/vitest run --project "$project" || failed=1
done
# The e2e project's processes carry a mark of this run in their environment (each vitest worker's
# Chromium and the stack's services inherit it), so that what outlives the project is found.
e2e_run="hub-e2e-$$-$RANDOM"
HUB_E2E_RUN=$e2e_run step node_modules/.bin/vitest run --project e2e || failed=1
step no_process_left_by "$e2e_run" || failed=1
exit "$failed"
