#!/usr/bin/env bash
# docker/Dockerfile's build, run on this machine without a Docker engine, so CI catches a Dockerfile
# whose steps rot:
#   1. checks that the Dockerfile's build-stage RUN commands are exactly BUILD_STEPS below, and that
#      the runtime stage copies and runs what step 5 runs;
#   2. copies the repository (the build context) into a temp dir, leaving out what
#      docker/Dockerfile.dockerignore leaves out;
#   3. runs BUILD_STEPS there, word for word ("/app" becomes the temp dir's app/);
#   4. checks the deployed tree: every @chat workspace package resolves (dist included), no dev tools,
#      no source map;
#   5. like the image: runs `node apps/api/dist/migrate.js`, starts `node apps/api/dist/main.js`
#      (PORT=0, HOST=127.0.0.1, embedded PGlite in a temp DATA_DIR), runs the HEALTHCHECK command
#      (GET /health must answer 200), checks /metrics is on its own listener only (404 on the API
#      port), fetches the chat page and every module it imports, stops it
#      with SIGTERM and expects exit code 0.
# Exits non-zero on any failure; removes its temp dir and stops what it started in every case.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
dockerfile="$here/Dockerfile"
ignorefile="$here/Dockerfile.dockerignore"

# The Dockerfile's build stage, in order (BuildKit --mount flags aside). Keep the two identical.
BUILD_STEPS=(
  'npm install -g pnpm@10.34.8'
  'pnpm install --frozen-lockfile'
  'pnpm run build'
  'pnpm --filter @chat/api --config.inject-workspace-packages=true deploy --prod /app/apps/api'
  "find /app/ -name '*.map' -type f -delete"
)
# Runtime-stage lines that step 5 mirrors.
RUNTIME_LINES=(
  'COPY --from=build /app /app'
  'COPY docker/healthcheck.cjs /app/healthcheck.cjs'
  'WORKDIR /app'
  'HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "healthcheck.cjs"]'
  'CMD ["node", "apps/api/dist/main.js"]'
)

started=$SECONDS
work=""
api_pid=""
cleanup() {
  local status=$?
  if [[ -n "$api_pid" ]] && kill -0 "$api_pid" 2>/dev/null; then
    kill -KILL "$api_pid" 2>/dev/null || true
    wait "$api_pid" 2>/dev/null || true
  fi
  if [[ -n "$work" ]]; then rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

say() { printf '\n[build-steps %3ds] %s\n' "$((SECONDS - started))" "$*"; }
fail() {
  printf '\nbuild-steps: FAILED: %s\n' "$*" >&2
  exit 1
}

# --- 1. the Dockerfile still says what this script runs -------------------------------------------
say "checking docker/Dockerfile against this script's steps"
[[ -f "$dockerfile" ]] || fail "no $dockerfile"
# RUN commands of the stage named `build`, continuation lines joined, --mount=… flags dropped.
mapfile -t dockerfile_steps < <(awk '
  function flush() { if (cmd != "") { sub(/^[ \t]+/, "", cmd); print cmd; cmd = "" } }
  /^[ \t]*#/ { next }
  { line = $0 }
  cont { sub(/^[ \t]+/, " ", line); if (line ~ /\\[ \t]*$/) { sub(/\\[ \t]*$/, "", line); cmd = cmd line } else { cmd = cmd line; cont = 0; flush() } next }
  toupper($1) == "FROM" { inbuild = (tolower($NF) == "build" && toupper($(NF-1)) == "AS"); next }
  inbuild && toupper($1) == "RUN" {
    sub(/^[ \t]*[Rr][Uu][Nn][ \t]+/, "", line)
    while (line ~ /^--[a-z]+=[^ \t]*[ \t]+/) sub(/^--[a-z]+=[^ \t]*[ \t]+/, "", line)
    if (line ~ /\\[ \t]*$/) { sub(/\\[ \t]*$/, "", line); cmd = line; cont = 1 } else { cmd = line; flush() }
  }
' "$dockerfile")
if [[ "$(printf '%s\n' "${dockerfile_steps[@]}")" != "$(printf '%s\n' "${BUILD_STEPS[@]}")" ]]; then
  echo "Dockerfile build stage runs:" >&2
  printf '  %s\n' "${dockerfile_steps[@]}" >&2
  echo "build-steps.sh runs:" >&2
  printf '  %s\n' "${BUILD_STEPS[@]}" >&2
  fail "docker/Dockerfile and docker/build-steps.sh disagree on the build steps: change both together"
fi
for line in "${RUNTIME_LINES[@]}"; do
  grep -qxF -- "$line" "$dockerfile" || fail "docker/Dockerfile lacks the runtime line this script mirrors: $line"
done
# The pnpm the image installs is the one package.json pins.
pinned="$(node -p 'require(process.argv[1]).packageManager' "$repo/package.json")"
[[ "${BUILD_STEPS[0]}" == "npm install -g $pinned" ]] ||
  fail "docker/Dockerfile installs '${BUILD_STEPS[0]#npm install -g }' but package.json pins packageManager '$pinned'"

# --- 2. the build context --------------------------------------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/chat-build-steps.XXXXXX")"
say "copying the build context into $work/src (exclusions from docker/Dockerfile.dockerignore)"
# "name" is excluded at the root only, "**/name" anywhere; anything fancier is refused rather than
# copied differently from BuildKit.
anchored=()
anywhere=()
while IFS= read -r pattern || [[ -n "$pattern" ]]; do
  pattern="${pattern%%[[:space:]]}"
  [[ -z "$pattern" || "$pattern" == \#* ]] && continue
  case "$pattern" in
    '!'* | */**/* | *'['* | *'?'*) fail "Dockerfile.dockerignore pattern '$pattern' is beyond what build-steps.sh copies like BuildKit" ;;
    '**/'*) anywhere+=("--exclude=${pattern#\*\*/}") ;;
    */*) fail "Dockerfile.dockerignore pattern '$pattern': use 'name' (at the root) or '**/name' (anywhere)" ;;
    *) anchored+=("--exclude=./$pattern") ;;
  esac
done <"$ignorefile"
mkdir "$work/src" "$work/app" "$work/tools"
mkdir -m 700 "$work/data"
tar -C "$repo" --anchored "${anchored[@]}" --no-anchored "${anywhere[@]}" -cf - . | tar -C "$work/src" -xf -
for gone in .git data node_modules apps/api/dist; do
  [[ ! -e "$work/src/$gone" ]] || fail "the copied context still has $gone: exclusions not applied"
done

# --- the image's Node line -------------------------------------------------------------------------
# The build and the run below use the Node major of the Dockerfile's base image: when this machine's
# differs, that line's binary comes from the npm registry (node-linux-<arch>), as nothing else is
# downloadable here.
image_node="$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9][0-9]*\)-.*/\1/p' "$dockerfile")"
[[ -n "$image_node" ]] || fail "the Dockerfile has no 'ARG NODE_IMAGE=node:<major>-...' line"
if [[ "$(node -p 'process.versions.node.split(".")[0]')" != "$image_node" ]]; then
  say "fetching Node $image_node (the image's line) from the npm registry"
  arch="$(node -p 'process.arch')"
  npm install --prefix "$work/tools/node" --no-save --no-audit --no-fund --silent "node-linux-$arch@$image_node" ||
    fail "could not install node-linux-$arch@$image_node from the npm registry"
  export PATH="$work/tools/node/node_modules/node-linux-$arch/bin:$PATH"
fi
[[ "$(node -p 'process.versions.node.split(".")[0]')" == "$image_node" ]] || fail "node on PATH is $(node --version), not the image's $image_node"
echo "  node $(node --version), the image's line"

# --- 3. the build stage, word for word -------------------------------------------------------------
# The Dockerfile's /app is $work/app here. `npm install -g` goes to $work/tools, not the machine's
# global prefix; pnpm's store is this machine's, as the Dockerfile's cache mount is the builder's.
export PATH="$work/tools/bin:$PATH"
cd "$work/src"
for step in "${BUILD_STEPS[@]}"; do
  command="${step// \/app\// $work/app/}"
  say "RUN $step"
  if [[ "$step" == 'npm install -g '* ]]; then
    npm_config_prefix="$work/tools" bash -c "$command" || fail "step failed: $step"
  else
    bash -c "$command" || fail "step failed: $step"
  fi
done
[[ "$(pnpm --version)" == "${pinned#pnpm@}" ]] || fail "pnpm on PATH is $(pnpm --version), not ${pinned#pnpm@}"

# --- 4. what the image gets ------------------------------------------------------------------------
# The runtime stage: COPY --from=build /app /app, then the health check next to it.
cp "$here/healthcheck.cjs" "$work/app/healthcheck.cjs"
cd "$work/app"
say "checking the deployed tree"
for file in apps/api/package.json apps/api/dist/main.js apps/api/dist/migrate.js healthcheck.cjs; do
  [[ -f "$file" ]] || fail "the image would lack $file"
done
# Every workspace package the API depends on resolves from the deployed tree (their dist/ came along).
(cd apps/api && node -e '
  const deps = Object.keys(require("./package.json").dependencies || {}).filter((n) => n.startsWith("@chat/"));
  if (deps.length === 0) throw new Error("no @chat/* dependency found in apps/api/package.json");
  const { existsSync } = require("node:fs");
  const { dirname, join, relative } = require("node:path");
  for (const name of deps) {
    // Through its package.json: the page and the ES-module SDK export no CommonJS entry to resolve.
    const root = dirname(require.resolve(`${name}/package.json`));
    const built = join(root, "dist");
    if (!existsSync(built)) throw new Error(`${name} lacks its built ${built}`);
    console.log(`  ${name} -> ${relative(process.cwd(), built)}`);
  }
') || fail "a workspace package does not resolve in the deployed tree"
# Production dependencies only: none of the build and test tools.
dev_found="$(find apps/api/node_modules/.pnpm -maxdepth 1 \( -name 'typescript@*' -o -name 'jest@*' -o -name '@types+*' -o -name '@swc+*' -o -name 'supertest@*' -o -name 'dependency-cruiser@*' \) -printf '%f\n' | head -n 5)"
[[ -z "$dev_found" ]] || fail "development dependencies in the deployed tree: $dev_found"
echo "  $(du -sh apps/api | cut -f1) in apps/api, production dependencies only"
# No source maps: neither ours (not built) nor the dependencies' (deleted by the last build step).
maps_found="$(find . -name '*.map' -type f | head -n 5)"
[[ -z "$maps_found" ]] || fail "source maps in the deployed tree: $maps_found"
mapped="$(find apps/api/dist apps/api/node_modules/@chat/*/dist -name '*.js' -type f -exec grep -l 'sourceMappingURL' {} + 2>/dev/null | head -n 5 || true)"
[[ -z "$mapped" ]] || fail "our built modules still name a source map: $mapped"
echo "  no source maps, and none named by our built modules"

# --- 5. run it as the image would ------------------------------------------------------------------
# A clean environment: only what the image sets (NODE_ENV, HOST, PORT, DATA_DIR) and PATH/HOME, plus
# METRICS_PORT=0: the metrics listener's default port (9464, loopback) may be taken on a shared machine.
run_env=(env -i "PATH=$PATH" "HOME=${HOME:-/tmp}" NODE_ENV=production HOST=127.0.0.1 PORT=0 METRICS_PORT=0 "DATA_DIR=$work/data")

say "node apps/api/dist/migrate.js (embedded PGlite in $work/data)"
"${run_env[@]}" timeout 60 node apps/api/dist/migrate.js >"$work/migrate.log" 2>&1 || {
  cat "$work/migrate.log" >&2
  fail "node apps/api/dist/migrate.js failed"
}

say "node apps/api/dist/main.js (PORT=0 HOST=127.0.0.1)"
"${run_env[@]}" node apps/api/dist/main.js >"$work/api.log" 2>&1 &
api_pid=$!
port=""
for _ in $(seq 1 300); do
  kill -0 "$api_pid" 2>/dev/null || {
    cat "$work/api.log" >&2
    fail "the API exited during start"
  }
  # The address from the start log's "listening on" line (JSON "port":N or the ".../host:N" text;
  # the metrics listener logs a line of its own) …
  port="$(grep -F 'listening on' "$work/api.log" | grep -oE '"port": ?[0-9]+|http://127\.0\.0\.1:[0-9]+' | grep -oE '[0-9]+$' | grep -v '^0$' | head -n 1 || true)"
  metrics_port="$(grep -oE 'metrics on http://127\.0\.0\.1:[0-9]+' "$work/api.log" | grep -oE '[0-9]+$' | head -n 1 || true)"
  # … or from the socket table, whatever the log says, once the metrics port is known.
  if [[ -z "$port" && -n "$metrics_port" ]] && command -v ss >/dev/null; then
    port="$(ss -Hltnp 2>/dev/null | grep -F "pid=$api_pid," | awk '{print $4}' | grep -oE '[0-9]+$' | grep -vx "$metrics_port" | head -n 1 || true)"
  fi
  [[ -n "$port" ]] && break
  sleep 0.1
done
[[ -n "$port" ]] || {
  cat "$work/api.log" >&2
  fail "the API did not start listening within 30 s"
}
metrics_port="$(grep -oE 'metrics on http://127\.0\.0\.1:[0-9]+' "$work/api.log" | grep -oE '[0-9]+$' | head -n 1 || true)"
echo "  listening on 127.0.0.1:$port"

say "HEALTHCHECK: node healthcheck.cjs (GET /health)"
healthy=""
for _ in $(seq 1 50); do
  if PORT="$port" HOST=127.0.0.1 node healthcheck.cjs 2>"$work/health.err"; then
    healthy=yes
    break
  fi
  sleep 0.1
done
[[ -n "$healthy" ]] || {
  cat "$work/health.err" "$work/api.log" >&2
  fail "GET /health did not answer 200"
}
echo "  GET /health answered 200"

say "metrics: on their own listener (127.0.0.1:${metrics_port:-?}), not on the API port"
[[ -n "$metrics_port" ]] || {
  cat "$work/api.log" >&2
  fail "the API logged no metrics listener"
}
PORT="$port" METRICS_PORT="$metrics_port" node -e '
  (async () => {
    const own = await fetch(`http://127.0.0.1:${process.env.METRICS_PORT}/metrics`);
    if (own.status !== 200 || !/^chat_/m.test(await own.text())) throw new Error(`GET /metrics on the metrics port answered ${own.status}`);
    const api = await fetch(`http://127.0.0.1:${process.env.PORT}/metrics`);
    if (api.status !== 404) throw new Error(`GET /metrics on the API port answered ${api.status}: it must be 404`);
    console.log("  GET /metrics: 200 on the metrics port, 404 on the API port");
  })().catch((error) => { console.error(error.message); process.exit(1); });
' || fail "metrics are not served on their own listener only"

say "the chat page: GET / and every module it imports"
PORT="$port" node -e '
  const base = `http://127.0.0.1:${process.env.PORT}`;
  (async () => {
    const page = await fetch(`${base}/`);
    const html = await page.text();
    if (page.status !== 200 || !/^text\/html/.test(page.headers.get("content-type") ?? "")) throw new Error(`GET / answered ${page.status}`);
    const map = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)[1]).imports;
    const modules = [...Object.values(map), ...[...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1])];
    for (const url of modules) {
      const res = await fetch(base + url);
      if (res.status !== 200 || !/javascript/.test(res.headers.get("content-type") ?? "")) throw new Error(`GET ${url} answered ${res.status}`);
      console.log(`  GET ${url}: 200`);
      const map = await fetch(`${base}${url}.map`);
      if (map.status !== 404) throw new Error(`GET ${url}.map answered ${map.status}: source maps must not be served`);
    }
    const docsMap = await fetch(`${base}/api/docs/swagger-ui-bundle.js.map`);
    if (docsMap.status !== 404) throw new Error(`GET /api/docs/swagger-ui-bundle.js.map answered ${docsMap.status}`);
    console.log("  no .map of any of them, nor of the docs page: 404");
  })().catch((error) => { console.error(error.message); process.exit(1); });
' || fail "the image would not serve the chat page"

say "docker stop: SIGTERM, expecting exit code 0"
kill -TERM "$api_pid"
exit_code=""
for _ in $(seq 1 150); do
  if ! kill -0 "$api_pid" 2>/dev/null; then
    exit_code=0
    wait "$api_pid" || exit_code=$?
    break
  fi
  sleep 0.1
done
[[ -n "$exit_code" ]] || fail "the API was still running 15 s after SIGTERM"
api_pid=""
[[ "$exit_code" == 0 ]] || {
  cat "$work/api.log" >&2
  fail "the API exited with $exit_code on SIGTERM"
}

say "passed: the Dockerfile's build steps work ($((SECONDS - started)) s)"
