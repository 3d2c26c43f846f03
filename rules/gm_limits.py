"""TLOAD / TSTORE: the ranges the copy routines accept for the GlobalTensor's extents and strides and for the
tile's shape (PTO945 at run time, PTO946 at compile time).

Each copy routine packs the transfer into the fields of one MTE / fixpipe instruction (a 12-bit burst count, a
16-bit extent or stride ...), and asserts the range those fields hold: A2/A3 in common/arch/memory/
tload_common.hpp, tstore_common.hpp and npu/a2a3/TLoad.hpp / TStore.hpp; A5 in common/arch/register/
tload_common.hpp (TLoadCubeCheck) and npu/a5/TStore.hpp (CheckStaticAcc). Which routine a call takes follows
the implementation's dispatch: the tile's buffer and layout class, then the GlobalTensor's layout.
"""

from __future__ import annotations

from dataclasses import dataclass

from ptolint.rules.global_tensor import A2A3_MEM, LAYOUT_PAIRS, OWN, _esc, _plain_store, operands, tile_layout

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, GlobalView, Provenance, TileView, int_values, rule


@dataclass(frozen=True)
class Bound:
    """`lo <= term <= hi` (None: unbounded), and `term % mult == 0` when mult; `term` names a GlobalTensor
    extent / stride (Shape0..4, Stride3, Stride4), a valid dimension (ValidRow, ValidCol), a static tile
    dimension (Rows, Cols, Elems = Rows * Cols) or a static tensor dimension (Static0..4), or Bytes4 / Bytes3
    (Shape4 / Shape3 in bytes)."""

    term: str
    lo: int | None = None
    hi: int | None = None
    mult: int = 0


#: A2/A3: every plain and quantising store from L0C (CheckAcc2gm), by GlobalTensor layout
_A2A3_ACC_STATIC = {"ND": (Bound("Cols", 1, 4095), Bound("Rows", 1, 8192)),
                    **{lay: (Bound("Cols", 1, 4095, 16), Bound("Rows", 1, 65535))
                       for lay in ("NZ", "NC1HWC0", "NDC1HWC0")}}
_A5_ACC_STATIC = {"ND": (Bound("Cols", 1, 4095), Bound("Rows", 1, 8192)),
                  **{lay: (Bound("Cols", 1, 4095, 16), Bound("Rows", 1, 65535))
                     for lay in ("NZ", "NHWC", "NCHW", "NCDHW")}}
_TWO_DIM = (Bound("Static0", 1, 1), Bound("Static1", 1, 1), Bound("Static2", 1, 1))

#: (impl, builtin, routine) -> the bounds the routine asserts at run time (PTO_ASSERT, debug builds)
RUNTIME: dict[tuple[str, str, str], tuple[Bound, ...]] = {
    ("a2a3", "TLOAD", "ub-nd"): (Bound("Shape3", hi=4095),),
    ("a2a3", "TLOAD", "ub-dn"): (Bound("Shape4", hi=4095),),
    ("a2a3", "TLOAD", "nz"): (Bound("Shape1", hi=4095),),
    ("a2a3", "TLOAD", "l1-nd"): (Bound("Shape3", hi=4095), Bound("Bytes4", mult=32)),
    ("a2a3", "TLOAD", "l1-dn"): (Bound("Shape4", hi=4095), Bound("Bytes3", mult=32)),
    ("a2a3", "TLOAD", "nd2nz"): (Bound("Shape3", 1, 16384), Bound("Shape4", 1, 65535), Bound("Stride3", 1, 65535)),
    ("a2a3", "TLOAD", "dn2zn"): (Bound("Shape4", 1, 16384), Bound("Shape3", 1, 65535), Bound("Stride4", 1, 65535)),
    ("a2a3", "TSTORE", "ub-nd"): (Bound("Shape3", hi=4095),),
    ("a2a3", "TSTORE", "ub-dn"): (Bound("Shape4", hi=4095),),
    ("a2a3", "TSTORE", "nz"): (Bound("Shape1", hi=4095),),
    ("a2a3", "TSTORE", "l1-nd"): (Bound("Shape3", hi=4095), Bound("Bytes4", mult=32)),
    ("a2a3", "TSTORE", "l1-dn"): (Bound("Shape4", hi=4095), Bound("Bytes3", mult=32)),
    ("a2a3", "TSTORE", "acc-ND"): (Bound("ValidCol", 1, 4095), Bound("Shape0", 1, 1), Bound("Shape1", 1, 1),
                                   Bound("Shape2", 1, 1), Bound("ValidRow", 1, 8192)),
    ("a2a3", "TSTORE", "acc-NZ"): (Bound("ValidCol", 1, 4095, 16), Bound("ValidRow", 1, 65535)),
    ("a2a3", "TSTORE", "acc-NC1HWC0"): (Bound("ValidCol", 1, 4095), Bound("ValidRow", 1, 65535)),
    ("a2a3", "TSTORE", "acc-NDC1HWC0"): (Bound("ValidCol", 1, 4095), Bound("ValidRow", 1, 65535)),
}
#: Kirin X90's own TStore.hpp: A2/A3's routines and asserts (tstore_common.hpp; its own TStoreUb2gmDn2dn / Nz2nz and
#: TStoreAccNz2nz assert the same), but its TStoreAcc has no NDC1HWC0 branch: only CheckAcc2gm's column range
RUNTIME.update({("kirinx90", b, r): v for (impl, b, r), v in list(RUNTIME.items()) if impl == "a2a3" and b == "TSTORE"})
RUNTIME[("kirinx90", "TSTORE", "acc-NDC1HWC0")] = (Bound("ValidCol", 1, 4095),)
#: Kirin X90's TSTORE_IMPL (every source, kirinX90/TStore.hpp:286) and CheckAcc2gm (every L0C store form, :271)
#: PTO_ASSERT every GlobalTensor extent and both valid dimensions > 0 (A2/A3's same asserts are left alone: its
#: vendor kernels move empty regions on purpose, bench/assert_map.py)
NONEMPTY = (*(f"Shape{i}" for i in range(5)), "ValidRow", "ValidCol")


def _at_least_one(bounds: tuple[Bound, ...]) -> tuple[Bound, ...]:
    """`bounds` with a lower bound of at least 1 on every NONEMPTY term (merged into a term's existing bound)."""
    out = [Bound(b.term, max(b.lo or 0, 1), b.hi, b.mult) if b.term in NONEMPTY else b for b in bounds]
    return (*out, *(Bound(t, 1) for t in NONEMPTY if all(b.term != t for b in bounds)))


RUNTIME.update({k: _at_least_one(v) for k, v in RUNTIME.items() if k[0] == "kirinx90"})
#: (impl, builtin, routine) -> the bounds the routine static_asserts
STATIC: dict[tuple[str, str, str], tuple[Bound, ...]] = {
    ("a2a3", "TLOAD", "ub-nd"): (Bound("Rows", hi=4095),),
    ("a2a3", "TLOAD", "l1-row"): _TWO_DIM,
    ("a2a3", "TLOAD", "l1-col"): _TWO_DIM,
    ("a2a3", "TLOAD", "nd2nz"): (*_TWO_DIM, Bound("Rows", hi=16384)),
    ("a2a3", "TLOAD", "dn2zn"): (*_TWO_DIM, Bound("Cols", hi=16384)),
    **{("a2a3", "TSTORE", f"acc-{lay}"): b for lay, b in _A2A3_ACC_STATIC.items()},
    **{("a5", "TLOAD", r): (Bound("Rows", hi=16384), Bound("Elems", hi=512 * 1024)) for r in ("l1-nd", "l1-dn",
                                                                                           "nz", "dn2zn")},
    **{("a5", "TLOAD", r): (Bound("Rows", hi=16384), Bound("Elems", hi=512 * 1024), *_TWO_DIM,
                            Bound("Fractal", 512, 512)) for r in ("nd2nz", "dn2nz")},
    **{("a5", "TSTORE", f"acc-{lay}"): b for lay, b in _A5_ACC_STATIC.items()},
}


#: the newer targets' own TLOAD / TSTORE files (OWN) call A5's shared checks (common/arch/register/
#: tload_common.hpp StaticCheck / TLoadCubeCheck, tstore_common.hpp) and, for stores from L0C, a CheckStaticAcc
#: with A5's ranges for ND and NZ tensors (kirin9030/TStore.hpp, kirinDev0000/TStore.hpp)
A5_LIKE = ("kirin9030", "kirindev0000", "a6")
STATIC.update({(own, b, r): v for own in A5_LIKE for (impl, b, r), v in list(STATIC.items())
               if impl == "a5" and (b == "TLOAD" or r in ("acc-ND", "acc-NZ"))})
#: Kirin X90's own TStore.hpp: A2/A3's CheckAcc2gm ranges (its TSTORE only: its TLoad.hpp cannot compile)
STATIC.update({("kirinx90", "TSTORE", f"acc-{lay}"): b for lay, b in _A2A3_ACC_STATIC.items()})


def routine(impl: str, builtin: str, t: TileView, g: GlobalView) -> str | None:
    """The copy routine the call reaches (keys of RUNTIME / STATIC), None for a path these rules leave to others:
    a layout pair the target lacks (PTO953), MX / convolution layouts, A5's one-row MX load of an L1 tile."""
    if t.loc == "Acc":
        return f"acc-{g.layout}" if builtin == "TSTORE" else None
    key = (builtin, t.loc)
    if g.layout not in ("ND", "DN", "NZ") or impl not in ("a2a3", "a5", *A5_LIKE, *A2A3_MEM):
        return None
    pair = (g.layout, tile_layout(t, impl not in A2A3_MEM))
    line = builtin == "TSTORE" and (t.rows == 1 or t.cols == 1)
    ok = pair in LAYOUT_PAIRS.get(key, {}).get(impl, ())
    if not (ok or line):
        return None
    if t.loc == "Vec":  # the store dispatches on the tile's layout alone (a line tile takes any tensor)
        return {"ND": "ub-nd", "DN": "ub-dn", "NZ": "nz"}.get(pair[1] if builtin == "TSTORE" else pair[0])
    if builtin == "TSTORE":
        return {"ND": "l1-nd", "DN": "l1-dn", "NZ": "nz"}.get(pair[1])
    if impl in ("a5", "a6") and t.rows == 1 and t.blayout == "RowMajor" and t.slayout == "RowMajor":
        return None  # A5's one-row MX vector load
    if pair in (("ND", "ND"), ("DN", "DN")):
        one = t.rows == 1 if pair[0] == "ND" else t.cols == 1
        if impl == "a2a3" and one:
            return "l1-row" if pair[0] == "ND" else "l1-col"
        return "l1-nd" if pair[0] == "ND" else "l1-dn"
    return {("NZ", "NZ"): "nz", ("ND", "NZ"): "nd2nz", ("DN", "NZ"): "dn2nz", ("DN", "ZN"): "dn2zn"}.get(pair)


def _term(name: str, t: TileView, g: GlobalView, fold: bool = False) -> z3.ArithRef | int:
    """The value a bound names. `fold`: a numeral as its Python int, so that _broken decides a constant in Python
    (what z3.simplify made of its formula, without building it: nearly every ST kernel transfer)."""
    if name.startswith("Shape"):
        return _fold(g.shape[int(name[-1])], fold)
    if name.startswith("Stride"):
        return _fold(g.stride[int(name[-1])], fold)
    if name.startswith("Static"):
        return g.spec.shape[int(name[-1])]
    if name.startswith("Bytes"):
        return _fold(g.shape[int(name[-1])], fold) * t.spec.elem_size
    if name in ("ValidRow", "ValidCol"):
        return _fold(t.valid_row if name == "ValidRow" else t.valid_col, fold)
    return {"Rows": t.rows, "Cols": t.cols, "Elems": t.rows * t.cols, "Fractal": t.fractal}[name]


def _fold(v: z3.ArithRef, fold: bool) -> z3.ArithRef | int:
    known = int_values(v) if fold else None
    return v if known is None else known[0]


def _broken(b: Bound, v):
    """The condition under which `v` breaks `b` (a Python bool for static values)."""
    parts = []
    if b.lo is not None:
        parts.append(v < b.lo)
    if b.hi is not None:
        parts.append(v > b.hi)
    if b.mult:
        parts.append(v % b.mult != 0)
    if isinstance(v, int):
        return any(parts)
    return z3.Or(*parts) if len(parts) > 1 else parts[0]


def _range(b: Bound) -> str:
    out = [f"[{b.lo if b.lo is not None else '..'}, {b.hi if b.hi is not None else '..'}]"] \
        if b.lo is not None or b.hi is not None else []
    if b.mult:
        out.append(f"a multiple of {b.mult}")
    return " and ".join(out)


def _bounds(ctx: Ctx, table: dict[tuple[str, str, str], tuple[Bound, ...]]) \
        -> tuple[TileView, GlobalView, str, tuple[Bound, ...]] | None:
    """The call's operands, routine and the bounds `table` holds for it (plain transfers; every L0C store form)."""
    got = operands(ctx)
    if got is None:
        return None
    t, g = got
    if t.loc != "Acc" and not _plain_store(ctx):
        return None
    r = routine(ctx.impl, ctx.builtin, t, g)
    bounds = table.get((ctx.impl, ctx.builtin, r or ""))
    return (t, g, r or "", bounds) if bounds else None


_A2A3_MEM = "include/pto/common/arch/memory/tload_common.hpp, tstore_common.hpp"
_A2A3_NPU = "include/pto/npu/a2a3/TLoad.hpp (TLoadGm2L1Nd2nd, TLoadGm2L1Dn2dn), include/pto/npu/a2a3/TStore.hpp"
_A5_LOAD = "include/pto/common/arch/register/tload_common.hpp (TLoadCubeCheck)"
_A5_STORE = "include/pto/npu/a5/TStore.hpp (CheckStaticAcc)"
_DOCS = "docs/isa/TLOAD.md, docs/isa/TSTORE.md"


@rule("PTO945", "gm-transfer-extent-limit", instructions=("TLOAD", "TSTORE"), fault="extent-limit",
      targets=("a2a3",), own={"kirinx90": ("TSTORE",)},
      provenance=(Provenance("header-runtime", _A2A3_MEM,
                             "PTO_ASSERT, debug builds only: UB ND / DN / NZ bursts (TLoadGm2ubNd2nd gShape3 < 4096, "
                             "Dn2dn gShape4 < 4096, CheckNzFormat gShape1 < 4096; TStoreUb2gmNd2nd, TStoreMat2Gm*); "
                             "ND2NZ / DN2ZN into L1: the inner extents in [1, 16384] and [1, 65535], the row "
                             "(column) stride in [1, 65535]; Mat -> GM rows in 32-byte blocks; L0C -> GM "
                             "(CheckAcc2gm, TStoreAccNz2nd / NC1HWC0 / NDC1HWC0) valid columns in [1, 4095], valid "
                             "rows in [1, 8192] (ND, a 2-D tensor) or [1, 65535]; release builds pack the value "
                             "into a narrower field of the instruction and move the truncated extent"),
                  Provenance("header-runtime", _A2A3_NPU, "GM -> L1 ND / DN bursts: gShape3 (gShape4) < 4096 and the "
                             "row (column) in 32-byte blocks; UB -> GM DN / NZ: gShape4 / gShape1 < 4096; L0C -> NZ: "
                             "validRow in [1, 65535], validCol a multiple of 16"),
                  Provenance("corpus", "tests/npu/a2a3/src/st/testcase/tpartmax, tpartmin (the vendor's ST kernels)",
                             "CheckNormalTileData / TSTORE_IMPL also PTO_ASSERT every extent and valid dimension > 0; "
                             "the vendor's own kernels load an empty tensor into an empty valid region on purpose "
                             "(a release build moves nothing), so an empty transfer is not reported (as PTO956)"),
                  Provenance("header-runtime", "include/pto/npu/kirinX90/TStore.hpp (CheckAcc2gm, TStoreUb2gmDn2dn, "
                             "TStoreUb2gmNz2nz, TStoreAccNz2nz)", "Kirin X90's TSTORE: A2/A3's asserts (its "
                             "TStoreUb2gmInstr splits the bursts into chunks of 4095, the assert stays); its TStoreAcc "
                             "has no NDC1HWC0 branch, so only CheckAcc2gm's valid-column range holds there"),
                  Provenance("header-runtime", "include/pto/npu/kirinX90/TStore.hpp (TSTORE_IMPL line 286, "
                             "CheckAcc2gm line 271)", "Kirin X90: every GlobalTensor extent (Shape0..4) and both "
                             "valid dimensions of the tile > 0, for every source (no vendor X90 ST kernel stores an "
                             "empty region; a release build moves nothing)"),
                  Provenance("isa-doc", _DOCS, "the docs do not state these ranges")))
def gm_transfer_extent_limit(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3 TLOAD / TSTORE (and Kirin X90's TSTORE, A2/A3's routines) whose GlobalTensor extent, stride or valid
    region is outside the range its copy routine asserts.

    ## What it does
    Finds the copy routine the call takes (the tile's buffer and layout, the tensor's layout) and checks the
    run-time values it packs into the instruction: the burst count of UB and L1 ND / DN / NZ copies
    (Shape3, Shape4 or Shape1 below 4096), the inner extents and row stride of an ND -> NZ (DN -> ZN) load
    into L1 (within [1, 16384] and [1, 65535]), 32-byte rows for GM <-> L1 ND / DN copies, and the valid
    region of an L0C store (columns in [1, 4095], rows in [1, 8192] for an ND tensor that must be 2-D, else
    [1, 65535]); on Kirin X90 also every tensor extent and both valid dimensions of a stored tile at least 1.
    Reported when every input reaching the call breaks a range (the host chooses the tensor's extents together
    with the tile).

    ## Why is this bad?
    Debug builds stop on the `PTO_ASSERT`. Release builds write the value into a narrower field of the MTE
    or fixpipe instruction: a too-large count or stride wraps, and the copy moves a different block than
    the kernel describes.

    ## Example
    ```cpp
    using GA = GlobalTensor<half, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 70000, 1>>;  // rows 70000 apart
    Tile<TileType::Mat, half, 16, 64, BLayout::ColMajor, 16, 64, SLayout::RowMajor, 512> a;
    TLOAD(a, ga);  // ND -> NZ: the row stride must fit 16 bits
    ```

    ## Use instead
    ```cpp
    // copy the block into a contiguous staging tensor first, or split K so each row stride fits
    using GA = GlobalTensor<half, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 4096, 1>>;
    TLOAD(a, ga);
    ```
    """
    got = _bounds(ctx, RUNTIME)
    if got is None:
        return None
    t, g, r, bounds = got
    conds, show, parts = [], {}, []
    for b in bounds:
        v = _term(b.term, t, g, fold=True)
        c = _broken(b, v)
        if c is False or (not isinstance(c, bool) and z3.is_false(z3.simplify(c))):
            continue  # a constant within the range: not worth a word of the message
        conds.append(z3.BoolVal(c) if isinstance(c, bool) else c)
        show.setdefault(b.term, v)
        parts.append(f"{b.term} = {{{b.term}}} (needs {_range(b)})")
    if not conds:
        return Check(z3.BoolVal(False), "")
    return Check(z3.Or(*conds), f"{ctx.builtin} ({r}): {'; '.join(parts)} for GlobalTensor `{_esc(g.text)}` and "
                 f"tile `{_esc(t.text)}`; debug builds trap, release builds move what the truncated fields say (nothing "
                 "for an empty extent)",
                 show=show, definite=True)


@rule("PTO946", "gm-transfer-static-limit", instructions=("TLOAD", "TSTORE"), fault="extent-limit",
      provenance=(Provenance("header-static", _A2A3_MEM, "TLoadGm2ubNd2nd: Rows < 4096; ND2NZ / DN2ZN: Rows (Cols) "
                             "<= 16384 and a 2-D tensor (staticShape[0..2] == 1, also for a one-row / one-column "
                             "L1 tile: TLoadGm2L1VectorInND / InDn)"),
                  Provenance("header-static", "include/pto/npu/a2a3/TStore.hpp (CheckAcc2gm)",
                             "L0C -> GM: Cols in [1, 4095]; Rows in [1, 8192] (ND) or [1, 65535] with Cols % 16 == 0 "
                             "(NZ, NC1HWC0, NDC1HWC0)"),
                  Provenance("header-static", _A5_LOAD, "every Mat load but the MX ones: Rows <= 16384, Rows * Cols "
                             "<= 512 Ki elements; ND2NZ / DN2NZ: a 2-D tensor and SFractalSize 512"),
                  Provenance("header-static", _A5_STORE, "the same L0C ranges as A2/A3 (NZ, NHWC, NCHW, NCDHW with "
                             "Rows in [1, 65535])"),
                  Provenance("header-static", "include/pto/npu/kirin9030/TLoad.hpp, include/pto/npu/a6/TLoad.hpp, "
                             "include/pto/npu/kirin9030/TStore.hpp, include/pto/npu/kirinDev0000/TStore.hpp",
                             "the Kirin and A6 loads call A5's TLoadCubeCheck; the Kirin L0C stores assert A5's "
                             "ranges for ND and NZ tensors"),
                  Provenance("header-static", "include/pto/npu/kirinX90/TStore.hpp (CheckAcc2gm)",
                             "Kirin X90's L0C stores: A2/A3's ranges (ND, NZ, NC1HWC0, NDC1HWC0)"),
                  Provenance("isa-doc", _DOCS, "the docs do not state these ranges")), own=OWN)
def gm_transfer_static_limit(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TLOAD / TSTORE whose tile shape or static tensor shape is outside what its copy routine accepts.

    ## What it does
    Finds the copy routine the call takes and checks its compile-time limits: A2/A3 UB ND loads of fewer
    than 4096 rows, ND -> NZ (DN -> ZN) loads into L1 of at most 16384 rows (columns) from a 2-D tensor
    (`Shape<1, 1, 1, M, N>`, a DYNAMIC leading dimension included), A5 L1 loads of at most 16384 rows and
    512 Ki elements (ND / DN -> NZ: 512-byte fractals, a 2-D tensor), and L0C stores of 1..4095 columns and 1..8192 rows (ND) or 1..65535 rows with columns
    in 16s (the other layouts).

    ## Why is this bad?
    The implementation rejects the call with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    using GA = GlobalTensor<half, Shape<1, 2, 1, 16, 64>, Stride<1, 1024, 1024, 64, 1>>;  // 3-D
    Tile<TileType::Mat, half, 32, 64, BLayout::ColMajor, 32, 64, SLayout::RowMajor, 512> a;
    TLOAD(a, ga);  // ND -> NZ takes a 2-D tensor only
    ```

    ## Use instead
    ```cpp
    using GA = GlobalTensor<half, Shape<1, 1, 1, 32, 64>, Stride<1, 1, 1, 64, 1>>;
    TLOAD(a, ga);
    ```
    """
    got = _bounds(ctx, STATIC)
    if got is None:
        return None
    t, g, r, bounds = got
    bad = [f"{b.term} = {_term(b.term, t, g)} (needs {_range(b)})" for b in bounds
           if _broken(b, _term(b.term, t, g))]
    return Check(ctx.static(bool(bad)), f"{ctx.builtin} ({r}): {'; '.join(bad)} for tile `{_esc(t.text)}` and "
                 f"GlobalTensor `{_esc(g.text)}` (static_assert)")
