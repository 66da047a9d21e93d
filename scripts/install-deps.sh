#!/usr/bin/env bash
# Installs the Debian packages Tern builds and tests with, when any is missing. Uses sudo when not root.
set -euo pipefail
# ffmpeg plays gifv and short videos in the large view. The last line: real terminal emulators on a private X
# server, for the tests that judge their screenshots.
packages=(libncurses-dev libchafa-dev libglib2.0-dev libturbojpeg0-dev libpng-dev libwebp-dev libgif-dev
          libsqlite3-dev libxml2-dev zlib1g-dev pkg-config tmux ncurses-term chafa time ffmpeg
          xvfb xterm kitty konsole mlterm rxvt-unicode xdotool imagemagick)
# `install-deps.sh bench`: what the benchmarks compare Tern with.
[ "${1:-}" = "bench" ] && packages+=(newsboat)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
