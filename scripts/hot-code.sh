#!/usr/bin/env bash
# Writes scripts/hot-code.ld: the pieces of tern's program code (the linker's input sections) that run while
# it starts from its cache (offline, with its server gone, with it there), loads posts and pictures,
# scrolls, opens a thread, likes a post, reads far down a long timeline of pictures and quits. The release link puts them first, side by side, in that
# order (a linker script naming them for .text, see Package.swift); the rest of .text follows as before.
#
# Why: the kernel maps program code in 64 KB blocks around each page a process touches. Spread over a
# 30 MB .text, the code of a start kept 17 MB resident; laid out by function names (lld's symbol ordering),
# 11 MB, because a name list misses the functions the compiler names only locally (closures, object
# destroyers: `.L` labels, absent from the symbol table) and places an archive's whole object wherever one
# of its functions is listed. Sections, found through the link map, have neither gap: 6 MB, most of it
# the static Swift runtime's one 1.6 MB section.
#
# Rerun after large changes: scripts/hot-code.sh (it builds the release tern with a link map first). A
# stale list costs only locality (sections no longer in the link match nothing), never correctness.
# Needs valgrind and tmux; takes minutes.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
work=$(mktemp -d)
server=""
cleanup() {
  tmux -L tern-order kill-server 2>/dev/null || true
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The link map says which object and section each address of the binary comes from.
make release LINK_MAP="$work/tern.map"
# valgrind cannot read the toolchain's DWARF; the addresses are all this needs.
strip --strip-debug -o "$work/tern" .build/release/tern
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

# $1: name of the run; $2: what it does on the screen (a function); then tern's arguments.
profile() {
  local name=$1 script=$2
  shift 2
  tmux -L tern-order new-session -d -s order -x 120 -y 40 \
    "env $environment valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no \
     --callgrind-out-file=$work/$name.cg $work/tern $* 2>$work/$name.err"
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
  # Far down, as a long read goes: older pages of the timeline, pictures of every format, caches filling.
  for _ in $(seq 4); do keys -N 60 j; sleep 15; done
  keys q
}
# Second run: from the cache filled by the first, the way most starts go.
cached() {
  wait_for "↩"
  sleep 3
  for _ in $(seq 6); do keys j; done
  keys q
}
# A start that only shows the cache: what every start runs first.
glance() {
  wait_for "↩"
  sleep 10
  keys q
}
# A long read with the server given on the command line, as `tern-bench memory` runs it: more pages and pictures.
far() {
  wait_for "↩"
  for _ in $(seq 8); do keys -N 60 j; sleep 15; done
  keys q
}
profile online online
echo token > "$work/token"
profile far far --server "$url" --token-file "$work/token" --no-stream --images symbols
profile cached cached
profile offline glance --offline
# From the cache with the server gone (connections refused), as when the network is down.
kill "$server" || { echo "the demo server stopped before its time:" >&2; cat "$work/server.txt" >&2; exit 1; }
wait "$server" 2>/dev/null || true; server=""
profile unreachable cached

# The sections run: every instruction address callgrind counted in tern's binary, put in the input section
# of the link map that holds it; per run by address, the runs from the narrowest (what the first frame
# needs) to the widest, each adding what the ones before did not run.
# A map line: address, load address, size, alignment, then the name indented by its level (an output
# section, 8 more spaces for an input section "path:(section)" or "archive(member):(section)", 16 for a symbol).
awk '
  match($0, /^ *[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +[0-9]+ /) {
    rest = substr($0, RLENGTH + 1); name = rest; sub(/^ +/, "", name); depth = length(rest) - length(name)
    if (depth == 0) { inText = (name == ".text"); next }
    if (depth != 8 || !inText || $3 == "0" || name ~ /^<internal>/) next
    print substr("0000000000000000", 1, 16 - length($1)) $1, name
  }' "$work/tern.map" > "$work/sections"
for run in offline unreachable cached online far; do
  awk -v ours="$work/tern" '
    /^ob=/ { mine = (substr($0, 4) == ours) }
    mine && /^0x/ { h = substr($1, 3); print substr("0000000000000000", 1, 16 - length(h)) h, "*" }
  ' "$work/$run.cg" | cat "$work/sections" - | LC_ALL=C sort -s -k1,1 |
    awk '$2 != "*" { name = $2; next } name != "" && !seen[name]++ { print name }' > "$work/$run.sections"
done
# As linker script patterns: "*/Dir.build/File.swift.o(section)" for the package's objects, "*libX.a:member(section)"
# for an archive's. Listed for .text itself, not an output section of their own: the link appends the rest of
# .text after them, and valgrind counts code outside .text as no object's (the next run of this would see
# none of the code listed here).
{
  echo "/* Written by scripts/hot-code.sh: the code a start, a scroll, a thread and the network run, first and side by side. */"
  echo "SECTIONS {"
  echo "  .text : {"
  cat "$work/offline.sections" "$work/unreachable.sections" "$work/cached.sections" "$work/online.sections" "$work/far.sections" |
    awk '!seen[$0]++' | sed -E \
      -e 's#^.*/([^/(]+\.a)\(([^)]+)\):\((.*)\)$#    *\1:\2(\3)#' \
      -e 's#^.*/([^/]+/[^/(]+\.o):\((.*)\)$#    */\1(\2)#'
  echo "  }"
  echo "} INSERT BEFORE .init;"
} > scripts/hot-code.ld
echo "scripts/hot-code.ld: $(grep -c '^    ' scripts/hot-code.ld) sections"
