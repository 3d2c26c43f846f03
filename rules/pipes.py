"""Pipes, sync and debug builtins (PTO020..): tile locations TPUSH / TPOP / TPRINT accept.

Modelled on a2a3/TPush.hpp, a2a3/TPop.hpp, a5/TPush.hpp, a5/TPop.hpp and a2a3/TPrint.hpp (a5/TPrint.hpp
includes the A2/A3 one). Model-header parameter names: TPUSH/TPOP (pipe, tile[, subBlockId]) with template
argument `Split` (TPipe ring forms), TPUSH/TPOP (tile, pipe) (TMPipe forms, no non-type template argument),
TPUSH<Pipe, TileProd, TConfig>(pipe, tile) (fixpipe/quant form, no non-type template argument), TPRINT(src)
and TPRINT(src, tmp) (template argument `Format`).

What the headers check on the tile (the pipe's own template arguments are not visible to rules, see below):
- TPipe push (Producer::push<TileProd, Split>): A2/A3 `static_assert(Loc in {Acc, Vec, Ctrl})`; A5 has no
  assert: `if constexpr (Acc) ... else if constexpr (Vec) ...`, any other location pushes nothing while the
  producer still advances and signals the consumer.
- TMPipe push: `static_assert(Loc in {Acc, Vec})` on both; the TConfig push: `static_assert(Loc == Acc)`
  on both. Rules cannot tell these two forms apart (neither has a non-type template argument, both take
  (.., tile, ..)), so only the common part {Acc, Vec} is checked for them.
- TPipe pop: `static_assert(Loc in {Vec, Mat, Ctrl})` on both; TMPipe pop: `static_assert(Loc in {Vec, Mat})`.
- TPRINT (only declared with _DEBUG): TPRINT(src) `static_assert(Loc == Vec)`; TPRINT(src, tmp) accepts Mat
  (A2/A3 only: `static_assert(sizeof(TileData) == 0, "TPRINT Mat Tile is not supported in A5")`), Acc and
  Vec, and rejects any other location. The two forms look alike to a rule (the GlobalTensor `tmp` is not an
  operand rules see), so only what both forms reject is checked.

The TPipe template arguments (FlagID + 1 < 16, direction, SlotNum >= 1) are PTO022. Not checked here: the GlobalTensor
forms of TPOP/TPUSH (pipe direction), A5's C2V split asserts (direction dependent). The GlobalTensor forms of
TALLOC/TFREE (pipe direction) and A5's single-op TSYNC are rules/misc_builtins.py (PTO058, PTO059);
TPREFETCH and TPREFETCH_ASYNC check nothing at compile time (bench/coverage.py NO_CONSTRAINTS).
"""

from __future__ import annotations

import re

from ptolint.rules.misc_builtins import template_int

from ptolint.ir import split_top
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

A2 = "include/pto/npu/a2a3/"
A5 = "include/pto/npu/a5/"
DOCS = "docs/isa/"

#: builtin -> form -> target -> tile locations the header accepts (None: any location compiles)
LOCATIONS: dict[str, dict[str, dict[str, frozenset[str] | None]]] = {
    "TPUSH": {
        "ring": {"a2a3": frozenset({"Acc", "Vec", "Ctrl"}), "a5": None},
        "typed": {"a2a3": frozenset({"Acc", "Vec"}), "a5": frozenset({"Acc", "Vec"})},
    },
    "TPOP": {
        "ring": {"a2a3": frozenset({"Vec", "Mat", "Ctrl"}), "a5": frozenset({"Vec", "Mat", "Ctrl"})},
        "typed": {"a2a3": frozenset({"Vec", "Mat"}), "a5": frozenset({"Vec", "Mat"})},
    },
    "TPRINT": {
        "any": {"a2a3": frozenset({"Vec", "Acc", "Mat"}), "a5": frozenset({"Vec", "Acc"})},
    },
}

#: A5 ring TPUSH: the tile locations that are actually pushed (others are silently dropped)
A5_RING_PUSHED = frozenset({"Acc", "Vec"})

FORM_TEXT = {
    ("TPUSH", "ring"): "TPUSH(pipe, tile) on a TPipe",
    ("TPUSH", "typed"): "TPUSH on a TMPipe or with a TConfig",
    ("TPOP", "ring"): "TPOP(pipe, tile) on a TPipe",
    ("TPOP", "typed"): "TPOP(tile, pipe) on a TMPipe",
    ("TPRINT", "any"): "TPRINT",
}


def form(ctx: Ctx) -> str | None:
    """Which overload family the call resolved to, as far as a rule can tell; None for grid pipes."""
    if ctx.builtin == "TPRINT":
        return "any"
    if "Direction" in ctx.template_args or "Span" in ctx.template_args:
        return None  # GridPipe: its own constraints (and PTO010 on A5)
    return "ring" if "Split" in ctx.template_args else "typed"


def _tile(ctx: Ctx) -> TileView | None:
    return ctx.tile("src") if ctx.builtin == "TPRINT" else ctx.tile("tile")


@rule("PTO020", "pipe-tile-location-unsupported", instructions=tuple(LOCATIONS), fault="unsupported-path",
      provenance=(Provenance("header-static", A2 + "TPush.hpp", "TPipe::Producer::push static_assert Loc in "
                             "{Acc, Vec, Ctrl}; TMPipe::Producer::push static_assert Loc in {Acc, Vec}; TConfig "
                             "push static_assert Loc == Acc; TPipe pop {Vec, Mat, Ctrl}; TMPipe pop {Vec, Mat}"),
                  Provenance("header-static", A5 + "TPush.hpp", "TMPipe push {Acc, Vec}; TConfig push Acc; TPipe "
                             "pop {Vec, Mat, Ctrl}; TMPipe pop {Vec, Mat} (TPipe push: no assert, see PTO021)"),
                  Provenance("header-static", A2 + "TPrint.hpp (also used by A5)", "TPRINT(src) Loc == Vec; "
                             "TPRINT(src, tmp) Mat (A2/A3 only), Acc or Vec, else static_assert"),
                  Provenance("isa-doc", DOCS + "TPUSH.md, TPOP.md, TPRINT.md", "the documents name the producer "
                             "and consumer tile kinds per direction; the headers are modelled")))
def pipe_tile_location_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TPUSH, TPOP or TPRINT is given a tile in a buffer its implementation rejects.

    ## What it does
    Checks the tile's `TileType` against what the target's header accepts for the overload used:
    TPUSH on a TPipe (A2/A3): Acc, Vec or Ctrl; TPUSH on a TMPipe or with a TConfig: Acc or Vec (the
    TConfig form even needs Acc); TPOP on a TPipe: Vec, Mat or Ctrl; TPOP on a TMPipe: Vec or Mat;
    TPRINT: Vec, Acc or (A2/A3 only) Mat.

    ## Why is this bad?
    The implementation rejects the tile type with a `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    using Pipe = TPipe<0, Direction::DIR_C2V, 8192, 2>;
    Tile<TileType::Mat, float, 16, 64> out;
    TPUSH<Pipe, decltype(out), TileSplitAxis::TILE_NO_SPLIT>(pipe, out);  // A2/A3: Mat cannot be pushed
    ```

    ## Use instead
    ```cpp
    TileAcc<float, 16, 64> acc;  // push the cube result from L0C
    TPUSH<Pipe, decltype(acc), TileSplitAxis::TILE_NO_SPLIT>(pipe, acc);
    ```
    """
    f = form(ctx)
    tile = _tile(ctx)
    if f is None or tile is None:
        return None
    ok = LOCATIONS[ctx.builtin][f][ctx.impl]
    if ok is None:
        return None
    if ctx.builtin == "TPRINT":
        accepts = f"TPRINT(src) needs Vec and TPRINT(src, tmp) accepts {', '.join(sorted(ok))} on {ctx.target}"
    else:
        accepts = f"{ctx.target} accepts {', '.join(sorted(ok))}"
    return Check(ctx.static(tile.loc not in ok),
                 f"{FORM_TEXT[(ctx.builtin, f)]}: `{_esc(tile.text)}` is TileType::{tile.loc}; {accepts} (static_assert)")


@rule("PTO021", "tpush-tile-silently-dropped", instructions=("TPUSH",), fault="no-op", targets=("a5",),
      provenance=(Provenance("header-static", A5 + "TPush.hpp (TPipe::Producer::push<TileProd, Split>)",
                             "if constexpr (Loc == Acc) {...} else if constexpr (Loc == Vec) {...}: no else, no "
                             "static_assert; TPUSH_IMPL still increments tileIndex and records the slot"),
                  Provenance("header-static", A2 + "TPush.hpp", "A2/A3 rejects the same call (PTO020)")))
def tpush_tile_silently_dropped(ctx: Ctx) -> Check | None:
    """
    ## Summary
    On A5, TPUSH on a TPipe silently pushes nothing for a tile that is neither Acc nor Vec.

    ## What it does
    Checks the tile of `TPUSH(pipe, tile)` / `TPUSH(pipe, tile, subBlockId)` on a TPipe (the forms with
    a `TileSplitAxis` template argument): A5 only moves Acc and Vec tiles.

    ## Why is this bad?
    A5's implementation has no branch (and no `static_assert`) for other tile types: nothing is written
    to the FIFO, yet the producer advances its slot index and signals the consumer, which then pops a
    slot holding stale data. A2/A3 rejects the same call at compile time.

    ## Example
    ```cpp
    Tile<TileType::Mat, half, 16, 64> weights;
    TPUSH<Pipe, decltype(weights), TileSplitAxis::TILE_NO_SPLIT>(pipe, weights);
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 16, 64> weights;  // push from UB (or an Acc tile from L0C)
    TPUSH<Pipe, decltype(weights), TileSplitAxis::TILE_NO_SPLIT>(pipe, weights);
    ```
    """
    tile = ctx.tile("tile")
    if form(ctx) != "ring" or tile is None:
        return None
    return Check(ctx.static(tile.loc not in A5_RING_PUSHED),
                 f"TPUSH(pipe, tile) on a TPipe: `{_esc(tile.text)}` is TileType::{tile.loc}; A5 only pushes Acc "
                 "and Vec tiles and silently skips the data while still signalling the consumer")


#: target -> the DirType & 0x7 values its TPipe class accepts (static_assert in the class body)
PIPE_DIRECTIONS = {"a2a3": frozenset({1, 2, 3, 4}), "a5": frozenset({1, 2, 3, 4, 5, 6, 7})}
#: target -> the both-ways directions (DIR_BOTH; A5 also DIR_BOTH_GM) whose Producer::allocate and Consumer::free
#: static_assert FlagID + 3 < 16 (in one core's branch)
BOTH_WAYS = {"a2a3": frozenset({3}), "a5": frozenset({3, 7})}


def pipe_arguments(spelling: str | None) -> tuple[int, int, int, int] | None:
    """(FlagID, DirType, SlotSize, SlotNum) of a `TPipe<...>` type as clang spells it, None for other types."""
    m = re.search(r"\bTPipe<([^<>]*)>", spelling or "")
    if not m:
        return None
    vals = [template_int(a) for a in m.group(1).split(",")[:4]]
    if len(vals) < 4 or any(v is None for v in vals):
        return None
    return vals[0], vals[1], vals[2], vals[3]  # type: ignore[return-value]


@rule("PTO022", "tpipe-invalid-arguments", instructions=("TPUSH", "TPOP", "TALLOC", "TFREE"),
      fault="invalid-pipe",
      provenance=(Provenance("header-static", A2 + "TPush.hpp (struct TPipe)", "static_assert DIR_TYPE in {C2V, V2C, "
                             "BOTH, V2C_CTRL}; SlotNum >= 1; SyncPeriod >= 1; uint8_t(FlagID + 1) < 16"),
                  Provenance("header-static", A5 + "TPush.hpp (struct TPipe)", "static_assert DIR_TYPE in {C2V, V2C, "
                             "BOTH, V2C_CTRL, C2V_GM, V2C_GM, BOTH_GM}; uint8_t(FlagID + 1) < 16 (no SlotNum check)"),
                  Provenance("header-static", A2 + "TPush.hpp; " + A5 + "TPush.hpp (Producer::allocate, "
                             "Consumer::free)", "DIR_BOTH (A5 also DIR_BOTH_GM): static_assert uint8_t(FlagID + 3) "
                             "< 16 in the core-specific branch (#ifdef __DAV_VEC__ / __DAV_CUBE__) a mixed kernel's "
                             "two compilations both instantiate"),
                  Provenance("isa-doc", DOCS + "TPUSH.md", "a TPipe uses the cross-core flags FlagID .. FlagID + 3")))
def tpipe_invalid_arguments(ctx: Ctx) -> Check | None:
    """
    ## Summary
    The TPipe type passed to TPUSH / TPOP / TALLOC / TFREE breaks the pipe class's own requirements.

    ## What it does
    Reads the pipe operand's `TPipe<FlagID, DirType, SlotSize, SlotNum, ...>` arguments and checks what
    the class body asserts on the target: `FlagID + 1` (as `uint8_t`) below 16, the hardware's flag count;
    a direction (`DirType & 0x7`) the target knows: C2V, V2C, BOTH or V2C_CTRL on A2/A3, also the GM
    directions on A5; on A2/A3 at least one slot; and for a pipe used both ways (DIR_BOTH, on A5 also
    DIR_BOTH_GM) `FlagID + 3` below 16, which allocate and free assert (in the branch of one of the two cores).

    ## Why is this bad?
    The pipe type fails a `static_assert` when it is instantiated: the kernel does not compile for the
    target.

    ## Example
    ```cpp
    using Pipe = TPipe<15, Direction::DIR_C2V, 8192, 2>;  // flags 15..18: past the 16 hardware flags
    TPUSH<Pipe, decltype(acc), TileSplitAxis::TILE_NO_SPLIT>(pipe, acc);
    ```

    ## Use instead
    ```cpp
    using Pipe = TPipe<12, Direction::DIR_C2V, 8192, 2>;
    ```
    """
    args = pipe_arguments(ctx.type_spelling("pipe"))
    if args is None:
        return None
    flag, dirtype, _, slots = args
    bad = []
    if (flag + 1) & 0xFF >= 16:
        bad.append(f"FlagID {flag}: FlagID + 1 = {(flag + 1) & 0xFF} is not below 16")
    if dirtype & 0x7 not in PIPE_DIRECTIONS[ctx.impl]:
        bad.append(f"direction {dirtype & 0x7} (DirType {dirtype}) is not a TPipe direction of {ctx.target}")
    if ctx.impl == "a2a3" and slots < 1:
        bad.append("SlotNum 0: at least one slot is required")
    if dirtype & 0x7 in BOTH_WAYS[ctx.impl] and (flag + 3) & 0xFF >= 16:
        bad.append(f"FlagID {flag}: a pipe used both ways needs FlagID + 3 = {(flag + 3) & 0xFF} below 16 "
                   "(Producer::allocate / Consumer::free)")
    return Check(ctx.static(bool(bad)), f"{ctx.builtin}: TPipe<{flag}, {dirtype}, {args[2]}, {slots}>: "
                 + "; ".join(bad) + " (static_assert)")


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


# --- TMPipe (multi-slot data pipes): FIFO kinds, tile routes, split modes ------------------------------------------

#: common/fifo.hpp FIFOType values
FIFO_NAMES = {0: "GM_FIFO", 1: "VEC_FIFO", 2: "MAT_FIFO", 3: "CTRL_FIFO"}
#: common/fifo.hpp VecCubeRatio: vector cores per cube core (TMPipe's VEC_CORES)
VC_CORES = {"V1C1_VEC0": 1, "V1C1_VEC1": 1, "V2C1_VECS": 2, 0: 1, 1: 1, 2: 2}

#: per implementation: the (FIFO, producer TileType, consumer TileType) triples the TMPipe class accepts (None: the
#: class asserts nothing about them), the FIFOs a push accepts per producer TileType (None: any), the FIFOs a pop
#: accepts per consumer TileType, and whether a local FIFO push checks the split mode (A5 pushAcc2VecFiFo /
#: pushVec2MatFiFo)
TMPIPE: dict[str, dict[str, object]] = {
    "a2a3": {"class": None,
             "push": {"Acc": None, "Vec": frozenset({"GM_FIFO", "CTRL_FIFO"})},
             "pop": {"Vec": frozenset({"GM_FIFO", "CTRL_FIFO"}), "Mat": frozenset({"GM_FIFO", "CTRL_FIFO"})},
             "split": frozenset()},
    "a5": {"class": frozenset({("GM_FIFO", "Acc", "Vec"), ("VEC_FIFO", "Acc", "Vec"), ("GM_FIFO", "Vec", "Mat"),
                               ("MAT_FIFO", "Vec", "Mat"), ("CTRL_FIFO", "Vec", "Ctrl")}),
           "push": {"Acc": frozenset({"GM_FIFO", "VEC_FIFO"}), "Vec": frozenset({"GM_FIFO", "MAT_FIFO", "CTRL_FIFO"})},
           "pop": {"Vec": frozenset({"GM_FIFO", "VEC_FIFO"}), "Mat": frozenset({"GM_FIFO", "MAT_FIFO"})},
           "split": frozenset({("VEC_FIFO", "Acc"), ("MAT_FIFO", "Vec")})},
}


def _enum_value(text: str, names: dict) -> str | int | None:
    """An enum template argument as clang spells it: `pto::FIFOType::VEC_FIFO` or a cast `(pto::FIFOType)1`."""
    t = text.strip()
    m = re.search(r"(?:^|::)(\w+)$", t)
    if m and m.group(1) in names.values():
        return m.group(1)
    m = re.fullmatch(r"\([\w:]+\)\s*(\d+)", t)
    if m:
        return names.get(int(m.group(1)))
    v = template_int(t)
    return names.get(v) if v is not None else None


def _tile_args(text: str) -> tuple[str, str, int, int] | None:
    """(TileType, element type, Rows, Cols) of a `pto::Tile<pto::TileType::X, T, R, C, ...>` spelling."""
    m = re.fullmatch(r"(?:const\s+)?(?:pto::)?Tile<(.*)>", text.strip())
    if not m:
        return None
    a = split_top(m.group(1))
    loc = re.search(r"(\w+)$", a[0]) if a else None
    if len(a) < 4 or loc is None or not re.fullmatch(r"-?\d+", a[2]) or not re.fullmatch(r"-?\d+", a[3]):
        return None
    return loc.group(1), a[1].split("::")[-1], int(a[2]), int(a[3])


def tmpipe_arguments(spelling: str | None) -> dict | None:
    """FlagID, FIFO kind, producer and consumer tiles and vector cores of a `TMPipe<...>` spelling, else None."""
    m = re.search(r"\bTMPipe<(.*)>", spelling or "")
    if not m:
        return None
    a = split_top(m.group(1))
    if len(a) < 6:
        return None
    fifo = _enum_value(a[1], FIFO_NAMES)
    prod, cons = _tile_args(a[4]), _tile_args(a[5])
    ratio = a[8].split("::")[-1] if len(a) > 8 else "V2C1_VECS"
    if re.fullmatch(r"\([\w:]+\)\s*\d+", ratio or ""):
        ratio = int(ratio.split(")")[-1])
    cores = VC_CORES.get(ratio)
    if fifo is None or prod is None or cons is None or cores is None:
        return None
    return {"fifo": fifo, "prod": prod, "cons": cons, "cores": cores}


def tmpipe_problems(builtin: str, impl: str, p: dict) -> list[str]:
    """What the TMPipe class and its push / pop static_assert against the pipe's FIFO kind, tiles and cores."""
    facts = TMPIPE[impl]
    fifo, (ploc, _, pm, pn), (cloc, _, cm, cn) = p["fifo"], p["prod"], p["cons"]
    bad = []
    routes = facts["class"]
    if routes is not None and (fifo, ploc, cloc) not in routes:
        bad.append(f"the class accepts no {fifo} pipe from a {ploc} to a {cloc} tile (C2V: Acc -> Vec through "
                   "GM_FIFO / VEC_FIFO; V2C: Vec -> Mat through GM_FIFO / MAT_FIFO, Vec -> Ctrl through CTRL_FIFO)")
    if builtin == "TPUSH":
        ok = facts["push"].get(ploc)
        if ok is not None and fifo not in ok:
            bad.append(f"a push of a {ploc} tile takes {' / '.join(sorted(ok))}, not {fifo}")
        elif (fifo, ploc) in facts["split"]:
            two = p["cores"] == 2
            fits = (two and pm != cm and pn == cn) or (two and pm == cm and pn != cn) or \
                (not two and pm == cm and pn == cn)
            if not fits:
                bad.append(f"no split mode for a {pm} x {pn} producer and a {cm} x {cn} consumer with "
                           f"{p['cores']} vector core(s): two cores split exactly one of rows / columns, one core "
                           "takes the whole tile")
    elif builtin == "TPOP":
        ok = facts["pop"].get(cloc)
        if ok is not None and fifo not in ok:
            bad.append(f"a pop into a {cloc} tile takes {' / '.join(sorted(ok))}, not {fifo}")
    return bad


@rule("PTO023", "tmpipe-fifo-route-unsupported", instructions=("TPUSH", "TPOP"), fault="unsupported-path",
      provenance=(Provenance("header-static", A5 + "TPush.hpp (struct TMPipe)", "static_assert is_c2v || is_v2c: "
                             "GM_FIFO or VEC_FIFO with Acc -> Vec, GM_FIFO or MAT_FIFO with Vec -> Mat, CTRL_FIFO with "
                             "Vec -> Ctrl"),
                  Provenance("header-static", A5 + "TPush.hpp (TMPipe::Producer::push, pushAcc2VecFiFo, "
                             "pushVec2MatFiFo)", "Acc producer: GM_FIFO / VEC_FIFO; Vec producer: GM_FIFO / MAT_FIFO "
                             "/ CTRL_FIFO; a local FIFO push needs isSplitM || isSplitN || nonSplit (two vector "
                             "cores split exactly one dimension, V1C1 copies the whole tile)"),
                  Provenance("header-static", A5 + "TPush.hpp (TMPipe::Consumer::pop)", "Vec consumer: GM_FIFO / "
                             "VEC_FIFO; Mat consumer: GM_FIFO / MAT_FIFO"),
                  Provenance("header-static", A2 + "TPush.hpp (TMPipe::Producer::push, Consumer::pop)", "no class "
                             "check; a Vec producer pushes through GM_FIFO / CTRL_FIFO only; every pop through "
                             "GM_FIFO / CTRL_FIFO"),
                  Provenance("isa-doc", DOCS + "TPUSH.md, TPOP.md", "the documents describe the GM FIFO pipes; the "
                             "local FIFO kinds and split modes are the headers'")))
def tmpipe_fifo_route_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TPUSH / TPOP on a TMPipe whose FIFO kind, tiles or vector-core ratio its implementation rejects.

    ## What it does
    Reads the pipe operand's `TMPipe<FlagID, FIFOType, Depth, SyncT, TileProd, TileCons, ..., VecCubeRatio>`
    arguments. On A5 the class itself accepts five routes only: an Acc producer into a Vec consumer through a
    `GM_FIFO` or a `VEC_FIFO`, a Vec producer into a Mat consumer through a `GM_FIFO` or a `MAT_FIFO`, and
    a Vec producer into a Ctrl consumer through a `CTRL_FIFO`; a push into a local FIFO (`VEC_FIFO`,
    `MAT_FIFO`) needs a split mode: with two vector cores (`V2C1_VECS`, the default) the producer and the
    consumer differ in exactly one of rows / columns, with one (`V1C1_*`) they are equal. On A2/A3 a Vec
    producer pushes through a `GM_FIFO` or `CTRL_FIFO` only, and every pop reads a `GM_FIFO` or `CTRL_FIFO`.

    ## Why is this bad?
    Each of these is a `static_assert` in the pipe class or in its push / pop: the kernel does not compile.
    A local FIFO pipe written for A5 does not compile on A2/A3.

    ## Example
    ```cpp
    using Prod = TileAcc<float, 64, 128>;
    using Cons = Tile<TileType::Vec, float, 64, 128>;  // two vector cores, but nothing is split
    using Pipe = TMPipe<0, FIFOType::VEC_FIFO, 2, 1, Prod, Cons>;
    TPUSH(acc, pipe);
    ```

    ## Use instead
    ```cpp
    using Cons = Tile<TileType::Vec, float, 32, 128>;  // each vector core takes half of the rows
    using Pipe = TMPipe<0, FIFOType::VEC_FIFO, 2, 1, Prod, Cons>;
    ```
    """
    if "tile" not in ctx.tiles() or ctx.impl not in TMPIPE:
        return None
    p = tmpipe_arguments(ctx.type_spelling("pipe"))
    if p is None:
        return None
    own = p["prod"][0] if ctx.builtin == "TPUSH" else p["cons"][0]
    if own not in LOCATIONS[ctx.builtin]["typed"][ctx.impl]:
        return None  # the call's own tile in a buffer the push / pop rejects: PTO020
    bad = tmpipe_problems(ctx.builtin, ctx.impl, p)
    return Check(ctx.static(bool(bad)), f"{ctx.builtin} on a TMPipe ({p['fifo']}, {p['prod'][0]} {p['prod'][2]} x "
                 f"{p['prod'][3]} -> {p['cons'][0]} {p['cons'][2]} x {p['cons'][3]}): " + "; ".join(bad)
                 + " (static_assert)")


# --- A5 TPipe ring pushes into a local FIFO with a split --------------------------------------------------------------

#: A5 TPipe directions whose push of an Acc tile goes to the vector cores' UB (is_c2v_ub || is_both) and of a Vec
#: tile to L1 (is_v2c_mat || is_both)
A5_LOCAL_ACC_DIRS = frozenset({1, 3})
A5_LOCAL_VEC_DIRS = frozenset({2, 3})
SPLIT_NAMES = {0: "TILE_NO_SPLIT", 1: "TILE_UP_DOWN", 2: "TILE_LEFT_RIGHT"}


def ring_split(ctx: Ctx) -> tuple[str, int, TileView] | None:
    """(split, pipe direction, tile) of an A5 TPipe ring TPUSH that goes to a local FIFO with a split, else None."""
    tile = ctx.tile("tile")
    if tile is None or ctx.impl != "a5" or form(ctx) != "ring":
        return None
    args = pipe_arguments(ctx.type_spelling("pipe"))
    if args is None:
        return None
    split = _enum_value(ctx.template_args.get("Split", ""), SPLIT_NAMES)
    d = args[1] & 0x7
    if split in (None, "TILE_NO_SPLIT"):
        return None
    if (tile.loc == "Acc" and d in A5_LOCAL_ACC_DIRS) or (tile.loc == "Vec" and d in A5_LOCAL_VEC_DIRS):
        return split, d, tile
    return None


def _elem(t: TileView) -> int:
    return t.elem_size or 0


@rule("PTO024", "tpipe-split-push-shape", instructions=("TPUSH",), fault="split-misaligned", targets=("a5",),
      provenance=(Provenance("header-static", A5 + "TPush.hpp (TPipe::Producer::pushAcc2VecFiFo)", "TILE_UP_DOWN: "
                             "static_assert ProdM % 2 == 0 && sizeof(T) == 4; TILE_LEFT_RIGHT: static_assert ProdN "
                             "% 32 == 0 && sizeof(T) == 4 (Acc tile on DIR_C2V / DIR_BOTH)"),
                  Provenance("isa-doc", DOCS + "TPUSH.md", "names the split axes; the constraints are the header's")))
def tpipe_split_push_shape(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5: TPUSH of an accumulator into the vector cores' UB with a split its shape or type cannot take.

    ## What it does
    For `TPUSH<Pipe, Acc, Split>(pipe, acc)` on a TPipe whose direction sends the accumulator to the vector
    cores' UB (`DIR_C2V`, `DIR_BOTH`): an up-down split needs an even number of rows, a left-right split a
    multiple of 32 columns, and both need 32-bit (float / int32) accumulators.

    ## Why is this bad?
    The dual-destination L0C -> UB copy cannot split other shapes; the push rejects them with a
    `static_assert`: the kernel does not compile.

    ## Example
    ```cpp
    using Pipe = TPipe<0, Direction::DIR_C2V, 16 * 48 * sizeof(float), 2>;
    TileAcc<float, 16, 48> acc;
    TPUSH<Pipe, decltype(acc), TileSplitAxis::TILE_LEFT_RIGHT>(pipe, acc);  // 48 columns
    ```

    ## Use instead
    ```cpp
    TPUSH<Pipe, decltype(acc), TileSplitAxis::TILE_UP_DOWN>(pipe, acc);  // 16 rows split in two
    ```
    """
    got = ring_split(ctx)
    if got is None or got[2].loc != "Acc":
        return None
    split, _, t = got
    size = _elem(t)
    if split == "TILE_UP_DOWN":
        bad = t.rows % 2 != 0 or size != 4
        need = f"an even number of rows (Rows = {t.rows})"
    else:
        bad = t.cols % 32 != 0 or size != 4
        need = f"Cols a multiple of 32 (Cols = {t.cols})"
    return Check(ctx.static(bad), f"TPUSH<.., {split}> of Acc tile `{_esc(t.text)}` ({t.dtype}) into UB: the split "
                 f"needs {need} and a 32-bit element type (static_assert)")


@rule("PTO025", "tpipe-split-push-valid", instructions=("TPUSH",), fault="split-misaligned", targets=("a5",),
      provenance=(Provenance("header-runtime", A5 + "TPush.hpp (TPipe::Producer::pushAcc2VecFiFo)", "PTO_ASSERT "
                             "TILE_UP_DOWN: tile.GetValidRow() % 2 == 0; TILE_LEFT_RIGHT: tile.GetValidCol() % 32 == "
                             "0 (release builds copy the halves with the odd row / column count, each vector core "
                             "getting a truncated half)"),
                  Provenance("header-runtime", A5 + "TPush.hpp (TPipe::Producer::pushVec2MatFiFo)", "PTO_ASSERT "
                             "TILE_LEFT_RIGHT: tile.GetValidCol() * sizeof(T) % 32 == 0 (Vec tile on DIR_V2C / "
                             "DIR_BOTH)")))
def tpipe_split_push_valid(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A5: a split TPUSH whose run-time valid region the split cannot divide.

    ## What it does
    For a split `TPUSH<Pipe, Tile, Split>(pipe, tile)` on a TPipe into a local FIFO: an accumulator pushed to
    the vector cores' UB needs an even number of valid rows (up-down) or a multiple of 32 valid columns
    (left-right); a Vec tile pushed to L1 with a left-right split needs its valid columns to fill whole
    32-byte blocks.

    ## Why is this bad?
    A debug build traps on the `PTO_ASSERT`; a release build splits the odd region anyway, so the halves
    the vector cores (or the cube) receive are misaligned or truncated.

    ## Example
    ```cpp
    TileAcc<float, 16, 64, DYNAMIC, 64> acc(rows);  // rows = 7 on the last block
    TPUSH<Pipe, decltype(acc), TileSplitAxis::TILE_UP_DOWN>(pipe, acc);
    ```

    ## Use instead
    ```cpp
    TileAcc<float, 16, 64, DYNAMIC, 64> acc((rows + 1) & ~1);  // an even row count on every block
    TPUSH<Pipe, decltype(acc), TileSplitAxis::TILE_UP_DOWN>(pipe, acc);
    ```
    """
    got = ring_split(ctx)
    if got is None:
        return None
    split, _, t = got
    if t.loc == "Acc":
        if _elem(t) != 4 or (split == "TILE_UP_DOWN" and t.rows % 2) or (split == "TILE_LEFT_RIGHT" and t.cols % 32):
            return None  # PTO024: does not compile
        if split == "TILE_UP_DOWN":
            return Check(t.valid_row % 2 != 0, f"TPUSH<.., TILE_UP_DOWN> of Acc tile `{_esc(t.text)}`: valid rows "
                         "{validRow} are odd; the up-down split needs an even count (PTO_ASSERT)",
                         {"validRow": t.valid_row})
        return Check(t.valid_col % 32 != 0, f"TPUSH<.., TILE_LEFT_RIGHT> of Acc tile `{_esc(t.text)}`: valid columns "
                     "{validCol} are not a multiple of 32 (PTO_ASSERT)", {"validCol": t.valid_col})
    size = _elem(t)
    if split != "TILE_LEFT_RIGHT" or not size:
        return None
    return Check((t.valid_col * size) % 32 != 0, f"TPUSH<.., TILE_LEFT_RIGHT> of Vec tile `{_esc(t.text)}` into L1: "
                 f"valid columns {{validCol}} x {size} bytes are not whole 32-byte blocks (PTO_ASSERT)",
                 {"validCol": t.valid_col})


@rule("PTO026", "grid-tpush-source-direction", instructions=("TPUSH",), fault="unsupported-path", targets=("a2a3",),
      provenance=(Provenance("header-static", "include/pto/common/pto_instr.hpp (GridPipe TPUSH)", "static_assert "
                             "Direction != GridDirection::SOURCE: SOURCE is only valid for TPOP"),
                  Provenance("header-static", "include/pto/common/fifo.hpp (GridDirection)", "SOURCE = 0: the data "
                             "injected from GM / the host")))
def grid_tpush_source_direction(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A2/A3: a GridPipe `TPUSH<GridDirection::SOURCE>`.

    ## What it does
    Reads the `Direction` template argument of a GridPipe TPUSH: SOURCE names the data injected from global
    memory or the host, which a core can only pop (`TPOP<GridDirection::SOURCE>`), never push.

    ## Why is this bad?
    The wrapper rejects the direction with a `static_assert`: the kernel does not compile. (On the other
    targets every GridPipe TPUSH is rejected: PTO010.)

    ## Example
    ```cpp
    TPUSH<GridDirection::SOURCE>(grid, tile);
    ```

    ## Use instead
    ```cpp
    TPUSH<GridDirection::EAST>(grid, tile);  // push to a neighbour
    ```
    """
    raw = ctx.template_args.get("Direction")
    if raw is None:
        return None
    d = _enum_value(raw, {0: "SOURCE", 1: "NORTH", 2: "EAST", 3: "WEST", 4: "SOUTH"})
    if d is None:
        return None
    return Check(ctx.static(d == "SOURCE"), f"TPUSH<GridDirection::{d}> on a GridPipe: SOURCE is only valid for "
                 "TPOP (static_assert)")


@rule("PTO031", "tprint-tile-layout-unsupported", instructions=("TPRINT",), fault="unsupported-layout",
      targets=("a2a3", "a5"),
      provenance=(Provenance("header-static", "include/pto/common/pto_tile.hpp (GetTileOffset, lines 1833-1858)",
                             "a boxed tile's element offset exists for Nz (ColMajor blocks of RowMajor fractals), Zn "
                             "(RowMajor / ColMajor) and Zz (RowMajor / RowMajor) only: static_assert(sizeof(TileT) "
                             "== 0) for ColMajor blocks of ColMajor fractals"),
                  Provenance("header-static", A2 + "TPrint.hpp (PrintTileRow line 80, TPrintTileImpl, TPRINT_IMPL "
                             "217-222 and 320-321; a5/TPrint.hpp includes it)", "TPRINT of a Vec tile (either form) "
                             "prints element by element through GetTileOffset; Acc / Mat tiles go through a GM "
                             "copy instead")))
def tprint_tile_layout_unsupported(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TPRINT of a Vec tile boxed as column-major blocks of column-major fractals.

    ## What it does
    A Vec tile is printed element by element; a boxed one (`SLayout` other than `NoneBox`) through the
    Tile's offset helper, which knows the Nz (`BLayout::ColMajor`, `SLayout::RowMajor`), Zn (`RowMajor` /
    `ColMajor`) and Zz (`RowMajor` / `RowMajor`) box orders only. Flags a Vec tile with `BLayout::ColMajor`
    and `SLayout::ColMajor`, for `TPRINT(src)` and `TPRINT(src, tmp)` alike.

    ## Why is this bad?
    The helper rejects the fourth order with a `static_assert`: the kernel does not compile (in the debug
    builds that declare TPRINT).

    ## Example
    ```cpp
    Tile<TileType::Vec, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::ColMajor, 512> t;
    TPRINT(t);  // no offset formula for ColMajor boxes of ColMajor fractals
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor, 512> t;  // Nz
    TPRINT(t);
    ```
    """
    tile = _tile(ctx)
    if tile is None or tile.loc != "Vec" or tile.slayout == "NoneBox":
        return None
    bad = tile.blayout == "ColMajor" and tile.slayout == "ColMajor"
    return Check(ctx.static(bad), f"TPRINT: Vec tile `{_esc(tile.text)}` is BLayout::ColMajor boxes of "
                 f"SLayout::ColMajor fractals; the element offset exists for Nz, Zn and Zz boxes only (static_assert)")


#: tile element types PrintValue (a2a3/TPrint.hpp, a5/TPrint.hpp includes it) has no branch for, decided by the
#: headers alone: pto::int4b_t is a struct of pto's own (common/type.hpp:109), neither float / half nor a signed or
#: unsigned arithmetic type. The compiler's own bfloat16_t and 8-bit float types are left out: whether
#: std::is_signed_v holds for them is the device compiler's type-trait answer (clang counts its floating builtin
#: types, __bf16 among them, as signed), which no header decides
PRINT_NO_FORMAT: dict[str, tuple[str, ...]] = {"a2a3": ("int4b_t",), "a5": ("int4b_t",)}


@rule("PTO037", "tprint-unsupported-dtype", instructions=("TPRINT",), fault="unsupported-dtype",
      targets=("a2a3", "a5"),
      provenance=(Provenance("header-static", A2 + "TPrint.hpp (PrintValue line 71; PrintTileRow, TPrintTileImpl; "
                             "a5/TPrint.hpp includes it)", "PrintValue prints float / half, then std::is_signed_v and "
                             "std::is_unsigned_v types; any other element type reaches static_assert(sizeof(T) == 0, "
                             "'Unsupported data type for Print.')"),
                  Provenance("header-static", "include/pto/common/type.hpp (int4b_t, line 109)", "pto::int4b_t is "
                             "a struct (one byte of storage), not an arithmetic type"),
                  Provenance("isa-doc", DOCS + "TPRINT.md", "supported element types: float, half, int8 / int16 / "
                             "int32, uint8 / uint16 / uint32; the header also prints 64-bit integers")))
def tprint_unsupported_dtype(ctx: Ctx) -> Check | None:
    """
    ## Summary
    TPRINT of a Vec tile whose element type the element printer has no format for.

    ## What it does
    A Vec tile (either TPRINT form) is printed element by element through a printer that handles `float` and
    `half`, then signed and unsigned arithmetic types. Flags a Vec tile of `pto::int4b_t`, a struct of pto's own
    that is none of them. (The compiler's `bfloat16_t` and 8-bit float types are not flagged: whether they count as
    signed arithmetic types is the device compiler's answer, not the headers'.)

    ## Why is this bad?
    The printer's last branch is a `static_assert`: the kernel does not compile (in the debug builds that declare
    TPRINT).

    ## Example
    ```cpp
    Tile<TileType::Vec, int4b_t, 16, 64> w;
    TPRINT(w);  // no print format for int4b_t
    ```

    ## Use instead
    ```cpp
    Tile<TileType::Vec, int8_t, 16, 64> w;  // the packed weights held (and printed) as bytes
    TPRINT(w);
    ```
    """
    tile = _tile(ctx)
    if tile is None or tile.loc != "Vec":
        return None
    return Check(ctx.static(tile.dtype in PRINT_NO_FORMAT.get(ctx.impl, ())),
                 f"TPRINT: Vec tile `{_esc(tile.text)}` holds {tile.dtype}, which the element printer has no format "
                 "for (static_assert)")
