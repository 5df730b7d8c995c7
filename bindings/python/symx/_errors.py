"""libsymx result codes as Python exceptions, and the header's enums as
IntEnums (generated from the cdef, like Bitwuzla generates its enums)."""
import enum

from ._lib import C, ffi, lib


class Error(Exception):
    """A libsymx failure. .code is the library's result code, .message its
    message (naming the function that failed)."""

    code = C["SYMX_ERROR"]

    def __init__(self, message, code=None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class MisuseError(Error, ValueError):
    """API misuse: wrong widths, NULL or dead handle, bad state."""
    code = C["SYMX_MISUSE"]


class NoMemError(Error, MemoryError):
    code = C["SYMX_NOMEM"]


class ParseError(Error, ValueError):
    """Malformed text input (SMT-LIB2, JSON)."""
    code = C["SYMX_PARSE"]


class IoError(Error):
    """A file could not be read or written."""
    code = C["SYMX_IO"]


class FormatError(Error, ValueError):
    """Malformed binary input (ktest, seed file)."""
    code = C["SYMX_FORMAT"]


class UnsupportedError(Error):
    code = C["SYMX_UNSUPPORTED"]


class SolverError(Error):
    code = C["SYMX_SOLVER"]


class RangeError(Error, ValueError):
    """A value outside its allowed range (an option value, a searcher name)."""
    code = C["SYMX_RANGE"]


class NotFoundError(Error, KeyError):
    """No such name (option, statistic, input)."""
    code = C["SYMX_NOTFOUND"]

    def __str__(self):  # KeyError would quote the message
        return self.message


_BY_CODE = {cls.code: cls for cls in (Error, MisuseError, NoMemError, ParseError, IoError,
                                     FormatError, UnsupportedError, SolverError, RangeError,
                                     NotFoundError)}


def error_for(code, message):
    """The exception object for a result code."""
    return _BY_CODE.get(code, Error)(message, code)


def errstr(code):
    """libsymx's English description of a result code."""
    return ffi.string(lib.symx_errstr(code)).decode()


def _enum(cname, prefix, clsname, skip=()):
    elems = ffi.typeof(cname).elements
    members = {name[len(prefix):]: value for value, name in sorted(elems.items())
               if name.startswith(prefix) and name not in skip}
    e = enum.IntEnum(clsname, members)
    e.__str__ = lambda self: self.name.lower().replace("_", "-")
    return e


Kind = _enum("symx_kind", "SYMX_K_", "Kind", skip=("SYMX_K_COUNT_",))
Status = _enum("symx_status", "SYMX_ST_", "Status")
Reason = _enum("symx_reason", "SYMX_END_", "Reason")
ErrorKind = _enum("symx_error_kind", "SYMX_ERR_", "ErrorKind")
OptionType = _enum("symx_option_type", "SYMX_OPT_", "OptionType")
Result = enum.IntEnum("Result", {"SAT": C["SYMX_SAT"], "UNSAT": C["SYMX_UNSAT"],
                                 "UNKNOWN": C["SYMX_UNKNOWN"]})
Result.__str__ = lambda self: self.name.lower()


def enum_arg(cls, value):
    """Accepts an enum member, its int value or its name ("assert",
    "div-zero", "DIV_ZERO")."""
    if isinstance(value, str):
        try:
            return cls[value.upper().replace("-", "_")]
        except KeyError:
            raise ValueError(f"unknown {cls.__name__} {value!r}; one of "
                             + ", ".join(str(m) for m in cls)) from None
    return cls(value)
