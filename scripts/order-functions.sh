#!/usr/bin/env bash
# Writes scripts/tern.order: the functions of tern's own binary that run while it starts from its cache
# (with its server there, and gone), loads posts and pictures, scrolls, opens a thread, likes a post and
# quits. The release link lays them side by side (lld --symbol-ordering-file, see Package.swift).
#
# Why: the kernel maps program code in 64 KB blocks around each page a process touches. Spread over a
# 30 MB .text, the code of a start kept 17 MB resident; laid out by this list, 11 MB. What is left: the
# static Swift runtime and Foundation come as whole objects (libswiftCore's .text alone is 1.6 MB), and
# under valgrind threads interleave differently, so a few functions a real run reaches are missed.
#
# Rerun after large changes: make release && scripts/order-functions.sh. A stale list costs only locality
# (names no longer in the binary are skipped), never correctness. Needs valgrind and tmux; takes minutes.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
built=${1:-.build/release/tern}
work=$(mktemp -d)
server=""
cleanup() {
  tmux -L tern-order kill-server 2>/dev/null || true
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# valgrind cannot read the toolchain's DWARF; the symbol table is all this needs.
strip --strip-debug -o "$work/tern" "$built"
# Next to the binary, where tern looks for them: the run reads a theme file, as an installed tern does.
cp -r themes "$work/"

"$work/tern" demo --server-only --new-post-every 0 > "$work/server.txt" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "Demo server at" "$work/server.txt" && break; sleep 0.1; done
url=$(sed -n 's/^Demo server at \([^ ]*\).*/\1/p' "$work/server.txt")
[ -n "$url" ] || { echo "the demo server did not start:" >&2; cat "$work/server.txt" >&2; exit 1; }

home=$work/home
mkdir -p "$home/config/tern/accounts"
printf '{"name":"demo@127.0.0.1","server":"%s","token":"demo-token","accountID":"1"}' "$url" \
  > "$home/config/tern/accounts/demo@127.0.0.1.json"
echo "demo@127.0.0.1" > "$home/config/tern/accounts/default"
printf 'prefetch_rows = 10\ncache_posts = 5000\n' > "$home/config/tern/config.toml"
environment="HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache \
XDG_STATE_HOME=$home/state TERM=xterm-256color LANG=C.UTF-8"

# Waits (valgrind runs ~50 times slower) until the screen shows $1.
wait_for() {
  for _ in $(seq 600); do
    tmux -L tern-order capture-pane -p -t order 2>/dev/null | grep -q -- "$1" && return 0
    sleep 0.2
  done
  echo "timed out waiting for '$1'; the screen:" >&2
  tmux -L tern-order capture-pane -p -t order >&2 || true
  exit 1
}
keys() { tmux -L tern-order send-keys -t order "$@" 2>/dev/null; sleep 1.5; }

# $1: name of the run; then what it does on the screen (a function).
profile() {
  local name=$1 script=$2
  tmux -L tern-order new-session -d -s order -x 120 -y 40 \
    "env $environment valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no \
     --callgrind-out-file=$work/$name.cg $work/tern 2>$work/$name.err"
  "$script"
  for _ in $(seq 300); do tmux -L tern-order has-session -t order 2>/dev/null || break; sleep 0.2; done
  [ -s "$work/$name.cg" ] || { echo "no profile from the $name run:" >&2; cat "$work/$name.err" >&2; exit 1; }
}

# First run: an empty cache, so posts and pictures come from the server.
online() {
  wait_for "↩"
  sleep 5
  for _ in $(seq 12); do keys j; done
  keys Enter
  keys Escape
  keys f
  keys b
  keys r
  keys q
}
# Second run: from the cache filled by the first, the way most starts go.
cached() {
  wait_for "↩"
  sleep 3
  for _ in $(seq 6); do keys j; done
  keys q
}
profile online online
profile cached cached
# Third run: from the cache with the server gone (connections refused), as when the network is down.
kill "$server"; wait "$server" 2>/dev/null || true; server=""
profile unreachable cached

# The functions run: every instruction address callgrind counted in tern's binary, put in the function of
# tern's symbol table that holds it. (Callgrind's own function names leave out many small ones: witness
# thunks, accessors.) The cached starts first, so the first frame touches the fewest pages.
nm --defined-only "$work/tern" | awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' > "$work/functions"
for run in cached unreachable online; do
  awk -v ours="$work/tern" '
    /^ob=/ { mine = (substr($0, 4) == ours) }
    mine && /^0x/ { h = substr($1, 3); printf "%s%s *\n", substr("0000000000000000", 1, 16 - length(h)), h }
  ' "$work/$run.cg" | cat "$work/functions" - | sort -s -k1,1 |
    awk '$2 != "*" { name = $2; next } name != "" && !seen[name]++ { print name }' > "$work/$run.functions"
done
cat "$work/cached.functions" "$work/unreachable.functions" "$work/online.functions" | awk '!seen[$0]++' > scripts/tern.order
echo "scripts/tern.order: $(wc -l < scripts/tern.order) functions"
