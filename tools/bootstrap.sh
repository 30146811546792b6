#!/usr/bin/env bash
# Set up a fresh Debian machine for moderator: system packages, a virtualenv in .venv, the app and
# its test tools (with Debian's chromium and a Korean font: the web tests drive that browser through
# Playwright, which downloads none). Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(espeak-ng libespeak-ng1 libportaudio2 sox chromium fonts-nanum)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "bootstrap: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
# pip's own chatter goes to a log, shown only if the install fails.
if ! { .venv/bin/python -m pip install -q --upgrade pip && .venv/bin/python -m pip install -q -e ".[dev,voice,web]"; } \
    > .venv/pip.log 2>&1; then
  cat .venv/pip.log >&2
  echo "bootstrap: pip install failed (log above, also in .venv/pip.log)" >&2
  exit 1
fi
.venv/bin/python -c "import moderator" # fail here, clearly, if the install did not work
