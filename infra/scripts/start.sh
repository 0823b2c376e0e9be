#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, and runs the whole product on this machine
# (see infra/launcher/launcher.mjs). Safe to run again: finished steps are skipped quickly.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source infra/scripts/lib.sh

export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

# Debian's ffmpeg decodes more formats than the build bundled with the video worker's npm packages;
# postgresql-client (15) brings the pg_dump / pg_restore of npm run backup / restore for the
# embedded PostgreSQL 15 (docs/operations.md, Backups). Installed while npm installs; the product
# starts without them.
optional_debian_packages() {
  ensure_debian_packages ffmpeg ffmpeg pg_dump postgresql-client ||
    echo "(not installed: the video worker uses its bundled ffmpeg; npm run backup needs PostgreSQL's client tools)"
}
install_beside_npm optional_debian_packages
echo "==> build"
node_modules/.bin/turbo run build --output-logs=errors-only
exec node_modules/.bin/node infra/launcher/launcher.mjs
