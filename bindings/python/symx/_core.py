"""Context, expressions, assignments, SMT-LIB2 and solvers."""
import collections

from ._errors import Error, Kind, MisuseError, OptionType, Result, error_for
from ._lib import C, ffi, lib

_OK = C["SYMX_OK"]
NULL = ffi.NULL


def _s(cstr):
    return ffi.string(cstr).decode("utf-8", "replace") if cstr else None


# ---------------------------------------------------------------------------
# Context
# ---------------------------------------------------------------------------

class Context:
    """Owns every expression, solver and engine made from it (a symx_ctx).

    Options can be given as keywords: Context(solver="z3", rng_seed=7).
    The context outlives every object made from it (they hold a reference);
    close() frees it early, after which those objects must not be used.
    """

    def __init__(self, **options):
        self._p = lib.symx_ctx_new()
        if not self._p:
            raise MemoryError("symx_ctx_new failed")
        for k, v in options.items():
            self.set_option(k, v)

    # -- life-cycle and errors --------------------------------------------
    def close(self):
        p, self._p = self._p, None
        if p:
            lib.symx_ctx_free(p)

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def ptr(self):
        """The raw symx_ctx* (a cffi pointer), for calls into lib."""
        if self._p is None:
            raise MisuseError("symx: the context is closed")
        return self._p

    def error(self, code=None):
        """The context's last error as an exception object (and clears it);
        code is used when the context recorded none."""
        p = self.ptr
        rc = lib.symx_errcode(p)
        msg = _s(lib.symx_errmsg(p)) or ""
        lib.symx_errclear(p)
        if rc == _OK:
            rc = code if code is not None else C["SYMX_ERROR"]
            if not msg:
                msg = _s(lib.symx_errstr(rc))
        return error_for(rc, msg)

    def check(self, rc):
        """Raises the context's error unless rc is SYMX_OK."""
        if rc != _OK:
            raise self.error(rc)
        return rc

    def interrupt(self):
        """Sets the stop flag: running solvers and explorations stop soon."""
        lib.symx_ctx_interrupt(self.ptr)

    def resume(self):
        lib.symx_ctx_resume(self.ptr)

    # -- options -------------------------------------------------------------
    def set_option(self, name, value):
        """Sets an option: ints and bools directly, any value as text
        ("pending", "120s")."""
        p, n = self.ptr, name.encode()
        if isinstance(value, (bool, int)):
            rc = lib.symx_option_set(p, n, int(value))
        else:
            rc = lib.symx_option_set_str(p, n, str(value).encode())
        self.check(rc)

    def get_option(self, name):
        """The current value: int, bool, or str (enum and string options)."""
        info = lib.symx_option_find(name.encode())
        if not info:
            raise error_for(C["SYMX_NOTFOUND"], f"symx: unknown option '{name}'")
        if info.type in (OptionType.ENUM, OptionType.STR):
            return _s(lib.symx_option_get_str(self.ptr, name.encode()))
        v = lib.symx_option_get(self.ptr, name.encode())
        return bool(v) if info.type == OptionType.BOOL else v

    @property
    def options(self):
        """{name: current value} of every option."""
        return {o["name"]: self.get_option(o["name"]) for o in option_info()}

    # -- statistics ----------------------------------------------------------
    def stats(self):
        """{name: value} of every statistic (times in nanoseconds)."""
        p = self.ptr
        return {_s(lib.symx_stat_name(i)): lib.symx_stat_at(p, i)
                for i in range(lib.symx_stat_count())}

    def stat(self, name):
        v = lib.symx_stat_get(self.ptr, name.encode())
        if v == 0 and lib.symx_errcode(self._p) == C["SYMX_NOTFOUND"]:
            raise self.error()
        return v

    def reset_stats(self):
        lib.symx_stat_reset(self.ptr)

    def live_exprs(self):
        """Number of expression nodes alive (symx_expr_live)."""
        return lib.symx_expr_live(self.ptr)

    # -- expressions ---------------------------------------------------------
    def _wrap(self, p, cls=None):
        if not p:
            raise self.error(C["SYMX_ERROR"])
        if cls is None:
            cls = Array if lib.symx_expr_is_array(p) else Expr
        e = object.__new__(cls)
        e._p = p
        e._c = self
        return e

    def bv(self, value, width):
        """A constant of width bits (value taken modulo 2**width)."""
        return self._wrap(lib.symx_const(self.ptr, width, int(value) & _MASK64), Expr)

    const = bv

    @property
    def true(self):
        return self._wrap(lib.symx_true(self.ptr), Expr)

    @property
    def false(self):
        return self._wrap(lib.symx_false(self.ptr), Expr)

    def var(self, name, width):
        """A scalar symbolic variable: an input array of ceil(width/8) bytes
        named name, read little-endian."""
        return self._wrap(lib.symx_var(self.ptr, name.encode(), width), Expr)

    def input(self, name, size, index_width=32):
        """The symbolic input array name of size bytes: inp[i] is a byte."""
        return self._wrap(lib.symx_array_input(self.ptr, name.encode(), size, index_width),
                          Array)

    def const_array(self, data, name=None, index_width=32):
        """A constant byte array holding data."""
        data = bytes(data)
        return self._wrap(lib.symx_array_const(self.ptr, name.encode() if name else NULL,
                                               data, len(data), index_width), Array)

    def find_input(self, name):
        """The input array named name, or None."""
        p = lib.symx_input_find(self.ptr, name.encode())
        return self._wrap(p, Array) if p else None

    def ite(self, cond, then, other):
        return ite(cond, then, other, ctx=self)

    def _coerce(self, v, width):
        """An Expr for v (an Expr is returned as is; ints become constants
        of width bits; bools become width-1 constants)."""
        if isinstance(v, Expr):
            return v
        if isinstance(v, bool) and width is None:
            width = 1
        if isinstance(v, int):
            if width is None:
                raise TypeError("symx: cannot infer the width of a Python int here")
            return self.bv(v, width)
        raise TypeError(f"symx: expected an expression or an int, got {type(v).__name__}")

    # -- assignments, evaluation ------------------------------------------
    def eval(self, e, model=None):
        """The value of e under model ({name: bytes}; unbound bytes read 0)."""
        e = self._coerce(e, None)
        a = _to_assign(self, model or {})
        try:
            out = ffi.new("uint64_t *")
            self.check(lib.symx_eval(self.ptr, e._p, a, out))
            return out[0]
        finally:
            lib.symx_assign_free(a)

    def satisfies(self, model, *constraints):
        """True when every constraint holds under model."""
        cs = [self._coerce(c, 1) for c in _flat(constraints)]
        a = _to_assign(self, model)
        try:
            arr = ffi.new("symx_expr *[]", [c._p for c in cs] or [NULL])
            r = lib.symx_assign_satisfies(self.ptr, a, arr, len(cs))
            if r < 0:
                raise self.error()
            return bool(r)
        finally:
            lib.symx_assign_free(a)

    # -- solving -------------------------------------------------------------
    def solver(self, backend=None):
        """A solver over the context's solver chain and backend ("z3",
        "cadical", or None for the "solver" option)."""
        return Solver(self, backend)

    # -- SMT-LIB2 ------------------------------------------------------------
    def smt2(self, *constraints):
        """The SMT-LIB2 query of the conjunction of the constraints."""
        cs = [self._coerce(c, 1) for c in _flat(constraints)]
        arr = ffi.new("symx_expr *[]", [c._p for c in cs] or [NULL])
        s = lib.symx_smt2_query(self.ptr, arr, len(cs))
        return self._take_string(s)

    def parse_smt2(self, text, name=None):
        """Parses an SMT-LIB2 script into a list of Command(kind, exprs,
        texts, num); kind is "assert", "check-sat", "get-value", "push",
        "pop", "exit", "get-model" or "reset". Raises ParseError."""
        if isinstance(text, str):
            text = text.encode()
        s = lib.symx_smt2_parse(self.ptr, text, len(text), name.encode() if name else NULL)
        if not s:
            raise self.error(C["SYMX_PARSE"])
        try:
            out = []
            for i in range(lib.symx_smt2_count(s)):
                k = lib.symx_smt2_kind(s, i)
                exprs, texts = [], []
                for j in range(lib.symx_smt2_nexprs(s, i)):
                    exprs.append(self._wrap(lib.symx_expr_retain(lib.symx_smt2_expr(s, i, j))))
                    texts.append(_s(lib.symx_smt2_expr_text(s, i, j)))
                out.append(Command(_SMT2_CMDS[k], exprs, texts, lib.symx_smt2_num(s, i)))
            return out
        finally:
            lib.symx_smt2_free(s)

    def _take_string(self, s):
        if not s:
            raise self.error()
        try:
            return ffi.string(s).decode()
        finally:
            lib.symx_string_free(self._p, s)


Command = collections.namedtuple("Command", "kind exprs texts num")
_SMT2_CMDS = {v: n[len("SYMX_SMT2_"):].lower().replace("_", "-")
              for v, n in ffi.typeof("symx_smt2_cmd").elements.items()}

_MASK64 = (1 << 64) - 1


def option_info():
    """Every option: a list of dicts (name, help, type, default, min, max,
    values)."""
    out = []
    for i in range(lib.symx_option_count()):
        o = lib.symx_option_info_at(i)
        out.append({"name": _s(o.name), "help": _s(o.help), "type": OptionType(o.type),
                    "default": getattr(o, "def"),
                    "min": o.min, "max": o.max, "values": _s(o.values)})
    return out


def stat_names():
    return [_s(lib.symx_stat_name(i)) for i in range(lib.symx_stat_count())]


def _flat(items):
    for x in items:
        if isinstance(x, (list, tuple)):
            yield from x
        else:
            yield x


# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------

def _binop(fn, reverse=False):
    # The hot path of every front end: kept flat (no helper calls).
    new = object.__new__

    def op(self, other):
        c = self._c
        if type(other) is not Expr:
            if isinstance(other, int):
                other = c.bv(other, lib.symx_expr_width(self._p))
            elif not isinstance(other, Expr):
                return NotImplemented  # Python's protocol: TypeError, or == -> False
        p = fn(c._p, other._p, self._p) if reverse else fn(c._p, self._p, other._p)
        if not p:
            raise c.error(C["SYMX_ERROR"])
        e = new(Expr)
        e._p = p
        e._c = c
        return e
    return op


class Expr:
    """An immutable bit-vector expression of width 1..64 (booleans are width
    1), hash-consed inside its Context.

    Operators build expressions; Python ints are coerced to the other
    operand's width (modulo 2**width):
      + - * / // % & | ^ ~ - << >>   (/, // and % are unsigned; >> is logical)
      == != < <= > >=                 (comparisons are UNSIGNED, as in
                                       claripy; use .slt/.sle/.sgt/.sge)
    Explicit forms: ult ule ugt uge slt sle sgt sge udiv sdiv urem srem
    lshr ashr.  e[hi:lo] extracts bits hi down to lo, BOTH INCLUSIVE
    (e[7:0] is the low byte, width hi-lo+1); e[i] is bit i.

    Equality: since == builds an expression, compare expressions
    structurally with a.same(b) (true iff they are the same node; the DAG is
    hash-consed, so structurally equal expressions are the same node).
    Two Python wrappers of one node are distinct objects (a is b may be
    false) but equal in hash() and same(); hash() is by node identity, so
    expressions work as dict keys and set members.
    Every wrapper holds one reference on its node, released when it dies.
    """

    __slots__ = ("_p", "_c", "__weakref__")

    def __init__(self, *a, **k):
        raise TypeError("symx: build expressions with a Context (ctx.var, ctx.bv, ctx.input)")

    def __del__(self):
        try:
            c = self._c
            if c._p is not None:
                lib.symx_expr_release(self._p)
        except Exception:  # interpreter shutdown
            pass

    # -- inspection --------------------------------------------------------
    @property
    def ctx(self):
        return self._c

    @property
    def width(self):
        return lib.symx_expr_width(self._p)

    def __len__(self):
        """The bit width (as claripy's len(bv))."""
        return lib.symx_expr_width(self._p)

    @property
    def kind(self):
        return Kind(lib.symx_expr_kind(self._p))

    @property
    def is_const(self):
        return bool(lib.symx_expr_is_const(self._p))

    @property
    def value(self):
        """The value of a constant (an int >= 0); TypeError otherwise."""
        if not lib.symx_expr_is_const(self._p):
            raise TypeError(f"symx: {self!r} is not a constant")
        return lib.symx_expr_const_value(self._p)

    def __int__(self):
        return self.value

    def __bool__(self):
        if not lib.symx_expr_is_const(self._p):
            raise TypeError("symx: a symbolic expression has no truth value; "
                            "use state.branch(), a solver or ctx.eval()")
        return lib.symx_expr_const_value(self._p) != 0

    @property
    def args(self):
        c = self._c
        return tuple(c._wrap(lib.symx_expr_retain(lib.symx_expr_arg(self._p, i)))
                     for i in range(lib.symx_expr_nargs(self._p)))

    @property
    def extract_bits(self):
        """(hi, lo) of an EXTRACT node."""
        return lib.symx_expr_extract_hi(self._p), lib.symx_expr_extract_lo(self._p)

    @property
    def id(self):
        return lib.symx_expr_id(self._p)

    def same(self, other):
        """Structural equality: True iff other is the same node."""
        return isinstance(other, Expr) and self._p == other._p

    def __hash__(self):
        return lib.symx_expr_id(self._p)

    def __str__(self):
        return self._c._take_string(lib.symx_expr_str(self._c.ptr, self._p))

    def __repr__(self):
        try:
            s = str(self)
        except Exception:
            s = "?"
        if len(s) > 200:
            s = s[:200] + "..."
        return f"<symx.{type(self).__name__} w{self.width} {s}>"

    def __copy__(self):
        return self  # immutable

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        raise TypeError("symx: expressions cannot be pickled")

    # -- operators -----------------------------------------------------------
    __add__ = _binop(lib.symx_add)
    __radd__ = _binop(lib.symx_add, True)
    __sub__ = _binop(lib.symx_sub)
    __rsub__ = _binop(lib.symx_sub, True)
    __mul__ = _binop(lib.symx_mul)
    __rmul__ = _binop(lib.symx_mul, True)
    __truediv__ = __floordiv__ = udiv = _binop(lib.symx_udiv)
    __rtruediv__ = __rfloordiv__ = _binop(lib.symx_udiv, True)
    __mod__ = urem = _binop(lib.symx_urem)
    __rmod__ = _binop(lib.symx_urem, True)
    sdiv = _binop(lib.symx_sdiv)
    srem = _binop(lib.symx_srem)
    __and__ = _binop(lib.symx_and)
    __rand__ = _binop(lib.symx_and, True)
    __or__ = _binop(lib.symx_or)
    __ror__ = _binop(lib.symx_or, True)
    __xor__ = _binop(lib.symx_xor)
    __rxor__ = _binop(lib.symx_xor, True)
    __lshift__ = shl = _binop(lib.symx_shl)
    __rlshift__ = _binop(lib.symx_shl, True)
    __rshift__ = lshr = _binop(lib.symx_lshr)
    __rrshift__ = _binop(lib.symx_lshr, True)
    ashr = _binop(lib.symx_ashr)
    __eq__ = eq = _binop(lib.symx_eq)
    __ne__ = ne = _binop(lib.symx_ne)
    __lt__ = ult = _binop(lib.symx_ult)
    __le__ = ule = _binop(lib.symx_ule)
    __gt__ = ugt = _binop(lib.symx_ugt)
    __ge__ = uge = _binop(lib.symx_uge)
    slt = _binop(lib.symx_slt)
    sle = _binop(lib.symx_sle)
    sgt = _binop(lib.symx_sgt)
    sge = _binop(lib.symx_sge)

    def __invert__(self):
        return self._c._wrap(lib.symx_not(self._c.ptr, self._p), Expr)

    def __neg__(self):
        return self._c._wrap(lib.symx_neg(self._c.ptr, self._p), Expr)

    def __pos__(self):
        return self

    # -- structure -------------------------------------------------------------
    def __getitem__(self, k):
        """e[hi:lo] -> bits hi..lo inclusive; e[i] -> bit i."""
        if isinstance(k, slice):
            if k.step is not None or k.start is None or k.stop is None:
                raise IndexError("symx: bit slices are e[hi:lo] (inclusive, no step)")
            hi, lo = k.start, k.stop
        else:
            hi = lo = k
        if not isinstance(hi, int) or not isinstance(lo, int) or hi < 0 or lo < 0:
            raise IndexError("symx: bit indices are non-negative ints")
        return self.extract(hi, lo)

    def extract(self, hi, lo):
        return self._c._wrap(lib.symx_extract(self._c.ptr, self._p, hi, lo), Expr)

    def zext(self, width):
        """Zero-extends to width bits (the result width, as SMT-LIB's
        zero_extend takes the added bits: e.zext(32) is 32 bits wide)."""
        return self._c._wrap(lib.symx_zext(self._c.ptr, self._p, width), Expr)

    def sext(self, width):
        """Sign-extends to width bits (the result width)."""
        return self._c._wrap(lib.symx_sext(self._c.ptr, self._p, width), Expr)

    def concat(self, *lows):
        """self:low1:low2... (self is the most significant part)."""
        return concat(self, *lows)

    def ite(self, then, other):
        """self (width 1) ? then : other."""
        return ite(self, then, other)

    # Boolean sugar (width 1).
    def implies(self, other):
        return ~self | other


def concat(*parts):
    """parts[0]:parts[1]:... (the first is the most significant)."""
    if not parts:
        raise TypeError("symx: concat needs at least one expression")
    first = next((p for p in parts if isinstance(p, Expr)), None)
    if first is None:
        raise TypeError("symx: concat needs an expression among its operands")
    c = first._c
    parts = [c._coerce(p, 8) for p in parts]  # ints in a concat are bytes
    acc = parts[0]
    for p in parts[1:]:
        acc = c._wrap(lib.symx_concat(c.ptr, acc._p, p._p), Expr)
    return acc


def ite(cond, then, other, ctx=None):
    """cond ? then : other; ints take the width of the other branch."""
    first = next((x for x in (cond, then, other) if isinstance(x, Expr)), None)
    c = ctx or (first._c if first is not None else None)
    if c is None:
        raise TypeError("symx: ite needs an expression or ctx=")
    cond = c._coerce(cond, 1)
    w = then.width if isinstance(then, Expr) else (other.width if isinstance(other, Expr) else None)
    then, other = c._coerce(then, w), c._coerce(other, w)
    return c._wrap(lib.symx_ite(c.ptr, cond._p, then._p, other._p), Expr)


def And(*cs):
    """Conjunction of width-1 expressions (all(cs) of claripy)."""
    cs = list(_flat(cs))
    acc = cs[0]
    for x in cs[1:]:
        acc = acc & x
    return acc


def Or(*cs):
    cs = list(_flat(cs))
    acc = cs[0]
    for x in cs[1:]:
        acc = acc | x
    return acc


def Not(c):
    return ~c


class Array(Expr):
    """A byte array (an input array or a constant array).

    inp[i]       an 8-bit read (i an int or an expression of any width up to
                 the index width; narrower indices are zero-extended)
    inp[a:b]     bytes a..b-1 concatenated, inp[a] the MOST significant
                 (claripy's Concat order; at most 8 bytes); inp.le(a, n) reads
                 n bytes little-endian.
    """

    __slots__ = ()

    @property
    def name(self):
        return _s(lib.symx_array_name(self._p))

    @property
    def size(self):
        return lib.symx_array_size(self._p)

    @property
    def index_width(self):
        return lib.symx_array_index_width(self._p)

    def __len__(self):
        return lib.symx_array_size(self._p)

    def _index(self, i):
        c, iw = self._c, lib.symx_array_index_width(self._p)
        if isinstance(i, Expr):
            if i.width < iw:
                i = i.zext(iw)
            return i
        if isinstance(i, int):
            if i < 0:
                i += self.size
            return c.bv(i, iw)
        raise TypeError("symx: array index must be an int or an expression")

    def __getitem__(self, k):
        c = self._c
        if isinstance(k, slice):
            if k.step not in (None, 1):
                raise IndexError("symx: input slices take no step")
            lo, hi, _ = k.indices(self.size)
            if hi <= lo:
                raise IndexError("symx: empty input slice")
            return concat(*[self[i] for i in range(lo, hi)])
        i = self._index(k)
        return c._wrap(lib.symx_read(c.ptr, self._p, i._p), Expr)

    def le(self, offset, nbytes):
        """Bytes [offset, offset+nbytes) read little-endian."""
        return self._c._wrap(lib.symx_read_le(self._c.ptr, self._p, offset, nbytes), Expr)

    def store(self, index, value):
        """A new array equal to self with [index] := value (8 bits)."""
        c = self._c
        i = self._index(index)
        v = c._coerce(value, 8)
        return c._wrap(lib.symx_array_write(c.ptr, self._p, i._p, v._p), Array)

    def __iter__(self):
        return (self[i] for i in range(self.size))


# ---------------------------------------------------------------------------
# Assignments and solvers
# ---------------------------------------------------------------------------

class Model(dict):
    """A model: {input name: bytes}. Unbound bytes read as 0."""

    def __repr__(self):
        return "Model(" + dict.__repr__(self) + ")"


def _from_assign(a):
    out = Model()
    if not a:
        return out
    n = ffi.new("size_t *")
    for i in range(lib.symx_assign_count(a)):
        name = lib.symx_assign_name(a, i)
        b = lib.symx_assign_get(a, name, n)
        out[_s(name)] = bytes(ffi.buffer(b, n[0])) if n[0] else b""
    return out


def _to_assign(ctx, d):
    if not isinstance(d, dict):
        raise TypeError("symx: a model is a dict {input name: bytes}")
    a = lib.symx_assign_new(ctx.ptr)
    if not a:
        raise ctx.error(C["SYMX_NOMEM"])
    for k, v in d.items():
        v = bytes(v)
        rc = lib.symx_assign_set(a, k.encode(), v, len(v))
        if rc != _OK:
            lib.symx_assign_free(a)
            ctx.check(rc)
    return a


class Solver:
    """Satisfiability over the context's solver chain and one backend."""

    def __init__(self, ctx, backend=None):
        self.ctx = ctx
        self._p = lib.symx_solver_new(ctx.ptr, backend.encode() if backend else NULL)
        if not self._p:
            raise ctx.error()

    def close(self):
        p, self._p = self._p, None
        if p and self.ctx._p is not None:
            lib.symx_solver_free(p)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def check(self, *constraints, timeout_ms=0):
        """Satisfiability of the conjunction: (Result, Model or None).
        The model binds every input the query reads."""
        if self._p is None:
            raise MisuseError("symx: the solver is closed")
        c = self.ctx
        cs = [c._coerce(x, 1) for x in _flat(constraints)]
        arr = ffi.new("symx_expr *[]", [x._p for x in cs] or [NULL])
        m = ffi.new("symx_assign **")
        rc = lib.symx_solver_check(self._p, arr, len(cs), timeout_ms, m)
        if rc < C["SYMX_SAT"]:
            raise c.error(rc)
        try:
            model = _from_assign(m[0]) if rc == C["SYMX_SAT"] else None
        finally:
            lib.symx_assign_free(m[0])
        return Result(rc), model

    def is_sat(self, *constraints, timeout_ms=0):
        return self.check(*constraints, timeout_ms=timeout_ms)[0] == Result.SAT


def backends():
    """Names of the compiled-in solver backends."""
    return _s(lib.symx_solver_backends()).split("|")


__all__ = ["Context", "Expr", "Array", "Model", "Solver", "Command", "concat", "ite", "And",
           "Or", "Not", "option_info", "stat_names", "backends", "Error"]
