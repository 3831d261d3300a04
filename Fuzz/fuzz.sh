#!/usr/bin/env bash
# Builds the libFuzzer targets (Swift's -sanitize=fuzzer, with AddressSanitizer) and runs each for a given time,
# on a corpus seeded from the example site (its pages, its settings, pairs of its built pages) and the tests'
# fixtures. Crashes, hangs and leaks land in Fuzz/.findings/<target>/; turn each into a regression test.
#
#   Fuzz/fuzz.sh [--seconds 600 | --runs N | --replay] [--build-only] [TARGET ...]    (targets: FuzzPage FuzzConfig FuzzPatch)
#
# `--runs N` runs N inputs with a fixed seed instead, the same every time: `make test` runs every target so, for a
# few seconds, so that they keep compiling, their seeds keep passing, and a run never fails by chance. `--replay`
# (what `make test` runs) builds them without libFuzzer or sanitizers in SectionSite's own `.build`, beside its debug
# build, and runs each seed once: they keep compiling and their seeds keep passing, for the cost of three small files.
set -euo pipefail
seconds=600
runs=""
build_only=0
replay=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --replay) replay=1; shift ;;
    Fuzz*) targets+=("$1"); shift ;;
    *) echo "fuzz.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(FuzzPage FuzzConfig FuzzPatch)
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
scratch="$here/.build-fuzz"
# Without manifest caching: SwiftPM does not see files added to SectionSite, a path dependency, otherwise. Every
# target in one build when all are asked for (one SwiftPM plan instead of three), else each one asked for.
build() {
  if [ "$replay" = 1 ]; then
    # SwiftPM does not always compile a target of this package again when a module of SectionSite it inlines from
    # changes (a struct's layout in a default argument): a stale target then crashes on its first seed. Three small
    # files, compiled again every time.
    touch "$here"/Sources/Fuzz{Page,Config,Patch}/*.swift
    FUZZ_REPLAY=1 swift build --package-path "$here" --scratch-path "$repo/.build" --manifest-cache local \
      --disable-build-manifest-caching "$@" >&2
  else
    swift build --package-path "$here" --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
      --disable-build-manifest-caching "$@" 2>&1 | grep -v 'Cannot export local symbol' >&2
  fi
}
if [ ${#targets[@]} -eq 3 ]; then
  build
else
  for target in "${targets[@]}"; do build --product "$target"; done
fi
if [ "$replay" = 1 ]; then
  bin="$repo/.build/debug"
else
  bin=$(swift build --package-path "$here" --scratch-path "$scratch" --show-bin-path)
fi
[ "$build_only" = 1 ] && exit 0

# Seeds: a fresh copy each run, so that what a run adds never reaches the repository.
seeds="$here/.corpus"
rm -rf "$seeds"
mkdir -p "$seeds/FuzzPage" "$seeds/FuzzConfig" "$seeds/FuzzPatch" "$here/.findings"
n=0
while IFS= read -r -d '' file; do
  n=$((n + 1)); cp "$file" "$seeds/FuzzPage/seed-$n.md"
done < <(find "$repo/Content" "$repo/Tests" -name '*.md' -size -64k -print0)
cp "$repo/sectionsite.yml" "$seeds/FuzzConfig/seed-site.yml"
n=0
while IFS= read -r -d '' file; do
  n=$((n + 1)); cp "$file" "$seeds/FuzzConfig/seed-$n.yml"
done < <(find "$repo/Tests" -name '*.yml' -size -64k -print0)
# Pairs of built pages, old NUL new: every page against the next one, and against itself.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 - "$repo" "$out" "$seeds/FuzzPatch" <<'PY'
import pathlib, subprocess, sys, tempfile
repo, out, target = map(pathlib.Path, sys.argv[1:])
binary = repo / ".build" / "debug" / "sectionsite"
if not binary.exists():
    subprocess.run(["swift", "build", "--package-path", str(repo), "--product", "sectionsite"], check=True)
subprocess.run([str(binary), "build", "--site", str(repo), "--out", str(out / "site"), "--quiet"], check=True)
pages = sorted((out / "site").rglob("index.html"))[:60]
for i, page in enumerate(pages):
    html = page.read_bytes()
    following = pages[(i + 1) % len(pages)].read_bytes()
    (target / f"seed-{i}-next").write_bytes(html + b"\0" + following)
    (target / f"seed-{i}-self").write_bytes(html + b"\0" + html.replace(b"</p>", b" edited</p>", 1))
PY

run() {
  local target=$1
  if [ "$replay" = 1 ]; then
    echo "== $target: the seeds, once each" >&2
    "$bin/$target" "$seeds/$target"
    return
  fi
  mkdir -p "$here/.findings/$target"
  local limit=(-max_total_time="$seconds")
  [ -z "$runs" ] || limit=(-runs="$runs" -seed=1)
  echo "== $target: ${limit[*]}" >&2
  "$bin/$target" "$seeds/$target" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$here/.findings/$target/" -print_final_stats=1 2>&1 |
    grep -E '^(#[0-9]+ +DONE|stat::|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written|Done [0-9]+ runs)' || true
}
status=0
for target in "${targets[@]}"; do
  run "$target"
  if ls "$here/.findings/$target"/{crash,timeout,leak,oom}-* >/dev/null 2>&1; then
    echo "fuzz.sh: $target found something: $(ls "$here/.findings/$target")" >&2
    status=1
  fi
done
exit $status
