#!/usr/bin/python3
"""extcall.py — functions without bitcode called natively (frontends/llvm/
extcall.c), and KLEE's option names on symx-llvm's command line.

Every program runs without libc bitcode (--libc=none), so each libc
function it calls is a native call:
  exact.c       concrete arguments only: symx-llvm's outcomes are the
                native program's on every input byte, with
                --external-calls=all and =concrete;
  concretize.c  symbolic arguments (a scalar, a byte behind a pointer) take
                one value: the outcomes are native ones, each test case
                replays natively to its outcome; =concrete ends the path
                early with a message naming the function, =none is a user
                error naming it (KLEE's);
  fault.c       a native function that faults is the error "external"
                (symx-llvm goes on), one that writes past its object is an
                out-of-bounds error;
  missing.c     a function found nowhere is the error "external" (KLEE's
                failed external call), one not allowed ends the path early;
                each message names it;
  asm.c         inline assembly we cannot run: under --external-calls=none
                KLEE's error for it (an external call disallowed, filed as
                exec.err) at its line, else our unsupported-assembly message
                ending the path early there; the other side's barrier exits
                as natively (the exits are native ones).
Then KLEE's options: the accepted ones run, the refused ones and unknown
ones are errors naming the option; --entry-point and --max-stack-frames
(entry.c) do what KLEE's do.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

failed = 0


def check(ok, what):
    global failed
    print("%s: %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        failed += 1


def native(exe, env):
    r = subprocess.run([exe], env=dict(os.environ, **env), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=20)
    return ("signal", -r.returncode) if r.returncode < 0 else ("exit", r.returncode)


def symx(a, prog, out, opts):
    """The status (0 for an exploration that ran: 1, errors found, and 3,
    incomplete, are cli.py's) and paths.jsonl of a run keeping a test per
    path and error."""
    r = subprocess.run([a.symx, "--no-progress", "--quiet", "--libc=none", "--output-dir", out,
                        "--write-tests=all", "--emit-all-errors"]
                       + opts + [prog], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=300)
    paths = []
    if os.path.exists(os.path.join(out, "paths.jsonl")):
        with open(os.path.join(out, "paths.jsonl")) as f:
            paths = [json.loads(line) for line in f]
    return 0 if r.returncode in (1, 3) else r.returncode, paths


def exits(paths):
    return {("exit", p["exit"]) for p in paths if p["reason"] == "exit"}


def build(a, tmp, name):
    exe = os.path.join(tmp, name)
    # the sanitizers: the replay library may be built with them
    subprocess.run(["clang-14", "-g", "-w", "-fsanitize=address,undefined", "-I" + a.include, os.path.join(a.progs, name + ".c"),
                    a.replay_lib, "-o", exe], check=True)
    return exe


def test_exact(a, tmp):
    exe = build(a, tmp, "exact")
    want = {native(exe, {"SYMX_REPLAY_HEX": "%02x" % b}) for b in range(256)}
    for policy in ("all", "concrete"):
        rc, paths = symx(a, os.path.join(a.progs, "exact.c"), os.path.join(tmp, "x-" + policy),
                         ["--external-calls=" + policy])
        got = exits(paths)
        check(rc == 0 and got == want and len(paths) == len(got),
              "exact.c --external-calls=%s: %s, native %s" % (policy, sorted(got), sorted(want)))


def test_concretize(a, tmp):
    exe = build(a, tmp, "concretize")
    want = {native(exe, {"SYMX_REPLAY_HEX": "%02x" % b}) for b in range(256)}
    out = os.path.join(tmp, "c-all")
    rc, paths = symx(a, os.path.join(a.progs, "concretize.c"), out, [])
    got = exits(paths)
    check(rc == 0 and got and got <= want and len(paths) == len(got),
          "concretize.c: outcomes %s among the native ones" % sorted(got))
    tests = sorted(f for f in os.listdir(out) if f.endswith(".ktest"))
    replayed = {native(exe, {"KTEST_FILE": os.path.join(out, t)}) for t in tests}
    check(tests and replayed == got, "concretize.c: its tests replay natively to %s" % sorted(replayed))
    for policy, text, end in (("concrete", "external call to 'abs' with a symbolic argument",
                               ("early", "none")),
                              ("none", "external calls disallowed: 'abs', a function without bitcode",
                               ("error", "user"))):
        rc, paths = symx(a, os.path.join(a.progs, "concretize.c"), os.path.join(tmp, "c-" + policy),
                         ["--external-calls", policy])
        check(rc == 0 and len(paths) == 1 and (paths[0]["reason"], paths[0]["error"]) == end and
              text in paths[0]["message"], "concretize.c --external-calls=%s: %s" %
              (policy, [(p["reason"], p["error"], p["message"]) for p in paths]))


def test_fault(a, tmp):
    rc, paths = symx(a, os.path.join(a.progs, "fault.c"), os.path.join(tmp, "f"), [])
    kinds = sorted((p["reason"], p["error"], p["loc"]) for p in paths)
    faulted = [p for p in paths if "external call to 'strlen' failed: signal 11" in p["message"]]
    check(rc == 0 and len(paths) == 3 and len(faulted) == 1 and
          (faulted[0]["reason"], faulted[0]["error"]) == ("error", "external") and
          ("error", "out-of-bounds", "fault.c:12") in kinds and
          ("exit", "none", "fault.c:15") in kinds, "fault.c: %s" % kinds)


def test_missing(a, tmp):
    rc, paths = symx(a, os.path.join(a.progs, "missing.c"), os.path.join(tmp, "m"), [])
    msgs = sorted((p["reason"], p["error"], p["message"]) for p in paths)
    why = "not allowed (it would act on symx-llvm's own process or the host's files)"
    check(rc == 0 and len(paths) == 4 and msgs == [
        ("early", "none", "missing.c:13: external call to 'fork': " + why),
        ("early", "none", "missing.c:14: external call to 'error': " + why),
        ("early", "none", "missing.c:15: external call to 'unlink': " + why),
        ("error", "external", "missing.c:16: call to undefined function "
         "'no_such_function_anywhere': no bitcode and no native function of that name")],
          "missing.c: %s" % msgs)


def test_asm(a, tmp):
    exe = build(a, tmp, "asm")
    want = {native(exe, {"SYMX_REPLAY_HEX": "%02x" % b}) for b in range(256)}
    src = os.path.join(a.progs, "asm.c")
    with open(src) as f:
        line = [i + 1 for i, ln in enumerate(f) if "/* the asm */" in ln][0]
    loc = "asm.c:%d" % line
    for policy in ("none", "concrete", "all"):
        rc, paths = symx(a, src, os.path.join(tmp, "asm-" + policy), ["--external-calls=" + policy])
        ends = [p for p in paths if p["reason"] != "exit"]
        if policy == "none":
            ok = len(ends) == 1 and (ends[0]["reason"], ends[0]["error"], ends[0].get("suffix")) == \
                ("error", "external", "exec.err") and ends[0]["message"].startswith(
                    loc + ": external calls disallowed (in particular inline asm)")
        else:
            ok = len(ends) == 1 and (ends[0]["reason"], ends[0]["error"]) == ("early", "none") and \
                ends[0]["message"].startswith(loc + ': unsupported inline assembly "movl %eax, %eax"')
        got = exits(paths)
        check(rc == 0 and ok and got == {("exit", 2)} and got < want and len(paths) == 2,
              "asm.c --external-calls=%s: %s, exits %s (native %s)" %
              (policy, [(p["reason"], p["error"], p["message"]) for p in ends], sorted(got),
               sorted(want)))
    # --quiet hides the unsupported-assembly message but says that there was one
    od = os.path.join(tmp, "asm-quiet")
    r = subprocess.run([a.symx, "--no-progress", "--quiet", "--output-dir", od, src],
                       capture_output=True, text=True, timeout=120)
    with open(os.path.join(od, "messages.txt")) as f:
        kept = [ln for ln in f if ln.startswith("unsupported: ")]
    check(r.returncode == 3 and r.stderr.strip() ==
          "symx-llvm: 1 unsupported-code message (in messages.txt)" and len(kept) == 1,
          "asm.c --quiet: stderr %r, messages.txt %s" % (r.stderr, kept))


def test_options(a, tmp):
    prog = os.path.join(a.progs, "exact.c")
    accepted = ["--posix-runtime", "--libc=klee", "--watchdog", "--emit-all-errors", "--kdalloc",
                "--use-forked-solver", "--rng-initial-seed=7", "--write-no-tests",
                "--only-output-states-covering-new", "--max-stack-frames", "100",
                "--exit-on-error-type=Assert", "--exit-on-error-type", "Ptr",
                "--check-div-zero=false", "--optimize", "--max-depth=10", "--max-forks", "100",
                "--max-instructions=100000", "--search=dfs", "--output-dir", os.path.join(tmp, "o")]
    r = subprocess.run([a.symx, "--no-progress", "--quiet"] + accepted + [prog],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120,
                       cwd=tmp)
    check(r.returncode in (0, 3), "KLEE's accepted options: exit %d %s" % (r.returncode, r.stderr.strip()))
    for opt, text in (("--disable-inlining", "--disable-inlining: KLEE's option"),
                      ("--ubsan-runtime", "--ubsan-runtime: KLEE's option"),
                      ("--use-query-log=all:cvc", "'all:cvc' is not one of all:kquery"),
                      ("--no-such-option", "unknown option --no-such-option"),
                      ("--search=nurs:covnew,nurs:qc", "--search nurs:qc: one of nurs:qc"),
                      ("--max-stack-frames=many", "--max-stack-frames many: not a number"),
                      ("--external-calls=some", "--external-calls some: not none, concrete, all or over-approx"),
                      ("--exit-on-error-type=Nope", "--exit-on-error-type Nope:"),
                      ("--entry-point=nowhere", "entry function 'nowhere' (--entry-point) not found"),
                      ("--entry-point=", "the entry point (--entry-point) cannot be empty")):
        r = subprocess.run([a.symx, "--no-progress", opt, prog], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, timeout=120, cwd=tmp)
        check(r.returncode == 2 and text in r.stderr, "%s refused: %s" % (opt, r.stderr.strip()))


def test_entry(a, tmp):
    prog = os.path.join(a.progs, "entry.c")
    for opts, want in (([], ("exit", 9, "exit")), (["--entry-point", "start"], ("exit", 3, "exit")),
                       (["--entry-point=start", "--max-stack-frames=10"],
                        ("early", -1, "maximum stack size reached")),
                       (["--entry-point=start", "--max-stack-frames=52"], ("exit", 3, "exit"))):
        rc, paths = symx(a, prog, os.path.join(tmp, "e%d" % len(os.listdir(tmp))), opts)
        got = [(p["reason"], p["exit"], p["message"].split(": ", 1)[-1]) for p in paths]
        check(rc == 0 and got == [want], "entry.c %s: %s" % (" ".join(opts), got))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--replay-lib", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--progs", required=True)
    a = ap.parse_args()
    a.symx = os.path.abspath(a.symx)
    a.replay_lib = os.path.abspath(a.replay_lib)
    with tempfile.TemporaryDirectory() as tmp:
        test_exact(a, tmp)
        test_concretize(a, tmp)
        test_fault(a, tmp)
        test_missing(a, tmp)
        test_asm(a, tmp)
        test_options(a, tmp)
        test_entry(a, tmp)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
