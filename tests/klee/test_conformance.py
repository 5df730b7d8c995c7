#!/usr/bin/python3
"""Checks of conformance.py's parsing and comparison (no KLEE needed):
python3 tests/klee/test_conformance.py"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conformance as c  # noqa: E402


def outcome(completed, errors=(), **kw):
    o = {"rc": 0, "timeout": False, "ran": True, "completed": completed,
         "errors": [list(e) for e in errors], "early": [], "refused": []}
    o.update(kw)
    return o


class RunLines(unittest.TestCase):
    def test_continuation_and_substitution(self):
        src = "// RUN: %clang %s -emit-llvm %O0opt \\\n// RUN:   -c -o %t1.bc\n// RUN: rm -rf %t.klee-out\n"
        cmds = c.run_commands(src)
        self.assertEqual(len(cmds), 2)
        s = c.substitute(cmds[0], "/k/test/a.c", "/w/t", "/k")
        self.assertIn("-I/k/include", s)
        self.assertIn("/w/t1.bc", s)
        self.assertIn("-disable-O0-optnone", s)

    def test_klee_argv(self):
        args, stdin, fail = c.klee_argv("not klee --output-dir=/w/t.klee-out -search=dfs /w/t.bc x 2>&1")
        self.assertTrue(fail)
        self.assertIsNone(stdin)
        self.assertEqual(args, ["--output-dir=/w/t.klee-out", "-search=dfs", "/w/t.bc", "x"])

    def test_applicable(self):
        base = "// RUN: %clang %s -c -o %t.bc\n// RUN: %klee --output-dir=%t.klee-out %t.bc\n"
        self.assertIsNone(c.applicable(base, False))
        self.assertEqual(c.applicable(base + "// RUN: %klee-stats %t.klee-out\n", False),
                         "uses %klee-stats")
        self.assertEqual(c.applicable(base + "// REQUIRES: stp\n", False), "requires stp")
        posix = base.replace("%klee ", "%klee --posix-runtime ")
        self.assertIsNotNone(c.applicable(posix, False))
        self.assertIsNone(c.applicable(posix, True))


class Options(unittest.TestCase):
    def test_translate(self):
        out = c.translate(["-output-dir=x", "--use-cex-cache=false", "--seed-file", "a.ktest",
                           "--use-batching-search", "-search=dfs", "p.bc", "-arg"], "/o", "eager")
        self.assertEqual(out, ["--mode", "eager", "--no-progress", "--output-dir=/o", "--write-tests=all",
                               "--chain-cex-cache=0", "--seed-file", "a.ktest",
                               "--search=batching:dfs", "p.bc", "-arg"])

    def test_strip_option_with_value(self):
        args = ["--out=x", "-exit-on-error-type", "Assert", "p.bc", "Assert"]
        self.assertEqual(c.strip_option(args, "--exit-on-error-type"), ["--out=x", "p.bc", "Assert"])
        self.assertEqual(c.strip_option(["--kdalloc", "p.bc"], "--kdalloc"), ["p.bc"])

    def test_refused_option(self):
        self.assertEqual(c.refused_option("symx-llvm: unknown option --kdalloc (see --help)"),
                         "--kdalloc")
        self.assertEqual(c.refused_option("symx-llvm: klee: No such file or directory",
                                          ["--libc=klee"]), "--libc=klee")
        self.assertEqual(c.refused_option("symx-llvm: engine: unknown searcher 'nurs:qc'"),
                         "--search=nurs:qc")
        self.assertEqual(c.refused_option("symx-llvm: --write-cov: KLEE's option, which symx-llvm "
                                          "does not implement"), "--write-cov")
        self.assertIsNone(c.refused_option("symx-llvm: the program has no main function"))


class Compare(unittest.TestCase):
    def test_agree_and_causes(self):
        k = outcome(2, [("ptr", "a.c", 3)])
        self.assertEqual(c.compare_run(k, outcome(2, [("ptr", "a.c", 3)]), ["p.bc"]), (True, None))
        self.assertEqual(c.compare_run(k, outcome(2, [("ptr", "a.c", 4)]), ["p.bc"])[1],
                         "error lines differ")
        self.assertTrue(c.compare_run(k, outcome(3, [("assert", "a.c", 3)]), ["p.bc"])[1]
                        .startswith("error kinds differ"))
        self.assertEqual(c.compare_run(k, outcome(3, [("ptr", "a.c", 3)], exit_codes=3), ["p.bc"])[1],
                         "completed paths differ: more, exit status enumerated")
        refused = outcome(2, [("ptr", "a.c", 3)], refused=["--kdalloc"])
        self.assertEqual(c.compare_run(k, refused, ["p.bc"])[1], "option refused: --kdalloc")
        self.assertEqual(c.compare_run(k, refused, ["p.bc"], lenient=True), (True, None))

    def test_exit_on_error_compares_errors_only(self):
        k = outcome(0, [("assert", "a.c", 3)])
        self.assertTrue(c.compare_run(k, outcome(5, [("assert", "a.c", 3)]),
                                      ["--exit-on-error", "p.bc"])[0])

    def test_symx_summary(self):
        recs = [{"reason": "exit", "exit": 0}, {"reason": "exit", "exit": 1},
                {"reason": "error", "error": "double-free", "loc": "a.c:7", "message": "a.c:7: x"},
                {"reason": "early", "loc": "a.c:9",
                 "message": "a.c:9: call to undefined function 'fgets'"}]
        done, partial, errs, early, codes = c.symx_summary(recs)
        self.assertEqual((done, partial, codes), (2, 2, 2))
        self.assertEqual(errs, [["ptr", "a.c", 7]])
        self.assertEqual(c.early_cause(early), "undefined function: fgets")


if __name__ == "__main__":
    unittest.main()
