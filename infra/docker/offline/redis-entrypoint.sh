#!/bin/sh
# The official redis image is built with protected mode off, so compose's command (redis-server
# with its own options, no password) serves the other containers; Debian's build keeps it on
# and would refuse them.
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
