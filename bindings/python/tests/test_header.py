"""The cdef is generated from include/symx.h: test the generator and that the
whole header is reachable."""
import os
import re

import symx
from symx._header import cdef_from_header


def test_strips_preprocessor_comments_and_api_macro():
    text = """
/* a comment */
#ifndef X_H
#define X_H
#include <stdint.h>
#define X_OK 0
#define X_BIG 0x10  /* trailing */
#define X_VER "1.2"
#if defined(_WIN32)
#define SYMX_API
#elif defined(__GNUC__)
#define SYMX_API __attribute__((visibility("default")))
#else
#define SYMX_API
#endif
#ifdef __cplusplus
extern "C" {
#endif
// line comment
SYMX_API int x_f(int a, /* inner */ int b);
typedef struct x_t x_t;
#ifdef __cplusplus
}
#endif
#endif
"""
    cdef, consts = cdef_from_header(text)
    assert "#" not in cdef and "SYMX_API" not in cdef and "extern" not in cdef
    assert "/*" not in cdef and "//" not in cdef
    assert "int x_f(int a,   int b);" in cdef
    assert "typedef struct x_t x_t;" in cdef
    assert consts == {"X_OK": 0, "X_BIG": 16, "X_VER": "1.2"}


def test_cplusplus_else_branch_is_kept():
    cdef, _ = cdef_from_header("#ifdef __cplusplus\nA;\n#else\nint b;\n#endif\n")
    assert cdef.strip() == "int b;"


def test_unbalanced_conditionals_raise():
    import pytest
    with pytest.raises(ValueError):
        cdef_from_header("#ifdef FOO\nint a;\n")


def test_every_header_function_is_bound(root):
    with open(os.path.join(root, "include", "symx.h")) as fh:
        text = fh.read()
    names = set(re.findall(r"SYMX_API[^;(]*?\b(symx_\w+)\s*\(", text))
    assert len(names) > 100
    missing = [n for n in sorted(names) if not hasattr(symx.lib, n)]
    assert missing == []


def test_constants_match_header():
    assert symx.constants["SYMX_SAT"] == 20 and symx.constants["SYMX_DONE"] == 101
    assert symx.version() == symx.constants["SYMX_VERSION"]
    assert symx.lib.symx_version_number() == symx.constants["SYMX_VERSION_NUMBER"]


def test_enums_generated():
    assert symx.Kind.ADD == symx.lib.SYMX_K_ADD
    assert str(symx.ErrorKind.DIV_ZERO) == "div-zero"
    assert symx.Status.PENDING == 1
