#!/usr/bin/python3
"""side_by_side.py — bench/real_side_by_side.py's report on runs made here
(no KLEE, no network): the program of tests/llvm/stats explored by
symx-llvm with dfs in eager mode to the end and in pending mode cut short
(--max-instructions), laid out as the bench lays out its runs, then
--report-only:

  each run's JSON  its figures are its stats.json's
  the union        of pending's and eager's covered instructions and lines
                   (covered-instructions.txt): the exhaustive run covers
                   everything a path can reach, so the union is its
                   stats.json's covered_instructions and covered_lines
  the table        one row for the program and searcher, no ratio without
                   KLEE; with a second repetition of a run, the median run's
                   figures and the spread
  saved runs       --save FILE keeps the figures; --from FILE alone (the run
                   directories gone) gives the same table, union and profile;
                   a damaged FILE: said, exit status 1
  bad input        a run without covered-instructions.txt: no union, said; a run
                   directory without statistics: said, exit status 1
  bad builds       bench/real_programs.py: a package apt-get cannot fetch and a
                   build whose tool is not installed: each said (which, and the
                   log), no exception, the next program still prepared
"""
import importlib.util
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

FAILED = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        FAILED.append(what)


def make_run(a, out, bc, mode, extra):
    d = os.path.join(out, "walk", "%s-dfs" % mode)
    os.makedirs(os.path.dirname(d), exist_ok=True)
    subprocess.run([a.symx, "--quiet", "--mode", mode, "--search", "dfs", "--output-dir", d] +
                   extra + [bc], capture_output=True, timeout=300)
    with open(d + ".run.json", "w") as f:
        json.dump({"program": "walk", "tool": mode, "search": "dfs", "seconds": 0, "exit": 0,
                   "wall_s": 0, "peak_rss_mib": 0, "bitcode": bc, "args": []}, f)
    return d


def report(a, out, extra=()):
    r = subprocess.run([sys.executable, a.bench, "--report-only", "--out", out, "--only", "walk",
                        "--search", "dfs"] + list(extra), capture_output=True, text=True,
                       timeout=300)
    objs = [json.loads(ln) for ln in r.stdout.splitlines() if ln.startswith("{")]
    return r.returncode, objs, r.stdout


def table_lines(text):
    return [ln for ln in text.splitlines() if ln.startswith("| walk | dfs |")]


def saved_runs(a, out, tmp, text):
    """--save then --from alone: the same rows (table and profile) and union."""
    for name in ("runs.jsonl.gz", "runs.jsonl"):
        saved = os.path.join(tmp, name)
        rc, objs, _ = report(a, out, ["--save", saved])
        gone = os.path.join(tmp, "gone")
        rc2, objs2, text2 = report(a, gone, ["--from", saved])
        u = [o for o in objs if "union_pending_eager" in o]
        u2 = [o for o in objs2 if "union_pending_eager" in o]
        check(rc == 0 and rc2 == 0 and table_lines(text2) == table_lines(text) and u2 == u,
              "%s: the saved runs alone give the same table and union (%d, %d): %s" % (
                  name, rc, rc2, table_lines(text2)))
    # a tool --tool leaves out keeps its saved figures: its directory (here
    # with a peak changed after the save) is not read again
    facts = os.path.join(out, "walk", "eager-dfs.run.json")
    with open(facts) as f:
        orig = f.read()
    with open(facts, "w") as f:
        json.dump(dict(json.loads(orig), peak_rss_mib=999), f)
    try:
        peaks = [[o.get("peak_rss_mib") for o in report(a, out, ["--from", saved] + extra)[1]
                  if o.get("tool") == "eager" and o.get("rep", 1) == 1]
                 for extra in (["--tool", "pending"], [])]
    finally:
        with open(facts, "w") as f:
            f.write(orig)
    check(peaks == [[0], [999]], "--tool pending: eager's saved run is used, its directory not "
          "read again; without --tool it is (peaks %s)" % peaks)
    with open(os.path.join(tmp, "bad.jsonl"), "w") as f:
        f.write('{"key": ["walk"]}\nnot json\n')
    r = subprocess.run([sys.executable, a.bench, "--report-only", "--out", os.path.join(tmp, "gone"),
                        "--only", "walk", "--from", f.name], capture_output=True, text=True,
                       timeout=300)
    check(r.returncode == 1 and "bad.jsonl:2" in r.stderr,
          "a damaged saved file: said with its line, exit status 1: %s" % r.stderr.strip())


def bad_builds(a, tmp):
    path = os.path.join(os.path.dirname(a.bench), "real_programs.py")
    spec = importlib.util.spec_from_file_location("real_programs", path)
    rp = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rp)
    work = os.path.join(tmp, "work")
    os.makedirs(os.path.join(work, "symx-fake-1.0"))  # unpacked: fetch finds it
    rp.PROGRAMS.update({
        "nopkg": {"pkg": "symx-no-such-package", "product": "p", "args": []},
        "notool": {"pkg": "symx-fake", "product": "p", "prepare": [["symx-no-such-tool"]],
                   "args": []}})
    log = os.path.join(tmp, "build.log")
    got = {n: rp.prepare(n, work, os.path.dirname(a.symx), log) for n in ("nopkg", "notool")}
    check(got["nopkg"][0] is None and "could not fetch symx-no-such-package" in got["nopkg"][1],
          "a package that cannot be fetched: said (%s)" % (got["nopkg"],))
    check(got["notool"][0] is None and "could not build symx-fake" in got["notool"][1]
          and "cannot run symx-no-such-tool" in open(log).read(),
          "a build whose tool is missing: said, the log says which (%s)" % (got["notool"],))


def main():
    ap = argparse.ArgumentParser()
    for k in ("symx", "bench", "program", "include"):
        ap.add_argument("--" + k, required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bc = os.path.join(tmp, "walk.bc")
        subprocess.run(["clang-14", "-c", "-emit-llvm", "-g", "-O0", "-I", a.include, a.program,
                        "-o", bc], check=True)
        out = os.path.join(tmp, "out")
        full = make_run(a, out, bc, "eager", [])
        part = make_run(a, out, bc, "pending", ["--max-instructions", "3000"])
        st = {d: json.load(open(os.path.join(d, "stats.json"))) for d in (full, part)}
        rc, objs, text = report(a, out)
        runs = {o["tool"]: o for o in objs if "tool" in o}
        check(rc == 0, "exit status 0 on two good runs (%d)" % rc)
        for d, tool in ((full, "eager"), (part, "pending")):
            r = runs.get(tool, {})
            check(all(r.get(k) == st[d][k] for k in ("covered_instructions", "total_instructions",
                                                     "covered_lines", "total_lines")),
                  "%s's figures are its stats.json's" % tool)
        check(st[part]["covered_instructions"] < st[full]["covered_instructions"],
              "the cut-short run covers fewer instructions (%d < %d)" % (
                  st[part]["covered_instructions"], st[full]["covered_instructions"]))
        u = next((o["union_pending_eager"] for o in objs if "union_pending_eager" in o), {})
        want = (st[full]["covered_instructions"], st[full]["covered_lines"])
        check((u.get("instructions"), u.get("lines")) == want,
              "the union is the exhaustive run's %s: %s" % (want, u))
        main, _, prof = text.partition("where symx's time went")
        rows = [ln for ln in main.splitlines() if ln.startswith("| walk | dfs |")]
        check(len(rows) == 1 and "| - |" in rows[0] and "| %d (%d) |" % want in rows[0],
              "one table row, no ratio without KLEE: %s" % rows)
        # the profile: a row per mode, its counts its stats.json's
        for d, tool in ((full, "eager"), (part, "pending")):
            row = [ln for ln in prof.splitlines() if ln.startswith("| walk | dfs | %s |" % tool)]
            eng = st[d]["engine"]
            want_cells = ["{:,}".format(eng[k]) for k in ("solver_queries", "forks",
                                                          "pending_created", "states_max")]
            cells = row[0].strip("|").split("|")[5:] if row else []
            check(len(row) == 1 and all(w in [c.strip() for c in cells] for w in want_cells),
                  "%s's profile row has its stats.json's counts %s: %s" % (tool, want_cells, row))
        # a second repetition of eager (RNG seed 2): the cell is the median
        # run's (the lower of two), with the spread
        rep2 = os.path.join(out, "walk", "eager-dfs-r2")
        shutil.copytree(part, rep2)
        with open(rep2 + ".run.json", "w") as f:
            json.dump(dict(json.load(open(full + ".run.json")), rep=2), f)
        rc, objs, text = report(a, out)
        lo, hi = st[part]["covered_instructions"], st[full]["covered_instructions"]
        rows = [ln for ln in text.partition("where symx's time went")[0].splitlines()
                if ln.startswith("| walk | dfs |")]
        check(len(rows) == 1 and "| %d (%d) [%d-%d] |" % (lo, st[part]["covered_lines"], lo, hi)
              in rows[0], "two repetitions: the median run's figures and the spread: %s" % rows)
        saved_runs(a, out, tmp, text)
        shutil.rmtree(rep2)
        os.remove(rep2 + ".run.json")
        os.remove(os.path.join(part, "covered-instructions.txt"))
        rc, objs, _ = report(a, out)
        u = next((o["union_pending_eager"] for o in objs if "union_pending_eager" in o), {})
        check(u.get("instructions") is None and "covered-instructions.txt" in u.get("note", ""),
              "without covered-instructions.txt: no union, said")
        shutil.rmtree(part)
        os.makedirs(part)
        rc, objs, _ = report(a, out)
        bad = [o for o in objs if o.get("tool") == "pending"]
        check(rc == 1 and bad and "no statistics" in bad[0].get("error", ""),
              "a directory without statistics: said, exit status 1")
        bad_builds(a, tmp)
    print("%d failed" % len(FAILED) if FAILED else "all passed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
