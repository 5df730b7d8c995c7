"""Shared fixtures: the package and the Python toyvm example are imported
from the source tree; the library from $SYMX_LIB or the build tree."""
import gc
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

import symx  # noqa: E402


@pytest.fixture
def ctx():
    c = symx.Context()
    yield c
    gc.collect()
    c.close()


@pytest.fixture(scope="session")
def root():
    return ROOT
