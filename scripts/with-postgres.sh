#!/usr/bin/env bash
# Run a command with a PostgreSQL server for the tests.
# - WRECKMASTER_TEST_PG already set: use it.
# - a server answers on 127.0.0.1:5432 (this project's machines): use it.
# - otherwise: start a throwaway server (Debian's postgresql, installed as root when missing):
#   initdb as the postgres user into a temporary folder, pg_ctl on a free port, stopped after.
# WRECKMASTER_TEST_PG_THROWAWAY=1 forces the throwaway server (to try that path).
# The PostgreSQL tests never skip: without any server they fail saying why.
set -euo pipefail
if [ -n "${WRECKMASTER_TEST_PG:-}" ]; then exec "$@"; fi
py=${PYTHON:-python3}
answers() { "$py" - "$1" <<'PY'
import socket, sys
s = socket.socket(); s.settimeout(1)
try:
    s.connect(("127.0.0.1", int(sys.argv[1]))); print("yes")
except OSError:
    print("no")
PY
}
if [ -z "${WRECKMASTER_TEST_PG_THROWAWAY:-}" ] && [ "$(answers 5432)" = yes ]; then
  export WRECKMASTER_TEST_PG="postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
  exec "$@"
fi
echo "no PostgreSQL on 127.0.0.1:5432: starting a throwaway server" >&2
bash "$(dirname "$0")/system-packages.sh" --with-postgresql
bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
tmp=$(mktemp -d /tmp/wreckmaster-pg.XXXXXX)
port=$("$py" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg() { if [ "$(id -u)" = 0 ]; then chown -R postgres "$tmp"; su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
as_pg "'$bindir/initdb' -D '$tmp/data' -U postgres -A trust >'$tmp/initdb.log' 2>&1"
as_pg "'$bindir/pg_ctl' -D '$tmp/data' -l '$tmp/server.log' -w -o \"-p $port -k '$tmp' -h 127.0.0.1\" start >/dev/null"
stop() { as_pg "'$bindir/pg_ctl' -D '$tmp/data' -m fast stop >/dev/null 2>&1" || true; rm -rf "$tmp"; }
trap stop EXIT
export WRECKMASTER_TEST_PG="postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
"$@"
