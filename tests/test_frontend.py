"""The frontend turns real-looking kernels into call sites: template bindings, paths, loops, tiles."""

from __future__ import annotations

from pathlib import Path

import pytest

from ptolint.evaluate import evaluate
from ptolint.frontend.parse import ParseOptions, parse
from ptolint.frontend.program import analyse
from ptolint.ir import Const, ScalarOperand, TileOperand, syms

PRELUDE = "#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
CHECKED = {"TEXTRACT", "TDIVS", "TROWPROD", "TRESHAPE", "TCOLEXPANDMAX", "TEXTRACT_FP"}


def sites_of(tmp_path: Path, body: str, target: str = "a2a3"):
    f = tmp_path / "k.cpp"
    f.write_text(PRELUDE + body)
    tu, diags = parse(str(f), target, ParseOptions())
    assert not diags, [d.message for d in diags]
    return analyse(tu, target, str(f), CHECKED)


def holds(site, inputs) -> bool:
    return all(evaluate(c, inputs) for c in site.path)


def test_template_arguments_and_constexpr_values(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
template <typename T> struct Traits { static constexpr int K = sizeof(T) * 4; };
template <typename T, int M, int N, bool flag>
AICORE void run(int n) {
  using Src = Tile<TileType::Mat, T, M, N, BLayout::RowMajor, M, N, SLayout::ColMajor>;
  using Dst = TileLeft<T, 16, N>;
  Src src; Dst dst;
  constexpr int k = Traits<T>::K + Src::Rows / 8;
  if constexpr (flag) { TEXTRACT(dst, src, k, 0); } else { TEXTRACT(dst, src, M, 0); }
}
extern "C" __global__ AICORE void kern(__gm__ float *out, int n) { run<float, 32, 16, true>(n); }
""")
    assert len(prog.sites) == 1, "only the taken branch of if constexpr"
    s = prog.sites[0]
    assert s.builtin == "TEXTRACT" and s.line == 11
    row = s.arg("indexRow")
    assert isinstance(row, ScalarOperand) and evaluate(row.expr, {}) == 4 * 4 + 32 // 8
    src = s.arg("src")
    assert isinstance(src, TileOperand) and (src.spec.loc, src.spec.rows, src.spec.cols) == ("Mat", 32, 16)
    assert [f.function for f in s.chain] == ["kern", "run<float, 32, 16, true>"]


def test_constant_loop_is_walked_iteration_by_iteration(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
template <int M>
AICORE void run(int base) {
  Tile<TileType::Mat, half, M, 32, BLayout::RowMajor, M, 32, SLayout::ColMajor> src;
  TileLeft<half, 16, 32> dst;
  for (int i = 0; i < M; i += 16) { TEXTRACT(dst, src, i + base, 0); }
}
extern "C" __global__ AICORE void kern(int base) { run<64>(base); }
""")
    assert len(prog.sites) == 4  # one site per iteration, each with its own value of i
    rows = [s.arg("indexRow").expr for s in prog.sites]
    assert [evaluate(r, {"base": 0}) for r in rows] == [0, 16, 32, 48]
    assert all({x.name for x in syms(r)} == {"base"} for r in rows)  # the loop variable is no input
    assert evaluate(rows[3], {"base": 65536 - 48}) == 0  # uint16_t wrap-around


def test_runtime_bound_is_summarised_by_a_generic_iteration(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
extern "C" __global__ AICORE void kern(int n) {
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, 64> x;
  Tile<TileType::Vec, float, 16, 64> y;
  int off = 0;
  for (int i = 0; i < n; i += 16) {
    x.SetValidRow(n - i);
    TDIVS(y, x, 2.0f);
    TEXTRACT(y, x, off, 0);
    off += 32;
  }
}
""")
    assert len(prog.sites) == 6  # two iterations walked one by one, then the generic one
    first = prog.sites[0].arg("src0")
    assert {s.name for s in syms(first.valid_row)} == {"n"}  # the first iteration: exactly n - 0
    *_, add, ext = prog.sites
    x = add.arg("src0")
    assert {s.name for s in syms(x.valid_row)} == {"n", "iteration@L8"}  # this iteration's value, not forgotten
    assert add.arg("dst").valid_row == Const(16, "int")  # a static region is never forgotten
    assert add.builtin == "TDIVS" and ext.builtin == "TEXTRACT"
    t = next(s for s in syms(x.valid_row) if s.name == "iteration@L8")
    assert t.kind == "iteration" and t.lo == 0
    # after the two walked iterations, i = 32 + 16 * t and off = 64 + 32 * t (both induction variables)
    assert evaluate(x.valid_row, {"n": 50, "iteration@L8": 0}) == 18
    assert evaluate(ext.arg("indexRow").expr, {"n": 50, "iteration@L8": 1}) == 96
    assert holds(add, {"n": 50, "iteration@L8": 1}) and not holds(add, {"n": 50, "iteration@L8": 2})
    assert not holds(add, {"n": 20, "iteration@L8": 0})  # the walked iterations' conditions stay on the path


def test_guard_of_an_earlier_iteration_stays_on_the_path(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
extern "C" __global__ AICORE void kern(int lim) {
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> src;
  TileLeft<half, 16, 64> dst;
  for (int k = 0; k < 3; ++k) {
    if (k * 16 > lim) break;
    TEXTRACT(dst, src, k * 16, 0);
  }
}
""")
    assert len(prog.sites) == 3
    third = prog.sites[2]  # reached only if neither iteration 0 nor 1 left the loop
    assert holds(third, {"lim": 40}) and not holds(third, {"lim": 20}) and not holds(third, {"lim": -1})


def test_loop_nest_budget_summarises_the_rest(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
extern "C" __global__ AICORE void kern() {
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> src;
  TileLeft<half, 16, 64> dst;
  for (int k = 0; k < 100000; ++k) { TEXTRACT(dst, src, k % 8 * 16, 0); }
}
""")
    from ptolint.frontend.interp.loops import UNROLL_ITERATIONS

    assert len(prog.sites) == UNROLL_ITERATIONS + 1  # the walked iterations and one generic iteration
    assert any("summarised" in msg for _, _, msg in prog.limits)


def test_switch_falls_through_to_the_next_break(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
extern "C" __global__ AICORE void kern(int mode) {
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> src;
  TileLeft<half, 16, 64> dst;
  int r = 0;
  switch (mode) {
    case 1: r = 16;
    case 2: r += 16; TEXTRACT(dst, src, r, 0); break;
    default: r = 64;
  }
  TEXTRACT(dst, src, r, 0);
}
""")
    in_case = [s for s in prog.sites if s.line == 10]
    assert sorted(evaluate(s.arg("indexRow").expr, {"mode": m}) for s, m in zip(in_case, (1, 2), strict=True)) == [16, 32]
    after = next(s for s in prog.sites if s.line == 13)
    assert holds(after, {"mode": 7})  # every way out of the switch reaches it


def test_a_switch_on_a_template_argument_walks_only_its_case(tmp_path: Path) -> None:
    """Arms that cannot be taken are passed over without setting the state back each time (a test kernel's switch
    over hundreds of case numbers): the case taken still starts from the state before the switch (not from an arm
    before it), and after the switch the state is the case's."""
    prog = sites_of(tmp_path, """
using VT = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
template <int MODE>
AICORE void body(int rows) {
  VT a(rows, 64), b(rows, 64);
  int r = 8;
  switch (MODE) {
    case 1: a.SetValidRow(4); r = 1; break;
    case 2: r += 4; a.SetValidRow(r); TDIVS(b, a, 2.0f); break;
    case 3: r = 3; break;
    default: r = 5;
  }
  a.SetValidCol(r);
  TDIVS(b, a, 2.0f);
}
extern "C" __global__ AICORE void kern(int rows) { body<2>(rows); body<7>(rows); }
""")
    rows = lambda s: evaluate(s.arg("src0").valid_row, {"rows": 9})  # noqa: E731
    cols = lambda s: evaluate(s.arg("src0").valid_col, {"rows": 9})  # noqa: E731
    in_case = [s for s in prog.sites if s.line == 11]
    after = [s for s in prog.sites if s.line == 16]
    assert len(in_case) == 1 and rows(in_case[0]) == 12 and cols(in_case[0]) == 64
    assert [(rows(s), cols(s)) for s in after] == [(12, 12), (9, 5)]  # body<2>, then body<7> (the default)


def test_branch_conditions_and_early_return(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
extern "C" __global__ AICORE void kern(int r, float d) {
  Tile<TileType::Vec, float, 16, 64> a, b;
  if (r > 100) return;
  if (d != 0.0f) { TDIVS(a, b, d); }
}
""")
    (s,) = prog.sites
    assert holds(s, {"r": 3, "d": 2.0})
    assert not holds(s, {"r": 101, "d": 2.0})
    assert not holds(s, {"r": 3, "d": 0.0})


def test_dynamic_valid_region_through_constructor_and_setter(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
using VT = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
AICORE void body(VT &dst, VT &src, int rows) {
  src.SetValidRow(rows - 1);
  TDIVS(dst, src, 2.0f);
}
extern "C" __global__ AICORE void kern(int rows, int cols) {
  VT dst(rows, cols);
  VT src(rows, cols);
  body(dst, src, rows);
}
""")
    (s,) = prog.sites
    dst, src = s.arg("dst"), s.arg("src0")
    assert evaluate(dst.valid_row, {"rows": 7}) == 7
    assert evaluate(src.valid_row, {"rows": 7}) == 6
    assert evaluate(src.valid_col, {"cols": 33}) == 33
    assert [f.function for f in s.chain] == ["kern", "body"]


def test_block_index_is_a_bounded_input(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
extern "C" __global__ AICORE void kern() {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  int blk = get_block_idx();
  TEXTRACT(dst, src, blk * 16, 0);
}
""")
    (s,) = prog.sites
    (sym,) = syms(s.arg("indexRow").expr)
    assert sym.name == "get_block_idx()" and sym.lo == 0 and sym.hi == 63


def test_conditional_t_and_interprocedural_scalars(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
template <bool Wide> using Elem = std::conditional_t<Wide, float, half>;
AICORE int offset(int k) { return k * 2 + 1; }
template <bool Wide>
AICORE void run(int k) {
  Tile<TileType::Vec, Elem<Wide>, 16, 64> t;
  TDIVS(t, t, (Elem<Wide>)offset(k));
}
extern "C" __global__ AICORE void kern(int k) { run<false>(k); }
""")
    (s,) = prog.sites
    assert s.arg("dst").spec.dtype == "half"
    assert evaluate(s.arg("scalar").expr, {"k": 3}) == 7.0


def test_unmodelled_values_are_opaque_not_dropped(tmp_path: Path) -> None:
    prog = sites_of(tmp_path, """
extern int table[4];
extern "C" __global__ AICORE void kern(int n) {
  Tile<TileType::Mat, float, 64, 16, BLayout::RowMajor, 64, 16, SLayout::ColMajor> src;
  TileLeft<float, 16, 16> dst;
  int x = 0;
  while (n > 0) { x += table[n % 4]; n--; }
  TEXTRACT(dst, src, x, 0);
}
""")
    (s,) = prog.sites
    kinds = {x.kind for x in syms(s.arg("indexRow").expr)}
    assert kinds == {"opaque"}


@pytest.mark.parametrize("target,blayout", [("a2a3", "RowMajor"), ("a5", "ColMajor")])
def test_aliases_resolve_per_target(tmp_path: Path, target: str, blayout: str) -> None:
    prog = sites_of(tmp_path, """
extern "C" __global__ AICORE void kern() {
  Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor> src;
  TileLeft<half, 32, 32> dst;
  TEXTRACT(dst, src, 0, 0);
}
""", target)
    (s,) = prog.sites
    assert s.arg("dst").spec.blayout == blayout and s.arg("dst").spec.slayout == "RowMajor"


def test_template_disambiguator_is_not_an_explicit_instantiation(tmp_path: Path) -> None:
    """`obj.template SetShape<...>(n);` in a kernel body is a call, not `template void f<...>(...);`: taking it
    for an explicit instantiation appended a caller naming the kernel's locals (the A6 tmatmul_mx ST kernel
    then failed to parse: "unknown type name 'tileN'")."""
    prog = sites_of(tmp_path, """
template <int N>
struct Holder {
    template <int D> AICORE void Set(int v) { (void)v; }
};
template <int tileN>
AICORE void run() {
    Holder<4> h;
    h.template Set<1>(tileN);
    Holder<4>* p = &h;
    p->template Set<2>(tileN);
    Tile<TileType::Vec, float, 16, 64> a, b;
    TDIVS(a, b, 2.0f);
}
template void run<64>();
""")
    assert [s.builtin for s in prog.sites] == ["TDIVS"]


def test_token_spellings_and_type_memo_match_the_binding(tmp_path: Path) -> None:
    """cursors.spellings reads the same tokens as the binding's get_tokens; cursors.type_memo answers per type
    (equal types share one entry, different types do not)."""
    from ptolint.frontend import cursors
    from ptolint.frontend.values import ctype, tile_spec_of

    f = tmp_path / "k.cpp"
    f.write_text(PRELUDE + """
#define N 0x10u
template <typename T> AICORE void run(T *p, int n) {
  using V = Tile<TileType::Vec, T, 16, 64>;
  V a; V b;
  unsigned long m = n + N * 2 + 'c';
  TEXTRACT(a, b, m, 0);
}
extern "C" __global__ AICORE void kern(float *p, int n) { run<float>(p, n); }
""")
    tu, diags = parse(str(f), "a2a3", ParseOptions())
    assert not diags
    walked = [c for c in cursors.walk(tu.cursor) if cursors.position(c)[0] == str(f)]
    assert len(walked) > 20
    for c in walked:
        assert cursors.spellings(c) == tuple(t.spelling for t in c.get_tokens())
    decls = [c for c in walked if c.kind.name in ("VAR_DECL", "PARM_DECL")]
    for c in decls:  # a new Type object per query, one answer per type
        assert ctype(c.type) == ctype(c.type) and tile_spec_of(c.type) == tile_spec_of(c.type)
    by_name = {c.spelling: c for c in decls}
    assert ctype(by_name["m"].type) == "unsigned long" and ctype(by_name["n"].type) == "int"
    assert tile_spec_of(by_name["a"].type) == tile_spec_of(by_name["b"].type) is not None
    assert tile_spec_of(by_name["m"].type) is None


def test_a_macro_is_a_value_only_where_it_is_expanded(tmp_path: Path) -> None:
    """An object-like macro written in the code gives its value; a name that is a macro only elsewhere (#undef'd
    before, or defined after the use) does not: N is the template parameter here, not a macro of that name
    (ptolint read N as 48, the last definition, before it checked the expression's location)."""
    prog = sites_of(tmp_path, """
#define N 100
#undef N
#define OFF (8 + 8)
template <int N>
AICORE void run() {
  Tile<TileType::Mat, half, 64, 32, BLayout::RowMajor, 64, 32, SLayout::ColMajor> src;
  TileLeft<half, 16, 32> dst;
  TEXTRACT(dst, src, N, OFF);
  TEXTRACT(dst, src, N + OFF, 0);
}
extern "C" __global__ AICORE void kern() { run<32>(); }
#define N 48
""")
    assert [(evaluate(s.arg("indexRow").expr, {}), evaluate(s.arg("indexCol").expr, {})) for s in prog.sites] == [
        (32, 16), (48, 0)]


def test_may_spell_finds_every_way_to_write_an_identifier() -> None:
    """cursors.may_spell answers False only where no token can be the identifier (tiles.sets_entry_offset skips
    tokenizing the file then): a line splice inside the name, a universal character name or a trigraph keep it
    True."""
    from ptolint.frontend.cursors import may_spell

    name = b"setEntryOffset"
    assert not may_spell(b"pipe.cons.setEntry(64); // Offset", name)
    assert may_spell(b"pipe.cons.setEntryOffset(64);", name)
    assert may_spell(b"pipe.cons.setEntry\\\nOffset(64);", name)
    assert may_spell(b"pipe.cons.setEntry\\ \r\nOffset(64);", name)
    assert may_spell(b"pipe.cons.\\u0073etEntryOffset(64);", name)


def count_parses(monkeypatch) -> list[int]:
    """The options of each libclang parse from now on."""
    import clang.cindex as ci

    seen: list[int] = []
    original = ci.Index.parse

    def parse_(self, path, args=None, unsaved_files=None, options=0):
        seen.append(options)
        return original(self, path, args=args, unsaved_files=unsaved_files, options=options)

    monkeypatch.setattr(ci.Index, "parse", parse_)
    return seen


def test_missing_headers_are_skipped_in_one_parse(tmp_path: Path, monkeypatch) -> None:
    """A parse that stopped at the first missing header found one per parse, each replaced by an empty stand-in
    for the next (a host program with seven: eight parses); the parse goes on past them (KEEP_GOING) and skips
    each as the empty stand-in was read: one parse, the same diagnostics and call sites."""
    from ptolint.frontend.parse import KEEP_GOING

    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "found.hpp").write_text(
        '#pragma once\n#include "vendor/nested.h"\n#include "vendor/runtime.h"\nconstexpr int kRows = 8;\n')
    f = tmp_path / "k.cpp"
    f.write_text("""#include "vendor/runtime.h"
#include "inc/found.hpp"
#include <vendor/other.h>
#include <pto/pto-inst.hpp>
#include "vendor/last.h"
using namespace pto;
extern "C" __global__ AICORE void kern(float s) {
  using VecTile = Tile<TileType::Vec, float, kRows, 64, BLayout::RowMajor, kRows, 64>;
  VecTile x, y;
  TDIVS(y, x, s);
}
""")
    seen = count_parses(monkeypatch)
    tu, diags = parse(str(f), "a2a3", ParseOptions())
    assert [bool(o & KEEP_GOING) for o in seen] == [True]
    missing = [(Path(d.file).name, d.line, d.code, d.message.split("'")[1]) for d in diags]
    assert missing == [("k.cpp", 5, "missing-include", "vendor/last.h"),
                       ("found.hpp", 2, "missing-include", "vendor/nested.h"),
                       ("k.cpp", 3, "missing-include", "vendor/other.h"),
                       ("k.cpp", 1, "missing-include", "vendor/runtime.h")]  # its first #include, not found.hpp's
    sites = analyse(tu, "a2a3", str(f), CHECKED).sites
    assert [(s.builtin, s.line) for s in sites] == [("TDIVS", 10)]  # kRows from the header found beside them
    # the result cache's dependencies: each missing header with the directory it would be looked for from first
    from ptolint.engine import record_includes
    from ptolint.result import FileResult

    res = FileResult(str(f))
    record_includes(tu, res)
    assert sorted(res.missing_includes) == sorted([
        ("vendor/runtime.h", str(tmp_path)), ("vendor/nested.h", str(tmp_path / "inc")),
        ("vendor/runtime.h", str(tmp_path / "inc")), ("vendor/other.h", str(tmp_path)),
        ("vendor/last.h", str(tmp_path))])


def test_a_file_without_missing_headers_is_parsed_once(tmp_path: Path, monkeypatch) -> None:
    seen = count_parses(monkeypatch)
    sites = sites_of(tmp_path, """
extern "C" __global__ AICORE void kern(float s) {
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64>;
  VecTile x, y;
  TDIVS(y, x, s);
}
""").sites
    assert len(seen) == 1 and len(sites) == 1


def test_another_fatal_error_ends_the_parse_as_before(tmp_path: Path, monkeypatch) -> None:
    """After a fatal error other than a missing header (here the template recursion limit) the first parse, which
    went on past it, is made again without KEEP_GOING: what follows the fatal error is not reported."""
    import clang.cindex as ci

    from ptolint.frontend.parse import compiler_args

    f = tmp_path / "k.cpp"
    f.write_text(PRELUDE + """
template <int N> struct Deep { static constexpr int v = Deep<N + 1>::v; };
constexpr int boom = Deep<0>::v;
int after = undeclared_name;
""")
    seen = count_parses(monkeypatch)
    _tu, diags = parse(str(f), "a2a3", ParseOptions())
    assert len(seen) == 2 and not seen[1] & 0x200
    plain = ci.Index.create().parse(str(f), args=compiler_args("a2a3", ParseOptions()))
    expected = sorted((d.location.line, d.spelling) for d in plain.diagnostics if d.severity >= ci.Diagnostic.Error)
    assert sorted((d.line, d.message) for d in diags if d.level == "error") == expected
    assert [(d.line, d.message.split(" of ")[0]) for d in diags] == [
        (4, "recursive template instantiation exceeded maximum depth")]  # not `undeclared_name`, after it
