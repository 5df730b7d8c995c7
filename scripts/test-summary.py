#!/usr/bin/python3
"""Counts test results for `make test`.

  test-summary.py meson TESTLOG.json LABEL   -> "LABEL passed failed skipped"
  test-summary.py junit FILE.xml LABEL       -> same, from pytest's junit xml
  test-summary.py total RESULTS.txt          -> prints the per-part lines and
                                               the final "N passed, N failed"
A missing log counts as one failure: a build that did not run is not green.
"""
import json
import sys
import xml.etree.ElementTree as ET


def meson(path, label):
    p = f = s = 0
    try:
        with open(path) as fh:
            for line in fh:
                r = json.loads(line).get("result")
                if r in ("OK", "EXPECTEDFAIL"):
                    p += 1
                elif r == "SKIP":
                    s += 1
                else:
                    f += 1
    except OSError:
        f = 1
    print(label, p, f, s)


def junit(path, label):
    try:
        root = ET.parse(path).getroot()
        suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
        t = sum(int(x.get("tests", 0)) for x in suites)
        f = sum(int(x.get("failures", 0)) + int(x.get("errors", 0)) for x in suites)
        s = sum(int(x.get("skipped", 0)) for x in suites)
        print(label, t - f - s, f, s)
    except (OSError, ET.ParseError):
        print(label, 0, 1, 0)


def total(path):
    P = F = S = 0
    with open(path) as fh:
        for line in fh:
            label, p, f, s = line.split()
            p, f, s = int(p), int(f), int(s)
            print(f"{label}: {p} passed, {f} failed, {s} skipped")
            P, F, S = P + p, F + f, S + s
    print(f"{P} passed, {F} failed" + (f", {S} skipped" if S else ""))
    sys.exit(1 if F else 0)


if __name__ == "__main__":
    kind = sys.argv[1]
    if kind == "meson":
        meson(sys.argv[2], sys.argv[3])
    elif kind == "junit":
        junit(sys.argv[2], sys.argv[3])
    else:
        total(sys.argv[2])
