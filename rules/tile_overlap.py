"""Kernel-level: tiles whose TASSIGN placements overlap while both hold live data (PTO904).

Per-call rules cannot see this: each call is fine on its own. The rule follows, per entry point and target,
the calls in program order (the frontend's walk: branch arms tagged, loop bodies walked once for one
iteration) and the placement of every tile (TASSIGN address and a placement number shared by copies and
TRESHAPE views). A finding needs three calls on one path: a write of tile A, then a write of another tile B
whose bytes straddle A's (they overlap, and neither tile's bytes lie inside the other's), then a read of A
(with no write of A in between). Tiles whose bytes nest are views of one another (a window inside a tile,
two types over the same bytes, as the vendor's own tests use them: textract_nd_vec writes part of a tile
through another tile at the same address), and writes computed from A itself are updates through an
alias: kernels do both on purpose, and they are left alone.

Which operands an instruction reads is taken from the parameter names of the builtins (src, src0..src3,
aMatrix, bMatrix, biasData, cInMatrix, scale and index operands, the tile of TSTORE/TPUSH); every other tile
operand counts as written, so a call that might redefine A always ends A's live range.
"""

from __future__ import annotations

from ptolint.rules.tassign import CAPACITY, DOC, RT_HDR

from ptolint import z3lazy as z3
from ptolint.ir import INT_TYPES, Bin, CallSite, Cast, Const, Expr, ScalarOperand, TileOperand, Unary, syms
from ptolint.ruleset import Check, Ctx, Provenance, TileView, rule

#: tile parameters that are only read by their instruction (all other tile parameters may be written)
READ_ONLY = frozenset({
    "src", "src0", "src1", "src2", "src3", "aMatrix", "bMatrix", "aScaleMatrix", "bScaleMatrix", "biasData",
    "cInMatrix", "selMask", "mask", "indexes", "idx", "src0Idx", "src1Idx", "scale", "deqScale", "offset",
})
#: builtins whose tile operand named "tile" is only read
READS_TILE = frozenset({"TSTORE", "TPUSH", "TPRINT"})
#: at most this many kernel-level sites per file and target (the rest are not checked: bounded cost)
MAX_SEQUENCES = 2000


def _reads(site: CallSite, param: str) -> bool:
    return param in READ_ONLY or (param == "tile" and site.builtin in READS_TILE)


def _compatible(arms: dict[int, int], b: CallSite) -> bool:
    """Whether a call with these branch arms (its `arms` as a dict) and call `b` can run on one path (no branch
    taken both ways)."""
    return not arms or all(arms.get(branch, arm) == arm for branch, arm in b.arms)


def _placed(t: TileOperand) -> bool:
    """A tile at a followed address. Not a mutable global's: each read of one is a separate input."""
    return t.binding != 0 and t.addr is not None and bool(t.spec.elem_size) and not any(
        s.kind == "input" and s.origin.startswith("global") for s in syms(t.addr))


def _nbytes(t: TileOperand) -> int:
    return t.spec.rows * t.spec.cols * t.spec.elem_size


def _buffer(site: CallSite, t: TileOperand) -> str | None:
    buf, cap = CAPACITY.get(site.target, {}).get(t.spec.loc, (None, 0))
    return buf if cap else None


def _affine(e: Expr) -> tuple[dict[Expr, int], int]:
    """`e` as sum(coefficient * term) + constant, modulo 2**32 or more: sums, differences, constant multiples
    and integer conversions of 32 bits or more are looked through (each wraps modulo a power of two of at
    least 2**32); any other sub-expression is a term standing for its own value."""
    if isinstance(e, Const) and isinstance(e.value, int):
        return {}, e.value
    wide = INT_TYPES.get(getattr(e, "ctype", ""), (0, False))[0] >= 32
    if isinstance(e, Cast) and wide and e.a.ctype in INT_TYPES:
        return _affine(e.a)
    if isinstance(e, Unary) and e.op == "-" and wide:
        terms, c = _affine(e.a)
        return {t: -k for t, k in terms.items()}, -c
    if isinstance(e, Bin) and wide and e.op in ("+", "-", "*"):
        (ta, ca), (tb, cb) = _affine(e.a), _affine(e.b)
        if e.op == "*":
            if ta and tb:
                return {e: 1}, 0
            (k, (terms, c)) = (ca, (tb, cb)) if not ta else (cb, (ta, ca))
            return {t: v * k for t, v in terms.items() if v * k}, c * k
        sign = 1 if e.op == "+" else -1
        terms = dict(ta)
        for t, v in tb.items():
            terms[t] = terms.get(t, 0) + sign * v
        return {t: v for t, v in terms.items() if v}, ca + sign * cb
    return {e: 1}, 0


def _static_clash(a: Expr, sa: int, b: Expr, sb: int) -> bool:
    """False only when the placements cannot clash, decided without the solver (a quick filter): both
    addresses are constants, or they differ by a constant (`base + 4096` and `base + 8192`, the same `base`:
    a generated kernel's double-buffered tiles). The difference is known modulo 2**32 or more; taken nearest
    to 0, any other value of it is 2**31 or more away, past every buffer."""
    (ta, x), (tb, y) = _affine(a), _affine(b)
    if ta != tb:
        return True
    d = (y - x) % (1 << 32)
    d = d - (1 << 32) if d >= 1 << 31 else d
    x, y = 0, d
    return x < y + sb and y < x + sa and not (x <= y and y + sb <= x + sa) and not (y <= x and x + sa <= y + sb)


def _unique(exprs: list[Expr]) -> list[Expr]:
    out: list[Expr] = []
    for e in exprs:
        if e not in out:
            out.append(e)
    return out


def _sequence(define: CallSite, clobber: CallSite, b: TileOperand, reader: CallSite, a: TileOperand) -> CallSite:
    steps = [define, clobber, reader]
    return CallSite(
        builtin=clobber.builtin, file=clobber.file, line=clobber.line, column=clobber.column,
        end_line=clobber.end_line, end_column=clobber.end_column, target=clobber.target,
        params=["live", "clobber", "live.addr", "clobber.addr"],
        args=[a, b, ScalarOperand(a.addr, a.name), ScalarOperand(b.addr, b.name)],  # type: ignore[arg-type]
        template_args={"define": define.builtin, "reader": reader.builtin,
                       "define_line": str(define.line), "reader_line": str(reader.line)},
        path=_unique([c for s in steps for c in s.path]),
        chain=list(clobber.chain),
        assumptions=_unique([c for s in steps for c in s.assumptions]),
        entry=clobber.entry, arms=clobber.arms, steps=steps,
    )


def live_overlap_sequences(sites: list[CallSite]) -> list[CallSite]:
    """(write A, overlapping write of B, read A) triples of one entry point's walk, one per clobbering write.

    What the search asks of each call again and again (its tile operands, which tiles it writes, its branch
    arms, whether a tile is placed) is computed once per call: a generated kernel's 600 calls made this search a
    third of its kernel-level check."""
    out: list[CallSite] = []
    seen: set[tuple[int, str, int]] = set()
    placed: dict[int, bool] = {}  # id of a TileOperand (alive for the whole search) -> _placed

    def is_placed(t: TileOperand) -> bool:
        known = placed.get(id(t))
        if known is None:
            known = placed[id(t)] = _placed(t)
        return known

    for entry in sorted({s.entry for s in sites}):
        calls = [s for s in sites if s.entry == entry and not s.unresolved]
        tiles = [c.tiles() for c in calls]
        written = [frozenset(t.binding for p, t in ts if not _reads(c, p)) for c, ts in zip(calls, tiles, strict=True)]
        bound = [frozenset(t.binding for _, t in ts) for ts in tiles]
        arms = [dict(c.arms) for c in calls]

        for u, reader in enumerate(calls):
            for pname, a in tiles[u]:
                if not _reads(reader, pname) or not is_placed(a):
                    continue
                d = next((i for i in range(u - 1, -1, -1) if a.binding in written[i] and _compatible(arms[i], reader)), None)
                if d is None:
                    continue
                for w in range(d + 1, u):
                    if a.binding in bound[w]:
                        continue  # computed from A (an update through an alias), or A itself written
                    if not (_compatible(arms[w], reader) and _compatible(arms[w], calls[d])):
                        continue
                    clobber = calls[w]
                    for bname, b in tiles[w]:
                        key = (id(clobber), bname, a.binding)
                        if _reads(clobber, bname) or key in seen or not is_placed(b) or \
                                _buffer(reader, a) is None or _buffer(clobber, b) != _buffer(reader, a):
                            continue
                        seen.add(key)
                        if _static_clash(a.addr, _nbytes(a), b.addr, _nbytes(b)):  # type: ignore[arg-type]
                            out.append(_sequence(calls[d], clobber, b, reader, a))
                        if len(out) >= MAX_SEQUENCES:
                            return out
    return out


@rule("PTO904", "tassign-live-overlap", instructions=("TASSIGN",), fault="live-overlap",
      sequences=live_overlap_sequences,
      provenance=(Provenance("hazard", RT_HDR, "TASSIGN(tile, addr) only records the address: nothing keeps two "
                             "tiles from sharing bytes"),
                  Provenance("isa-doc", DOC, "manual placement is the kernel author's responsibility"),
                  Provenance("isa-doc", "docs/auto_mode/Kernel_Developer_Rules_And_Limitations.md (2.1, 2.2)",
                             "deliberate aliasing is written with TRESHAPE (same base address) or TSUBVIEW (a "
                             "window): the rule follows TRESHAPE views as the same storage and leaves windows "
                             "inside a tile alone")))
def tassign_live_overlap(ctx: Ctx) -> Check | None:
    """
    ## Summary
    A write into one tile destroys another tile's data, placed by TASSIGN on overlapping bytes, before it is read.

    ## What it does
    Follows each kernel's calls in program order with the TASSIGN placement of every tile. It reports a
    write into tile B (the flagged call) when, on one path, tile A was written before, A is read after,
    A is not written in between, and B's bytes `[addrB, addrB + Rows * Cols * sizeof(DType))` straddle
    A's in the same buffer (UB, L1, L0A, L0B, L0C, ...): neither lies inside the other, and B's valid
    region reaches into A's (padding rows past a valid region hold no data).
    The path shows the three calls. Nested placements (a window inside a tile, two tile types over the
    same bytes, TRESHAPE views) and writes that read A are deliberate aliasing and not reported, so two
    tiles put at the very same address are not reported either. Loop bodies are followed for one
    iteration; placements made inside a loop are not followed past it.

    ## Why is this bad?
    `TASSIGN` only records an address; nothing keeps two tiles apart. The read of A gets B's bytes
    instead of the data written into A: wrong results with no error, on every target.

    ## Example
    ```cpp
    Tile<TileType::Vec, float, 16, 64> x, y, z;  // 4 KiB each
    TASSIGN(x, 0x0000);
    TASSIGN(y, 0x0800);  // half of x
    TASSIGN(z, 0x2000);
    TLOAD(x, gx);
    TLOAD(y, gy);        // overwrites the second half of x
    TADD(z, x, y);       // reads x: its rows 8..15 are y's
    ```

    ## Use instead
    ```cpp
    TASSIGN(x, 0x0000);
    TASSIGN(y, 0x1000);  // after x's 4 KiB
    TASSIGN(z, 0x2000);
    ```
    """
    a, b = ctx.tile("live"), ctx.tile("clobber")
    pa, pb = ctx.scalar("live.addr"), ctx.scalar("clobber.addr")
    if a is None or b is None or pa is None or pb is None or z3.is_bool(pa) or z3.is_bool(pb):
        return None
    sa, sb = a.rows * a.cols * (a.elem_size or 0), b.rows * b.cols * (b.elem_size or 0)
    # the bytes that hold data: up to the last element of the valid region (rows past it are padding)
    overlap = z3.And(pa < pb + _extent(b), pb < pa + _extent(a))
    nested = z3.Or(z3.And(pa <= pb, pb + sb <= pa + sa), z3.And(pb <= pa, pa + sa <= pb + sb))
    buf = CAPACITY[ctx.target][a.loc][0]
    args = ctx.template_args
    return Check(
        # only a non-empty valid region holds data, and only a non-empty one is written
        z3.And(overlap, z3.Not(nested), a.valid_row > 0, a.valid_col > 0, b.valid_row > 0, b.valid_col > 0),
        f"`{_esc(b.text)}` at {buf} bytes [{{b}}, {{b_end}}) overlaps `{_esc(a.text)}` at [{{a}}, {{a_end}}): "
        f"{args['define']} at line {args['define_line']} wrote `{_esc(a.text)}`, {ctx.builtin} here overwrites "
        f"it before {args['reader']} at line {args['reader_line']} reads it",
        {"a": pa, "a_end": pa + sa, "b": pb, "b_end": pb + sb},
        steps=[f"`{_esc(a.text)}` written at {buf} [{{a}}, {{a_end}})",
               f"`{_esc(b.text)}` written at {buf} [{{b}}, {{b_end}}), over `{_esc(a.text)}`'s bytes",
               f"`{_esc(a.text)}` read: its data was overwritten"])


def _extent(t: TileView) -> z3.ArithRef:
    """Bytes from the tile's start to the end of its valid region's last element (its storage when boxed)."""
    if t.slayout != "NoneBox":
        return z3.IntVal(t.rows * t.cols * t.elem_size)
    if t.blayout == "RowMajor":
        return ((t.valid_row - 1) * t.cols + t.valid_col) * t.elem_size
    return ((t.valid_col - 1) * t.rows + t.valid_row) * t.elem_size


def _esc(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")
