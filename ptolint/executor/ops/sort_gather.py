"""Sorting: TSORT32 and TMRGSORT (all forms), written from a2a3/TSort32.hpp, a2a3/TMrgSort.hpp,
a5/TSort32.hpp and a5/TMrgSort.hpp.

- TSORT32(dst, src, idx[, tmp]): dst/src half or float (equal), idx uint32, dst/src/idx Vec and
  row-major. For each of dst's valid rows, the row's `src.validCol / 32` blocks of 32 (4-operand form:
  every valid element, the tail block padded with -inf) are sorted descending with their indices and
  written as 8-byte (value, index) structures from the start of dst's row (2 float / 4 half elements
  each). idx's row stride is 0 when idx has one valid row. The 3-operand form ignores the tail; the
  4-operand form uses tmp (unchecked) as UB scratch when the valid columns are not a multiple of 32.
- TMRGSORT: half/float of one type, Vec, row-major, Rows == 1 (dst, tmp, src0..src2 / single src).
  Multi-list: `validCol >> (1 float | 2 half)` structures of each list are merged (descending) into
  tmp, stopping when a list runs out if `exhausted`; then dst's valid columns (rounded up to 32 bytes)
  are copied from tmp. Single-list: 4 blocks of `blockLen` elements are merged
  `uint8_t(srcCol / (blockLen * 4))` times, from src to dst. Both: (tmp's or dst's) plus src0's row bytes within
  UB_SIZE (static_assert); A2/A3: the operands' valid columns below UB_SIZE and blockLen % 64 == 0 (PTO_ASSERT).
"""

from __future__ import annotations

import numpy as np

from ptolint.executor.machine import ConcreteTile, Machine, op

_SORT_TYPES = {"half", "float"}
_VAL = {"float": np.float32, "half": np.float16}
_ESIZE = {"float": 4, "half": 2}
# TMrgSort.hpp's UB_SIZE: A2/A3's literal; A5's file uses the chip's PTO_UBUF_SIZE_BYTES (buffer_limits.hpp)
_UB = {"a2a3": 196608, "a5": 262144, "a6": 262144, "kirin9030": 131072, "kirinx90": 131072, "kirindev0000": 131072}


def _ub_checks(m: Machine, first: ConcreteTile, src0: ConcreteTile, es: int) -> list[tuple[str, str]]:
    """CheckOverMemory: (tmp's or, single-list, dst's) Cols + src0's Cols, in bytes, within UB_SIZE."""
    total = (first.spec.cols + src0.spec.cols) * es
    ub = _UB["a2a3"] if m.impl == "a2a3" else _UB.get(m.target, _UB["a5"])
    if total > ub:
        return [("size-mismatch", f"{first.name} and {src0.name} rows take {total} bytes, over the {ub}-byte "
                 "UB_SIZE")]
    return []


def _ub_valid_assert(m: Machine, tiles: list[ConcreteTile], es: int) -> None:
    """A2/A3's PTO_ASSERT: the operands' valid columns, in bytes, below UB_SIZE."""
    total = sum(t.valid_col for t in tiles) * es
    if m.impl == "a2a3" and total >= _UB["a2a3"]:
        m.fault("valid-region", f"valid columns of {', '.join(t.name for t in tiles)} take {total} bytes, not below "
                f"the {_UB['a2a3']}-byte UB_SIZE")


def _static(m: Machine, checks: list[tuple[str, str]]) -> None:
    """Record every compile error and stop (the call does not compile)."""
    if checks:
        for kind, detail in checks:
            m.fault(kind, detail)
        raise m.trap(checks[0][0], f"{m.site.builtin} does not compile on {m.impl}")


def _common_checks(m: Machine, dst: ConcreteTile, same: list[ConcreteTile], vec: list[ConcreteTile],
                   row_major: list[ConcreteTile], one_row: list[ConcreteTile]) -> list[tuple[str, str]]:
    errs = []
    if dst.dtype not in _SORT_TYPES:
        errs.append(("unsupported-dtype", f"dst element type {dst.dtype} (only half/float)"))
    errs += [("dtype-mismatch", f"{t.name} is {t.dtype}, dst is {dst.dtype}") for t in same if t.dtype != dst.dtype]
    errs += [("unsupported-path", f"{t.name} is a {t.spec.loc} tile") for t in vec if t.spec.loc != "Vec"]
    errs += [("unsupported-layout", f"{t.name} is {t.spec.blayout}") for t in row_major if not t.spec.is_row_major]
    errs += [("invalid-tile", f"{t.name} has {t.spec.rows} rows (must be 1)") for t in one_row if t.spec.rows != 1]
    return errs


def _flat(m: Machine, t: ConcreteTile) -> np.ndarray:
    if t.buf is None:
        raise m.trap("out-of-bounds", f"{t.name} has no storage")
    return t.buf.bytes()


def _read_bytes(m: Machine, t: ConcreteTile, start: int, n: int) -> np.ndarray:
    raw = _flat(m, t)
    if start < 0 or start + n > len(raw):
        raise m.trap("out-of-bounds", f"read of {t.name} bytes [{start}, {start + n}) outside its {len(raw)}-byte "
                     "storage")
    return np.array(raw[start:start + n])


def _write_bytes(m: Machine, t: ConcreteTile, start: int, data: np.ndarray, why: str = "") -> None:
    raw = _flat(m, t)
    if start < 0 or start + len(data) > len(raw):
        raise m.trap("out-of-bounds", f"write of {t.name} bytes [{start}, {start + len(data)}) outside its "
                     f"{len(raw)}-byte storage{why}")
    raw[start:start + len(data)] = data


def _pairs(values: np.ndarray, idx: np.ndarray, dtype: str) -> np.ndarray:
    """8-byte structures (value, [pad,] index) as bytes."""
    out = np.zeros((len(values), 8), dtype=np.uint8)
    vb = values.astype(_VAL[dtype]).view(np.uint8).reshape(len(values), -1)
    out[:, :vb.shape[1]] = vb
    out[:, 4:] = idx.astype(np.uint32).view(np.uint8).reshape(len(values), 4)
    return out.reshape(-1)


def _unpack(raw: np.ndarray, dtype: str) -> tuple[np.ndarray, np.ndarray]:
    """(values as float64, the 8-byte structures) of a byte run of whole structures."""
    s = raw.reshape(-1, 8)
    with np.errstate(invalid="ignore", over="ignore"):  # random storage may hold NaN bit patterns
        vals = np.ascontiguousarray(s[:, :_ESIZE[dtype]]).view(_VAL[dtype]).reshape(-1).astype(np.float64)
    return vals, s


def _row_stride(t: ConcreteTile, aligned: bool) -> int:
    """Row stride in elements; the 4-operand TSORT32 rounds it up to 32 bytes."""
    es = _ESIZE.get(t.dtype, t.spec.elem_size or 4)
    if not aligned:
        return t.spec.cols
    return (t.spec.cols * es + 31) // 32 * 32 // es


@op("TSORT32")
def tsort32(m: Machine) -> None:
    dst, src, idx, tmp = m.tile("dst"), m.tile("src"), m.tile("idx"), m.tile("tmp")
    if dst is None or src is None or idx is None:
        raise m.trap("unsupported-path", "TSORT32 needs tiles dst, src and idx")
    errs = _common_checks(m, dst, [src], [dst, src, idx], [dst, src, idx], [])
    if idx.dtype != "uint32_t":
        errs.append(("unsupported-dtype", f"idx element type {idx.dtype} (must be uint32_t)"))
    _static(m, errs)

    dtype = dst.dtype
    es = _ESIZE[dtype]
    coef = 8 // es
    rows, vc = dst.valid_row, src.valid_col
    if rows <= 0 or vc <= 0:
        return
    has_tmp = tmp is not None
    if has_tmp and vc % 32 and tmp.spec.loc != "Vec":
        m.fault("unsupported-path", f"tmp is a {tmp.spec.loc} tile: the tail block of each row is padded at its "
                "address taken as a UB address")
    n = vc if has_tmp else vc // 32 * 32
    if not has_tmp and vc % 32:
        m.fault("partial-result", f"src valid columns {vc} are not a multiple of 32: the last {vc % 32} are "
                "neither sorted nor written (3-operand form)")
    if n == 0:
        return
    aligned = has_tmp
    d_stride, s_stride = _row_stride(dst, aligned), _row_stride(src, aligned)
    i_stride = 0 if idx.valid_row == 1 else _row_stride(idx, aligned)
    for i in range(rows):
        with np.errstate(invalid="ignore", over="ignore"):
            vals = _read_bytes(m, src, i * s_stride * es, n * es).view(_VAL[dtype]).astype(np.float64)
        ids = _read_bytes(m, idx, i * i_stride * 4, n * 4).view(np.uint32)
        out_vals, out_ids = [], []
        for b in range(0, n, 32):
            v, k = vals[b:b + 32], ids[b:b + 32]
            order = np.argsort(-v, kind="stable")  # descending, ties: the earlier (smaller) position first
            out_vals.append(v[order])
            out_ids.append(k[order])
        data = _pairs(np.concatenate(out_vals), np.concatenate(out_ids), dtype)
        if n * coef > dst.spec.cols:
            m.fault("out-of-bounds", f"row {i}: {n} sorted pairs need {n * coef} dst elements, dst rows have "
                    f"{dst.spec.cols}: they overrun the row")
        _write_bytes(m, dst, i * d_stride * es, data)


def _merge(lists: list[tuple[np.ndarray, np.ndarray]], exhausted: bool) -> np.ndarray:
    """Merge descending-sorted lists of structures; with `exhausted`, stop when one list runs out."""
    pos = [0] * len(lists)
    out = []
    while True:
        live = [j for j, (v, _) in enumerate(lists) if pos[j] < len(v)]
        if not live or (exhausted and len(live) < len(lists)):
            break
        j = max(live, key=lambda j: (lists[j][0][pos[j]], -j))
        out.append(lists[j][1][pos[j]])
        pos[j] += 1
    return np.concatenate(out).astype(np.uint8) if out else np.zeros(0, dtype=np.uint8)


@op("TMRGSORT")
def tmrgsort(m: Machine) -> None:
    dst = m.tile("dst")
    if dst is None:
        raise m.trap("unsupported-path", "TMRGSORT needs a dst tile")
    if m.tile("src") is not None:
        _single(m, dst, m.tile("src"))
        return
    tmp = m.tile("tmp")
    srcs = [t for n in ("src0", "src1", "src2", "src3") if (t := m.tile(n)) is not None]
    if tmp is None or len(srcs) < 2:
        raise m.trap("unsupported-path", "TMRGSORT needs tmp and 2 to 4 source lists")
    rows_checked = [dst, tmp] + srcs[:3]  # src3's rows are not checked
    errs = _common_checks(m, dst, [tmp] + srcs, [dst, tmp] + srcs, [dst, tmp] + srcs, rows_checked)
    _static(m, errs or _ub_checks(m, tmp, srcs[0], _ESIZE[dst.dtype]))

    dtype = dst.dtype
    es = _ESIZE[dtype]
    _ub_valid_assert(m, srcs + [tmp], es)
    shift = 1 if dtype == "float" else 2
    exhausted = str(m.template_args.get("exhausted", "")) in ("true", "1")
    counts = [max(s.valid_col, 0) >> shift for s in srcs]
    if exhausted:
        _longest_exhausted_merge(m, srcs, counts, dtype)
    lists = [_unpack(_read_bytes(m, s, 0, c * 8), dtype) for s, c in zip(srcs, counts, strict=True)]
    merged = _merge(lists, exhausted)
    tmp_bytes = tmp.spec.rows * tmp.spec.cols * es
    if len(merged) > tmp_bytes:
        raise m.trap("tmp-undersized", f"the merge writes {len(merged) // es} elements into tmp, which holds "
                     f"{tmp_bytes // es}")
    _write_bytes(m, tmp, 0, merged)
    copy = (max(dst.valid_col, 0) * es + 31) // 32 * 32
    _write_bytes(m, dst, 0, _read_bytes(m, tmp, 0, copy))


def _longest_exhausted_merge(m: Machine, srcs: list[ConcreteTile], counts: list[int], dtype: str) -> None:
    """Sorted list contents for which an exhausted-mode merge runs longest: every list but src0 holds large
    keys and one tiny last key, src0 medium keys, so the merge stops only when src0 runs out."""
    for j, (s, c) in enumerate(zip(srcs, counts, strict=True)):
        if c == 0:
            continue
        keys = np.full(c, 0.0) if j == 0 else np.concatenate([np.full(c - 1, 2.0), [-2.0]])
        raw = _read_bytes(m, s, 0, c * 8).reshape(c, 8)
        raw[:, :_ESIZE[dtype]] = keys.astype(_VAL[dtype]).view(np.uint8).reshape(c, -1)
        _write_bytes(m, s, 0, raw.reshape(-1))


def _single(m: Machine, dst: ConcreteTile, src: ConcreteTile) -> None:
    errs = _common_checks(m, dst, [src], [dst, src], [dst, src], [dst, src])
    _static(m, errs or _ub_checks(m, dst, src, _ESIZE[dst.dtype]))
    block = m.scalar("blockLen")
    if block is None:
        raise m.trap("unsupported-path", "TMRGSORT(dst, src, blockLen) needs blockLen")
    dtype = dst.dtype
    es = _ESIZE[dtype]
    _ub_valid_assert(m, [src, dst], es)
    if m.impl == "a2a3" and (int(block) & 0xFFFFFFFF) % 64:
        m.fault("valid-region", f"blockLen {block} is not a multiple of TMRGSORT_BLOCK_LEN (64)")
    col = src.valid_col
    if col <= 0:
        return
    block = int(block) & 0xFFFFFFFF
    group = (block * 4) & 0xFFFFFFFF
    if group == 0:
        m.fault("partial-result", f"blockLen {block}: srcCol / (blockLen * 4) divides by zero")
        raise m.trap("divide-by-zero", "blockLen * 4 is 0")
    rep = col // group
    repeat = rep & 0xFF
    if col % group or not 1 <= rep <= 255:
        m.fault("partial-result", f"src valid columns {col} with blockLen {block}: {rep} groups of {group} "
                f"(remainder {col % group}); vmrgsort4 repeats {repeat} time(s) and merges {repeat * group} elements")
    structs = block * es // 8
    for r in range(repeat):
        base = r * group * es
        lists = [_unpack(_read_bytes(m, src, base + k * structs * 8, structs * 8), dtype) for k in range(4)]
        _write_bytes(m, dst, base, _merge(lists, False))
