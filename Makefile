# libsymx — the user's door. `make demo`, `make test`, `make bench`.
PY := /usr/bin/python3
BUILD := build
ASAN := build-asan
FUZZ := build-fuzz
FUZZ_SECONDS ?= 600
FUZZERS ?= smt2 ktest seed_json afl_name ll
MESON_FLAGS ?=
PREFIX ?= /usr/local
# Tests at a time: twice the cores, so a busy machine still gives the suite
# its share (no test depends on timing).
TEST_JOBS ?= $(shell echo $$(( $$(nproc) * 2 )))

.PHONY: all deps build install demo test test-all test-c test-asan fuzz-build test-fuzz fuzz test-python test-slow bench bench-cuts bench-real bench-oasis bench-hybrid conformance clean

all: build

deps:
	@bash scripts/install-deps
	@bash scripts/fetch-libc || echo "fetch-libc failed: --libc full and its tests are skipped"

$(BUILD)/build.ninja:
	meson setup $(BUILD) $(MESON_FLAGS)

build: deps $(BUILD)/build.ninja
	ninja -C $(BUILD)

# `make install [PREFIX=/usr/local] [DESTDIR=]`: the build folder set to
# PREFIX, then meson install (which honours DESTDIR). A destination that
# cannot be written stops it before anything is written.
install:
	@d="$(DESTDIR)$(PREFIX)"; while [ ! -e "$$d" ]; do d=$$(dirname "$$d"); done; \
	  [ -d "$$d" ] && [ -w "$$d" ] || { echo "make install: cannot write to $$d (PREFIX=$(PREFIX)$(if $(DESTDIR), DESTDIR=$(DESTDIR))): run it as root (sudo make install), or choose a PREFIX you own (PREFIX=$$HOME/.local); nothing was installed" >&2; exit 1; }
	@$(MAKE) --no-print-directory build
	meson configure $(BUILD) -Dprefix=$(PREFIX)
	ninja -C $(BUILD)
	DESTDIR="$(DESTDIR)" meson install -C $(BUILD) --no-rebuild

demo: build
	@bash scripts/demo

# Every C test, the Python tests, then the sanitizer build; the last line is
# the summary "N passed, N failed[, N skipped]".
# CI treats warnings as errors (a user's build does not: -Dwerror=false is
# meson's default and ours). The tests run on the release build (gcc -O3),
# the one users and packagers make; the sanitizer build has the rest.
# The tests' scratch (TMPDIR) on a tmpfs when there is one with room
# (scripts/test-tmpdir says why), removed after.
test:
	@t=$$(bash scripts/test-tmpdir); [ -z "$$t" ] || export TMPDIR="$$t"; \
	  $(MAKE) --no-print-directory test-all; st=$$?; bash scripts/test-tmpdir --remove "$$t"; exit $$st

test-all: deps $(BUILD)/build.ninja
	@meson configure $(BUILD) -Dwerror=true -Dbuildtype=release
	ninja -C $(BUILD)
	@rm -f $(BUILD)/test-results.txt
	-meson test -C $(BUILD) --print-errorlogs --num-processes $(TEST_JOBS) --no-suite slow > $(BUILD)/meson-test.out 2>&1; \
	  tail -n 25 $(BUILD)/meson-test.out
	@$(PY) scripts/test-summary.py meson $(BUILD)/meson-logs/testlog.json native >> $(BUILD)/test-results.txt
	@# libsymx.so.0, the soname link: a reconfigured build folder can lose libsymx.so
	@if [ -d bindings/python/tests ]; then \
	  SYMX_LIB=$(CURDIR)/$(BUILD)/libsymx.so.0 $(PY) -m pytest -q -p no:cacheprovider \
	    --junitxml=$(BUILD)/pytest.xml bindings/python/tests || true; \
	  $(PY) scripts/test-summary.py junit $(BUILD)/pytest.xml python >> $(BUILD)/test-results.txt; fi
	@# The fuzzing build compiles beside the sanitizer tests: independent
	@# work, and the tests leave cores idle while their programs start and
	@# end. Its output follows the tests'.
	@$(MAKE) --no-print-directory fuzz-build > $(BUILD)/side-builds.out 2>&1 & side=$$!; \
	  $(MAKE) --no-print-directory test-asan; st=$$?; wait $$side; cat $(BUILD)/side-builds.out; exit $$st
	@$(MAKE) --no-print-directory test-fuzz
	@$(PY) scripts/test-summary.py total $(BUILD)/test-results.txt

# The sanitizer build is the clang-14 build too (every target, warnings as
# errors), at -O1 as AddressSanitizer advises: its checks stay, its runs
# cost less; line tables only, which the reports' file:line need (164
# CPU-s to build against 196 with -g). clang's UBSan also checks pointer
# arithmetic on NULL, and clang evaluates call arguments in another order
# than gcc. A folder set up with gcc (before) is set up again.
test-asan: deps
	@grep -qs "C compiler for the host machine: clang" $(ASAN)/meson-logs/meson-log.txt || rm -rf $(ASAN)
	@[ -f $(ASAN)/build.ninja ] || CC=clang-14 meson setup $(ASAN) -Db_sanitize=address,undefined \
	  -Db_lundef=false -Dbuildtype=plain -Doptimization=1 -Dc_args=-gline-tables-only -Dwerror=true \
	  $(MESON_FLAGS) > /dev/null
	ninja -C $(ASAN) > $(ASAN)/ninja.out 2>&1 || (tail -50 $(ASAN)/ninja.out; false)
	-ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  SYMX_SANITIZED=1 meson test -C $(ASAN) --print-errorlogs --num-processes $(TEST_JOBS) \
	  --no-suite slow > $(ASAN)/meson-test.out 2>&1; tail -n 15 $(ASAN)/meson-test.out
	@$(PY) scripts/test-summary.py meson $(ASAN)/meson-logs/testlog.json asan >> $(BUILD)/test-results.txt

# The 'slow' suite: the two-byte oracle (65,536 inputs; about 6 CPU-minutes
# here, a fork costs milliseconds on this VM) and symx-llvm as a peer of a real
# afl-fuzz, which waits on afl-fuzz's sync interval: not part of `make test`.
test-slow: deps $(BUILD)/build.ninja
	ninja -C $(BUILD)
	meson test -C $(BUILD) --print-errorlogs --num-processes 2 --suite slow

# The libFuzzer harnesses (tests/fuzz; clang-14, ASan+UBSan, the whole build
# instrumented): each a fixed number of runs over its kept corpus and crash
# regressions, one test each. `make fuzz` runs each for FUZZ_SECONDS
# (FUZZERS= picks some), growing $(FUZZ)/fuzz-work/corpus/<name>.
# Line tables only (stack traces keep file:line), at FUZZ_OPT (-O0 by
# default: make test's fixed runs cost 59 CPU-s built so against 101 at
# -O2 -g; long sessions run faster in a folder of their own at -O2:
# `make fuzz FUZZ=build-fuzz-o2 FUZZ_OPT=2`).
FUZZ_OPT ?= 0
$(FUZZ)/build.ninja:
	CC=clang-14 meson setup $(FUZZ) -Dfuzz=enabled -Db_lundef=false -Dwerror=true -Dbuildtype=plain \
	  -Doptimization=$(FUZZ_OPT) -Dc_args=-gline-tables-only $(MESON_FLAGS) > /dev/null

fuzz-build: deps $(FUZZ)/build.ninja
	ninja -C $(FUZZ) fuzzers > $(FUZZ)/ninja.out 2>&1 || (tail -50 $(FUZZ)/ninja.out; false)

test-fuzz: fuzz-build
	-meson test -C $(FUZZ) --suite fuzz --no-rebuild --print-errorlogs --num-processes 2 \
	  > $(FUZZ)/meson-test.out 2>&1; tail -n 12 $(FUZZ)/meson-test.out
	@$(PY) scripts/test-summary.py meson $(FUZZ)/meson-logs/testlog.json fuzz >> $(BUILD)/test-results.txt

fuzz: deps $(FUZZ)/build.ninja
	ninja -C $(FUZZ) fuzzers
	@for f in $(FUZZERS); do \
	  echo "== fuzz_$$f for $(FUZZ_SECONDS) s"; \
	  FUZZ_WORK=$(FUZZ)/fuzz-work nice -n 10 tests/fuzz/run.sh $(FUZZ)/tests/fuzz/fuzz_$$f tests/fuzz $$f \
	    -max_total_time=$(FUZZ_SECONDS) -seed=0 2>&1 | tee $(FUZZ)/fuzz-$$f.log | grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|ERROR|Done|stat::'; \
	  grep -q '^Done' $(FUZZ)/fuzz-$$f.log || exit 1; done

bench: build
	@bash scripts/bench

# Converse's cuts (issue 19): the six toys under every --cut mode, pending and
# eager, caches on and off; JSON lines with ratios to mode 0 (bench/cuts.py).
CUTS_TIME ?= 10
bench-cuts: build
	@$(PY) bench/cuts.py --time $(CUTS_TIME) $(BENCH_CUTS_ARGS)

# Coverage in equal time on real programs (issue 16; never part of `make
# test`): symx-llvm pending and eager, and KLEE 3.1 with KLEE=<klee binary>,
# each with random-path, dfs and nurs:depth for BENCH_TIME seconds (the
# paper's 600 by default) on REAL_PROGRAMS; JSON lines and a markdown table
# in $(BUILD)/bench-real.txt, coverage over time in $(BUILD)/bench-real.png.
BENCH_TIME ?= 600
REAL_PROGRAMS ?= bc datamash m4 make sqlite3 tcpdump
bench-real: build
	@bash scripts/install-deps real
	@bash -o pipefail -c "$(PY) bench/real_side_by_side.py --time $(BENCH_TIME) \
	  $(foreach p,$(REAL_PROGRAMS),--only $(p)) $(if $(KLEE),--klee $(KLEE)) --out $(BUILD)/bench-real \
	  --plot $(BUILD)/bench-real.png $(BENCH_REAL_ARGS) | tee $(BUILD)/bench-real.txt"

# Oasis's evaluation (issue 18) on bench/oasis/: concolic DFS, generational
# search without and with seeds, with new-code priority, and pending mode with
# seeds and new-code priority, OASIS_TIME seconds each; JSON lines in
# $(BUILD)/bench-oasis.txt.
OASIS_TIME ?= 10
bench-oasis: build
	@bash -o pipefail -c "$(PY) bench/oasis.py --symx $(BUILD)/frontends/llvm/symx-llvm \
	  --time $(OASIS_TIME) | tee $(BUILD)/bench-oasis.txt"

# Hybrid fuzzing (issue 20; never part of `make test`): AFL++ main + secondary
# against AFL++ main + the symx-llvm peer, HYBRID_TIME seconds each,
# HYBRID_REPS repetitions, on bench/hybrid/ (and bc with HYBRID_REAL=<the
# work directory of bench/real_programs.py>); JSON lines and a table in
# $(BUILD)/bench-hybrid.txt, edges over time in $(BUILD)/bench-hybrid.png.
HYBRID_TIME ?= 600
HYBRID_REPS ?= 3
bench-hybrid: build
	@bash -o pipefail -c "$(PY) bench/hybrid.py --symx $(BUILD)/frontends/llvm/symx-llvm \
	  --time $(HYBRID_TIME) --reps $(HYBRID_REPS) $(if $(HYBRID_REAL),--real $(HYBRID_REAL)) \
	  --plot $(BUILD)/bench-hybrid.png 2>&1 | tee $(BUILD)/bench-hybrid.txt"

# KLEE 3.1's regression programs as a conformance suite (never part of
# `make test`): KLEE_SRC is a checkout of KLEE's repository at tag v3.1; with
# KLEE=<klee 3.1 binary> KLEE is run too and tests/klee/klee-3.1-expected.jsonl
# is rewritten, else that file is the reference. One JSON line per program
# and mode in $(BUILD)/conformance.jsonl, the summary on stderr, every
# disagreement with its cause in tests/klee/RESULTS.md.
conformance: build
	@[ -n "$(KLEE_SRC)" ] || { echo "usage: make conformance KLEE_SRC=<klee checkout at v3.1> [KLEE=<klee binary>]"; exit 2; }
	$(PY) tests/klee/conformance.py $(KLEE_SRC) $(if $(KLEE),--klee $(KLEE)) \
	  --modes pending,eager --jobs 2 --out $(BUILD)/conformance.jsonl --note tests/klee/RESULTS.md

clean:
	@# build-clang, build-release: older trees' builds (now $(ASAN) and $(BUILD))
	rm -rf $(BUILD) $(ASAN) $(FUZZ) build-clang build-release
