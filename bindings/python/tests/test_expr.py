"""Expressions: operators checked against Python's arithmetic through the
evaluator (ctx.eval), constant folding and the solver."""
import random

import pytest

import symx

WIDTHS = [1, 8, 13, 32, 64]


def sx(v, w):
    return v - (1 << w) if v >> (w - 1) & 1 else v


def ref(op, a, b, w):
    """SMT-LIB semantics of op on w-bit values a, b (libsymx's header)."""
    m = (1 << w) - 1
    if op == "add": return (a + b) & m
    if op == "sub": return (a - b) & m
    if op == "mul": return (a * b) & m
    if op == "udiv": return m if b == 0 else a // b
    if op == "urem": return a if b == 0 else a % b
    if op == "sdiv":
        x, y = sx(a, w), sx(b, w)
        if y == 0: return 1 if x < 0 else m
        q = abs(x) // abs(y)
        return (q if (x < 0) == (y < 0) else -q) & m
    if op == "srem":
        x, y = sx(a, w), sx(b, w)
        if y == 0: return a
        r = abs(x) % abs(y)
        return (-r if x < 0 else r) & m
    if op == "and": return a & b
    if op == "or": return a | b
    if op == "xor": return a ^ b
    if op == "shl": return 0 if b >= w else (a << b) & m
    if op == "lshr": return 0 if b >= w else a >> b
    if op == "ashr": return (sx(a, w) >> min(b, w - 1)) & m
    if op == "eq": return int(a == b)
    if op == "ne": return int(a != b)
    if op == "ult": return int(a < b)
    if op == "ule": return int(a <= b)
    if op == "ugt": return int(a > b)
    if op == "uge": return int(a >= b)
    if op == "slt": return int(sx(a, w) < sx(b, w))
    if op == "sle": return int(sx(a, w) <= sx(b, w))
    if op == "sgt": return int(sx(a, w) > sx(b, w))
    if op == "sge": return int(sx(a, w) >= sx(b, w))
    raise KeyError(op)


# Python operator spellings and explicit methods, both checked.
BUILD = {
    "add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y,
    "udiv": lambda x, y: x / y, "urem": lambda x, y: x % y, "sdiv": lambda x, y: x.sdiv(y),
    "srem": lambda x, y: x.srem(y), "and": lambda x, y: x & y, "or": lambda x, y: x | y,
    "xor": lambda x, y: x ^ y, "shl": lambda x, y: x << y, "lshr": lambda x, y: x >> y,
    "ashr": lambda x, y: x.ashr(y), "eq": lambda x, y: x == y, "ne": lambda x, y: x != y,
    "ult": lambda x, y: x < y, "ule": lambda x, y: x <= y, "ugt": lambda x, y: x > y,
    "uge": lambda x, y: x >= y, "slt": lambda x, y: x.slt(y), "sle": lambda x, y: x.sle(y),
    "sgt": lambda x, y: x.sgt(y), "sge": lambda x, y: x.sge(y),
}


def interesting(rng, w):
    m = (1 << w) - 1
    return rng.choice([0, 1, m, m >> 1, (m >> 1) + 1, rng.randint(0, m), rng.randint(0, min(m, 70))])


def model_of(name, v, w):
    return {name: v.to_bytes((w + 7) // 8, "little")}


@pytest.mark.parametrize("op", sorted(BUILD))
def test_operators_vs_evaluator_and_folding(ctx, op):
    rng = random.Random(hash(op) & 0xffff)
    for w in WIDTHS:
        x, y = ctx.var(f"x{w}", w), ctx.var(f"y{w}", w)
        e = BUILD[op](x, y)
        assert e.width == (1 if op in ("eq", "ne") or op[1:] in ("lt", "le", "gt", "ge") else w)
        for _ in range(25):
            a, b = interesting(rng, w), interesting(rng, w)
            want = ref(op, a, b, w)
            m = {**model_of(f"x{w}", a, w), **model_of(f"y{w}", b, w)}
            assert ctx.eval(e, m) == want, (op, w, a, b)
            folded = BUILD[op](ctx.bv(a, w), ctx.bv(b, w))
            assert folded.is_const and int(folded) == want, (op, w, a, b)


@pytest.mark.parametrize("backend", ["z3", "cadical"])
def test_operators_vs_solver(ctx, backend):
    rng = random.Random(7)
    s = ctx.solver(backend)
    for op in sorted(BUILD):
        w = rng.choice([8, 13, 32])
        x, y = ctx.var(f"x{w}", w), ctx.var(f"y{w}", w)
        a, b = interesting(rng, w), interesting(rng, w)
        e = BUILD[op](x, y)
        want = ref(op, a, b, w)
        res, model = s.check(x == a, y == b, e == want)
        assert res == symx.SAT
        assert ctx.eval(e, model) == want
        res, model = s.check(x == a, y == b, e != want)
        assert res == symx.UNSAT and model is None


def test_solver_model_is_bytes_dict(ctx):
    inp = ctx.input("stdin", 4)
    res, model = ctx.solver("z3").check(inp[1] == 0x41, inp[0] + inp[1] == 0x43)
    assert res == symx.SAT and str(res) == "sat"
    assert isinstance(model["stdin"], bytes) and model["stdin"][1] == 0x41
    assert (model["stdin"][0] + 0x41) & 255 == 0x43
    assert ctx.satisfies(model, inp[1] == 0x41)


def test_int_coercion_and_reflected(ctx):
    x = ctx.var("x", 8)
    m = model_of("x", 200, 8)
    assert ctx.eval(x + 100, m) == 44
    assert ctx.eval(100 + x, m) == 44
    assert ctx.eval(10 - x, m) == (10 - 200) & 255
    assert ctx.eval(x + (-1), m) == 199      # ints are taken modulo 2**width
    assert ctx.eval(x == 200, m) == 1
    assert ctx.eval(5 < x, m) == 1          # reflected: x > 5
    assert ctx.eval(~x, m) == 55 and ctx.eval(-x, m) == 56


def test_comparisons_are_unsigned(ctx):
    x = ctx.var("x", 8)
    m = model_of("x", 0xff, 8)  # -1 signed, 255 unsigned
    assert ctx.eval(x > 1, m) == 1
    assert ctx.eval(x.sgt(1), m) == 0


def test_slices_inclusive_and_extensions(ctx):
    x = ctx.var("x", 32)
    m = model_of("x", 0x12345678, 32)
    assert x[7:0].width == 8 and ctx.eval(x[7:0], m) == 0x78
    assert ctx.eval(x[31:16], m) == 0x1234
    assert x[4].width == 1 and ctx.eval(x[4], m) == 1
    b = x[7:0]
    assert b.zext(32).width == 32
    m2 = model_of("x", 0x80, 32)
    assert ctx.eval(x[7:0].sext(16), m2) == 0xff80
    assert ctx.eval(x[7:0].zext(16), m2) == 0x0080
    with pytest.raises(symx.MisuseError):
        x[40:0]
    with pytest.raises(IndexError):
        x[3:0:1]


def test_input_reads_and_slices(ctx):
    inp = ctx.input("stdin", 16)
    assert inp.name == "stdin" and inp.size == 16 and len(inp) == 16
    e = inp[3]
    assert e.width == 8 and e.kind == symx.Kind.READ
    model = {"stdin": bytes(range(16))}
    assert ctx.eval(e, model) == 3
    s = inp[1:4]          # concat, inp[1] most significant
    assert s.width == 24 and ctx.eval(s, model) == 0x010203
    assert ctx.eval(inp.le(1, 3), model) == 0x030201
    i = ctx.var("i", 8)
    assert ctx.eval(inp[i], {**model, "i": b"\x05"}) == 5   # symbolic index
    w = inp.store(2, 0x99)
    assert ctx.eval(w[2], model) == 0x99 and ctx.eval(w[3], model) == 3
    assert ctx.input("stdin", 16).same(inp)
    with pytest.raises(symx.MisuseError):
        ctx.input("stdin", 8)      # same name, other size
    assert ctx.find_input("stdin").same(inp) and ctx.find_input("nope") is None


def test_ite_concat_bool(ctx):
    x, y = ctx.var("x", 8), ctx.var("y", 8)
    e = symx.ite(x < y, x, y)     # unsigned min
    for a, b in [(3, 9), (9, 3), (200, 7)]:
        assert ctx.eval(e, {"x": bytes([a]), "y": bytes([b])}) == min(a, b)
    c = symx.concat(x, y, 0xAB)
    assert c.width == 24
    assert ctx.eval(c, {"x": b"\x01", "y": b"\x02"}) == 0x0102AB
    t = (x == 1) & (y == 2) | ~(x == 1)
    assert t.width == 1
    assert symx.And(x == 1, y == 2).width == 1


def test_hash_identity_and_same(ctx):
    x = ctx.var("x", 32)
    a, b = x + 1, x + 1
    assert a is not b and a.same(b) and hash(a) == hash(b)
    assert not a.same(x + 2)
    d = {a: "one"}
    assert d[b] == "one"
    assert len({a, b, x + 2}) == 2
    eq = a == b              # builds an expression (folded: same node)
    assert isinstance(eq, symx.Expr) and eq.is_const and int(eq) == 1
    with pytest.raises(TypeError):
        bool(x == 3)         # symbolic: no truth value
    with pytest.raises(TypeError):
        int(x)
    with pytest.raises(AttributeError):
        x.foo = 1            # immutable wrappers (slots only)


def test_constants(ctx):
    c = ctx.bv(0x1ff, 8)
    assert c.is_const and int(c) == 0xff and c.width == 8
    assert int(ctx.true) == 1 and int(ctx.false) == 0 and ctx.true.width == 1
    assert (x := ctx.var("x", 8)).kind != symx.Kind.CONST and not x.is_const


def test_smt2_roundtrip(ctx):
    x = ctx.var("x", 8)
    q = ctx.smt2(x * 3 == 21, x.ult(100))
    assert "(check-sat)" in q
    cmds = ctx.parse_smt2(q)
    asserts = [e for c in cmds if c.kind == "assert" for e in c.exprs]
    res, model = ctx.solver("z3").check(*asserts)
    assert res == symx.SAT
    assert (model["x"][0] * 3) & 255 == 21 and model["x"][0] < 100


def test_args_and_str(ctx):
    x = ctx.var("x", 8)
    y = ctx.var("y", 8)
    e = x * y
    assert e.kind == symx.Kind.MUL and len(e.args) == 2
    assert "bvmul" in str(e) and "symx.Expr" in repr(e)


def test_foreign_operands(ctx):
    x = ctx.var("x", 8)
    assert (x == None) is False and (x != "a") is True   # noqa: E711
    assert x not in [None, "a"]
    with pytest.raises(TypeError):
        x + "a"
    with pytest.raises(TypeError):
        x < 1.5
