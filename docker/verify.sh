#!/usr/bin/env bash
# CI's check of docker/ without a Docker engine:
#   1. docker/compose.yaml is valid (docker-compose 1.29's `config -q`, and `docker compose config -q`
#      too where Compose v2 is installed) with the secrets set, and refused without each of them;
#   2. every API replica in compose.yaml has a `server` line in nginx.conf and the other way round,
#      each replica defaults to TRUST_PROXY=1 (one hop: nginx), and nginx passes X-Forwarded-For;
#   3. docker/build-steps.sh: the Dockerfile's build steps run here, and the result serves /health.
# Installs Debian's docker-compose with apt-get if it is missing and this runs as root; fails
# otherwise. Exits non-zero on any failure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
compose_file="$here/compose.yaml"
nginx_conf="$here/nginx.conf"

say() { printf '\n[verify] %s\n' "$*"; }
fail() {
  printf '\nverify: FAILED: %s\n' "$*" >&2
  exit 1
}

# --- docker-compose -------------------------------------------------------------------------------
if ! command -v docker-compose >/dev/null 2>&1; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "docker-compose is missing: installing Debian's package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || fail "apt-get update failed"
    apt-get install -y -qq docker-compose >/dev/null || fail "apt-get install docker-compose failed"
  else
    fail "docker-compose is not installed and this is not root with apt-get: install it (apt-get install docker-compose) and run again"
  fi
fi
command -v docker-compose >/dev/null 2>&1 || fail "docker-compose still not on PATH after installing it"

# Compose validators to run: Debian's docker-compose 1.x always; Compose v2 when it is there.
validators=("docker-compose")
if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
  validators+=("docker compose")
fi

# A clean environment: the caller's own JWT_SECRET, COMPOSE_* or DOCKER_* must not change the outcome.
compose() {
  local validator=$1
  shift
  env -i "PATH=$PATH" "HOME=${HOME:-/tmp}" "$@" $validator -f "$compose_file" config -q
}

# --- 1. the compose file --------------------------------------------------------------------------
for validator in "${validators[@]}"; do
  say "$validator -f docker/compose.yaml config -q  ($($validator version --short 2>/dev/null || true))"
  compose "$validator" JWT_SECRET=x POSTGRES_PASSWORD=y || fail "$validator rejects docker/compose.yaml"
  for secret in JWT_SECRET POSTGRES_PASSWORD; do
    if [[ "$secret" == JWT_SECRET ]]; then others=(POSTGRES_PASSWORD=y); else others=(JWT_SECRET=x); fi
    if compose "$validator" "${others[@]}" 2>/dev/null; then
      fail "$validator accepts docker/compose.yaml without $secret: it must come from the environment"
    fi
    echo "  refused without $secret, as it should be"
  done
done

# --- 2. replicas and the load balancer agree ------------------------------------------------------
say "API replicas in compose.yaml and nginx.conf"
rendered="$(env -i "PATH=$PATH" "HOME=${HOME:-/tmp}" JWT_SECRET=x POSTGRES_PASSWORD=y docker-compose -f "$compose_file" config)"
mapfile -t replicas < <(env -i "PATH=$PATH" "HOME=${HOME:-/tmp}" JWT_SECRET=x POSTGRES_PASSWORD=y \
  docker-compose -f "$compose_file" config --services | grep -E '^api[0-9]+$' | sort)
mapfile -t upstreams < <(grep -oE '^[[:space:]]*server[[:space:]]+api[0-9]+:3000' "$nginx_conf" | awk '{print $2}' | cut -d: -f1 | sort)
((${#replicas[@]} >= 2)) || fail "compose.yaml has ${#replicas[@]} API replica(s) (services named apiN): expected several"
[[ "${replicas[*]}" == "${upstreams[*]}" ]] ||
  fail "compose.yaml runs replicas '${replicas[*]}' but nginx.conf balances over '${upstreams[*]}'"
echo "  ${#replicas[@]} replicas: ${replicas[*]}, each a server in nginx.conf's upstream"
# TRUST_PROXY=1 on each replica (nginx is one hop), read off the rendered file service by service.
for replica in "${replicas[@]}"; do
  value="$(awk -v name="$replica" '
    /^  [^ ]/ { inside = ($1 == name ":") }
    inside && $1 == "TRUST_PROXY:" { gsub(/'"'"'|"/, "", $2); print $2 }
  ' <<<"$rendered")"
  [[ "$value" == 1 ]] || fail "$replica runs with TRUST_PROXY='$value' by default: it must be 1 (nginx is one hop)"
done
grep -q 'proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;' "$nginx_conf" ||
  fail "nginx.conf must pass X-Forwarded-For (TRUST_PROXY=1 relies on it)"
echo "  TRUST_PROXY=1 on every replica; nginx passes X-Forwarded-For"
# The gateway is a WebSocket: without these nginx answers its upgrade as a plain GET (426).
awk '/location = \/api\/gateway/,/}/' "$nginx_conf" | grep -q 'proxy_set_header Upgrade \$http_upgrade;' ||
  fail "nginx.conf must pass WebSocket upgrades on /api/gateway (proxy_set_header Upgrade \$http_upgrade)"
awk '/location = \/api\/gateway/,/}/' "$nginx_conf" | grep -q 'proxy_http_version 1.1;' ||
  fail "nginx.conf must proxy /api/gateway over HTTP/1.1 (upgrades need it)"
echo "  nginx passes WebSocket upgrades on /api/gateway"
# Coarse abuse bounds per client address at the edge, on the gateway too (issue: unlimited sockets).
for location in 'location \/ ' 'location = \/api\/gateway'; do
  for directive in 'limit_conn conn_per_address' 'limit_req zone=req_per_address'; do
    awk "/$location/,/}/" "$nginx_conf" | grep -q "$directive" ||
      fail "nginx.conf must apply '$directive' in '${location//\\/}'"
  done
done
echo "  nginx limits connections and requests per client address, the gateway included"

# Metrics: each replica serves them on METRICS_PORT 9100, Prometheus scrapes each one, nginx none.
mapfile -t targets < <(grep -oE 'api[0-9]+:9100' "$here/prometheus.yml" | cut -d: -f1 | sort)
[[ "${replicas[*]}" == "${targets[*]}" ]] ||
  fail "compose.yaml runs replicas '${replicas[*]}' but prometheus.yml scrapes '${targets[*]}'"
for replica in "${replicas[@]}"; do
  value="$(awk -v name="$replica" '
    /^  [^ ]/ { inside = ($1 == name ":") }
    inside && $1 == "METRICS_PORT:" { gsub(/'"'"'|"/, "", $2); print $2 }
  ' <<<"$rendered")"
  [[ "$value" == 9100 ]] || fail "$replica serves metrics on METRICS_PORT='$value': prometheus.yml scrapes 9100"
  # METRICS_HOST defaults to loopback: Prometheus, in another container, would find nothing there.
  value="$(awk -v name="$replica" '
    /^  [^ ]/ { inside = ($1 == name ":") }
    inside && $1 == "METRICS_HOST:" { gsub(/'"'"'|"/, "", $2); print $2 }
  ' <<<"$rendered")"
  [[ "$value" == 0.0.0.0 ]] || fail "$replica serves metrics on METRICS_HOST='$value': Prometheus scrapes it from another container (0.0.0.0)"
done
if grep -qE '9100|/metrics' "$nginx_conf"; then fail "nginx.conf must not forward the metrics port or /metrics"; fi
node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$here/grafana/dashboards/chat-fleet.json" ||
  fail "docker/grafana/dashboards/chat-fleet.json is not JSON"
echo "  prometheus.yml scrapes every replica's port 9100 (METRICS_HOST 0.0.0.0); nginx forwards neither; the dashboard parses"
echo "  (apps/api/test/dashboard.e2e.test.ts checks the dashboard's metric names against a live /metrics)"

# --- 3. the image's build steps -------------------------------------------------------------------
say "docker/build-steps.sh"
bash "$here/build-steps.sh" || fail "docker/build-steps.sh failed"

say "passed: compose file valid, replicas balanced, image build steps work"
