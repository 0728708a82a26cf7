#!/usr/bin/env bash
# Builds the Dockerfile's image and runs it as an operator would (docs/operations.md "The image, checked"): its size
# (250 MB at most), then the container on an empty PostgreSQL database with production settings (SANDBOX=0): a
# non-root process, healthy, /readyz 200, the member app and the console served, nothing under /sandbox/, the
# operator CLI creating the first operator, and a graceful stop on SIGTERM within 10 s with exit code 0. Everything
# it makes is removed again.
#
#   bash scripts/image-check.sh
#
# Where the repository sits beside ../shared/tools/docker-local.sh (a machine that reaches no image registry), that
# script starts a Docker daemon and makes the Node base image; elsewhere the running daemon is used and the official
# base image is pulled. Build and run always use the host's network, which that daemon needs and which lets the
# container reach the PostgreSQL server on 127.0.0.1:5432 (user postgres, trust authentication; PGHOST, PGPORT and
# PGUSER override it).
set -euo pipefail
cd "$(dirname "$0")/.."

MAX_MB=250
STOP_SECONDS=10
HEALTHY_SECONDS=150
IMAGE=${IMAGE_CHECK_TAG:-h5-site:image-check}
PGHOST=${PGHOST:-127.0.0.1}
PGPORT=${PGPORT:-5432}
PGUSER=${PGUSER:-postgres}
export PGHOST PGPORT PGUSER
LOCAL_DOCKER=../shared/tools/docker-local.sh
NAME=h5-image-check-$$
DB=image_check_$$
WORK=$(mktemp -d /tmp/image-check.XXXXXX)

started_daemon=0
created_db=0
started_container=0

say() { echo "image-check: $*"; }
pass() { echo "image-check: ok   $*"; }
fail() {
  echo "image-check: FAILED: $*" >&2
  if [ "$started_container" = 1 ]; then
    echo "image-check: the container's last log lines:" >&2
    docker logs --tail 40 "$NAME" >&2 2>&1 || true
  fi
  exit 1
}

cleanup() {
  local status=$?
  set +e
  if [ "$started_container" = 1 ]; then docker rm -f "$NAME" >/dev/null 2>&1; fi
  if [ "$created_db" = 1 ]; then dropdb --if-exists "$DB" >/dev/null 2>&1 || say "could not drop database $DB"; fi
  if [ "$started_daemon" = 1 ]; then bash "$LOCAL_DOCKER" stop; fi
  rm -rf "$WORK"
  if [ "$status" = 0 ]; then say "all checks passed"; else say "the image check failed" >&2; fi
}
trap cleanup EXIT

for tool in curl psql createdb dropdb pg_isready node; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
done

# 1. A Docker daemon, and the base image where no registry is reachable.
if [ -f "$LOCAL_DOCKER" ]; then
  # A daemon that was already running is someone else's: it is used and left running.
  DOCKER_HOST=unix://${DOCKER_LOCAL_DIR:-/tmp/docker-local}/docker.sock docker info >/dev/null 2>&1 || started_daemon=1
  start=$(bash "$LOCAL_DOCKER" start) || fail "the local Docker daemon did not start"
  eval "$start"
  for base in $(awk 'toupper($1) == "FROM" && $2 != "scratch" { print $2 }' Dockerfile | sort -u); do
    bash "$LOCAL_DOCKER" base "$base" || fail "could not make the base image $base"
  done
  say "local Docker daemon ($DOCKER_HOST), base images made"
else
  command -v docker >/dev/null 2>&1 || fail "docker is not installed"
  docker info >/dev/null 2>&1 || fail "no Docker daemon answers (start one, or set DOCKER_HOST)"
fi

# 2. The image and its size.
say "building $IMAGE (several minutes on a fresh machine)"
build_started=$(date +%s)
if ! docker build --network host -t "$IMAGE" . >"$WORK/build.log" 2>&1; then
  tail -n 40 "$WORK/build.log" >&2
  fail "docker build failed"
fi
pass "built in $(($(date +%s) - build_started)) s"
bytes=$(docker image inspect -f '{{.Size}}' "$IMAGE")
size=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1000000 }')
awk -v b="$bytes" -v max="$MAX_MB" 'BEGIN { exit !(b <= max * 1000000) }' \
  || fail "the image is $size MB, over the $MAX_MB MB limit"
pass "image size $size MB (limit $MAX_MB MB)"

# 3. An empty database and the container with production settings, on a free port of the host.
pg_isready -q 2>/dev/null || psql -qAt -d postgres -c 'select 1' >/dev/null 2>&1 \
  || fail "no PostgreSQL server answers on $PGHOST:$PGPORT as $PGUSER"
createdb "$DB" || fail "could not create database $DB"
created_db=1
port=$(node -e "const s = require('node:net').createServer();
  s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
base_url=http://127.0.0.1:$port
docker run -d --network host --name "$NAME" \
  -e DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$DB" \
  -e PUBLIC_URL="$base_url" \
  -e LEDGER_SEAL_KEY="$(node -e "console.log(require('node:crypto').randomBytes(24).toString('hex'))")" \
  -e SANDBOX=0 -e HOST=127.0.0.1 -e PORT="$port" \
  "$IMAGE" >/dev/null || fail "docker run failed"
started_container=1
say "container $NAME started on port $port, database $DB"

# 4. What an operator looks at.
uids=$(docker top "$NAME" -o pid,uid | awk 'NR > 1 { printf "%s%s", sep, $2; sep = " " }')
[ -n "${uids// /}" ] || fail "no process runs in the container"
for uid in $uids; do [ "$uid" != 0 ] || fail "a process in the container runs as root (uids: $uids)"; done
pass "the server runs as a non-root user (uid $uids)"

status=starting
run_started=$(date +%s)
for _ in $(seq 1 "$HEALTHY_SECONDS"); do
  [ "$(docker inspect -f '{{.State.Running}}' "$NAME")" = true ] || fail "the container exited during start-up"
  status=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$NAME")
  [ "$status" = healthy ] && break
  [ "$status" = none ] && fail "the image has no HEALTHCHECK"
  sleep 1
done
[ "$status" = healthy ] || fail "the container is $status, not healthy, after $HEALTHY_SECONDS s"
pass "the container is healthy (after $(($(date +%s) - run_started)) s)"

# Prints the status code of a GET and keeps the body in $WORK/body.
get() { curl -s -o "$WORK/body" -w '%{http_code}' --max-time 10 "$base_url$1" || echo 000; }

code=$(get /readyz)
[ "$code" = 200 ] || fail "/readyz answered $code, not 200: $(head -c 300 "$WORK/body")"
pass "/readyz answers 200"

code=$(get /)
[ "$code" = 200 ] && grep -q '<title>体育娱乐</title>' "$WORK/body" || fail "/ answered $code without the member app's page"
pass "/ serves the member app"

code=$(get /admin/)
[ "$code" = 200 ] && grep -q '<title>星河运营后台</title>' "$WORK/body" \
  || fail "/admin/ answered $code without the console's page"
pass "/admin/ serves the console"

for path in /sandbox/epay /sandbox/epay/submit.php /sandbox/epay/api.php /sandbox/aggregator/launch /sandbox/hub88/; do
  code=$(get "$path")
  [ "$code" = 404 ] || fail "$path answered $code, not 404: the sandbox is served in production"
done
pass "/sandbox/epay and the rest of /sandbox/ answer 404"

# The first operator is created with the CLI inside the container, as docker-compose.yml tells an operator to.
docker exec "$NAME" node --import ./apps/server/scripts/compiled.mjs apps/server/dist/cli/operator.js \
  create image_check --role admin >"$WORK/cli.log" 2>&1 && grep -q '^password: ' "$WORK/cli.log" \
  || fail "the operator CLI did not create an operator: $(tail -n 5 "$WORK/cli.log")"
pass "the operator CLI creates the first operator"

stop_started=$(date +%s%N)
docker stop -t "$STOP_SECONDS" "$NAME" >/dev/null || fail "docker stop failed"
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$NAME")
[ "$exit_code" = 0 ] || fail "the server exited with code $exit_code after SIGTERM (137: killed after $STOP_SECONDS s)"
[ "$stop_ms" -lt $((STOP_SECONDS * 1000)) ] || fail "the server took $stop_ms ms to stop"
pass "docker stop (SIGTERM) ends it in $stop_ms ms with exit code 0"
