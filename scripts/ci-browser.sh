#!/usr/bin/env bash
# Installs what the dashboard's browser tests need: Debian's chromium at /usr/bin/chromium (driven by
# playwright-core, which never downloads a browser). Non-interactive; does nothing when it is already there.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "ci-browser: $(/usr/bin/chromium --version 2>/dev/null || echo chromium) already installed"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ci-browser: /usr/bin/chromium is missing and apt-get is not available; install Chromium at /usr/bin/chromium" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo -n"; fi

export DEBIAN_FRONTEND=noninteractive
echo "ci-browser: installing chromium with apt-get"
$SUDO apt-get update -qq </dev/null
$SUDO apt-get install -y -qq chromium </dev/null >/dev/null
test -x /usr/bin/chromium
echo "ci-browser: $(/usr/bin/chromium --version 2>/dev/null || echo chromium) installed"
