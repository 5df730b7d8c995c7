"""checks.py — what the tests/llvm scripts share: a named check that prints
ok/FAIL and remembers failures, the exit that reports them, and the share
of a matrix test run under the sanitizers."""
import os
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


def sanitized_share(items, step):
    """The cases a matrix test runs: all of them in the plain build; under
    the sanitizers (SYMX_SANITIZED=1, make test-asan) every step-th, where
    each run costs several times more and the plain build checks them all."""
    items = list(items)
    return items[::step] if os.environ.get("SYMX_SANITIZED") == "1" else items


def modes_by_turns(modes, i):
    """The modes case i runs in: all of them in the plain build; under the
    sanitizers one, taking turns from case to case."""
    modes = list(modes)
    return sanitized_share(modes[i % len(modes):] + modes[:i % len(modes)], len(modes))
