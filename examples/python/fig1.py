#!/usr/bin/python3
"""fig1.py — Figure 1 of "Pending Constraints in Symbolic Execution for
Better Exploration and Seeding" (ASE'20), explored from Python.

    bool isSpace; char str[6];              (both symbolic)
    if (isSpace) str[0] = '_'; else str[0] = '\\0';
    for (int i = 1; i < 6; i++)
      for (char j = 0; j < str[i]; j++) str[i-1]++;
    fib(15);
    assert(!isSpace);

The program is examples/toyvm/fig1.s, run by the Python toyvm interpreter
(toyvm.py) as the step function of a symx.Engine. In pending mode the
assertion failure is found after a few thousand instructions: the branch on
isSpace leaves a pending state that random-path search picks early, while
the loops' branches follow the witness without solver calls.

usage: /usr/bin/python3 examples/python/fig1.py [--mode pending|eager] [--search S]
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "bindings", "python"))

import symx  # noqa: E402
import toyvm  # noqa: E402

FIG1 = os.path.join(HERE, "..", "toyvm", "fig1.s")


def find_assertion(mode="pending", search="random-path", max_time="60s", program=FIG1):
    """Explores until the first assertion failure; returns (test, seconds,
    instructions) or (None, ...) when none was found."""
    ctx = symx.Context()
    code = toyvm.load(program)
    eng = symx.Engine(ctx, mode=mode, search=search, max_time=max_time, emit_tests="errors")
    it = toyvm.Interpreter(ctx, code)
    t0 = time.perf_counter()
    found = None
    for test in eng.explore(it.step, it.initial()):
        if test.kind == symx.ErrorKind.ASSERT:
            found = test
            break
    secs = time.perf_counter() - t0
    insns = ctx.stat("instructions")
    eng.close()
    return found, secs, insns


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", default="pending")
    ap.add_argument("--search", default="random-path")
    ap.add_argument("--max-time", default="60s")
    a = ap.parse_args()
    test, secs, insns = find_assertion(a.mode, a.search, a.max_time)
    if test is None:
        print(f"no assertion failure found ({a.mode}, {insns} instructions, {secs:.2f}s)")
        return 1
    print(f"assertion failure found in {a.mode} mode after {insns} instructions "
          f"({secs:.2f}s), test #{test.number}, depth {test.depth}")
    for name, data in sorted(test.inputs.items()):
        print(f"  {name:8} = {data!r}")
    ok = test.inputs["isSpace"][0] != 0
    print("  isSpace is true: the assertion assert(!isSpace) fails" if ok else "  unexpected input")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
