# shellcheck shell=bash
# Shared steps of start.sh and test.sh (sourced, not run). Expects to run from the repo root.

# Installs the npm dependencies unless node_modules already matches the lock file and every
# package.json: a digest of them is kept in node_modules/.install-stamp.
ensure_npm_install() {
  if ! command -v npm >/dev/null 2>&1; then
    echo "npm is missing: install Node.js 20.19 or newer (it brings npm), then run this again." >&2
    exit 1
  fi
  local stamp=node_modules/.install-stamp digest
  digest=$(install_digest)
  if [[ -f "$stamp" && -x node_modules/.bin/node && "$(cat "$stamp")" == "$digest" ]]; then
    return 0
  fi
  if [[ ! -e node_modules ]] && restore_node_modules "$digest"; then
    write_install_stamp "$digest"
    return 0
  fi
  echo "==> npm install"
  # --prefer-offline: what the lockfile names is taken from npm's cache when it is there. Without
  # it npm asked the registry again for each of the ~1,200 packages' metadata and tarballs (2,336
  # requests on a fresh clone, 3 Dec: 1,480 s against 347-465 s with it, docs/testing.md); a
  # package or version the cache lacks is still fetched.
  npm install --no-fund --no-audit --prefer-offline
  # The stamp from the files as npm left them (it may rewrite the lock file); the copy under the
  # digest a fresh clone of these files computes.
  write_install_stamp "$(install_digest)"
  save_node_modules "$digest"
}

write_install_stamp() {
  echo "$1" >node_modules/.install-stamp
}

# A finished install's node_modules folders (the root's and the workspaces' own), kept outside
# the repository by install digest, so that a fresh clone of the same lock file copies them (5 s
# here) instead of npm unpacking 1.6 GB of 1,200 packages again (48 of its 60 s on the slower
# 2-core machine, docs/testing.md). Every path in them is relative (the workspaces' links, .bin),
# so a copy works from any folder. HUB_NODE_MODULES_CACHE names the folder, `off` disables it.
node_modules_cache() {
  local cache=${HUB_NODE_MODULES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/frontline-hub/node-modules}
  [[ $cache == off ]] && return 1
  echo "$cache"
}

# The repository's node_modules folders: the root's and those of workspaces (two levels down).
node_modules_folders() {
  find . -maxdepth 3 -name node_modules -type d -prune -not -path './node_modules/*' -printf '%P\n' |
    sort
}

# Puts the digest's saved folders in place as hard links to the kept files: 77,000 files in about
# a second, where copying 1.7 GB took 9 s here and 23-28 s of CI's runs (docs/testing.md). Nothing
# writes into an installed package's files afterwards: the tools' caches (.cache, .vite,
# .vitest-cache) are new files of the clone's own, and npm, when it installs again, moves a package
# it replaces aside rather than writing over it. What npm does rewrite in place, its hidden lock
# file, is copied, so it never writes through into the kept install. Copies where linking fails (the
# cache on another file system). Fails (leaving nothing) when there is no saved install.
restore_node_modules() {
  local cache folder
  cache=$(node_modules_cache) || return 1
  [[ -f "$cache/$1/complete" ]] || return 1
  echo "==> node_modules from $cache/$1 (an install of the same lock file)"
  while IFS= read -r folder; do
    mkdir -p "$(dirname "$folder")"
    cp -al "$cache/$1/tree/$folder" "$folder" 2>/dev/null ||
      { rm -rf "$folder" && cp -a "$cache/$1/tree/$folder" "$folder"; } ||
      { echo "copy of $folder failed" >&2; return 1; }
  done <"$cache/$1/folders"
  local lock=node_modules/.package-lock.json
  if [[ -f $lock ]]; then cp --remove-destination "$cache/$1/tree/$lock" "$lock" || return 1; fi
}

# Keeps a copy of this install for the next clone, the previous digests' copies removed; skipped
# when the disk has less than three times its size free (a copy is about 1.6 GB).
save_node_modules() {
  local cache saving folder size free
  cache=$(node_modules_cache) || return 0
  [[ -f "$cache/$1/complete" ]] && return 0
  size=$(du -sk node_modules | cut -f1)
  mkdir -p "$cache" || return 0
  free=$(df -Pk "$cache" | awk 'NR == 2 { print $4 }')
  if ((free < 3 * size)); then
    echo "==> node_modules not kept for the next clone: ${free} KB free in $cache" >&2
    return 0
  fi
  saving=$(mktemp -d "$cache/.saving-XXXXXX")
  node_modules_folders >"$saving/folders"
  while IFS= read -r folder; do
    mkdir -p "$saving/tree/$(dirname "$folder")"
    cp -a "$folder" "$saving/tree/$folder" || { rm -rf "$saving"; return 0; }
  done <"$saving/folders"
  # What tools write there later (the type check's, vite's and vitest's caches) and this clone's
  # stamp are not the install's: a clone linked to them would write into the kept copy.
  while IFS= read -r folder; do
    rm -rf "$saving/tree/$folder/"{.cache,.vite,.vitest-cache}
  done <"$saving/folders"
  rm -f "$saving/tree/node_modules/.install-stamp"
  touch "$saving/complete"
  find "$cache" -mindepth 1 -maxdepth 1 -not -name "$1" -not -name '.saving-*' -exec rm -rf {} +
  # A copy a killed run left half made.
  find "$cache" -mindepth 1 -maxdepth 1 -name '.saving-*' -mmin +60 -exec rm -rf {} +
  mv -T "$saving" "$cache/$1" 2>/dev/null || rm -rf "$saving"
}

# The type check's incremental state (node_modules/.cache/typecheck: each project's .tsbuildinfo
# and declarations, the web app's .tsbuildinfo), kept outside the repository for the next clone.
# A clone of another commit then checks what changed and what depends on it: TypeScript's
# build info holds each file's hash and each project's options and compiler version, so a file,
# an option, a package's typings or the compiler that differs is checked again, and an unchanged
# project is not (the node side 25 -> 1-5 s, the web app 12 -> 1-7 s on the slower 2-core
# machine, docs/testing.md). The paths in it are relative, so it works from any folder.
# HUB_TYPECHECK_CACHE names the folder, `off` disables it.
typecheck_cache() {
  local cache=${HUB_TYPECHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/frontline-hub/typecheck}
  [[ $cache == off ]] && return 1
  echo "$cache"
}

# Copies the kept state into a checkout that has none; a checkout's own state is left as it is.
restore_typecheck_state() {
  local cache
  cache=$(typecheck_cache) || return 0
  [[ -e node_modules/.cache/typecheck || ! -f "$cache/current/complete" ]] && return 0
  echo "==> the type check goes on from $cache/current (the last passing check's state here)"
  mkdir -p node_modules/.cache
  if ! cp -a "$cache/current/state" node_modules/.cache/typecheck 2>/dev/null; then
    rm -rf node_modules/.cache/typecheck
    return 0
  fi
  # Dated long ago: `tsc -b` takes a project whose files are all older than its build info for
  # up to date without reading them, and a checkout's files can be older than the kept state (a
  # clone made before it was saved, an archive dated at its commit). Older build info makes each
  # project compare its files' hashes, which is what finds the changes.
  find node_modules/.cache/typecheck -exec touch -h -d @86400 {} + 2>/dev/null || true
  return 0
}

# Keeps this checkout's state (after a check that passed) in place of the one kept before. A
# failure to keep it (a full disk, another run replacing it at the same moment) is not the
# check's: it never fails the caller.
save_typecheck_state() {
  (keep_typecheck_state) || true
}

keep_typecheck_state() {
  local cache saving
  cache=$(typecheck_cache) || return 0
  [[ -d node_modules/.cache/typecheck ]] || return 0
  mkdir -p "$cache" 2>/dev/null || return 0
  saving=$(mktemp -d "$cache/.saving-XXXXXX") || return 0
  if ! cp -a node_modules/.cache/typecheck "$saving/state"; then
    rm -rf "$saving"
    return 0
  fi
  touch "$saving/complete"
  rm -rf "$cache/.previous"
  [[ -d "$cache/current" ]] && mv -T "$cache/current" "$cache/.previous" 2>/dev/null
  mv -T "$saving" "$cache/current" 2>/dev/null || rm -rf "$saving"
  rm -rf "$cache/.previous"
  # A copy a killed run left half made.
  find "$cache" -mindepth 1 -maxdepth 1 -name '.saving-*' -mmin +60 -exec rm -rf {} +
  return 0
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

# The processes whose environment holds HUB_E2E_RUN=$1 (test.sh's mark of an e2e run), in one
# grep over /proc: a grep a process cost a second and more a pass on a loaded machine.
processes_marked() {
  grep -lszx "HUB_E2E_RUN=$1" /proc/[0-9]*/environ | cut -d/ -f3 || true
}

# Fails when a process of the e2e run marked $1 is still running once the run has ended: a
# Chromium or a service nobody stops would keep its CPU and memory from the next run on the
# machine. Those that are ending get $2 seconds (30 unless given) to go; what is left is named,
# then killed.
no_process_left_by() {
  local pids waited=0
  pids=$(processes_marked "$1")
  while [[ -n $pids && $waited -lt ${2:-30} ]]; do
    sleep 1
    waited=$((waited + 1))
    pids=$(processes_marked "$1")
  done
  [[ -z $pids ]] && return 0
  echo "These processes of the e2e run outlived it:" >&2
  local pid
  for pid in $pids; do
    echo "  $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-200)" >&2
  done
  # shellcheck disable=SC2086
  kill -9 $pids 2>/dev/null || true
  return 1
}
