#!/usr/bin/env bash
# Installs Debian's nginx (nginx-light, else nginx) for the two-server test behind a proxy
# (apps/server/test/proxy.test.ts) when it is missing. The test starts its own nginx on a
# loopback port with a generated configuration; the package's own service is not needed.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "nginx is missing and this user cannot install packages: install Debian's nginx-light" >&2; exit 1; fi
fi
$SUDO apt-get update -qq
if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx-light >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
fi
/usr/sbin/nginx -v
