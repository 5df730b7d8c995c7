"""checks.py — what the tests/llvm scripts share: a named check that prints
ok/FAIL and remembers failures, and the exit that reports them."""
import sys


class Checks:
    def __init__(self):
        self.failures = []

    def __call__(self, cond, what):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            self.failures.append(what)

    def exit(self):
        sys.exit(1 if self.failures else 0)
