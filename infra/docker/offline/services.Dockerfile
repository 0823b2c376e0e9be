# The images docker-compose.yml pulls from a registry, made here from a local Debian base for a
# machine that reaches none (infra/docker/compose.offline.yml names them; built by
# infra/scripts/test-containers.sh). Build context: the repository root.
#   postgres  PostgreSQL 15 from Debian, set up on first start from POSTGRES_USER/PASSWORD/DB
#             as the official image is
#   redis     Redis 7 from Debian, taking the same command as the official image
#   minio, mc the project's own S3 simulator instead of MinIO, and the `mc` commands compose runs
#   mailpit   an SMTP catcher answering the part of Mailpit's API the smoke test reads
ARG DEBIAN_IMAGE=localhost/debian:bookworm
ARG NODE_IMAGE=localhost/hub-node:24-bookworm

FROM ${DEBIAN_IMAGE} AS postgres
# Debian's package makes a cluster of its own at install; the entrypoint makes the one compose's
# volume holds instead.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* /var/lib/postgresql/15 /etc/postgresql/15 \
 && mkdir -p /var/lib/postgresql/data /run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /run/postgresql \
 && chmod 700 /var/lib/postgresql/data
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY infra/docker/offline/postgres-entrypoint.sh /usr/local/bin/
USER postgres
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["postgres-entrypoint.sh"]
CMD ["postgres", "-c", "listen_addresses=*"]

FROM ${DEBIAN_IMAGE} AS redis
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
COPY infra/docker/offline/redis-entrypoint.sh /usr/local/bin/
# The append-only file goes to the working directory (redis' default `dir ./`), compose's volume.
WORKDIR /data
USER redis
VOLUME ["/data"]
EXPOSE 6379
ENTRYPOINT ["redis-entrypoint.sh"]
CMD ["redis-server"]

# The project's own S3 simulator and an SMTP catcher, taking the commands docker-compose.yml
# gives MinIO, mc and Mailpit: podman-compose 1.0.3 appends an override's command, entrypoint
# and health check test to the base file's lists instead of replacing them, so the override
# changes images only.
FROM ${NODE_IMAGE} AS doubles
# Set only where npm must go through a proxy of its own (see infra/docker/Dockerfile).
ARG NODE_EXTRA_CA_CERTS
ARG NPM_CONFIG_REGISTRY
WORKDIR /app
# The versions of the repository's lock file, which the e2e tests' mail catcher runs on.
RUN npm install --no-save --no-fund --no-audit smtp-server@3.21.6 mailparser@3.9.0 \
 && npm cache clean --force
COPY infra/s3-simulator infra/s3-simulator/
COPY infra/docker/offline/*.mjs infra/docker/offline/
RUN chmod 0755 infra/docker/offline/*.mjs \
 && ln -s /app/infra/docker/offline/minio.mjs /usr/local/bin/minio \
 && ln -s /app/infra/docker/offline/mc.mjs /usr/local/bin/mc \
 && ln -s /app/infra/docker/offline/mail-catcher.mjs /mailpit \
 && mkdir -p /data && chown node:node /data
USER node

FROM doubles AS minio
VOLUME ["/data"]
EXPOSE 9000
ENTRYPOINT ["minio"]

FROM doubles AS mc
ENTRYPOINT ["mc"]

FROM doubles AS mailpit
EXPOSE 1025 8025
ENTRYPOINT ["/mailpit"]
