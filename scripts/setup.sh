#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine: Chromium and Firefox ESR (Debian's
# packages; nothing here downloads a browser of its own) and the npm dependencies from the lockfile.
# Firefox ESR is for the Firefox build's tests (test/e2e-firefox) and `npm start -- --browser firefox`.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v "${CHROMIUM_PATH:-/usr/bin/chromium}" >/dev/null 2>&1 || missing+=(chromium)
command -v "${FIREFOX_PATH:-/usr/bin/firefox-esr}" >/dev/null 2>&1 || missing+=(firefox-esr)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
npm ci --no-audit --no-fund
