# shellcheck shell=bash
# Shared steps of start.sh and test.sh (sourced, not run). Expects to run from the repo root.

# Installs the npm dependencies unless node_modules already matches the lock file and every
# package.json: a digest of them is kept in node_modules/.install-stamp.
ensure_npm_install() {
  if ! command -v npm >/dev/null 2>&1; then
    echo "npm is missing: install Node.js 20.19 or newer (it brings npm), then run this again." >&2
    exit 1
  fi
  local stamp=node_modules/.install-stamp
  if [[ -f "$stamp" && -x node_modules/.bin/node && "$(cat "$stamp")" == "$(install_digest)" ]]; then
    return 0
  fi
  echo "==> npm install"
  # --prefer-offline: what the lockfile names is taken from npm's cache when it is there. Without
  # it npm asked the registry again for each of the ~1,200 packages' metadata and tarballs (2,336
  # requests on a fresh clone, 3 Dec: 1,480 s against 347-465 s with it, docs/testing.md); a
  # package or version the cache lacks is still fetched.
  npm install --no-fund --no-audit --prefer-offline
  install_digest >"$stamp"
}

install_digest() {
  {
    cat package-lock.json
    git ls-files -co --exclude-standard -- 'package.json' '*/package.json' 2>/dev/null |
      sort | xargs -r cat
  } | sha256sum | cut -d' ' -f1
}

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "Needs root to run: $*" >&2
    return 1
  fi
}

# Tools and `node` itself (Node 24, a root devDependency) come from node_modules/.bin, as in
# npm scripts, also when this script is run with plain bash.
export PATH="$PWD/node_modules/.bin:$PATH"

# Runs a command (the Debian packages' install, say) while `ensure_npm_install` runs: on a fresh
# machine npm's extraction and apt's download and unpacking each leave part of the two cores idle,
# one after the other 51 s and 28 s here (docs/testing.md). The command's output is printed once
# npm's is done; the status is npm's failure, else the command's.
install_beside_npm() {
  local log pid status=0 code=0
  log=$(mktemp)
  "$@" >"$log" 2>&1 &
  pid=$!
  ensure_npm_install || status=$?
  wait "$pid" || code=$?
  cat "$log"
  rm -f "$log"
  [[ $status -ne 0 ]] && return "$status"
  return "$code"
}

# Installs the Debian packages whose command is missing, in one apt-get run: pass pairs of
# command and package, e.g. ensure_debian_packages ffmpeg ffmpeg pdftotext poppler-utils.
ensure_debian_packages() {
  local missing=()
  while [[ $# -ge 2 ]]; do
    command -v "$1" >/dev/null 2>&1 || missing+=("$2")
    shift 2
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  echo "==> apt-get install ${missing[*]}"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}
