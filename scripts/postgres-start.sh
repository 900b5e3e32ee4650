#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on loopback for the test run against a real server.
# Usage: scripts/postgres-start.sh [port] [dir]   — prints the DATABASE_URL to use.
set -euo pipefail
port="${1:-55432}"
dir="${2:-/tmp/gridfront-pg}"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if [ "$(id -u)" = 0 ]; then mkdir -p "$dir" && chown postgres "$dir"; fi
if [ ! -f "$dir/PG_VERSION" ]; then
  run "$bin/initdb -D '$dir' -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8" >/dev/null
fi
if ! run "$bin/pg_ctl -D '$dir' status" >/dev/null 2>&1; then
  run "$bin/pg_ctl -D '$dir' -l '$dir/server.log' -w -o \"-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
