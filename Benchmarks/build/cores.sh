#!/usr/bin/env bash
# How the cold build scales with cores: bench.py pinned with taskset to 1, 2, 4 ... N cores, SectionSite and Hugo
# alternating at each count (Hugo is left out at 1 core, where it takes minutes), then one traced SectionSite build
# at the smallest and the largest count (`SECTIONSITE_TRACE=1` prints when each step starts).
#
#   Benchmarks/build/cores.sh [--cores "1 2 4 8 16"] [--pages 10000] [--runs 2] [--sectionsite BIN] [--hugo BIN]
#                             [--baseline BIN]   (an earlier SectionSite build timed beside, as in bench.py)
#
# Needs taskset (util-linux), Python 3, Hugo and a release build; the counts must not exceed `nproc`.
set -euo pipefail
cores="1 2"
pages=10000
runs=2
sectionsite=.build/release/sectionsite
hugo=hugo
baseline=()
while [ $# -gt 0 ]; do
  case "$1" in
    --cores) cores="$2"; shift 2 ;;
    --pages) pages="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --sectionsite) sectionsite="$2"; shift 2 ;;
    --hugo) hugo="$2"; shift 2 ;;
    --baseline) baseline=(--baseline "$2"); shift 2 ;;
    *) echo "cores.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)
echo "machine: $(nproc) cores online, $(uname -sm)"
for c in $cores; do
  [ "$c" -le "$(nproc)" ] || { echo "cores.sh: $c cores asked for, $(nproc) online" >&2; exit 2; }
  tools=hugo,sectionsite
  [ "$c" -gt 1 ] || tools=sectionsite
  echo "== $c core(s)"
  taskset -c "0-$((c - 1))" python3 "$here/bench.py" --pages "$pages" --runs "$runs" --tools "$tools" \
    --sectionsite "$sectionsite" --hugo "$hugo" "${baseline[@]}" | grep -E '^\|' || true
done
keep=$(mktemp -d /dev/shm/cores.XXXXXX)
trap 'rm -rf "$keep"' EXIT
python3 "$here/corpus.py" --pages "$pages" --out "$keep" >/dev/null
set -- $cores
for c in "$1" "${!#}"; do
  echo "== trace, $c core(s)"
  rm -rf "$keep/out" "$keep/sectionsite/.sectionsite"
  SECTIONSITE_TRACE=1 taskset -c "0-$((c - 1))" "$sectionsite" build --site "$keep/sectionsite" --out "$keep/out" 2>&1 |
    grep -v '^trace: reload'
done
