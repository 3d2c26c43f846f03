"""The Z3 encoding itself (ptolint/solver.py): conversions that keep every value are not wrapped, the
run-time-step loop that once ended in solver-unknown is decided through the CLI, and the exists-forall query
asks its quantified question of the part of the path the rule's formula is connected to."""

from __future__ import annotations

from pathlib import Path

import z3
from conftest import ptolint

from ptolint.ir import Bin, Cast, Const, Sym
from ptolint.solver import Encoder, exists_forall, independent_split, least, shrink, shrink_forall, widens


def test_widens_only_when_every_value_is_kept() -> None:
    assert widens("int", "long") and widens("bool", "int") and widens("unsigned char", "int")
    assert widens("unsigned int", "long") and widens("int", "int")
    assert not widens("long", "int") and not widens("int", "unsigned int") and not widens("unsigned int", "int")
    assert not widens("float", "long")


def test_a_widening_cast_is_the_value_a_narrowing_one_wraps() -> None:
    enc = Encoder()
    x = Sym("x", "int")
    assert enc.enc(Cast("long", x)).eq(enc.var(x))  # no `mod 2^64` around an int
    narrowed = enc.enc(Cast("int", Sym("y", "long")))
    assert not narrowed.eq(enc.var(Sym("y", "long")))
    s = z3.Solver()
    s.add(*enc.domain(), enc.var(Sym("y", "long")) == 2**31, narrowed != -(2**31))
    assert s.check() == z3.unsat  # 2^31 as int wraps to -2^31
    assert not enc.enc(Cast("unsigned int", x)).eq(enc.var(x))  # int -> unsigned int is not value-preserving


def test_signed_product_of_a_widened_value_is_exact_and_defined_only_in_range() -> None:
    enc = Encoder()
    x = Sym("x", "int")
    prod = enc.enc(Bin("*", Cast("long", x), Const(4, "long"), "long"))
    s = z3.Solver()
    s.add(*enc.domain(), *enc.defined, prod != 4 * enc.var(x))
    assert s.check() == z3.unsat


RUNTIME_STEP = """#include <pto/pto-inst.hpp>
using namespace pto;
AICORE inline int lmin(int a, int b) { return a < b ? a : b; }
extern "C" __global__ AICORE void kern(__gm__ float* out, int step, int total) {
    if (step < 16 || step > LIMIT) return;
    if (total < 0 || total > 158) return;
    using Dyn = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, DYNAMIC>;
    Dyn d(step), a(step), b(step);
    for (int c = 0; c < total; c += step) {
        int cols = lmin(total - c, step);
        d.SetValidCol(cols);
        a.SetValidCol(cols);
        b.SetValidCol(cols);
        TMUL(d, a, b);
    }
}
"""


def test_loop_with_a_run_time_step_is_decided(tmp_path: Path) -> None:
    # was: solver-unknown after the full timeout (each int -> long conversion of `step * iteration` wrapped)
    (tmp_path / "bad.cpp").write_text(RUNTIME_STEP.replace("LIMIT", "128"))
    (tmp_path / "good.cpp").write_text(RUNTIME_STEP.replace("LIMIT", "64"))
    bad = ptolint("check", "bad.cpp", "-f", "json", "-t", "a2a3", "--no-cache", "--select", "PTO006", cwd=tmp_path)
    assert bad.code == 1 and not bad.json["diagnostics"], bad.json["diagnostics"]
    [f] = bad.json["findings"]
    assert f["line"] == 14 and f["confirmed"] and 64 < f["witness"]["inputs"]["step"] <= 128
    good = ptolint("check", "good.cpp", "-f", "json", "-t", "a2a3", "--no-cache", cwd=tmp_path)
    assert good.code == 0 and good.json["findings"] == [] and good.json["diagnostics"] == []


def test_an_opaque_value_nothing_constrains_is_refuted_by_one_query() -> None:
    # the moe kernels: a rule on a tile's valid rows (opaque, only its range known) behind a path over other
    # opaque values and the block index; was 8 counterexample rounds and a timed-out ForAll query per site
    blk, a, b, rows = z3.Ints("blk a b rows")
    path = z3.And(blk >= 0, blk <= 63, a >= 0, a <= 2**32 - 1, b >= 0, b <= 2**32 - 1,
                  (a * b) % 2**32 > blk, (a + blk) % (b + 1) == 3, rows >= 0, rows <= 2**31 - 1)
    violated = rows > 1
    part, rest, names = independent_split(path, violated)
    assert {str(c) for c in part} == {str(rows >= 0), str(rows <= 2**31 - 1)} and len(rest) == 8 and names == {"rows"}
    r, _ = exists_forall(path, violated, [blk], [a, b, rows], 5000)
    assert r == z3.unsat  # rows = 0 reaches the call and keeps the rule, whatever the block index


def test_the_rest_of_the_path_still_has_to_be_reachable() -> None:
    n, o, w = z3.Ints("n o w")
    own = [n >= 0, n <= 100, o >= 0, o <= 10]
    violated = n > o + 10  # broken for every reaching o exactly when n > 20
    r, m = exists_forall(z3.And(*own, w >= 5, w <= 7), violated, [n], [o, w], 5000)
    assert r == z3.sat and m is not None
    assert m.eval(n).as_long() > 20 and 5 <= m.eval(w, model_completion=True).as_long() <= 7
    r, _ = exists_forall(z3.And(*own, w >= 5, w <= 4), violated, [n], [o, w], 5000)
    assert r == z3.unsat  # the call is not reached at all


def _model_with(s: z3.Solver, *fix: z3.BoolRef) -> z3.ModelRef:
    s.push()
    s.add(*fix)
    assert s.check() == z3.sat
    m = s.model()
    s.pop()
    return m


def test_a_witness_z3_placed_far_out_shrinks_to_the_least_value() -> None:
    # moe_dispatch: Z3's first model had expertPerRank = 2**31 - 8; sixteen halvings from there stopped at 32767,
    # and which of the two a run printed depended on the process. The least value is the same in every run.
    k, ep = z3.Ints("k ep")
    s = z3.Solver()
    s.add(k >= 0, k <= 2**31 - 1, ep >= 1, ep <= 64, k * ep > 64)
    m = shrink(s, [k, ep], _model_with(s, k == 2**31 - 8, ep == 64))
    assert (m.eval(ep).as_long(), m.eval(k).as_long()) == (1, 65)  # `ep` first (name order), then `k` given it
    m = shrink(s, [k, ep], _model_with(s, k == 2**31 - 8, ep == 64, ep > 2))
    assert (m.eval(ep).as_long(), m.eval(k).as_long()) == (1, 65)  # wherever it starts


def test_a_witness_prefers_a_value_at_or_above_zero_whatever_sign_z3_started_with() -> None:
    # moe_dispatch on A5: one process started from a negative model and printed `expertPerRank = -8`, another 65
    k = z3.Int("k")
    s = z3.Solver()
    s.add(k >= -100, k <= 100, z3.Or(k > 64, k < -7))
    assert shrink(s, [k], _model_with(s, k == -50)).eval(k).as_long() == 65
    assert shrink(s, [k], _model_with(s, k == 99)).eval(k).as_long() == 65
    s.add(k < 0)
    assert shrink(s, [k], _model_with(s, k == -50)).eval(k).as_long() == -8  # the negative one closest to 0


def test_least_gallops_from_zero_and_stops_at_an_undecided_probe() -> None:
    asked: list[int] = []
    x = z3.Int("x")

    def model_of(v: int) -> z3.ModelRef:
        s = z3.Solver()
        s.add(x == v)
        s.check()
        return s.model()

    def probe(bound: int) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        asked.append(bound)
        return (z3.sat, model_of(bound)) if bound >= 65 else (z3.unsat, None)

    assert least(probe, 2**31 - 8, model_of(2**31 - 8)).eval(x).as_long() == 65
    assert len(asked) <= 2 * 7 + 2 and asked[:3] == [0, 1, 3]  # about twice log2(65) probes, small ones first
    asked.clear()
    start = model_of(1000)
    assert least(lambda b: (z3.unknown, None), 1000, start).eval(x).as_long() == 1000


def test_a_quantified_witness_shrinks_while_it_still_breaks_the_rule_for_every_unknown() -> None:
    n, o = z3.Ints("n o")
    reach = z3.And(n >= 0, n <= 2**31 - 1, o >= 0, o <= 10)
    violated = n > o + 10  # broken for every reaching o exactly when n > 20
    r, m = exists_forall(z3.And(reach, n == 2**30), violated, [n], [o], 5000)
    assert r == z3.sat and m is not None
    assert shrink_forall(reach, violated, [n], [o], [n], m).eval(n).as_long() == 21


def test_a_rule_builds_its_check_once_per_equal_call() -> None:
    # an ST kernel's paths repeat the same call (same operand types, texts and terms): the rule's formula is built
    # and simplified once, and a call with another term, or the next file, gets its own
    from dataclasses import replace

    from ptolint.ir import TileOperand, TileSpec
    from ptolint.ruleset import Check, Ctx, TileView, load_rules
    from ptolint.solver import forget_encodings, rule_check

    built: list[Ctx] = []

    def check(ctx: Ctx) -> Check:
        built.append(ctx)
        t = ctx.tile("dst")
        return Check(t.valid_row > t.rows, "valid rows {v} past the tile", {"v": t.valid_row})

    rule = replace(next(iter(load_rules().values())), check=check)
    spec = TileSpec("Vec", "float", 16, 64, elem_size=4)

    def ctx(rows: z3.ArithRef) -> Ctx:
        op = TileOperand(spec, Sym("n", "int"), Const(64, "int"), "dst")
        return Ctx("a2a3", "TADD", {"dst": TileView("dst", op, rows, z3.IntVal(64))}, {}, {}, {"dst": "dst"})

    forget_encodings()
    first = rule_check(rule, ctx(z3.Int("n")))
    again = rule_check(rule, ctx(z3.Int("n")))  # a new Ctx, equal terms
    assert len(built) == 1 and again[0] is first[0] and first[1].eq(z3.simplify(z3.Int("n") > 16))
    other = rule_check(rule, ctx(z3.Int("n") + 1))
    assert len(built) == 2 and other[0] is not first[0]
    forget_encodings()
    rule_check(rule, ctx(z3.Int("n")))
    assert len(built) == 3


def test_term_names_and_conjunction_match_z3s_own() -> None:
    # var_names walks the Z3 library's terms directly and remembers every subterm; conj builds And without z3.And's
    # coercion: both must give what the Python API gives (the names str() shows, the very same term)
    from ptolint.solver import conj, forget_encodings, var_names

    forget_encodings()
    a, b, rows = z3.Ints("a b x.validRow")
    it = z3.Int("iteration@L14")
    shared = z3.If(it >= 0, a * 2, b) % 7
    t = z3.And(shared > rows, shared < 3, z3.Not(z3.Int("get_block_idx()") == 1))
    assert var_names(t) == {"a", "b", "x.validRow", "iteration@L14", "get_block_idx()"}
    assert var_names(shared) == {"a", "b", "iteration@L14"} and var_names(z3.IntVal(3) > 2) == frozenset()
    parts = [a > 1, shared == rows, z3.BoolVal(True)]
    assert conj(*parts).eq(z3.And(*parts)) and conj(a > 1).eq(z3.And(a > 1))
    forget_encodings()


def test_and_with_a_high_mask_is_linear_and_equals_the_bitwise_and() -> None:
    """`x & ~7` (the align-up idiom) is encoded as x - x mod 8, without Int2BV, and agrees with the bit-vector
    `&` for every 8-bit value, signed and unsigned, and for the mask spelled either way."""
    for ctype, mask in (("signed char", -8), ("unsigned char", 0xF8), ("signed char", -128), ("unsigned char", 0xFE)):
        enc = Encoder()
        x = Sym("x", ctype)
        r = enc.enc(Bin("&", x, Const(mask, ctype), ctype))
        assert "bv" not in r.sexpr()
        xv = enc.var(x)
        bits = z3.BV2Int(z3.Int2BV(xv, 8) & z3.BitVecVal(mask % 256, 8), is_signed=ctype == "signed char")
        s = z3.Solver()
        s.add(*enc.domain(), r != bits)
        assert s.check() == z3.unsat, (ctype, mask, s.model() if s.check() == z3.sat else None)
    enc = Encoder()
    other = enc.enc(Bin("&", Sym("x", "int"), Const(-6, "int"), "int"))  # not ~(2^k - 1): the bit-vector form
    assert "bv" in other.sexpr()


def test_kept_models_answer_later_queries_with_the_same_verdicts_and_witnesses(monkeypatch) -> None:  # noqa: ANN001
    """solver.KEEPING: a model that satisfied an earlier query of the path is tried first; the verdicts, witnesses
    and assignments are those of a run that asks Z3 every time (KEEP = 0), and the later rules are answered
    without a new satisfying check."""
    from dataclasses import replace

    from ptolint import solver
    from ptolint.ir import CallSite, TileOperand, TileSpec
    from ptolint.ruleset import Check, Ctx, load_rules

    base = next(iter(load_rules().values()))

    def rule(code: str, bound: int) -> object:
        def check(ctx: Ctx) -> Check:
            t = ctx.tile("dst")
            return Check(t.valid_col > bound, "valid cols {v} past " + str(bound), {"v": t.valid_col})
        return replace(base, code=code, check=check, severity="error")

    rows, cols = Sym("rows", "int"), Sym("cols", "int")
    spec = TileSpec("Vec", "float", 16, 64, elem_size=4)
    site = CallSite("TADD", "k.cpp", 10, 5, 10, 30, "a2a3", ["dst"], [TileOperand(spec, rows, cols, "dst")], {},
                    path=[Bin(">", cols, Const(0, "int"), "bool"), Bin("<", rows, Const(17, "int"), "bool"),
                          Bin("<=", cols, Bin("*", rows, Const(8, "int"), "int"), "bool")])
    rules = [rule(f"PTO{k}", b) for k, b in ((990, 64), (991, 60), (992, 48), (993, 200))]

    def verdicts() -> list[tuple]:
        solver.forget_encodings()
        enc = solver.encode_site(site)
        out = [solver.check_rule(r, site, encoded=enc) for r in rules]
        return [(v.level, v.message, v.inputs, v.values, v.assignment) for v in out]

    monkeypatch.setattr(solver, "KEEP", 0)
    plain = verdicts()
    monkeypatch.setattr(solver, "KEEP", 8)
    checks = []
    real = solver.staged_check
    monkeypatch.setattr(solver, "staged_check", lambda *a, **k: checks.append(1) or real(*a, **k))
    kept = verdicts()
    assert kept == plain
    assert plain[0][:3] == ("warning", "valid cols 65 past 64", {"cols": 65, "rows": 9}) and plain[3][0] is None
    assert solver.KEEPING and len(solver.KEEPING) <= solver.KEEP
    # PTO990 asks Z3 for a witness (65: outside the first friendly range) and repairs it into an input that keeps
    # the rule (solver.repair: cols freed); PTO991 asks for a witness (61) and reuses the model that keeps the rule;
    # PTO992 reuses both; PTO993 asks once (unsat)
    assert len(checks) == 3, checks
    solver.forget_encodings()
    assert not solver.KEEPING


def test_a_query_is_repaired_from_a_remembered_model() -> None:
    """solver.repair: the conjuncts a remembered model falsifies free their variables, the others keep the model's
    values; what Z3 then finds is a model of the whole query, and a query no such model can satisfy gives None."""
    from ptolint.solver import repair

    a, b, c = z3.Ints("a b c")
    s = z3.Solver()
    s.add(a == 7, b == 3, c == 40)
    assert s.check() == z3.sat
    old = s.model()
    goal = z3.And(a * b == 21, a > 5, c > 100, c < 103)  # only the conjuncts over c are false under `old`
    new = repair(goal, {"a": a, "b": b, "c": c}, old)
    assert new is not None and z3.is_true(new.eval(goal, model_completion=True))
    assert new.eval(a).as_long() == 7 and new.eval(b).as_long() == 3
    assert repair(z3.And(goal, a + c < 50), {"a": a, "b": b, "c": c}, old) is None  # needs a moved, too


def test_a_sample_point_that_satisfies_the_query_is_its_model(monkeypatch) -> None:  # noqa: ANN001
    # moe_dispatch: with the point asserted, Z3 often answered unknown on wrap-around terms although the query
    # simplifies to true there; the point is the model
    from ptolint import solver

    monkeypatch.setattr(solver, "QUICK_RLIMIT", 1)  # the short attempt gives up at once
    x, y = z3.Ints("x y")
    s = z3.Solver()
    query = z3.And(x >= 0, y >= 0, (x * x * x * y + 7) % 2**32 == 9)
    s.add(query)
    point = solver.sample_point(query, [x, y])
    assert point is not None and [(str(v), val.as_long()) for v, val in point] == [("x", 1), ("y", 2)]
    checks: list[int] = []
    real = z3.Solver.check
    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: (self is s and checks.append(1)) or real(self, *a))
    r, m = solver.staged_check(s, [x, y], 5000)
    assert r == z3.sat and m is not None and z3.is_true(m.eval(query, model_completion=True))
    assert (m.eval(x).as_long(), m.eval(y).as_long()) == (1, 2)
    assert len(checks) == 1  # the short attempt only: the query is not checked again with the point pinned


def test_a_quantified_witness_is_shrunk_within_a_count_of_queries(monkeypatch) -> None:  # noqa: ANN001
    from ptolint import solver

    n, o = z3.Ints("n o")
    reach = z3.And(n >= 0, n <= 2**31 - 1, o >= 0, o <= 10)
    violated = n > o + 10
    r, m = exists_forall(z3.And(reach, n == 2**30), violated, [n], [o], 5000)
    assert r == z3.sat and m is not None
    asked: list[int] = []
    real = solver.exists_forall
    monkeypatch.setattr(solver, "exists_forall", lambda *a: asked.append(1) or real(*a))
    monkeypatch.setattr(solver, "SHRINK_FORALL_PROBES", 0)
    # the existential query's least n (11, with o = 0) does not break the rule for every o: one quantified query
    # says so, and the budget of quantified steps is spent
    assert shrink_forall(reach, violated, [n], [o], [n], m).eval(n).as_long() == 2**30 and len(asked) == 1
    asked.clear()
    monkeypatch.setattr(solver, "SHRINK_FORALL_PROBES", 7)  # the gallop 0, 1, 3, 7, 15, 31 then one halving
    got = shrink_forall(reach, violated, [n], [o], [n], m).eval(n).as_long()
    assert len(asked) == 1 + 7 and 21 <= got <= 31  # still a witness, not yet the least


def test_a_quantified_witness_the_existential_shrink_already_gives_costs_one_quantified_query(monkeypatch) -> None:  # noqa: ANN001
    from ptolint import solver

    n, o = z3.Ints("n o")
    reach = z3.And(n >= 0, n <= 2**31 - 1, o >= 0, o <= 10, n + o < 2**31)
    violated = n > 20  # whatever o is
    r, m = exists_forall(z3.And(reach, n == 2**30), violated, [n], [o], 5000)
    assert r == z3.sat and m is not None
    asked: list[int] = []
    real = solver.exists_forall
    monkeypatch.setattr(solver, "exists_forall", lambda *a: asked.append(1) or real(*a))
    assert shrink_forall(reach, violated, [n], [o], [n], m).eval(n).as_long() == 21 and len(asked) == 1


def test_an_expression_node_keeps_its_hash_and_does_not_carry_it_across_processes() -> None:
    import pickle

    from ptolint.ir import Select, Unary

    x = Sym("x", "int")
    e = Select(Bin("<", x, Const(3), "bool"), Unary("-", x, "int"), Cast("long", x), "long")
    twin = Select(Bin("<", Sym("x", "int"), Const(3), "bool"), Unary("-", Sym("x", "int"), "int"),
                  Cast("long", Sym("x", "int")), "long")
    # the value dataclass computes (dictionary and set orders stay as they were), equal for equal trees
    assert hash(e) == hash((e.cond, e.a, e.b, e.ctype)) == hash(twin) and e == twin and len({e, twin}) == 1
    assert "_hash" in e.__dict__ and "_hash" in e.cond.__dict__  # kept on each inner node after the first use
    copy = pickle.loads(pickle.dumps(e))
    assert copy == e and "_hash" not in copy.__dict__ and hash(copy) == hash(e)  # a string's hash is per process
