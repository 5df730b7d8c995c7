"""symx — Python bindings of libsymx (cffi, ABI mode: nothing is compiled).

    import symx
    ctx = symx.Context()
    inp = ctx.input("stdin", 16)          # a symbolic byte array
    x = ctx.var("x", 32)
    res, model = ctx.solver("z3").check(inp[3] == 0x41, x.ult(10))
    ctx.eval(x + 1, model)

    eng = symx.Engine(ctx, mode="pending", search="random-path")
    for test in eng.explore(step, payload=MyProgramState()):
        ...

The library is found through $SYMX_LIB, the build tree or an installed copy
(see symx._lib). Library failures raise symx.Error subclasses carrying
libsymx's message; they never end the interpreter.

Signedness: <, <=, >, >= on expressions are UNSIGNED (claripy's convention);
use .slt/.sle/.sgt/.sge for signed comparisons. Bit slices e[hi:lo] are
inclusive at both ends. == builds an expression: compare expressions
structurally with a.same(b).
"""
from ._errors import (Error, ErrorKind, FormatError, IoError, Kind, MisuseError,
                      NoMemError, NotFoundError, OptionType, ParseError, RangeError, Reason,
                      Result, SolverError, Status, UnsupportedError, errstr)
from ._lib import C as constants
from ._lib import LIBRARY_PATH, ffi, lib
from ._header import cdef_from_header
from ._core import (And, Array, Command, Context, Expr, Model, Not, Or, Solver, backends,
                    concat, ite, option_info, stat_names)
from ._engine import Engine, Searcher, Seeds, StashView, State, Test

SAT, UNSAT, UNKNOWN = Result.SAT, Result.UNSAT, Result.UNKNOWN


def version():
    """The version of the loaded library."""
    return ffi.string(lib.symx_version()).decode()


__version__ = constants.get("SYMX_VERSION", "0")

__all__ = ["Context", "Expr", "Array", "Model", "Solver", "Command", "Engine", "State", "Test",
           "Seeds", "Searcher", "StashView", "concat", "ite", "And", "Or", "Not",
           "option_info", "stat_names", "backends", "version", "cdef_from_header",
           "Error", "MisuseError", "NoMemError", "ParseError", "IoError", "FormatError",
           "UnsupportedError", "SolverError", "RangeError", "NotFoundError",
           "Kind", "Status", "Reason", "ErrorKind", "OptionType", "Result", "SAT", "UNSAT",
           "UNKNOWN", "errstr", "LIBRARY_PATH", "ffi", "lib", "constants"]
