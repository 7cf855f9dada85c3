#!/usr/bin/env bash
# Starts the real servers the tests and benchmarks use, on 127.0.0.1 only:
# PostgreSQL (port 54329; a second one on 54330 with its clock a year ahead, through
# faketime) and Redis (port 63799). Installs them from Debian's
# packages when missing (apt-get update first), Chromium for the docs'
# browser tests, Python's jsonschema for the ecosystem suite, Python's standardwebhooks
# (pip, in a virtual environment; PyPI may be unreachable) for the webhook receivers,
# HAProxy and PgBouncer (the deployment suite starts its own on loopback), Prometheus
# (the metrics test scrapes a real server) and testssl.sh (the TLS scan). Idempotent: a server already answering is left alone.
# Prints KEY=VALUE lines on stdout for the callers; everything else on stderr.
set -u
# runuser, haproxy, pgbouncer and the other Debian admin tools live in /usr/sbin, which a
# non-login or `env -i` PATH (a CI runner's) may not hold.
PATH="$PATH:/usr/sbin:/sbin"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PG_PORT=${WSAFE_PG_PORT:-54329}
PG_AHEAD_PORT=${WSAFE_PG_AHEAD_PORT:-54330}
CLOCK_AHEAD=+365d
REDIS_PORT=${WSAFE_REDIS_PORT:-63799}
STATE=/tmp/wsafe-services
log() { echo "services: $*" >&2; }

apt_updated=0
apt_install() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    log "cannot install $* (needs root and apt-get)"; return 1
  fi
  if [ $apt_updated = 0 ]; then
    log "apt-get update"; DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || return 1; apt_updated=1
  fi
  log "installing $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
}

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# A PostgreSQL cluster of ours: start_postgres DATA PORT [NAME=VALUE...] (variables of the
# server's environment, such as libfaketime's, which give it a clock of its own).
start_postgres() {
  local data=$1 port=$2; shift 2
  [ -n "$(pg_bin)" ] || apt_install postgresql || return 1
  local bin; bin=$(pg_bin)
  if "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then return 0; fi
  local runas=()
  # PostgreSQL refuses to run as root; Debian's package made the postgres user.
  if [ "$(id -u)" = 0 ]; then runas=(runuser -u postgres --); fi
  mkdir -p "$STATE" && chmod 755 "$STATE"
  if [ ! -f "$data/PG_VERSION" ]; then
    rm -rf "$data"; mkdir -p "$data"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$data"
    "${runas[@]}" "$bin/initdb" -D "$data" -U wsafe --auth=trust -E UTF8 >/dev/null || return 1
  fi
  "${runas[@]}" env "$@" "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k /tmp -c fsync=off -c max_connections=200" start >&2 || return 1
}

# Debian's faketime (libfaketime): the suites whose answers depend on dates run once more
# with the clock a year ahead (tests/clock-ahead), beside a PostgreSQL whose clock is
# moved the same way, so that no check holds only on the day it was written.
# The server gets the library itself (LD_PRELOAD), not the `faketime` command: that one
# waits for every process of its clock to end, and a daemon's never does.
ensure_faketime() {
  command -v faketime >/dev/null || apt_install faketime || return 1
  command -v faketime >/dev/null && [ -n "$(faketime_library)" ]
}
faketime_library() { dpkg -L libfaketime 2>/dev/null | grep -m1 '/libfaketime\.so\.1$'; }

start_redis() {
  command -v redis-server >/dev/null || apt_install redis-server || return 1
  if redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then return 0; fi
  mkdir -p "$STATE/redis"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --save "" --appendonly no \
    --dir "$STATE/redis" --logfile "$STATE/redis/redis.log" >&2 || return 1
  for _ in $(seq 50); do redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0; sleep 0.1; done
  return 1
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium || return 1
}

# Debian's python3-jsonschema for Debian's python3 (another interpreter on the PATH
# may have its own): the ecosystem suite validates real responses with it.
DEBIAN_PYTHON=/usr/bin/python3
ensure_python_jsonschema() {
  "$DEBIAN_PYTHON" -c 'import jsonschema' 2>/dev/null || apt_install python3-jsonschema || return 1
  "$DEBIAN_PYTHON" -c 'import jsonschema' 2>/dev/null
}

# Debian's HAProxy and PgBouncer: tests/deployment starts the reference topology of
# deploy/ with them, each process its own, on 127.0.0.1. The packages' own services are
# never used (where the package starts one, it is left as the package made it).
ensure_haproxy() {
  [ -x /usr/sbin/haproxy ] || apt_install haproxy || return 1
  [ -x /usr/sbin/haproxy ]
}
ensure_pgbouncer() {
  [ -x /usr/sbin/pgbouncer ] || apt_install pgbouncer || return 1
  [ -x /usr/sbin/pgbouncer ]
}

# Debian's Prometheus (with promtool): the metrics test checks the exposition with
# promtool and scrapes a real server with a Prometheus it starts itself. The package's
# own service is never started here (policy-rc.d or not, we start our own on loopback).
ensure_prometheus() {
  { [ -x /usr/bin/prometheus ] && [ -x /usr/bin/promtool ]; } || apt_install prometheus || return 1
  [ -x /usr/bin/prometheus ] && [ -x /usr/bin/promtool ]
}

# Debian's testssl.sh: the TLS test scans a started server with it.
ensure_testssl() {
  command -v testssl >/dev/null || apt_install testssl.sh || return 1
  command -v testssl >/dev/null
}

# The `standardwebhooks` package from PyPI, as another team's Python receiver would use
# it: apps/server's webhook receivers test verifies deliveries with it. Debian's python3 is
# externally managed, so it goes into a virtual environment of its own. PyPI is not
# reachable from every machine (pip then fails within seconds: no retries, a short
# timeout, bounded as a whole); the test then says loudly that it skipped that receiver.
ensure_python_standardwebhooks() {
  local venv=$STATE/python-standardwebhooks
  if "$venv/bin/python" -c 'import standardwebhooks' 2>/dev/null; then return 0; fi
  mkdir -p "$STATE"
  if ! "$DEBIAN_PYTHON" -m venv "$venv" >/dev/null 2>&1; then
    apt_install python3-venv || return 1
    "$DEBIAN_PYTHON" -m venv "$venv" >/dev/null 2>&1 || return 1
  fi
  timeout 60 "$venv/bin/pip" install --quiet --disable-pip-version-check --retries 0 --timeout 10 \
    'standardwebhooks>=1.1,<2' >/dev/null 2>&1 || return 1
  "$venv/bin/python" -c 'import standardwebhooks' 2>/dev/null
}

status=0
if start_postgres "$STATE/pg" "$PG_PORT"; then
  echo "WSAFE_TEST_DATABASE_URL=postgres://wsafe@127.0.0.1:$PG_PORT/postgres"
else
  log "PostgreSQL unavailable: PostgreSQL tests will skip"; status=1
fi
if start_redis; then
  echo "WSAFE_TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
else
  log "Redis unavailable: Redis tests will skip"; status=1
fi
if [ "${WSAFE_SKIP_CHROMIUM:-}" != 1 ] && ensure_chromium; then
  echo "CHROMIUM_PATH=/usr/bin/chromium"
fi
if ensure_python_jsonschema; then
  log "python3-jsonschema: available ($("$DEBIAN_PYTHON" -c 'from importlib.metadata import version; print(version("jsonschema"))' 2>/dev/null))"
  echo "WSAFE_PYTHON_JSONSCHEMA=$DEBIAN_PYTHON"
else
  log "python3-jsonschema: unavailable: the ecosystem suite's Python check will skip"
fi
if ensure_python_standardwebhooks; then
  log "python standardwebhooks: available"
  echo "WSAFE_PYTHON_STANDARDWEBHOOKS=$STATE/python-standardwebhooks/bin/python"
else
  log "python standardwebhooks: unavailable (pip could not install it from PyPI): the webhook test's PyPI receiver will skip"
fi
if ensure_haproxy; then
  echo "WSAFE_HAPROXY=/usr/sbin/haproxy"
else
  log "haproxy: unavailable: the deployment suite will skip"
fi
if ensure_pgbouncer; then
  echo "WSAFE_PGBOUNCER=/usr/sbin/pgbouncer"
else
  log "pgbouncer: unavailable: the deployment suite will skip"
fi
if ensure_prometheus; then
  echo "WSAFE_PROMETHEUS=/usr/bin/prometheus"
  echo "WSAFE_PROMTOOL=/usr/bin/promtool"
else
  log "prometheus: unavailable: the metrics scrape test will skip"
fi
if ensure_faketime; then
  echo "WSAFE_FAKETIME=$(command -v faketime)"
  echo "WSAFE_CLOCK_AHEAD=$CLOCK_AHEAD"
  if start_postgres "$STATE/pg-ahead" "$PG_AHEAD_PORT" "LD_PRELOAD=$(faketime_library)" "FAKETIME=$CLOCK_AHEAD"; then
    echo "WSAFE_TEST_DATABASE_URL_AHEAD=postgres://wsafe@127.0.0.1:$PG_AHEAD_PORT/postgres"
  else
    log "PostgreSQL with the clock ahead unavailable: the clock-ahead suites run on the embedded store only"
  fi
else
  log "faketime: unavailable: the clock-ahead suites will skip"
fi
if ensure_testssl; then
  echo "WSAFE_TESTSSL=$(command -v testssl)"
else
  log "testssl.sh: unavailable: the TLS scan will skip"
fi
exit $status
