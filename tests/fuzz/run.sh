#!/bin/sh
# run.sh EXE SRCDIR NAME [libFuzzer flags...] — one libFuzzer run of harness
# EXE over the kept corpus SRCDIR/corpus/NAME and the crash regressions
# SRCDIR/regress/NAME (with SRCDIR/NAME.dict when present), seed 1.
# New inputs go to $FUZZ_WORK/corpus/NAME when FUZZ_WORK is set (`make fuzz`),
# else to a temporary directory removed afterwards (`make test`): the kept
# corpus is never written. Crashes land next to EXE as NAME-crash-<sha1>.
set -eu
exe=$1 src=$2 name=$3
shift 3
if [ -n "${FUZZ_WORK:-}" ]; then
  out=$FUZZ_WORK/corpus/$name
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
set -- -seed=1 -error_exitcode=1 -timeout_exitcode=1 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$(dirname "$exe")/$name-" "$@"
[ -f "$src/$name.dict" ] && set -- "$@" -dict="$src/$name.dict"
set -- "$@" "$out" "$src/corpus/$name"
[ -d "$src/regress/$name" ] && set -- "$@" "$src/regress/$name"
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} "$exe" "$@"
