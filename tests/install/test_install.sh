#!/usr/bin/env bash
# test_install.sh BUILD SOURCE LLVM(true|false) — what a user of an installed
# libsymx does: `meson install --destdir`, then, with the build and source
# folders hidden (a private mount namespace puts empty folders over them;
# without one, only the check that no installed program names them):
#   an outside C program built with pkg-config, with plain flags (rpath) and
#   as a meson project with dependency('libsymx'), run (before that, with
#   the sources visible: dependency('libsymx') from a subproject);
#   the installed symx-llvm on a C file with klee/klee.h, its test case
#   replayed natively with libsymx-replay (pkg-config symx-replay);
#   symx-cc making a program's bitcode; symx-smt, symx-replay, symx-stats;
#   the installed Python package imported by /usr/bin/python3, loading the
#   installed libsymx.
# Then a destination that cannot be written: `make install` stops first.
# Exit 77 (skip) only when pkg-config is missing (scripts/install-deps).
set -eu
if [ "${1:-}" = --inner ]; then inner=1; shift; else inner=0; fi
build=$(realpath "$1") src=$(realpath "$2") llvm=$3

fail() { echo "FAIL: $*" >&2; exit 1; }

checks() {
  local D=$1 T=$2
  export PKG_CONFIG_PATH
  PKG_CONFIG_PATH=$(dirname "$(find "$D" -name symx.pc)")
  prefix=$(pkg-config --variable=prefix symx)
  libdir=$D$(pkg-config --variable=libdir symx)
  incdir=$D$(pkg-config --variable=includedir symx)
  export PKG_CONFIG_SYSROOT_DIR=$D # the DESTDIR tree stands for the prefix
  unset SYMX_LIB SYMX_HEADER SYMX_INCLUDE SYMX_LIBC_BC SYMX_MUSL_BC SYMX_POSIX_BC SYMX_POSIX_MAIN_BC \
        LD_LIBRARY_PATH PYTHONPATH

  # 1. an outside C program, three ways
  cat > "$T/prog.c" <<'EOF'
#include <stdio.h>
#include <symx.h>
int main(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *x = symx_var(ctx, "x", 8), *c = symx_const(ctx, 8, 42);
  symx_expr *eq = symx_eq(ctx, x, c);
  symx_solver *s = symx_solver_new(ctx, "cadical");
  int r = symx_solver_check(s, &eq, 1, 0, NULL);
  printf("libsymx %s: x == 42 is %s\n", symx_version(), r == SYMX_SAT ? "sat" : "not sat");
  symx_solver_free(s);
  symx_expr_release(eq);
  symx_expr_release(c);
  symx_expr_release(x);
  symx_ctx_free(ctx);
  return r == SYMX_SAT ? 0 : 1;
}
EOF
  # shellcheck disable=SC2046
  cc -std=c11 -Wall -Werror "$T/prog.c" -o "$T/prog-pc" $(pkg-config --cflags --libs symx) \
    -Wl,-rpath,"$libdir" || fail "pkg-config build"
  "$T/prog-pc" | grep -q "^libsymx .*: x == 42 is sat" || fail "pkg-config program"
  cc -std=c11 -Wall -Werror "$T/prog.c" -o "$T/prog-plain" -I"$incdir" -L"$libdir" -lsymx \
    -Wl,-rpath,"$libdir" || fail "plain-flags build"
  "$T/prog-plain" | grep -q "x == 42 is sat" || fail "plain-flags program"
  mkdir "$T/outside"
  cp "$T/prog.c" "$T/outside/"
  printf "project('outside', 'c')\nexecutable('prog', 'prog.c', dependencies: dependency('libsymx'))\n" \
    > "$T/outside/meson.build"
  (cd "$T/outside" && meson setup b > "$T/outside.log" 2>&1 && ninja -C b >> "$T/outside.log" 2>&1) \
    || { cat "$T/outside.log"; fail "meson dependency('libsymx') build"; }
  "$T/outside/b/prog" | grep -q "x == 42 is sat" || fail "meson-built program"
  echo "ok: pkg-config, plain flags, meson dependency('libsymx')"

  # 2. the installed tools
  if [ "$llvm" = true ]; then
    bin=$D$prefix/bin
    cat > "$T/k.c" <<'EOF'
#include <klee/klee.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 1234) klee_assert(0);
  return 0;
}
EOF
    rc=0
    (cd "$T" && "$bin/symx-llvm" --output-dir "$T/out" k.c > "$T/llvm.log" 2>&1) || rc=$?
    grep -q "assertion failed" "$T/llvm.log" || { cat "$T/llvm.log"; fail "installed symx-llvm"; }
    [ "$rc" = 1 ] || fail "installed symx-llvm: exit status $rc, want 1 (an error found)"
    # Paths, Tests, Errors
    [ "$("$bin/symx-stats" "$T/out" | tail -1 | awk '{print $9, $10, $11}')" = "2 2 1" ] \
      || { "$bin/symx-stats" "$T/out"; fail "installed symx-stats"; }
    (cd "$T" && "$bin/symx-llvm" --libc full --posix-runtime k.c > "$T/llvm2.log" 2>&1) || true
    grep -q "assertion failed" "$T/llvm2.log" || { cat "$T/llvm2.log"; fail "installed symx-llvm --libc full --posix-runtime"; }
    [ -f "$T/symx-last/stats.json" ] || fail "installed symx-llvm: no symx-last/stats.json without --output-dir"
    # shellcheck disable=SC2046
    cc "$T/k.c" -o "$T/k" $(pkg-config --cflags --libs symx-replay) || fail "libsymx-replay build"
    n=0
    for t in "$T"/out/*.ktest; do
      # a shell of its own reports the abort, into /dev/null
      bash -c 'KTEST_FILE=$1 "$2"; exit $?' _ "$t" "$T/k" 2> /dev/null || n=$((n + 1))
    done
    [ "$n" = 1 ] || fail "replay: $n of the tests failed natively, want 1"
    (cd "$T" && "$bin/symx-cc" -I"$incdir" -c k.c -o k.o && "$bin/symx-cc" k.o -o kcc \
       -L"$libdir" -lsymx-replay) > "$T/cc.log" 2>&1 || { cat "$T/cc.log"; fail "installed symx-cc"; }
    [ -s "$T/kcc.bc" ] || fail "symx-cc wrote no kcc.bc"
    printf '(declare-const x (_ BitVec 8))\n(assert (= x #x2a))\n(check-sat)\n' > "$T/q.smt2"
    [ "$("$bin/symx-smt" "$T/q.smt2")" = sat ] || fail "installed symx-smt"
    "$bin/symx-replay" 2>&1 | grep -q "^usage: symx-replay" || fail "installed symx-replay"
    echo "ok: symx-llvm (klee/klee.h, --libc full, --posix-runtime), libsymx-replay, symx-cc, symx-smt, symx-replay, symx-stats"
  fi

  # 3. Python
  pkgdir=$(dirname "$(dirname "$(find "$D" -name _install.py)")")
  PYTHONPATH=$pkgdir /usr/bin/python3 -c '
import sys, symx, symx._lib as l
ctx = symx.Context()
x = ctx.var("x", 8)
res, model = ctx.solver("cadical").check(x == 42)
assert res == symx.SAT and model["x"] == b"\x2a", (res, model)
print(l.LIBRARY_PATH)' > "$T/py.log" 2>&1 || { cat "$T/py.log"; fail "python import"; }
  case $(tail -1 "$T/py.log") in
    "$libdir"/libsymx.so.*) ;;
    *) cat "$T/py.log"; fail "python loaded libsymx from elsewhere" ;;
  esac
  echo "ok: /usr/bin/python3 imports symx from $pkgdir, loading $(tail -1 "$T/py.log")"
}

if [ "$inner" = 1 ]; then # in a private mount namespace: hide, then check
  D=$4 T=$5
  mount -t tmpfs -o size=1m none "$src"
  case $build/ in "$src"/*) ;; *) mount -t tmpfs -o size=1m none "$build" ;; esac
  [ ! -e "$build/build.ninja" ] && [ ! -e "$src/meson.build" ] || fail "the build folder is still visible"
  echo "ok: $build and $src hidden"
  checks "$D" "$T"
  exit 0
fi

command -v pkg-config > /dev/null || { echo "SKIP: pkg-config missing (scripts/install-deps installs it)"; exit 77; }
T=$(mktemp -d /tmp/symx-install-XXXXXX)
trap 'rm -rf "$T"' EXIT
D=$T/dest
meson install -C "$build" --no-rebuild --destdir "$D" > "$T/install.log" 2>&1 \
  || { cat "$T/install.log"; fail "meson install --destdir"; }
[ -e "$D"/usr/local/include/symx.h ] || [ -n "$(find "$D" -name symx.h -path '*/include/*')" ] || fail "symx.h not installed"
for h in symx.h symx/target.h klee/klee.h; do
  [ -n "$(find "$D" -path "*/include/$h")" ] || fail "$h not installed"
done
so=$(find "$D" -name 'libsymx.so.*.*.*')
objdump -p "$so" | grep -q 'SONAME *libsymx\.so\.[0-9]*$' || fail "$so: no versioned soname"

# No installed file names the build or source folder (debug info aside:
# of programs and libraries only the read-only data and the dynamic
# section; bitcode and archives hold nothing else that could).
for f in $(find "$D" -type f ! -name '*.bc' ! -name '*.a'); do
  if [ "$(head -c 4 "$f" | tail -c 3)" = ELF ]; then
    if readelf -p .rodata -d "$f" 2> /dev/null | grep -qF -e "$build" -e "$src"; then
      fail "$f names $build or $src"
    fi
  elif grep -qF -e "$build" -e "$src" "$f"; then
    fail "$f names $build or $src"
  fi
done
echo "ok: installed into $D, no build path in it"

# meson's dependency('libsymx') from a project holding libsymx as a
# subproject (meson.override_dependency); llvm=false keeps it short.
mkdir -p "$T/sub/subprojects"
ln -s "$src" "$T/sub/subprojects/libsymx"
printf '#include <stdio.h>\n#include <symx.h>\nint main(void) { puts(symx_version()); return 0; }\n' \
  > "$T/sub/prog.c"
printf "project('outside', 'c')\nexecutable('prog', 'prog.c',\n  dependencies: dependency('libsymx', default_options: ['llvm=false']))\n" \
  > "$T/sub/meson.build"
(cd "$T/sub" && meson setup b > "$T/sub.log" 2>&1 && ninja -C b prog >> "$T/sub.log" 2>&1) \
  || { tail -30 "$T/sub.log"; fail "meson subproject dependency('libsymx')"; }
[ "$("$T/sub/b/prog")" = "$(sed -n 's/^#define SYMX_VERSION "\(.*\)"/\1/p' "$src/include/symx.h")" ] \
  || fail "the subproject-built program"
echo "ok: meson dependency('libsymx') from a subproject"

if unshare -m true 2> /dev/null; then
  cp "$0" "$T/inner.sh"
  unshare -m bash "$T/inner.sh" --inner "$build" "$src" "$llvm" "$D" "$T"
else
  echo "note: no mount namespace (unshare -m): the build folder stays visible"
  checks "$D" "$T"
fi

# A destination that cannot be written: make install stops before writing.
mkdir -p "$T/ro"
if unshare -m true 2> /dev/null; then
  out=$(unshare -m sh -c 'mount -t tmpfs -o ro none "$1" && make -s -C "$2" install BUILD="$3" PREFIX=/usr/local DESTDIR="$1/d" 2>&1' \
        sh "$T/ro" "$src" "$build") && fail "make install into a read-only folder succeeded"
  echo "$out" | grep -q "make install: cannot write to $T/ro .*nothing was installed" \
    || { echo "$out"; fail "make install's message"; }
  echo "ok: make install into a read-only folder: $(echo "$out" | grep 'make install:')"
fi
echo "PASS"
