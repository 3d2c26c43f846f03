"""On-chip buffers as bytes, and tiles laid out in them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ptolint.ir import TileSpec
from ptolint.targets import BUFFERS

#: element type name -> numpy dtype used to hold its values (bit-exact where numpy has the type)
NUMPY_TYPES = {
    "int8_t": np.int8, "uint8_t": np.uint8, "int16_t": np.int16, "uint16_t": np.uint16,
    "int32_t": np.int32, "uint32_t": np.uint32, "int64_t": np.int64, "uint64_t": np.uint64,
    "float": np.float32, "half": np.float16, "double": np.float64,
    # no numpy type: raw bytes of the right width
    "bfloat16_t": np.uint16, "float8_e4m3_t": np.uint8, "float8_e5m2_t": np.uint8, "float8_e8m0_t": np.uint8,
    "hifloat8_t": np.uint8, "float4_e2m1x2_t": np.uint8, "float4_e1m2x2_t": np.uint8,
}


class LayoutError(Exception):
    """The tile cannot be placed in its buffer (bad shape, unknown buffer, out of capacity)."""


def element_size(spec: TileSpec) -> int:
    if spec.elem_size:
        return spec.elem_size
    t = NUMPY_TYPES.get(spec.dtype)
    return np.dtype(t).itemsize if t is not None else 0


@dataclass
class TileBuffer:
    """One tile's storage: `rows x cols` elements at `offset` bytes in its on-chip buffer."""

    spec: TileSpec
    buffer: str
    offset: int
    nbytes: int
    storage: np.ndarray  # the whole buffer (uint8)

    def bytes(self) -> np.ndarray:
        return self.storage[self.offset:self.offset + self.nbytes]

    def elements(self) -> np.ndarray:
        """The tile's storage as a rows x cols array in its BLayout order (view on the buffer)."""
        t = NUMPY_TYPES.get(self.spec.dtype, np.uint8)
        flat = self.bytes().view(t)
        if self.spec.is_row_major:
            return flat.reshape(self.spec.rows, self.spec.cols)
        return flat.reshape(self.spec.cols, self.spec.rows).T


class Memory:
    """The target's on-chip buffers; tiles are allocated one after another, 32-byte aligned, or placed at an address."""

    def __init__(self, target: str):
        self.target = target
        self.buffers: dict[str, np.ndarray] = {}  # tiles laid out one after another
        self.next: dict[str, int] = {}
        #: tiles placed at given addresses live in a buffer of their own, apart from the laid-out ones
        self.placed: dict[str, np.ndarray] = {}

    def place(self, spec: TileSpec, rng: np.random.Generator, at: int | None = None) -> TileBuffer:
        """Lay out a tile: at the next free 32-byte boundary with fresh random contents, or, with `at`, at that
        byte offset (where TASSIGN put it) over whatever the buffer already holds, so that tiles placed at
        overlapping addresses share their bytes as they do on the chip."""
        if spec.loc not in BUFFERS[self.target]:
            raise LayoutError(f"no {spec.loc} buffer on {self.target}")
        name, cap = BUFFERS[self.target][spec.loc]
        size = element_size(spec)
        if size <= 0:
            raise LayoutError(f"unknown element type {spec.dtype}")
        if spec.rows <= 0 or spec.cols <= 0:
            raise LayoutError(f"tile shape {spec.rows}x{spec.cols} is not positive")
        nbytes = spec.rows * spec.cols * size
        if at is not None:
            if at < 0 or at + nbytes > cap:
                raise LayoutError(f"{nbytes} bytes at {at} do not fit in {name} ({cap} bytes)")
            if name not in self.placed:
                self.placed[name] = rng.integers(0, 256, cap, dtype=np.uint8)
            return TileBuffer(spec, name, at, nbytes, self.placed[name])
        if name not in self.buffers:
            self.buffers[name] = np.zeros(cap, dtype=np.uint8)
            self.next[name] = 0
        off = self.next[name]
        if off + nbytes > cap:
            raise LayoutError(f"{nbytes} bytes do not fit in {name} ({cap} bytes)")
        self.next[name] = (off + nbytes + 31) // 32 * 32
        buf = TileBuffer(spec, name, off, nbytes, self.buffers[name])
        buf.bytes()[:] = rng.integers(0, 256, nbytes, dtype=np.uint8)
        return buf
