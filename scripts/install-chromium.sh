#!/usr/bin/env bash
# Installs Debian's chromium (and fonts for Arabic) for the browser tests when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "chromium is missing and this user cannot install packages: install Debian's chromium" >&2; exit 1; fi
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
