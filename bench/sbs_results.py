"""sbs_results.py — real_side_by_side.py's runs kept as figures, so that a
table can be built from runs made on other days and machines (--save FILE,
--from FILE): a ten-minute matrix of six programs takes more CPU time than
one sitting has, and a run's directory (tests, KLEE's istats snapshots) is
far larger than what the table needs.

One JSON object per run and line (gzip'd when FILE ends in .gz):
  key       [program, searcher, tool, rep, seeded]
  record    the run's facts and symx-stats' figures (read_run's record)
  profile   where a symx run's time went (PROFILE's cells), or null
  series    coverage over time: [[seconds, instructions, covered, CPU seconds
            or null (runs saved before symx-llvm recorded it)], ...]
  note      symx-stats' remark on the series, or null
  covered   {function: [[index, instructions, "file:line"], ...]} of a symx
            run, kept only for each configuration's median run (the union
            column needs no other)
"""
import gzip
import json


def key(rec):
    return (rec["program"], rec["search"], rec["tool"], rec.get("rep", 1), bool(rec.get("seeds")))


def encode_covered(cov):
    """{(function, index): (n, loc)} as {function: [[index, n, loc], ...]}."""
    out = {}
    for (fn, idx), (n, loc) in sorted(cov.items()):
        out.setdefault(fn, []).append([idx, n, loc])
    return out


def decode_covered(enc):
    if enc is None:
        return None
    return {(fn, idx): (n, loc) for fn, rows in enc.items() for idx, n, loc in rows}


def _open(path, mode):
    return gzip.open(path, mode + "t") if path.endswith(".gz") else open(path, mode)


def load(path):
    """{key: summary} of a saved file; a damaged line is an error (ValueError
    naming the line), not a run silently left out."""
    runs = {}
    with _open(path, "r") as f:
        for k, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                s = json.loads(line)
                runs[tuple(s["key"])] = s
            except (ValueError, KeyError, TypeError) as e:
                raise ValueError("%s:%d: not a saved run (%s)" % (path, k, e)) from None
    return runs


def save(path, runs, medians):
    """Every run of RUNS ({key: summary}), covered sets only for MEDIANS' keys."""
    with _open(path, "w") as f:
        for k in sorted(runs):
            s = dict(runs[k], key=list(k))
            s["record"] = {n: v for n, v in s["record"].items() if n != "dir"}
            if k not in medians:
                s["covered"] = None
            f.write(json.dumps(s, sort_keys=True) + "\n")
