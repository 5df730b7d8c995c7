#!/usr/bin/python3
"""symx-stats — the statistics of symx-llvm output directories as one table
(KLEE's klee-stats, from the stats.json symx-llvm writes at the end of a run):

  symx-stats [--json] DIR [DIR...]     (--version: libsymx's version)

Columns: Path, Instrs, Time(s), ICov(%) and LCov(%) (instructions and
source lines covered of those in the program), Paths, Tests, Errors,
Queries (to the solver chain), TSolver(%) (share of the run in the solver).
--json prints each directory's stats.json as one line instead. Exit status
1 when a directory has no readable stats.json (the others are printed).
"""
import json
import os
import signal
import sys

VERSION = "@VERSION@"  # meson's configure_file (tools/meson.build)
COLUMNS = ["Path", "Instrs", "Time(s)", "ICov(%)", "LCov(%)", "Paths", "Tests", "Errors",
           "Queries", "TSolver(%)"]


def pct(part, whole):
    return "%.2f" % (100.0 * part / whole) if whole else "-"


def row(path, s):
    eng = s.get("engine", {})
    wall = s.get("wall_s", 0.0)
    solver_s = eng.get("solver_time_ns", 0) / 1e9
    return [path, str(s.get("instructions", 0)), "%.2f" % wall,
            pct(s.get("covered_instructions", 0), s.get("total_instructions", 0)),
            pct(s.get("covered_lines", 0), s.get("total_lines", 0)),
            str(s.get("paths", 0)), str(s.get("tests", 0)), str(s.get("errors", 0)),
            str(s.get("solver_queries", 0)), pct(min(solver_s, wall), wall)]


def main(argv):
    if argv == ["--version"]:
        print("symx-stats " + VERSION)
        return 0
    as_json = "--json" in argv
    dirs = [a for a in argv if a != "--json"]
    if not dirs or any(a.startswith("-") for a in dirs):
        sys.stderr.write("usage: symx-stats [--json] DIR [DIR...]\n")
        return 2
    rows, status = [], 0
    for d in dirs:
        path = os.path.join(d, "stats.json")
        try:
            with open(path) as f:
                s = json.load(f)
        except (OSError, ValueError) as e:
            sys.stderr.write("symx-stats: %s: %s (a symx-llvm --output-dir writes it at the end "
                             "of a run)\n" % (path, getattr(e, "strerror", None) or e))
            status = 1
            continue
        if as_json:
            print(json.dumps(dict(s, path=d), sort_keys=True))
        else:
            rows.append(row(d, s))
    if rows:
        table = [COLUMNS] + rows
        widths = [max(len(r[i]) for r in table) for i in range(len(COLUMNS))]
        for k, r in enumerate(table):
            print("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                            for i, (c, w) in enumerate(zip(r, widths))).rstrip())
            if k == 0:
                print("  ".join("-" * w for w in widths))
    return status


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `symx-stats ... | head` ends quietly
    sys.exit(main(sys.argv[1:]))
