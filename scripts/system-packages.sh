#!/usr/bin/env bash
# The system packages the tests and documents need, from Debian (never a downloaded browser):
#   chromium        headless Chromium: prints documents to PDF, drives the browser tests
#   fonts-noto-cjk  Noto Serif/Sans CJK: Japanese and classical Chinese, vertical too
#   poppler-utils   pdftotext and pdftoppm: the tests read the PDFs back
#   postgresql-client  pg_dump and pg_restore: `wreckmaster db backup` on PostgreSQL (docs/deployment.md)
#   nginx           the documented reverse proxy (docs/deployment.md); the slow-client test runs
#                   its own nginx on a loopback port (no system service is started or touched)
#   postgresql      only when no server answers on 127.0.0.1:5432 (see scripts/with-postgres.sh)
# As root, missing ones are installed with apt-get; otherwise this says what to install.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
fonts=$(fc-list : family 2>/dev/null || true)
grep -qi "Noto Serif CJK" <<<"$fonts" || need+=(fonts-noto-cjk)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v pg_dump >/dev/null 2>&1 || need+=(postgresql-client)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
command -v npm >/dev/null 2>&1 || need+=(npm)   # axe-core for the pages' accessibility tests (issue 25)
if [ "${1:-}" = "--with-postgresql" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  need+=(postgresql)
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing from Debian: ${need[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "error: missing system packages: ${need[*]}" >&2
  echo "       install them with: sudo apt-get install ${need[*]}" >&2
  exit 1
fi
