#!/usr/bin/env bash
# Set up a fresh Debian machine for moderator: system packages, a virtualenv in .venv, the app and
# its test tools. Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(espeak-ng libespeak-ng1 libportaudio2 sox)
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
.venv/bin/python -m pip install -q --upgrade pip 2>/dev/null
.venv/bin/python -m pip install -q -e ".[dev,voice]" 2>&1 | grep -v "^WARNING: Location" || true
.venv/bin/python -c "import moderator" # fail here, clearly, if the install did not work
