#!/usr/bin/python3
"""python_overhead.py — Python-driven vs C-driven exploration of one program.

The program is Figure 1 of the pending-constraints paper
(examples/toyvm/fig1.s) scaled down so that the whole tree can be explored:
str has STR bytes (the loops run for i = 1 .. STR-1) and the concrete
workload is fib(FIB). Both sides explore it completely in pending mode with
random-path search on the same solver:
  C       examples/toyvm's toyvm-run (the C interpreter; a subprocess, so its
          time includes process start and parsing, a few ms)
  Python  examples/python/toyvm.py (the same interpreter in Python) as the
          step function of symx.Engine
and must find the same number of paths and execute the same number of
instructions. Prints one JSON object:
  {"bench": "python_overhead", "python_s", "c_s", "ratio_python_over_c", ...}

usage: /usr/bin/python3 bench/python_overhead.py [--str N] [--fib N]
           [--solver cadical|z3] [--repeat N] [--profile]
--profile prints the cProfile top functions of the Python run to stderr.

Where the time goes (fig1, str 2, fib(12), cadical; 932k instructions,
256 paths): the library's own work (engine + solver, python_engine_s) is
~0.04 s on both sides, about 3% of the Python run; the rest is the Python
front end. cProfile (which inflates call-heavy code, and counts a cffi call
in its caller) splits it: the interpreter's dispatch loop ~55%, expression
operators (one cffi call + one wrapper each, ~400k) ~13%, state.branch
(~216k, all but 256 without a fork) ~10%, reference releases in
Expr.__del__ ~7%, instruction reports (state.step) ~4%.
"""
import argparse
import cProfile
import io
import json
import os
import pstats
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

import symx  # noqa: E402
import toyvm  # noqa: E402


def program(nstr, fib):
    """fig1.s with str of nstr bytes and fib(fib)."""
    with open(os.path.join(ROOT, "examples", "toyvm", "fig1.s")) as fh:
        text = fh.read()
    subs = [(r"(sym\s+1,\s*)6(,\s*str)", rf"\g<1>{nstr}\g<2>"),
            (r"(br\s+sge\s+r3,\s*)6(,\s*fibcall)", rf"\g<1>{nstr}\g<2>"),
            (r"(mov\s+r1,\s*)15(\s)", rf"\g<1>{fib}\g<2>")]
    for pat, rep in subs:
        text, n = re.subn(pat, rep, text)
        if n != 1:
            raise SystemExit(f"python_overhead: fig1.s changed; cannot rewrite {pat}")
    return text


def toyvm_run_path():
    lib = os.environ.get("SYMX_LIB") or symx.LIBRARY_PATH
    cands = [os.path.join(os.path.dirname(lib), "examples", "toyvm", "toyvm-run"),
             os.path.join(ROOT, "build", "examples", "toyvm", "toyvm-run")]
    for c in cands:
        if os.access(c, os.X_OK):
            return c
    raise SystemExit("python_overhead: toyvm-run not found (build the C example first)")


def run_c(exe, path, solver, seed):
    t0 = time.perf_counter()
    p = subprocess.run([exe, path, "--mode", "pending", "--search", "random-path",
                        "--emit-tests", "errors", "--solver", solver, "--rng-seed", str(seed)],
                       capture_output=True, text=True, check=False)
    secs = time.perf_counter() - t0
    m = re.search(r"paths (\d+), tests (\d+), errors (\d+), instructions (\d+)", p.stdout)
    if p.returncode != 0 or not m:
        raise SystemExit(f"python_overhead: toyvm-run failed: {p.stderr.strip()}")
    return secs, int(m.group(1)), int(m.group(4))


def run_python(text, solver, seed):
    ctx = symx.Context(solver=solver)
    code = toyvm.parse(text)
    eng = symx.Engine(ctx, mode="pending", search="random-path", emit_tests="errors",
                      rng_seed=seed, keep_tests=False)
    it = toyvm.Interpreter(ctx, code)
    t0 = time.perf_counter()
    for _ in eng.explore(it.step, it.initial()):
        pass
    secs = time.perf_counter() - t0
    s = eng.stats
    eng.close()
    return secs, s["paths"], s["instructions"], s


def main():
    ap = argparse.ArgumentParser(description="Python vs C exploration overhead")
    ap.add_argument("--str", type=int, default=2, help="bytes of str (fig1: 6)")
    ap.add_argument("--fib", type=int, default=12, help="fib argument (fig1: 15)")
    ap.add_argument("--solver", default="cadical")
    ap.add_argument("--repeat", type=int, default=3, help="C runs (the best is kept)")
    ap.add_argument("--seed", type=int, default=5489)
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()

    text = program(a.str, a.fib)
    exe = toyvm_run_path()
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "fig1_small.s")
        with open(path, "w") as fh:
            fh.write(text)
        c_runs = [run_c(exe, path, a.solver, a.seed) for _ in range(max(1, a.repeat))]
    c_s, c_paths, c_insns = min(c_runs)

    prof = cProfile.Profile() if a.profile else None
    if prof:
        prof.enable()
    py_s, py_paths, py_insns, stats = run_python(text, a.solver, a.seed)
    if prof:
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(18)
        sys.stderr.write(out.getvalue())

    engine_s = stats.get("engine_time_ns", 0) / 1e9
    solver_s = stats.get("solver_time_ns", 0) / 1e9
    print(json.dumps({
        "bench": "python_overhead",
        "program": f"fig1 (str {a.str} bytes, fib({a.fib}))",
        "solver": a.solver,
        "python_s": round(py_s, 4),
        "c_s": round(c_s, 4),
        "ratio_python_over_c": round(py_s / c_s, 2) if c_s > 0 else None,
        "paths": py_paths,
        "instructions": py_insns,
        "same_work": py_paths == c_paths and py_insns == c_insns,
        "c_paths": c_paths,
        "c_instructions": c_insns,
        "python_us_per_instruction": round(py_s / max(py_insns, 1) * 1e6, 3),
        "c_us_per_instruction": round(c_s / max(c_insns, 1) * 1e6, 3),
        "python_solver_s": round(solver_s, 4),
        "python_engine_s": round(engine_s, 4),
    }))


if __name__ == "__main__":
    main()
