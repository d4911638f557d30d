#!/usr/bin/env bash
# Starts/stops a real PostgreSQL server (Debian packages) on loopback for development and the integration tests.
#   scripts/postgres.sh start|stop|status
# Writes .services/postgres.env with TEST_DATABASE_URL (database inkprint_test; tests refuse names without "test").
set -euo pipefail
cd "$(dirname "$0")/.."
PGPORT="${PGPORT:-15432}"
RUN_DIR="${PG_RUN_DIR:-/tmp/inkprint-postgres-$PGPORT}"
DATA="$RUN_DIR/data"
ENV_FILE=.services/postgres.env
mkdir -p .services

bin_dir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$d" ] || [ ! -x "$d/initdb" ]; then
    echo "PostgreSQL server binaries not found: install them with 'apt-get install -y postgresql'" >&2
    exit 1
  fi
  echo "$d"
}

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

is_running() { [ -f "$DATA/postmaster.pid" ] && as_pg "$(bin_dir)/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

start() {
  local bin; bin=$(bin_dir)
  if ! is_running; then
    mkdir -p "$RUN_DIR"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$RUN_DIR"; fi
    if [ ! -f "$DATA/PG_VERSION" ]; then
      as_pg "$bin/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$RUN_DIR/initdb.log" 2>&1 \
        || { cat "$RUN_DIR/initdb.log" >&2; exit 1; }
    fi
    # Tuned for tests on a small machine: durability traded for speed is fine for throwaway data.
    as_pg "$bin/pg_ctl" -D "$DATA" -l "$RUN_DIR/server.log" -w -t 60 start \
      -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $RUN_DIR -c max_connections=200 -c shared_buffers=256MB -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      >/dev/null || { tail -n 40 "$RUN_DIR/server.log" >&2; exit 1; }
  fi
  for _ in $(seq 1 60); do
    if as_pg "$bin/pg_isready" -h 127.0.0.1 -p "$PGPORT" -q; then break; fi
    sleep 0.5
  done
  as_pg "$bin/pg_isready" -h 127.0.0.1 -p "$PGPORT" -q || { echo "PostgreSQL did not become ready" >&2; tail -n 40 "$RUN_DIR/server.log" >&2; exit 1; }
  for db in inkprint_test inkprint; do
    if ! as_pg psql -h 127.0.0.1 -p "$PGPORT" -U postgres -tAc "select 1 from pg_database where datname='$db'" | grep -q 1; then
      as_pg psql -h 127.0.0.1 -p "$PGPORT" -U postgres -qc "create database $db" >/dev/null
    fi
  done
  echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/inkprint_test" >"$ENV_FILE"
  echo "PostgreSQL ready on 127.0.0.1:$PGPORT (databases inkprint, inkprint_test)"
}

stop() {
  if is_running; then as_pg "$(bin_dir)/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null; fi
  rm -f "$ENV_FILE"
  echo "PostgreSQL stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) if is_running; then echo "running on 127.0.0.1:$PGPORT"; else echo "stopped"; exit 1; fi ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
