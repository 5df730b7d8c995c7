#!/usr/bin/python3
"""multitarget.py — Otter's multi-target experiment (issue 17; Otter's Table
3.2) on the real programs: how many of a program's uncovered lines each
searcher reaches in the same time, all of them given at once.

Otter's targets were the lines of each Coreutils program's own .c file that
the Coreutils test suite left uncovered. Here they are the lines of a real
program (bench/real_programs.py's build under --real WORK; bc and m4, with
bench/directed.py's REAL_PROGRAMS arguments) that the median 600 s
random-path pending run of bench/results/real-600-PROG.jsonl.gz left
uncovered, restricted to the *frontier*: the first line (not counting
plain jumps, which the saved coverage does not count) of an LLVM block that
follows a conditional branch (br i1, switch) at a covered line and has no
covered line itself, in a source file of main's directory (the program's own code,
not gnulib's lib/). Coverage is per line here, as the saved runs keep it, so
a block counts as covered when one of its lines was. Targets symx-llvm
rejects (a line whose code was optimised away) are left out and counted.

Every configuration runs symx-llvm with all targets (--targets-file,
--stop-at-targets=false), --max-time CPU seconds (--time), seeds 1..--seeds,
in --mode (pending); a target is reached when a feasible path runs it
(OUTDIR/targets.txt). random-path and nurs:md2u run undirected, as in
bench/directed.py (directed_revival=0: pending states revived only when no
active one is left). CCBSE is single-target (Otter's too) and is not run.

Reported per program and configuration: the median over the seeds of the
targets reached, each seed's count, and per configuration Otter's Avg% (the
mean over programs of reached/targets) and Agg% (all reached / all targets).
One JSON object per line, then tables.

usage: multitarget.py --real WORK [--only PROG ...] [--time S] [--seeds N]
                      [--search S ...] [--mode M ...] [--symx PATH]
"""
import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import real_programs as rp  # noqa: E402  (load_module)

# by their paths: tests/llvm has a directed.py too
_directed = rp.load_module("bench_directed", os.path.join(HERE, "directed.py"))
REAL_PROGRAMS, UNDIRECTED, median = _directed.REAL_PROGRAMS, _directed.UNDIRECTED, _directed.median
llvmir = rp.load_module("llvmir", os.path.join(ROOT, "tests", "llvm", "llvmir.py"))  # the .ll reader

# Otter's Table 3.2 columns that have a symx-llvm searcher (B(X) = batch(X))
SEARCHERS = ["batch(sdse)", "batch(sdse-pr)", "batch(sdse-rr)", "batch(rr(rp,sdse))",
             "batch(rr(rp,sdse-rr))", "sdse-rr", "rr(rp,sdse-rr)", "nurs:covnew", "random-path",
             "nurs:md2u"]


def baseline_lines(prog):
    """The covered lines of the saved median random-path pending run."""
    path = os.path.join(HERE, "results", "real-600-%s.jsonl.gz" % prog)
    with gzip.open(path, "rt") as f:
        for ln in f:
            r = json.loads(ln)
            k = r["key"]
            if k[1:3] == ["random-path", "pending"] and not k[4] and r["covered"]:
                return {loc for rows in r["covered"].values() for _, _, loc in rows if loc != "?"}, k[3]
    raise SystemExit("%s: no saved random-path pending run with its coverage" % path)


def parse_ll(text):
    """{function: [block, ...]} of an .ll text (tests/llvm/llvmir.py's
    reading, a switch's case lines joined), a block {"label", "ins": [(loc,
    text)]} without debug intrinsics, loc "file:line" (basename) or None;
    and the set of basenames of files in main's directory."""
    files, paths = {}, {}
    for m in re.finditer(r'^!(\d+) = !DIFile\(filename: "([^"]+)", directory: "([^"]*)"', text, re.M):
        files[m.group(1)] = os.path.basename(m.group(2))
        paths[m.group(1)] = os.path.normpath(os.path.join(m.group(3), m.group(2)))
    scope, main_dir = {}, None
    for m in re.finditer(r'^!(\d+) = (?:distinct )?!(DISubprogram|DILexicalBlock|DILexicalBlockFile)'
                         r'\((.*)\)$', text, re.M):
        f = re.search(r'\bfile: !(\d+)', m.group(3))
        scope[m.group(1)] = f.group(1) if f else None
        if m.group(2) == "DISubprogram" and re.search(r'\bname: "main"', m.group(3)) and f:
            main_dir = os.path.dirname(paths.get(f.group(1), ""))
    locs = {}
    for m in re.finditer(r'^!(\d+) = (?:distinct )?!DILocation\(line: (\d+), column: \d+, '
                         r'scope: !(\d+)', text, re.M):
        fid = scope.get(m.group(3))
        if fid in files and m.group(2) != "0":
            locs[m.group(1)] = "%s:%s" % (files[fid], m.group(2))
    # own: in main's directory (a generated parser's .y and .l may name the
    # directory the package was first built in: a file of that name there)
    own = {files[i] for i, p in paths.items() if main_dir and (
        os.path.dirname(p) == main_dir or os.path.exists(os.path.join(main_dir, files[i])))}
    funcs = {}
    for fn, blocks in llvmir.parse_ll(text).items():
        funcs[fn.strip('"')] = [{"label": b["label"], "ins": [
            (llvmir.ins_line(t, locs), t) for t in b["instrs"] if "call void @llvm.dbg." not in t]}
            for b in blocks]
    return funcs, own


def frontier(funcs, own, covered):
    """Uncovered lines of own files right after a covered conditional branch."""
    out = set()
    for blocks in funcs.values():
        by = {b["label"]: b for b in blocks if b["label"]}
        for b in blocks:
            if not b["ins"]:
                continue
            loc, term = b["ins"][-1]
            if loc not in covered or not term.startswith(("br i1", "switch")):
                continue
            for name in re.findall(r'label %([-\w.$]+)', term):
                s = by.get(name)
                if not s or any(l in covered for l, _ in s["ins"]):
                    continue
                # a line of plain jumps (break, goto) has no instruction the
                # saved coverage counts: the block's first line with one
                first = next((l for l, t in s["ins"] if l and not t.startswith(("br label", "unreachable"))),
                             None)
                if first and first.split(":")[0] in own:
                    out.add(first)
    return sorted(out, key=lambda t: (t.split(":")[0], int(t.split(":")[1])))


def accepted(a, bc, pre, post, targets, work):
    """The targets symx-llvm takes: one it rejects (its message names it)
    is dropped and the rest tried again."""
    dropped = []
    while targets:
        tf = os.path.join(work, "targets.txt")
        with open(tf, "w") as f:
            f.write("".join(t + "\n" for t in targets))
        p = subprocess.run([a.symx, "--quiet", "--max-instructions", "1", "--targets-file", tf,
                            "--output-dir", os.path.join(work, "check")] + pre + [bc] + post,
                           capture_output=True, text=True)
        subprocess.run(["rm", "-rf", os.path.join(work, "check")])
        bad = next((t for t in targets if "--target %s: " % t in p.stderr), None)
        if p.returncode != 2 or not bad:
            if p.returncode == 2:
                raise SystemExit("symx-llvm: %s" % p.stderr[-500:])
            return targets, tf, dropped
        targets = [t for t in targets if t != bad]
        dropped.append(bad)
    raise SystemExit("no target left")


def one_run(a, bc, pre, post, tf, mode, search, seed, work):
    od = os.path.join(work, "o")
    subprocess.run(["rm", "-rf", od])
    undirected = search in UNDIRECTED
    p = subprocess.run([a.symx, "--quiet", "--mode", mode, "--search", search, "--rng-seed",
                        str(seed), "--time-clock", "cpu", "--max-time", "%ds" % a.time,
                        "--targets-file", tf, "--stop-at-targets=false", "--set",
                        "directed_revival=%d" % (not undirected), "--output-dir", od] + pre +
                       [bc] + post, capture_output=True, text=True)
    if p.returncode not in (0, 1, 3):
        raise SystemExit("symx-llvm failed (%d): %s" % (p.returncode, p.stderr[-500:]))
    reached = [ln.split()[0] for ln in open(os.path.join(od, "targets.txt")) if " reached " in ln]
    st = json.load(open(os.path.join(od, "stats.json")))
    return reached, st["cpu_s"], st["covered_instructions"]


def program_rows(a, prog, work):
    rel, post = REAL_PROGRAMS[prog]
    bc, pre = os.path.join(a.real, rel), ["--libc", "full"]
    covered, rep = baseline_lines(prog)
    ll = os.path.join(work, prog + ".ll")
    subprocess.run([a.llvm_dis, bc, "-o", ll], check=True)
    funcs, own = parse_ll(open(ll).read())
    targets, tf, dropped = accepted(a, bc, pre, post, frontier(funcs, own, covered), work)
    head = {"program": prog, "targets": len(targets), "dropped": dropped, "baseline_rep": rep,
            "own_files": sorted(own), "target_list": targets}
    print(json.dumps(head), flush=True)
    rows = []
    for mode in a.mode or ["pending"]:
        for se in a.search or SEARCHERS:
            runs = [one_run(a, bc, pre, post, tf, mode, se, s, work) for s in range(1, a.seeds + 1)]
            row = {"program": prog, "mode": mode, "search": se, "targets": len(targets),
                   "reached_median": median([len(r[0]) for r in runs]),
                   "reached": [len(r[0]) for r in runs], "cpu": [r[1] for r in runs],
                   "covered_instructions": [r[2] for r in runs],
                   "union": len(set().union(*[set(r[0]) for r in runs]))}
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def print_tables(rows):
    progs = list(dict.fromkeys(r["program"] for r in rows))
    print("\n| mode | search | " + " | ".join("%s (of %d)" % (p, next(
        r["targets"] for r in rows if r["program"] == p)) for p in progs) + " | Avg% | Agg% |")
    print("|---|---|" + "---|" * (len(progs) + 2))
    for key in dict.fromkeys((r["mode"], r["search"]) for r in rows):
        mine = {r["program"]: r for r in rows if (r["mode"], r["search"]) == key}
        if len(mine) != len(progs):
            continue
        cells = ["%g %s" % (mine[p]["reached_median"], mine[p]["reached"]) for p in progs]
        avg = 100 * sum(mine[p]["reached_median"] / mine[p]["targets"] for p in progs) / len(progs)
        agg = 100 * sum(mine[p]["reached_median"] for p in progs) / sum(mine[p]["targets"] for p in progs)
        print("| %s | %s | %s | %.1f | %.1f |" % (key + (" | ".join(cells), avg, agg)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", default=os.path.join(ROOT, "build", "frontends", "llvm", "symx-llvm"))
    ap.add_argument("--llvm-dis", default="llvm-dis-14")
    ap.add_argument("--real", required=True, metavar="WORK", help="bench/real_programs.py's --work")
    ap.add_argument("--only", action="append", help="a program (repeatable; default bc, m4)")
    ap.add_argument("--time", type=int, default=120, help="CPU s per run")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--search", action="append", help="only these searchers (repeatable)")
    ap.add_argument("--mode", action="append", help="pending (default), eager (repeatable)")
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for prog in a.only or ["bc", "m4"]:
            if prog not in REAL_PROGRAMS:
                ap.error("--only %s: one of %s" % (prog, ", ".join(REAL_PROGRAMS)))
            rows += program_rows(a, prog, work)
    print_tables(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
