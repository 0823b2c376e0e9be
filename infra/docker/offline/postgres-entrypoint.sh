#!/bin/sh
# What the official postgres image does on its first start, for the variables compose gives it:
# a cluster in $PGDATA whose superuser is POSTGRES_USER with POSTGRES_PASSWORD (password
# authentication over the network, trust on the local socket the health check uses) and the
# database POSTGRES_DB. A volume that already holds a cluster is started as it is.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ -z "${POSTGRES_PASSWORD:-}" ]; then
  echo 'POSTGRES_PASSWORD is required' >&2
  exit 1
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --username="$POSTGRES_USER" --pwfile="$password_file" --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA"
  rm -f "$password_file"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  # Listening on no TCP address while it is set up: nothing connects before it is ready.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "$POSTGRES_DB" != postgres ]; then
    createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop
fi
exec "$@"
