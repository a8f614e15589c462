#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine: Chromium (Debian's package; nothing
# here downloads a browser of its own) and the npm dependencies from the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v "${CHROMIUM_PATH:-/usr/bin/chromium}" >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
npm ci --no-audit --no-fund
