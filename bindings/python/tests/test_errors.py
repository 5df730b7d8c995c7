"""Library errors become Python exceptions carrying libsymx's message;
exceptions raised in callbacks are re-raised after the C call returns."""
import pytest

import symx
import toyvm

SIMPLE = """
        sym  0, 1, b
        ldb  r1, r0, 0
        br   ult r1, 10, lo
        halt
lo:     br   eq r1, 3, three
        halt
three:  halt
"""


def test_width_mismatch(ctx):
    x, y = ctx.var("x", 32), ctx.var("y", 8)
    with pytest.raises(symx.MisuseError) as ei:
        x + y
    assert "symx_add" in str(ei.value) and ei.value.code == symx.constants["SYMX_MISUSE"]
    with pytest.raises(symx.MisuseError):
        symx.ite(x, y, y)           # condition must be width 1
    with pytest.raises(symx.Error):
        ctx.bv(1, 65)
    with pytest.raises(symx.Error):
        symx.concat(x, x, x)        # wider than 64 bits
    # the context keeps working after errors
    assert int(ctx.bv(3, 8) + 4) == 7


def test_bad_options(ctx):
    with pytest.raises(symx.NotFoundError) as ei:
        ctx.set_option("no_such_option", 1)
    assert "no_such_option" in str(ei.value)
    with pytest.raises(symx.RangeError):
        ctx.set_option("mode", "bogus")
    with pytest.raises(symx.RangeError):
        ctx.set_option("rewrite", -5)
    with pytest.raises(symx.NotFoundError):
        ctx.get_option("nope")
    with pytest.raises(symx.Error):
        symx.Engine(ctx, search="no-such-searcher")
    ctx.set_option("max_time", "2min")
    assert ctx.get_option("max_time") == 120000
    assert ctx.get_option("mode") == "pending"
    assert isinstance(ctx.get_option("chain_simplify"), bool)
    assert any(o["name"] == "mode" for o in symx.option_info())


def test_malformed_smtlib(ctx):
    with pytest.raises(symx.ParseError) as ei:
        ctx.parse_smt2("(declare-fun a () (_ BitVec 8))\n(assert (= a #x0", name="q.smt2")
    assert "q.smt2:" in str(ei.value)
    with pytest.raises(symx.ParseError):
        ctx.parse_smt2("(assert (bvadd a b))")  # undeclared


def test_malformed_seed_files(ctx, tmp_path):
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{not json")
    with pytest.raises((symx.ParseError, symx.FormatError)) as ei:
        symx.Seeds(ctx).add_json(bad_json)
    assert "bad.json" in str(ei.value)
    bad_kt = tmp_path / "bad.ktest"
    bad_kt.write_bytes(b"KTEST\x00\x00\x00\x03garbage")
    with pytest.raises(symx.FormatError) as ei:
        symx.Seeds(ctx).add_ktest(bad_kt)
    assert "bad.ktest" in str(ei.value)
    with pytest.raises(symx.IoError):
        symx.Seeds(ctx).add_file(tmp_path / "missing", "in")
    # a directory loads the good files and reports the bad ones
    q = tmp_path / "q"
    q.mkdir()
    (q / "id:000000,orig:a").write_bytes(b"ok")
    (q / "README.txt").write_text("not a queue entry")
    s = symx.Seeds(ctx).add_afl_queue(q, "in")
    assert len(s) == 1 and s.messages


def test_solver_errors(ctx):
    with pytest.raises(symx.Error):
        ctx.solver("no-such-backend")
    x = ctx.var("x", 8)
    with pytest.raises(symx.MisuseError):
        ctx.solver("z3").check(x)    # not a width-1 constraint
    with pytest.raises(symx.Error):
        ctx.eval(ctx.input("arr", 4))  # arrays cannot be evaluated


def _engine(ctx, **kw):
    code = toyvm.parse(SIMPLE)
    it = toyvm.Interpreter(ctx, code)
    return symx.Engine(ctx, **kw), it


def test_exception_in_step_propagates_and_engine_resumes(ctx):
    eng, it = _engine(ctx, mode="eager", search="dfs")
    calls = []

    def step(st):
        calls.append(st.id)
        if len(calls) == 2:
            raise RuntimeError("boom")
        it.step(st)

    with pytest.raises(RuntimeError, match="boom"):
        list(eng.explore(step, it.initial()))
    # the engine is still usable: finish with the real step
    rest = list(eng.explore(it.step))
    assert len(eng.done) == 3 and rest


def test_exception_in_clone_is_reraised(ctx):
    def bad_clone(vm):
        raise ValueError("no clone today")

    eng, it = _engine(ctx, mode="eager", clone=bad_clone)
    with pytest.raises(ValueError, match="no clone today"):
        list(eng.explore(it.step, it.initial()))
    eng.close()


class BadSearcher(symx.Searcher):
    def __init__(self):
        self.s = []

    def add(self, st):
        self.s.append(st)

    def remove(self, st):
        self.s.remove(st)

    def select(self):
        raise KeyError("select failed")

    def empty(self):
        return not self.s


def test_exception_in_searcher_is_reraised(ctx):
    eng, it = _engine(ctx, search=BadSearcher())
    with pytest.raises(KeyError, match="select failed"):
        list(eng.explore(it.step, it.initial()))
    eng.close()


def test_exception_in_progress_callback(ctx):
    eng, it = _engine(ctx)

    def prog(e):
        raise OSError("progress")

    eng.on_progress(prog, 0)
    with pytest.raises(OSError, match="progress"):
        list(eng.explore(it.step, it.initial()))


def test_state_misuse(ctx):
    eng, it = _engine(ctx, mode="eager", search="dfs")
    kept = []

    def step(st):
        kept.append(st)
        with pytest.raises(symx.MisuseError):
            st.branch(ctx.var("w", 8))       # not width 1
        it.step(st)

    list(eng.explore(step, it.initial()))
    assert kept and all(not s.alive for s in kept)
    with pytest.raises(symx.MisuseError):
        kept[0].branch(ctx.true)             # freed by the engine
    with pytest.raises(symx.MisuseError):
        kept[0].depth
    with pytest.raises(symx.MisuseError):
        eng.start(it.initial())              # only once
    eng.close()
    with pytest.raises(symx.MisuseError):
        eng.next()


def test_error_kinds_and_terminate(ctx):
    x = ctx.var("x", 8)
    eng = symx.Engine(ctx, mode="eager", search="dfs")

    def step(st):
        y = ctx.var("y", 8)
        if not st.check(y == 0, "div-zero", "division by zero"):
            return
        t, f = st.branch(x == 5)
        if t is not None and f is not None:
            return
        if st.eval(x) == 5:
            st.error("user", "x is five")
        else:
            st.exit()

    list(eng.explore(step, None))
    kinds = sorted(str(t.kind) for t in eng.errored)
    assert kinds == ["div-zero", "user"]
    msgs = {t.message for t in eng.errored}
    assert msgs == {"division by zero", "x is five"}
    with pytest.raises(ValueError):
        symx.ErrorKind and symx._errors.enum_arg(symx.ErrorKind, "no-such-kind")


def test_context_closed_early_does_not_crash():
    ctx = symx.Context()
    x = ctx.var("x", 8)
    e = x + 1
    eng, it = _engine(ctx)
    ctx.close()          # frees every node and engine state in C
    del x, e, eng        # wrappers must not touch the freed context
    import gc
    gc.collect()
    with pytest.raises(symx.MisuseError):
        ctx.var("y", 8)


def test_searcher_add_exception_at_start(ctx):
    class AddFails(BadSearcher):
        def add(self, st):
            raise RuntimeError("add failed")

    eng, it = _engine(ctx, search=AddFails())
    with pytest.raises(RuntimeError, match="add failed"):
        list(eng.explore(it.step, it.initial()))
