#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, and runs the whole product on this machine
# (see infra/launcher/launcher.mjs). Safe to run again: finished steps are skipped quickly.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source infra/scripts/lib.sh

export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

ensure_npm_install
# Debian's ffmpeg decodes more formats than the build bundled with the video worker's npm packages.
ensure_debian_packages ffmpeg ffmpeg || echo "(ffmpeg not installed: the video worker uses its bundled build)"
echo "==> build"
node_modules/.bin/turbo run build --output-logs=errors-only
exec node_modules/.bin/node infra/launcher/launcher.mjs
