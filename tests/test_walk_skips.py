"""Work the symbolic walk leaves out because it provably adds nothing (issue 14, speed round 3):

- a loop nest that changes nothing the walk tracks after it (no call of anything, no return / goto / asm, every
  variable it assigns declared inside it or named nowhere else in its function: the golden-data loops of a test
  kernel's host code, a kernel's stack-warming loop) is not walked
  (interp/loops.py `inert`); a loop whose value is read later, or that calls a builtin, still is;
- a host launcher's `kernel<<<...>>>(...)` of a kernel already walked as an entry point is not walked again when
  it passes the launcher's own unconstrained parameters unconditionally (interp/calls.py `launch_covered`); a
  launch with a constant, or under a condition, still is.

Each test checks the findings too: what the skipped work could have found is still found.
"""

from __future__ import annotations

from pathlib import Path

from ptolint.engine import Options, check_file
from ptolint.frontend.parse import ParseOptions, launch_positions, parse
from ptolint.frontend.program import analyse
from ptolint.ruleset import load_rules

PRELUDE = "#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
CHECKED = {"TEXTRACT", "TDIVS"}

GOLDEN = """
template <int R, int C>
int golden(float *out) {
  float gold[R][C] = {};
  for (int i = 0; i < R; i++) {
    for (int j = 0; j < C; j++) {
      int v = i * C + j;
      gold[i][j] = v < C ? 0.0f : 1.0f * v;
    }
  }
  return sizeof(gold);
}
"""

KERNEL = """
template <typename T, int M, int K>
AICORE void load_left() {
  using L1Tile = Tile<TileType::Mat, T, M, K, BLayout::ColMajor, M, K, SLayout::RowMajor>;
  L1Tile a;
  TileLeft<T, 32, K> left;
  int off = 0;
  for (int s = 0; s < 4; s++) {  // no call, but `off` is read after it: walked
    off += 32;
  }
  for (int i = 0; i < M; i += 32) {
    TEXTRACT(left, a, i + off, 0);  // i + 128: past the 128 rows of `a` for every input
  }
}

extern "C" __global__ AICORE void kern(__gm__ half *out, float scale) {
  for (int i = 0; i < 300; i++) {  // local scratch only: not walked
    for (int j = 0; j < 300; j++) {
      int t = i * j;
      t += 1;
    }
  }
  load_left<half, 128, 64>();
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64>;
  VecTile x, y;
  TDIVS(y, x, scale);
}
"""


def write(tmp_path: Path, body: str) -> Path:
    f = tmp_path / "k.cpp"
    f.write_text(PRELUDE + body)
    return f


def program(f: Path, target: str = "a2a3"):
    tu, diags = parse(str(f), target, ParseOptions())
    assert not diags, [d.message for d in diags]
    return analyse(tu, target, str(f), CHECKED, launches=launch_positions(f.read_text()))


def findings(f: Path) -> list[tuple]:
    res = check_file(str(f), Options(targets=["a2a3"], rules=list(load_rules().values())))
    return sorted((x.rule_id, x.site.line, x.level, x.message, tuple(sorted(x.witness.inputs.items()))
                   if x.witness else ()) for x in res.findings)


def test_inert_loop_is_not_walked_and_a_loop_read_later_still_is(tmp_path: Path) -> None:
    f = write(tmp_path, GOLDEN + KERNEL + """
void host(float *out) { golden<512, 512>(out); }
""")
    prog = program(f)
    # the 300 x 300 scratch nest and the 512 x 512 golden nest are not walked: no note that they were summarised
    assert not any("summarised" in msg for _, _, msg in prog.limits), prog.limits
    # the loop that sums `off` is walked exactly: the TEXTRACT's rows start at i + 128
    assert [s.builtin for s in prog.sites] == ["TEXTRACT"] * 4 + ["TDIVS"]
    got = findings(f)
    rules = {(r, level) for r, _, level, _, _ in got}
    assert ("PTO102", "error") in rules, got  # needs the walked `off` = 128: out of bounds for every input
    assert any(r == "PTO102" and "indexRow 128 " in msg for r, _, _, msg, _ in got), got
    assert ("PTO505", "warning") in rules  # the divisor after the skipped nest is still a kernel input


def test_loop_with_a_builtin_call_or_an_outer_write_read_later_is_walked(tmp_path: Path) -> None:
    from ptolint.frontend.cursors import walk
    from ptolint.frontend.interp.loops import inert

    f = write(tmp_path, """
extern "C" __global__ AICORE void kern(__gm__ half *out, int n, int m, int p) {
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64>;
  VecTile x, y;
  int acc = 0, dead = 0, cap = 0;
  static int calls = 0;
  int &ref = m;
  auto get = [&]() { return cap; };
  for (int i = 0; i < 4; i++) { TDIVS(y, x, 2.0f); }
  for (int i = 0; i < 4; i++) { acc += i; }
  for (int i = 0; i < 4; i++) { int k = i; k++; }
  for (int i = 0; i < 4; i++) { dead += i; }
  while (n > 0) { n--; }
  for (int i = 0; i < 4; i++) { calls++; }
  for (int i = 0; i < 4; i++) { ref += i; }
  for (int i = 0; i < 4; i++) { cap += i; }
  while (p > 0) { p--; }
  TDIVS(y, x, (float)(acc + m + p + get()));
}
""")
    tu, _ = parse(str(f), "a2a3", ParseOptions())
    import clang.cindex as ci

    loops = [c for c in walk(tu.cursor) if c.kind in (ci.CursorKind.FOR_STMT, ci.CursorKind.WHILE_STMT)
             and c.location.file is not None and c.location.file.name == str(f)]
    # a builtin; `acc` read later; only its own `k`; `dead` and the parameter `n` named nowhere else (dead after
    # it); a static local (the next call reads it); a reference (writes `m`); `cap` read by a lambda; `p` read later
    assert [inert(c) for c in loops] == [False, False, True, True, True, False, False, False, False]
    assert [s.builtin for s in program(f).sites] == ["TDIVS"] * 5


def test_stack_warming_loop_over_an_outer_pointer_is_not_walked(tmp_path: Path) -> None:
    # tfillpad's kernel writes 8 KB of stack through a pointer declared before the loop: 1024 iterations walked
    # to no effect (the pointer is named nowhere after the loop), then summarised with an analysis-limit note
    f = write(tmp_path, """
extern "C" __global__ AICORE void kern(__gm__ half *out, int rows) {
  {
    uint64_t stack[1024];
    volatile uint64_t *pStack = stack;
    for (int i = 0; i < 8192; i += 8) { *(pStack++) = 0; }
  }
  int off = 0;
  for (int s = 0; s < 4; s++) { off += 32; }
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> a;
  TileLeft<half, 32, 64> left;
  TEXTRACT(left, a, rows + off, 0);
}
""")
    prog = program(f)
    assert prog.limits == []
    assert [s.builtin for s in prog.sites] == ["TEXTRACT"]
    got = findings(f)
    # the loop summing `off` is still walked: the rows start at rows + 128 (past the source's 128 rows for rows = 0)
    assert ("PTO102", 14, "warning", "indexRow 128 + Dst::Rows 32 exceeds Src::Rows 128 (left copy)",
            (("rows", 0),)) in got, got


LAUNCHED = """
extern "C" __global__ AICORE void kern(__gm__ float *out, int rows, float scale) {
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  VecTile x(rows, 64);
  VecTile y(rows, 64);
  TDIVS(y, x, scale);
}
"""


def test_launch_of_a_walked_kernel_with_its_own_inputs_is_not_walked_again(tmp_path: Path) -> None:
    alone = write(tmp_path, LAUNCHED)
    expected = findings(alone)
    assert {r for r, *_ in expected} == {"PTO006", "PTO505"}
    launched = write(tmp_path, LAUNCHED + """
template <int Case>
void launch(float *out, int rows, float scale, void *stream) { kern<<<1, nullptr, stream>>>(out, rows, scale); }
template void launch<1>(float *out, int rows, float scale, void *stream);
""")
    prog = program(launched)
    assert prog.stats.entry_points == ["kern", "__ptolint_explicit_instantiation_L13_0"]
    assert len(prog.sites) == 1  # the entry's walk only
    assert findings(launched) == expected
    # the same kernel called as a plain function (no `<<<>>>`) is walked again: a helper may leave state behind
    called = write(tmp_path, LAUNCHED + """
template <int Case>
void launch(float *out, int rows, float scale, void *stream) { kern(out, rows, scale); }
template void launch<1>(float *out, int rows, float scale, void *stream);
""")
    assert len(program(called).sites) == 2


def test_launch_with_a_constant_or_under_a_condition_is_walked(tmp_path: Path) -> None:
    f = write(tmp_path, LAUNCHED + """
template <int Case>
void launch(float *out, int rows, float scale, void *stream) {
  kern<<<1, nullptr, stream>>>(out, 17, scale);
  if (rows > 20) {
    kern<<<1, nullptr, stream>>>(out, rows, scale);
  }
  kern<<<1, nullptr, stream>>>(out, rows, rows);
}
template void launch<1>(float *out, int rows, float scale, void *stream);
""")
    prog = program(f)
    assert len(prog.sites) == 4  # the entry's walk and each of the three launches
    got = findings(f)
    # the launch with rows = 17 faults for every input that reaches it: an error, as without the skip
    assert any(r == "PTO006" and level == "error" for r, _, level, _, _ in got), got


REGIONS = """
template <typename T>
AICORE void scale(T &dst, T &src, float s) { TDIVS(dst, src, s); }

template <typename T>
AICORE void shrink(T &t, int r) { t.SetValidRow(r); }

extern "C" __global__ AICORE void kern(__gm__ float *out, int n, float s) {
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  VecTile x(16, 64);
  VecTile y(16, 64);
  scale(y, x, s);
  for (int i = 0; i < n; i++) {  // a builtin and a helper entered before: no region can change
    scale(y, x, s);
  }
  for (int i = 0; i < n; i++) {  // a helper setting a region: walked to find it
    shrink(x, i + 1);
  }
  TDIVS(y, x, s);
}
"""


def count_copy_walks(monkeypatch) -> list[int]:
    """The loops' walks on a copy of the state (Loops.save), as the number of sites recorded when each started."""
    from ptolint.frontend.interp.loops import Loops

    walked: list[int] = []
    save = Loops.save

    def counting(self):
        walked.append(len(self.sites))
        return save(self)

    monkeypatch.setattr(Loops, "save", counting)
    return walked


def test_region_walk_is_skipped_only_when_no_region_can_change(tmp_path: Path, monkeypatch) -> None:
    from ptolint.ir import Const

    f = write(tmp_path, REGIONS)
    walked = count_copy_walks(monkeypatch)
    prog = program(f)
    # the second loop's two walks (generic iteration, after the loop) only: the first loop's are skipped
    assert len(walked) == 2, walked
    last = prog.sites[-1]
    assert last.builtin == "TDIVS"
    # x's valid row after the second loop is unknown (set in it), y's is still 16
    dst, src = last.args[:2]
    assert "validRow" in str(src.valid_row) and dst.valid_row == Const(16, "int"), (src.valid_row, dst.valid_row)
    assert [s.builtin for s in prog.sites].count("TDIVS") == 5  # before, two peeled + generic, after


def test_a_loop_summarised_in_a_header_is_noted_at_the_header(tmp_path: Path) -> None:
    (tmp_path / "helper.hpp").write_text("""#pragma once
template <typename T>
AICORE void fill(T &y, T &x) {
  for (int i = 0; i < 100000; i++) {
    TDIVS(y, x, 2.0f);
  }
}
""")
    f = tmp_path / "k.cpp"
    f.write_text(PRELUDE + """#include "helper.hpp"
extern "C" __global__ AICORE void kern(__gm__ half *out) {
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64>;
  VecTile x, y;
  fill(y, x);
}
""")
    res = check_file(str(f), Options(targets=["a2a3"], rules=list(load_rules().values())))
    (note,) = [d for d in res.diagnostics if d.code == "analysis-limit"]
    # the loop is at line 4 of the header, not of the checked file (which has no line-4 loop)
    assert (note.file, note.line, note.checked) == (str(tmp_path / "helper.hpp"), 4, str(f))
    assert note.included_from == [(str(f), 3)]
    assert "loop at line 4" in note.message


def test_long_loop_without_builtins_is_summarised_at_once(tmp_path: Path, monkeypatch) -> None:
    # Dhrystone's main loop: scalar procedures called 1,000 to 8,000 times, no builtin among them. Walked one by
    # one it would be summarised after the nest's 512 iterations all the same; it is summarised at once, with the
    # same sites and findings after it
    f = write(tmp_path, """
static int glob;
int step(int x) { glob ^= x; return (x & 15) + glob % 7; }

AICORE void with_builtin(float s) {
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64>;
  VecTile x, y;
  TDIVS(y, x, s);
}

extern "C" __global__ AICORE void kern(__gm__ half *out, float s) {
  int base = 128, k = 0, acc = 0;
  for (int i = 0; i < 1000; i++) {
    k += 2;
    acc = step(acc + (i & 7));
  }
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> a;
  TileLeft<half, 32, 64> left;
  TEXTRACT(left, a, base, 0);
  for (int i = 0; i < 600; i++) {
    with_builtin(s);
  }
}
""")
    prog = program(f)
    notes = sorted(msg for _, _, msg in prog.limits)
    assert len(notes) == 2
    assert notes[0].startswith("loop at line 15: more iterations than a loop nest walks one by one (512) and no "
                               "builtin call in them: all summarised")
    # the loop calling a helper with a builtin is still walked one by one: a site per iteration
    assert notes[1].startswith("loop at line 22: the iterations after the 512 walked one by one")
    assert [s.builtin for s in prog.sites].count("TDIVS") > 512
    got = findings(f)
    # `base`, which the loop does not change, is still 128 after it: past the 128 rows of `a` for every input
    assert any(r == "PTO102" and level == "error" and "indexRow 128 " in msg for r, _, level, msg, _ in got), got
    from ptolint.frontend.interp.loops import Loops

    monkeypatch.setattr(Loops, "site_free", lambda self, parts: False)  # walked one by one, as before
    walked = program(f)
    assert any(msg.startswith("loop at line 15: the iterations after the 512") for _, _, msg in walked.limits)
    assert [(s.builtin, s.line) for s in walked.sites] == [(s.builtin, s.line) for s in prog.sites]
    assert findings(f) == got


def test_loop_calling_only_pure_helpers_of_other_files_is_inert(tmp_path: Path) -> None:
    # tload's golden data: a 5-deep nest writing `std::numeric_limits<T>::max()` into arrays, 12 instantiations
    # each walked to the nest's budget; a helper that can only compute a value changes nothing the walk tracks
    from ptolint.frontend.cursors import walk
    from ptolint.frontend.interp.loops import inert

    (tmp_path / "lim.hpp").write_text("""#pragma once
struct Lim {
  static float big() { float v = 3.0f; v *= 2.0f; return v + __builtin_huge_valf() * 0.0f; }
  static void bump(int &x) { x++; }
  static int twice(int x) { return big() > 0 ? 2 * x : x; }
  int n = 0;
  int next() { return ++n; }
};
""")
    f = tmp_path / "k.cpp"
    f.write_text(PRELUDE + """#include "lim.hpp"
static float local_big() { return 1.0f; }
extern "C" __global__ AICORE void kern(__gm__ half *out, int n) {
  float gold[64][64];
  int acc = 0;
  Lim lim;
  for (int i = 0; i < 64; i++) { for (int j = 0; j < 64; j++) { gold[i][j] = Lim::big() + Lim::twice(j); } }
  for (int i = 0; i < 64; i++) { Lim::bump(acc); }
  for (int i = 0; i < 64; i++) { gold[0][i] = local_big(); }
  for (int i = 0; i < 64; i++) { gold[1][i] = lim.next(); }
  out[0] = acc + n;
}
""")
    tu, _ = parse(str(f), "a2a3", ParseOptions())
    import clang.cindex as ci

    loops = [c for c in walk(tu.cursor) if c.kind == ci.CursorKind.FOR_STMT and c.location.file is not None
             and c.location.file.name == str(f) and c.location.line in (9, 10, 11, 12)]
    loops = [c for c in loops if not any(p is not c and c.location.line == p.location.line
                                         and c.extent.start.offset > p.extent.start.offset for p in loops)]
    # pure helpers of a header; a helper writing through a reference; a helper of the main file (an entry point
    # the walk may still have to walk on its own); a method that changes its object
    assert [inert(c) for c in loops] == [True, False, False, False]


def test_unsigned_loop_with_constant_bounds_has_a_trip_count(tmp_path: Path) -> None:
    # a host program's check loop `for (size_t row = 0; row < 1024; ++row)`: its 1,024 trips are known (the
    # variable stays between two constants, no wrap), so a site-free body is summarised at once
    f = write(tmp_path, """
static int scale(int x) { return x * 2; }
extern "C" __global__ AICORE void kern(__gm__ half *out) {
  int acc = 0;
  for (size_t row = 0; row < 1024; ++row) { acc += scale((int)row); }
  for (size_t row = 0; row + 1 < 1024; ++row) { acc -= scale((int)row); }
}
""")
    notes = sorted(msg for _, _, msg in program(f).limits)
    assert notes[0].startswith("loop at line 7: more iterations than a loop nest walks one by one (512) and no "
                               "builtin call in them: all summarised")
    # `row + 1 < 1024` is no `v < bound` of the variable itself: walked one by one up to the nest's budget
    assert notes[1].startswith("loop at line 8: the iterations after the 512 walked one by one")


def test_library_calls_that_cannot_matter_are_not_walked(tmp_path: Path) -> None:
    # a host program builds file names with std::to_string and operator+ (gemm_ar/main.cpp: 3.4 of 6.6 s walking
    # libstdc++); a system header's function whose result is void or a library class and whose parameters are
    # scalars, pointers or library classes cannot change what the walk tracks: it is not walked
    lib = tmp_path / "sys"
    lib.mkdir()
    (lib / "strs.hpp").write_text("""#pragma once
namespace lib {
struct Str { char buf[64]; int len; };
inline Str to_str(int v) { Str s{}; for (int i = 0; i < 100000; i++) { s.len += v % 10; v /= 10; } return s; }
inline int digits(int v) { int n = 0; for (int i = 0; i < 100000; i++) { n += v % 10; } return n; }
inline void bump(int &x) { for (int i = 0; i < 100000; i++) { x++; } }
}
""")
    f = write(tmp_path, """#include <strs.hpp>
void host(float *out, int n) {
  lib::Str name = lib::to_str(n);
  int d = lib::digits(n);
  int k = 0;
  lib::bump(k);
}
""")
    tu, diags = parse(str(f), "a2a3", ParseOptions(extra=["-isystem", str(lib)]))
    assert not diags
    prog = analyse(tu, "a2a3", str(f), CHECKED)
    walked = {name.split("(")[0] for name in prog.stats.instantiations}
    # to_str (a library class out, an int in) is not walked; digits (a scalar result: its value may matter) and
    # bump (writes the caller's `k` through a reference) are
    assert not any("to_str" in w for w in walked), walked
    assert any("digits" in w for w in walked) and any("bump" in w for w in walked), (walked, prog.limits)


DIRECT = """
extern "C" __global__ AICORE void kern(__gm__ float *out, int n, int m, float s) {
  using VecTile = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  VecTile x(16, 64), y(16, 64), z(16, 64);
  for (int i = 0; i < n; i += 16) {  // setters on tiles declared before the loop: no walk on a copy
    int rows = n - i < 16 ? n - i : 16;
    x.SetValidRow(rows);
    if (m > 3) {
      z.SetValidCol(m);
    }
    TDIVS(y, x, s);
  }
  TDIVS(y, x, s);
  TDIVS(z, y, s);
  for (int i = 0; i < n; i++) {  // a setter through a reference declared in the loop: walked on a copy
    VecTile &r = y;
    r.SetValidRow(i + 1);
  }
  TDIVS(z, y, s);
}
"""


def test_setters_on_named_tiles_need_no_copy_walk(tmp_path: Path, monkeypatch) -> None:
    # a generated kernel's tile loops: `t.SetValidRow(rows)` on tiles declared before the loop. Which regions the
    # loop sets is read from its setters; the copy walk is kept for the other forms (here a reference)
    from ptolint.frontend.interp.loops import Loops

    f = write(tmp_path, DIRECT)
    walked = count_copy_walks(monkeypatch)
    prog = program(f)
    after = [s for s in prog.sites if s.builtin == "TDIVS" and s.line > 13]
    # the second loop's two walks (generic iteration, after the loop) only
    assert len(walked) == 2 and all(n >= len(prog.sites) - 2 for n in walked), walked
    first, second, third = after
    # after the first loop: x's valid row and z's valid col are unknown, z's rows and y's region are not
    assert "validRow" in str(first.args[1].valid_row) and first.args[0].valid_row.value == 16
    assert "validCol" in str(second.args[0].valid_col) and second.args[0].valid_row.value == 16
    assert "validRow" in str(third.args[1].valid_row)  # y, set through the reference in the second loop
    got = findings(f)
    monkeypatch.setattr(Loops, "direct_regions", lambda self, parts: None)  # every loop walked on a copy
    walked.clear()
    copied = program(f)
    assert len(walked) == 4
    assert [(s.builtin, s.line, s.args) for s in copied.sites] == [(s.builtin, s.line, s.args) for s in prog.sites]
    assert findings(f) == got


INTRINSICS = """
template <typename T>
AICORE int halve(T &dst, T &src, float s) { TDIVS(dst, src, s); return 0; }

extern "C" __global__ AICORE void kern(__gm__ half *out, __gm__ half *src, int rows, float s) {
  using VecTile = Tile<TileType::Vec, half, 16, 64, BLayout::RowMajor, 16, 64>;
  VecTile x, y;
  __ubuf__ half *ub = x.data();
  int off = 64;
  uint16_t burst = 4;
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  copy_gm_to_ubuf((__ubuf__ void *)ub, (__gm__ void *)src, 0, burst, (uint16_t)8, 0, 0);
  copy_gm_to_ubuf((__ubuf__ void *)ub, (__gm__ void *)src, off++, burst, halve(y, x, s), 0, 0);
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> a;
  TileLeft<half, 32, 64> left;
  TEXTRACT(left, a, rows + off, 0);
}
"""


def test_inert_arguments_of_an_intrinsic_are_not_evaluated_and_effects_still_are(tmp_path: Path) -> None:
    """An intrinsic without a body gives the walk nothing to record: its literal, enumerator, variable and cast
    arguments are not evaluated (interp/calls.py `inert_argument`); an argument with an effect (`off++`, a helper
    that reaches a builtin) still is."""
    import clang.cindex as ci

    from ptolint.frontend.cursors import arguments, walk
    from ptolint.frontend.interp.calls import inert_argument

    f = write(tmp_path, INTRINSICS)
    tu, diags = parse(str(f), "a2a3", ParseOptions())
    assert not diags, [d.message for d in diags]
    calls = [c for c in walk(tu.cursor) if c.kind == ci.CursorKind.CALL_EXPR and c.spelling in (
        "set_flag", "copy_gm_to_ubuf") and c.location.file is not None and c.location.file.name == str(f)]
    assert [[inert_argument(a) for a in arguments(c)] for c in calls] == [
        [True, True, True],
        [True, True, True, True, True, True, True],
        [True, True, False, True, False, True, True],  # `off++`; a call of a helper
    ]
    prog = program(f)
    assert [s.builtin for s in prog.sites] == ["TDIVS", "TEXTRACT"]  # the helper reached through the argument
    got = findings(f)
    assert ("PTO505", "warning") in {(r, level) for r, _, level, _, _ in got}, got
    # `off++` was counted: the rows start at rows + 65 (97 for the least rows that run the 32-row copy past the
    # 128-row source; without the increment, rows = 33 would be the least)
    assert ("PTO102", 18, "warning", "indexRow 97 + Dst::Rows 32 exceeds Src::Rows 128 (left copy)",
            (("rows", 32),)) in got, got


def test_an_effect_in_an_intrinsic_argument_inside_a_loop_is_carried_across_iterations(tmp_path: Path) -> None:
    # `off++` in the intrinsic's arguments runs once per iteration (a run-time bound, state carried out of the loop);
    # the inert arguments beside it are skipped; the copy after the loop starts at rows + 64 + n
    f = write(tmp_path, """
extern "C" __global__ AICORE void kern(__gm__ half *src, int rows) {
  Tile<TileType::Vec, half, 16, 64, BLayout::RowMajor, 16, 64> x;
  __ubuf__ half *ub = x.data();
  int off = 64;
  for (int i = 0; i < 4; i++) {
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    copy_gm_to_ubuf((__ubuf__ void *)ub, (__gm__ void *)src, off++, (uint16_t)1, (uint16_t)8, 0, 0);
  }
  Tile<TileType::Mat, half, 128, 64, BLayout::ColMajor, 128, 64, SLayout::RowMajor> a;
  TileLeft<half, 32, 64> left;
  TEXTRACT(left, a, rows + off, 0);
}
""")
    got = findings(f)
    # off = 68 after the loop: rows = 29 is the least that runs the 32-row copy past the 128-row source
    assert ("PTO102", 14, "warning", "indexRow 97 + Dst::Rows 32 exceeds Src::Rows 128 (left copy)",
            (("rows", 29),)) in got, got
