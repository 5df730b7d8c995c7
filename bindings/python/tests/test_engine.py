"""Exploration from Python: the toyvm interpreter of examples/python as the
step function; brute-force oracles over all inputs."""
import copy
import gc
import os

import pytest

import symx
import toyvm

# A toy program over two symbolic bytes: arithmetic, signed and unsigned
# branches, a division and two assertions.
PROG2 = """
        sym   0, 2, in
        ldb   r1, r0, 0
        ldb   r2, r0, 1
        br    ult r1, 10, small
        add   r3, r1, r2
        and   r3, r3, 255
        br    eq r3, 100, hit
        udiv  r4, r1, r2
        br    ugt r4, 3, big
        halt
big:    br    eq r2, 0, zero
        halt
zero:   halt
hit:    set   ne r5, r2, 7
        assert r5
        halt
small:  and   r6, r2, 3
        br    eq r6, 1, odd
        halt
odd:    ldsb  r7, r0, 1
        sub   r7, r7, r1
        br    slt r7, 0, neg
        halt
neg:    mov   r8, 0
        assert r8
"""

# One symbolic byte, a loop whose trip count depends on it.
PROG1 = """
        sym   0, 1, b
        ldb   r1, r0, 0
        mov   r2, 0
loop:   br    uge r2, 6, out
        br    ult r1, r2, out
        add   r2, r2, 1
        jmp   loop
out:    set   ne r3, r1, 42
        assert r3
        halt
"""


def concrete_paths(code, name, nbytes):
    out = {}
    for v in range(256 ** nbytes):
        outcome, h, _ = toyvm.run_concrete(code, {name: v.to_bytes(nbytes, "little")})
        out.setdefault(h, outcome)
    return out


_ORACLE = {}


def oracle(src, name, nbytes):
    if src not in _ORACLE:
        _ORACLE[src] = concrete_paths(toyvm.parse(src), name, nbytes)
    return _ORACLE[src]


def explore(ctx, src, **engine_opts):
    code = toyvm.parse(src)
    it = toyvm.Interpreter(ctx, code)
    eng = symx.Engine(ctx, **engine_opts)
    paths = {}
    tests = []
    for t in eng.explore(it.step, it.initial()):
        tests.append(t)
        paths.setdefault(it.path_hash(t), it.outcome(t))
    return eng, code, paths, tests


@pytest.mark.parametrize("src,name,n", [(PROG1, "b", 1), (PROG2, "in", 2)], ids=["1byte", "2bytes"])
@pytest.mark.parametrize("mode,search", [("pending", "random-path"), ("eager", "dfs"),
                                         ("relaxed", "bfs"), ("pending", "random-state")])
def test_paths_equal_concrete_oracle(ctx, src, name, n, mode, search):
    want = oracle(src, name, n)
    eng, code, paths, tests = explore(ctx, src, mode=mode, search=search)
    assert paths == want
    # every test input replays concretely along the path it claims
    for t in tests:
        inp = t.inputs.get(name, b"")
        o, h, _ = toyvm.run_concrete(code, {name: inp})
        assert o == toyvm.Interpreter.outcome(t)
        assert h == toyvm.Interpreter.path_hash(t)
    assert len(eng.errored) == sum(1 for o in want.values() if o == toyvm.ASSERT_FAIL)
    eng.close()


def test_figure1_finds_assertion_in_pending_mode():
    import fig1
    test, secs, insns = fig1.find_assertion(mode="pending", search="random-path", max_time="50s")
    assert test is not None, "no assertion failure found"
    assert test.kind == symx.ErrorKind.ASSERT and test.reason == symx.Reason.ERROR
    assert test.inputs["isSpace"][0] != 0
    # the input really fails the assertion when run concretely
    code = toyvm.load(fig1.FIG1)
    outcome, _, _ = toyvm.run_concrete(code, test.inputs)
    assert outcome == toyvm.ASSERT_FAIL
    assert insns < 2_000_000


def test_stats_limits_and_views(ctx):
    code = toyvm.parse(PROG2)
    it = toyvm.Interpreter(ctx, code)
    eng = symx.Engine(ctx, mode="pending", search="dfs", rng_seed=3)
    seen = {"pending": 0}

    def step(st):
        assert st in list(eng.active) or st.status == symx.Status.ACTIVE
        it.step(st)
        seen["pending"] = max(seen["pending"], len(eng.pending))
        for p in eng.pending:
            assert p.status == symx.Status.PENDING and isinstance(p.payload, toyvm.VM)

    n = sum(1 for _ in eng.explore(step, it.initial()))
    assert n == len(eng.done) + len(eng.errored) > 0
    assert seen["pending"] > 0
    s = eng.stats
    assert isinstance(s, dict) and s["paths"] > 0 and s["forks"] > 0
    assert ctx.stats()["instructions"] == s["instructions"] > 0
    assert len(eng.active) == 0 and len(eng.pending) == 0
    recorded = eng.tests
    assert len(recorded) == len({t.number for t in eng.done + eng.errored})
    assert all(isinstance(t.inputs, dict) for t in recorded)


def test_max_instructions_limit(ctx):
    code = toyvm.load(os.path.join(os.path.dirname(toyvm.__file__), "..", "toyvm", "fig1.s"))
    it = toyvm.Interpreter(ctx, code)
    eng = symx.Engine(ctx, max_instructions=3000)
    list(eng.explore(it.step, it.initial()))
    # checked when the step returns to the engine: the full exploration
    # would run millions of instructions
    assert 3000 <= ctx.stat("instructions") < 100_000


class Counting:
    def __init__(self):
        self.clones = 0

    def __call__(self, vm):
        self.clones += 1
        return copy.copy(vm)


def test_payload_clone_function_and_semantics(ctx):
    cl = Counting()
    eng, code, paths, tests = explore(ctx, PROG2, mode="eager", search="dfs", clone=cl)
    # one clone per fork, plus a snapshot per error found on a path that goes on
    forks = ctx.stat("forks")
    assert forks > 0 and forks <= cl.clones <= forks + len(eng.errored)
    # payloads of different paths are distinct objects with their own lists
    vms = [t.payload for t in tests]
    assert len({id(v) for v in vms}) == len(vms)
    assert len({id(v.m) for v in vms}) == len(vms)


def test_default_clone_is_copy_copy(ctx):
    class P:
        def __init__(self):
            self.shared = []        # shallow copy: shared between forks
            self.n = 0

    x = ctx.var("x", 8)
    eng = symx.Engine(ctx, mode="eager", search="dfs")
    ends = []

    def step(st):
        p = st.payload
        if p.n == 0:
            p.n = 1
            t, f = st.branch(x < 10)
            if t is not None and f is not None:
                t.payload.n, f.payload.n = 2, 3
                assert t.payload is not f.payload
                assert t.payload.shared is f.payload.shared
                return
        p.shared.append(p.n)
        ends.append(p)
        st.exit()

    list(eng.explore(step, P()))
    assert sorted(p.n for p in ends) == [2, 3]
    assert sorted(ends[0].shared) == [2, 3]


class PyDFS(symx.Searcher):
    def __init__(self):
        self.stack, self.calls = [], {"add": 0, "remove": 0, "select": 0}

    def add(self, st):
        self.calls["add"] += 1
        self.stack.append(st)

    def remove(self, st):
        self.calls["remove"] += 1
        self.stack.remove(st)

    def select(self):
        self.calls["select"] += 1
        return self.stack[-1] if self.stack else None

    def empty(self):
        return not self.stack


@pytest.mark.parametrize("mode", ["eager", "pending"])
def test_user_searcher(ctx, mode):
    s = PyDFS()
    eng, code, paths, tests = explore(ctx, PROG2, mode=mode, search=s)
    assert paths == oracle(PROG2, "in", 2)
    assert s.calls["add"] > 1 and s.calls["select"] > 1
    assert s.calls["add"] == s.calls["remove"] and s.stack == []


def test_user_pending_searcher(ctx):
    s = PyDFS()
    eng, code, paths, tests = explore(ctx, PROG2, mode="pending", pending_search=s)
    assert paths == oracle(PROG2, "in", 2)
    assert s.calls["add"] > 0


def test_weighted_searcher(ctx):
    calls = []

    def weight(st):
        calls.append(st.id)
        return 1.0 + st.depth

    code = toyvm.parse(PROG2)
    it = toyvm.Interpreter(ctx, code)
    eng = symx.Engine(ctx, search="weighted")
    eng.set_weight(weight)
    paths = {it.path_hash(t) for t in eng.explore(it.step, it.initial())}
    assert paths == set(oracle(PROG2, "in", 2)) and calls


def test_directed_searcher(ctx):
    """sdse with a distance from Python: the callback is asked (for the
    nearest target: None), the exploration stays complete, and a running
    state's emit_test records a test case of its path so far."""
    calls = []
    code = toyvm.parse(PROG2)
    it = toyvm.Interpreter(ctx, code)

    def dist(st, target):
        calls.append(target)
        return st.depth  # any total order will do: the check is the plumbing

    eng = symx.Engine(ctx, search="sdse", pending_search="sdse")
    eng.set_distance(dist)
    paths = {it.path_hash(t) for t in eng.explore(it.step, it.initial())}
    assert paths == set(oracle(PROG2, "in", 2)) and calls and None in calls
    eng2 = symx.Engine(ctx, search="sdse")
    eng2.start(it.initial())
    st = eng2.next()
    st.emit_test("target reached")
    assert [t.message for t in eng2.tests] == ["target reached"]


def test_seeds_bytes_guide_first_path(ctx, tmp_path):
    code = toyvm.parse(PROG2)
    it = toyvm.Interpreter(ctx, code)
    # the seed reaches the assertion at "hit": in[0] + in[1] == 100, in[1] == 7
    eng = symx.Engine(ctx, mode="pending", search="dfs", seeds=[b"\x5d\x07"], seed_input="in")
    assert len(eng.seeds) == 1 and eng.seeds[0] == {"in": b"\x5d\x07"}
    first = next(iter(eng.explore(it.step, it.initial())))
    assert ctx.stat("fastsat_seed_hits") > 0 or first.inputs["in"] == b"\x5d\x07"


def test_seed_sources(ctx, tmp_path):
    (tmp_path / "a.bin").write_bytes(b"\x01\x02")
    q = tmp_path / "afl" / "queue"
    q.mkdir(parents=True)
    (q / "id:000000,time:0,orig:x").write_bytes(b"AB")
    (q / "id:000001,src:000000,+cov").write_bytes(b"CD")
    (tmp_path / "s.json").write_text('{"inputs": {"in": "0102"}}')
    s = symx.Seeds(ctx, [b"xy", {"in": b"zz"}, tmp_path / "a.bin", str(tmp_path / "afl"),
                         str(tmp_path / "s.json")], input="in")
    got = [d["in"] for d in s]
    assert got[:3] == [b"xy", b"zz", b"\x01\x02"]
    assert sorted(got[3:5]) == [b"AB", b"CD"] and got[5] == b"\x01\x02"
    assert "a.bin" in s.origin(2)


def test_no_leaks_after_exploration():
    ctx = symx.Context()
    levels = []
    for _ in range(3):
        eng, code, paths, tests = explore(ctx, PROG2, mode="pending")
        eng.close()
        del eng, tests, code, paths
        gc.collect()
        levels.append(ctx.live_exprs())
    assert levels[1] == levels[2], levels
    ctx.close()


def test_no_leaks_expressions():
    ctx = symx.Context()
    inp = ctx.input("stdin", 8)
    x = ctx.var("x", 32)
    gc.collect()
    base = ctx.live_exprs()
    es = [((x + i) * 3).ult(inp[i % 8].zext(32)) for i in range(200)]
    es += [inp[0:4], symx.ite(x == 1, x, x + 1), x[15:3].sext(40)]
    assert ctx.live_exprs() > base + 200
    del es
    gc.collect()
    assert ctx.live_exprs() == base
    m = {"x": b"\x01\x00\x00\x00"}
    for _ in range(50):
        ctx.eval(x * 7 + 1, m)
    gc.collect()
    assert ctx.live_exprs() == base
    del x, inp
    ctx.close()


def test_payloads_freed_without_cycle_collector():
    ctx = symx.Context()
    eng, code, paths, tests = explore(ctx, PROG2, mode="pending")
    eng.close()
    del eng, tests, code
    gc.collect()
    level = ctx.live_exprs()
    gc.disable()
    try:
        eng, code, paths, tests = explore(ctx, PROG2, mode="pending")
        eng.close()
        del eng, tests, code
        assert ctx.live_exprs() == level   # released by reference counting alone
    finally:
        gc.enable()
    ctx.close()
