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
