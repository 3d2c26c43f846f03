"""TASSIGN (PTO901..): bind a tile to an address in the on-chip buffer of its TileType.

Modelled on include/pto/common/tassign_check.hpp (TASSIGN<Addr>(tile): static checks SA-0351..SA-0354),
include/pto/common/buffer_limits.hpp (capacities and alignments per target) and a2a3/TAssign.hpp (the
run-time form TASSIGN(tile, addr), shared by A5: it only reinterprets the integer as the tile's address and
checks nothing). Parameter names (model header): (obj, addr) and the template argument `Addr`.

The tile's footprint is Rows * Cols * sizeof(DType) (TileStorageBytes). For the run-time form the rules
judge only addresses the frontend folds to a constant or that depend on loop variables alone (buffer arrays
placed in a loop): an address computed from other kernel inputs (block index, host parameters) is the
kernel's resource plan, which a per-call rule cannot see whole. One exception: PTO901 reports an address
computed from the block index when it lies outside the buffer for every block index (`0x20000 + 0x400 *
block_idx` on a 128 KiB UB, the Kirin Dev0000 tcvt ST kernel): no launch of the kernel places it inside.
"""

from __future__ import annotations

import re

from ptolint import z3lazy as z3
from ptolint.ruleset import Check, Ctx, Provenance, TileView, int_values, rule
from ptolint.targets import ALL_TARGETS, BUFFERS

INSTR = ("TASSIGN",)

#: target -> TileType -> (buffer name, capacity in bytes); 0 = the memory space does not exist
CAPACITY: dict[str, dict[str, tuple[str, int]]] = {
    "a2a3": {"Vec": ("UB", 192 * 1024), "Mat": ("L1", 512 * 1024), "Left": ("L0A", 64 * 1024),
             "Right": ("L0B", 64 * 1024), "Acc": ("L0C", 128 * 1024), "Bias": ("BiasTable", 1024),
             "Scaling": ("FBuffer", 2 * 1024), "ScaleLeft": ("L0A(Scale)", 0), "ScaleRight": ("L0B(Scale)", 0)},
    "a5": {"Vec": ("UB", 256 * 1024), "Mat": ("L1", 512 * 1024), "Left": ("L0A", 64 * 1024),
           "Right": ("L0B", 64 * 1024), "Acc": ("L0C", 256 * 1024), "Bias": ("BiasTable", 4 * 1024),
           "Scaling": ("FBuffer", 4 * 1024), "ScaleLeft": ("L0A(Scale)", 4 * 1024),
           "ScaleRight": ("L0B(Scale)", 4 * 1024)},
}
#: the four newer targets: ptolint.targets.BUFFERS (buffer_limits.hpp's PTO_*_SIZE_BYTES for that target); a
#: TileType with no buffer there (size 0: Kirin Dev0000's L0A / L0C / fixpipe buffer, every Kirin's MX scale
#: buffers) has capacity 0, which tassign_check.hpp rejects as for A2/A3's scale buffers
_NAMES = {"Vec": "UB", "Mat": "L1", "Left": "L0A", "Right": "L0B", "Acc": "L0C", "Bias": "BiasTable",
          "Scaling": "FBuffer", "ScaleLeft": "L0A(Scale)", "ScaleRight": "L0B(Scale)"}
for _t in ALL_TARGETS[2:]:
    CAPACITY[_t] = {loc: (name, BUFFERS[_t].get(loc, ("", 0))[1]) for loc, name in _NAMES.items()}
ALIGNMENT = 32  # PTO_{UBUF,CBUF,L0A,L0B,L0C,BIAS,FBUF}_ALIGN_BYTES on both targets

CHECK_HDR = "include/pto/common/tassign_check.hpp (tassign_static_check, SA-0351..SA-0354)"
LIMITS_HDR = "include/pto/common/buffer_limits.hpp (PTO_*_SIZE_BYTES, PTO_*_ALIGN_BYTES)"
#: where the newer targets' capacities come from
NEWER_LIMITS = Provenance("header-static", LIMITS_HDR, "a6, kirin9030, kirinx90, kirindev0000: their PTO_*_SIZE_BYTES "
                          "(ptolint.targets.BUFFERS); TASSIGN is npu/a2a3/TAssign.hpp (as on A5) under A5's "
                          "pto_instr.hpp wrapper there (ptolint.impls)")
RT_HDR = "include/pto/npu/a2a3/TAssign.hpp (TASSIGN_IMPL; a5/TAssign.hpp includes it)"
DOC = "docs/isa/TASSIGN.md"


def _bytes(t: TileView) -> int:
    return t.rows * t.cols * (t.elem_size or 0)


def _address(ctx: Ctx) -> tuple[int | None, bool] | None:
    """(address, template_form) or None when the call is not a tile TASSIGN; address None when not constant.
    Remembered on the Ctx: the four TASSIGN rules of a call ask it in turn."""
    try:
        return ctx.__dict__["_tassign_address"]
    except KeyError:
        out = ctx._tassign_address = _read_address(ctx)
        return out


def _read_address(ctx: Ctx) -> tuple[int | None, bool] | None:
    if ctx.tile("obj") is None:
        return None
    if "Addr" in ctx.template_args:
        try:
            return int(ctx.template_args["Addr"], 0), True
        except ValueError:
            return None
    from ptolint.z3terms import int_constant

    addr = ctx.scalar("addr")
    if addr is None:
        return None
    known = int_constant(addr)  # (asked first: no sort query for the usual constant address)
    if known is not None:  # (what z3.simplify gives back for a numeral)
        return known, False
    if z3.is_bool(addr) or not z3.is_int(addr):
        return None
    v = z3.simplify(addr)
    return (v.as_long() if z3.is_int_value(v) else None), False


def _loop_only(term: z3.ExprRef) -> bool:
    """Whether every input the term depends on is a loop variable (the frontend names them `i@L<line>`)."""
    return _inputs(term) == set()


#: the frontend's names of the block index inputs (ptolint.frontend.values: `get_block_idx()`, ...)
BLOCK_INDEX = re.compile(r"get_(block_idx|subblockid)\(\)")


def _inputs(term: z3.ExprRef) -> set[str] | None:
    """The names of the block index inputs the term depends on besides loop variables; None when it depends on
    others."""
    from ptolint.solver import var_names  # (the solver imports z3 itself: rules load on runs that need no z3)

    names = var_names(term)
    if any(not BLOCK_INDEX.fullmatch(n) and not re.search(r"@L\d+$", n) for n in names):
        return None
    return {n for n in names if BLOCK_INDEX.fullmatch(n)}


def _block_address(ctx: Ctx) -> tuple[z3.ArithRef | None, set[str]]:
    """The run-time form's address when it depends on the block index (and loop variables) only, with the
    names of the block index inputs; (None, empty) otherwise."""
    term = ctx.scalar("addr")
    if term is None or z3.is_bool(term) or not z3.is_int(term):
        return None, set()
    blocks = _inputs(term)
    return (term, blocks) if blocks else (None, set())


@rule("PTO901", "tassign-out-of-buffer", instructions=INSTR, fault="out-of-bounds",
      targets=ALL_TARGETS, chip=True,
      provenance=(NEWER_LIMITS,
                  Provenance("header-static", CHECK_HDR, "TASSIGN<Addr>: static_assert capacity > 0 (SA-0351), "
                             "tile bytes <= capacity (SA-0352), Addr + tile bytes <= capacity (SA-0353)"),
                  Provenance("header-static", LIMITS_HDR, "a2a3: UB 192K, L1 512K, L0A/L0B 64K, L0C 128K, bias 1K, "
                             "FBuffer 2K, no ScaleLeft/ScaleRight; a5: UB 256K, L1 512K, L0A/L0B 64K, L0C 256K, "
                             "bias 4K, FBuffer 4K, ScaleLeft/ScaleRight 4K (ptolint/targets.py has FBuffer 4K for "
                             "a2a3; the header says 2K and is modelled here)"),
                  Provenance("hazard", RT_HDR, "TASSIGN(tile, addr) checks nothing: a tile placed past the end "
                             "of its buffer reads and writes outside it"),
                  Provenance("isa-doc", DOC, "manual placement; the address must be valid for the tile's buffer")))
def tassign_out_of_buffer(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TASSIGN places a tile (partly) outside the on-chip buffer of its TileType.

    ## What it does
    Compares the tile's place with the capacity of its buffer on the target: UB (Vec) 192 KiB on
    A2/A3 and 256 KiB on A5, L1 (Mat) 512 KiB, L0A (Left) and L0B (Right) 64 KiB, L0C (Acc) 128 / 256
    KiB, the bias table 1 / 4 KiB, the fixpipe buffer (Scaling) 2 / 4 KiB, ScaleLeft/ScaleRight 4 KiB
    on A5 only. `TASSIGN<Addr>(tile)` needs `Addr + Rows * Cols * sizeof(DType)` to fit, as the header
    checks. `TASSIGN(tile, addr)` is reported when the address itself lies outside the buffer; only
    addresses that are constant or depend on loop variables alone are judged (an address computed from
    the block index or a host parameter is the kernel's own plan), and an address computed from the block
    index that lies outside the buffer for every block index (no launch places it inside). A run-time
    placement that starts inside the buffer but does not fit is PTO903.

    ## Why is this bad?
    `TASSIGN<Addr>(tile)` is rejected by a `static_assert`. `TASSIGN(tile, addr)` checks nothing: every
    access of the tile lands outside the buffer (wrapping or faulting on the hardware), corrupting
    whatever lives there.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> t;
    TASSIGN(t, 0x40000);  // 256 KiB: past the end of A2/A3's 192 KiB UB
    TileAcc<float, 64, 64> acc;  // 16 KiB
    TASSIGN<0x3F000>(acc);       // only 4 KiB left in A5's L0C: does not compile
    ```

    ## Use instead
    ```cpp
    TASSIGN(t, 0x20000);
    TASSIGN<0x3C000>(acc);
    ```
    """
    got = _address(ctx)
    if got is None:
        return None
    addr, template_form = got
    t = ctx.tile("obj")
    assert t is not None
    if t.loc not in CAPACITY[ctx.target] or not t.elem_size:
        return None
    buf, cap = CAPACITY[ctx.target][t.loc]
    size = _bytes(t)
    name = _esc(t.text)
    if template_form:
        form = f"TASSIGN<{addr}>(obj)"
        if cap == 0:
            return Check(ctx.static(True), f"{form}: `{name}` is a TileType::{t.loc} tile, but {ctx.target} has no "
                         f"{buf} memory space")
        return Check(ctx.static(addr + size > cap), f"{form}: `{name}` needs {size} bytes and ends at {addr + size}, "
                     f"past the end of {buf} ({cap} bytes) on {ctx.target}")
    # TASSIGN(obj, addr): nothing is checked; a tile whose address is outside the buffer faults on every access
    if cap == 0:
        return Check(ctx.static(True), f"TASSIGN(obj, addr): `{name}` is a TileType::{t.loc} tile, but "
                     f"{ctx.target} has no {buf} memory space")
    outside = f"TASSIGN(obj, addr): `{name}` is placed at address {{addr}}, outside {buf} ({cap} bytes) on {ctx.target}"
    if addr is not None:  # a constant: decided in Python, the very answer z3.simplify gave the formula below
        return Check(ctx.static(addr < 0 or addr >= cap), outside, {"addr": addr})
    term = _runtime_address(ctx, addr)
    blocks: set[str] = set()
    if term is None:
        term, blocks = _block_address(ctx)
        if term is None:
            return None
    # from the block index: reported only when outside for every block index that reaches the call
    # (definite), else it is a plan some launch fits, and the proof says unknown rather than verified
    return Check(z3.Or(term < 0, term >= cap), outside, {"addr": term}, definite=bool(blocks))


def _runtime_address(ctx: Ctx, addr: int | None) -> z3.ArithRef | None:
    """The run-time form's address when it is judged: constant, or depending on loop variables only."""
    if addr is not None:
        return z3.IntVal(addr)
    term = ctx.scalar("addr")
    if term is None or not _loop_only(term):
        return None  # computed from kernel inputs: the kernel's plan, not judged
    return term


@rule("PTO903", "tassign-tile-overruns-buffer", instructions=INSTR, fault="out-of-bounds", severity="warning",
      targets=ALL_TARGETS, chip=True,
      provenance=(NEWER_LIMITS,
                  Provenance("hazard", RT_HDR, "TASSIGN(tile, addr) checks nothing: the data of a tile that starts "
                             "inside its buffer but does not fit runs past the end"),
                  Provenance("header-static", CHECK_HDR, "the template form rejects the same placement (SA-0353: "
                             "Addr + Rows * Cols * sizeof(DType) <= capacity)"),
                  Provenance("header-static", LIMITS_HDR, "capacities per target (see PTO901)")))
def tassign_tile_overruns_buffer(ctx: Ctx) -> Check | None:
    """
    ## Summary
    `TASSIGN(tile, addr)` places a tile whose valid data runs past the end of its buffer.

    ## What it does
    For the run-time form (constant addresses, or addresses that depend on loop variables alone), lays
    out the tile's valid region as its BLayout/SLayout say from the assigned address and reports it
    when that data reaches past the end of the buffer (capacities as in PTO901). Compact tiles are not
    judged.

    ## Why is this bad?
    The run-time form checks nothing (the template form `TASSIGN<Addr>` rejects the same placement):
    every instruction that touches the tile's tail reads or writes outside the buffer. It is a warning
    because an instruction may use less of the tile than its valid region (a scratch tile).

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 64, 256> t;  // 64 KiB
    TASSIGN(t, 0x20100);                    // ends 256 bytes past A2/A3's 192 KiB UB
    ```

    ## Use instead
    ```cpp
    TASSIGN(t, 0x20000);
    ```
    """
    got = _address(ctx)
    if got is None or got[1]:
        return None
    t = ctx.tile("obj")
    assert t is not None
    if t.loc not in CAPACITY[ctx.target] or not t.elem_size:
        return None
    buf, cap = CAPACITY[ctx.target][t.loc]
    if cap == 0:
        return None
    known = None if got[0] is None else _constant_overrun(t, got[0], cap)
    if known is not None:
        violated, term = ctx.static(known), got[0]
    else:
        term = _runtime_address(ctx, got[0])
        if term is None:
            return None
        extent = _touched_bytes(t)
        if extent is None:
            return None
        fits = z3.And(t.valid_row > 0, t.valid_col > 0, t.valid_row <= t.rows, t.valid_col <= t.cols)
        violated = z3.And(fits, term >= 0, term < cap, term + extent > cap)
    return Check(violated, f"TASSIGN(obj, addr): `{_esc(t.text)}` placed at address {{addr}} with valid region "
                 f"{{validRow}}x{{validCol}} ({t.rows}x{t.cols} {t.dtype}, {t.blayout}/{t.slayout}): its data runs "
                 f"past the end of {buf} ({cap} bytes) on {ctx.target}",
                 {"addr": term, "validRow": t.valid_row, "validCol": t.valid_col})


def _constant_overrun(t: TileView, addr: int, cap: int) -> bool | None:
    """PTO903's condition decided in Python when the address (`addr`) and the valid region are constants (most ST
    kernel placements): what z3.simplify makes of the formula below, without building it (the Z3 terms of the
    extent were most of the cost of checking a TASSIGN); None when not constant or the layout is not modelled."""
    known = int_values(t.valid_row, t.valid_col)
    if known is None:
        return None
    vr, vc = known
    extent = _touched_bytes(t, vr, vc)
    if extent is None:
        return None
    if not (0 < vr <= t.rows and 0 < vc <= t.cols):
        return False
    return 0 <= addr < cap and addr + extent > cap


def _touched_bytes(t: TileView, vr=None, vc=None):  # noqa: ANN001, ANN202 - z3 terms, or the Python ints given
    """A lower bound on the bytes from the tile's address to the end of its valid region's data, None when the
    layout is not modelled (compact tiles, unknown fractals). With `vr`, `vc` (positive Python ints) it is
    computed in Python, the same value."""
    if t.compact not in ("Null", "") or not t.elem_size:
        return None
    size = t.elem_size
    if vr is None:
        vr, vc = t.valid_row, t.valid_col
    if t.slayout == "NoneBox":
        if t.blayout == "RowMajor":
            return ((vr - 1) * t.cols + vc) * size
        return ((vc - 1) * t.rows + vr) * size
    if t.fractal == 1024:
        br, bc = 16, 16
    elif t.fractal == 512 and 32 % size == 0:
        br, bc = (16, 32 // size) if t.slayout == "RowMajor" else (32 // size, 16)
    else:
        return None
    box = br * bc

    def div(a, b):  # noqa: ANN001, ANN202 - Z3's integer division of a term, floor division of a Python int
        return a // b if isinstance(a, int) else a / b

    if t.blayout == "RowMajor":  # boxes row by row: every box row before the last is whole
        full = div(vr + br - 1, br) - 1
        return (full * (t.cols // bc) + div(vc + bc - 1, bc) - 1) * box * size + size
    full = div(vc + bc - 1, bc) - 1
    return (full * (t.rows // br) + div(vr + br - 1, br) - 1) * box * size + size


@rule("PTO902", "tassign-misaligned", instructions=INSTR, fault="misaligned",
      targets=ALL_TARGETS, chip=True,
      provenance=(NEWER_LIMITS,
                  Provenance("header-static", CHECK_HDR, "TASSIGN<Addr>: static_assert Addr % alignment == 0 "
                             "(SA-0354)"),
                  Provenance("header-static", LIMITS_HDR, "every buffer's alignment is 32 bytes on both targets"),
                  Provenance("hazard", RT_HDR, "TASSIGN(tile, addr) does not check alignment; the buffers are "
                             "addressed in 32-byte blocks")))
def tassign_misaligned(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TASSIGN places a tile at an address that is not a multiple of 32 bytes.

    ## What it does
    Checks that the address given to `TASSIGN<Addr>(tile)` or (when constant) to `TASSIGN(tile, addr)`
    is a multiple of the buffer's 32-byte alignment.

    ## Why is this bad?
    `TASSIGN<Addr>` rejects it with a `static_assert`. The run-time form accepts it, but every on-chip
    buffer is addressed in 32-byte blocks: the data movers and vector units use the block that
    contains the address, so the tile silently overlaps its neighbour.

    ## Example
    ```cpp
    TASSIGN<0x1010>(t);
    ```

    ## Use instead
    ```cpp
    TASSIGN<0x1020>(t);
    ```
    """
    got = _address(ctx)
    if got is None or got[0] is None:
        return None
    addr, template_form = got
    t = ctx.tile("obj")
    assert t is not None
    if t.loc not in CAPACITY[ctx.target] or CAPACITY[ctx.target][t.loc][1] == 0:
        return None
    form = f"TASSIGN<{addr}>(obj)" if template_form else "TASSIGN(obj, addr)"
    return Check(ctx.static(addr % ALIGNMENT != 0),
                 f"{form}: address {addr} of `{_esc(t.text)}` is not a multiple of {ALIGNMENT} bytes "
                 f"({CAPACITY[ctx.target][t.loc][0]} alignment)")


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")
