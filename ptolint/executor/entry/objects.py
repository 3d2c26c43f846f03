"""The run's values besides numbers: variables (cells), tiles and their storage, GlobalTensor and Shape/Stride
objects, structs, arrays, the kernel's input structs and global-memory pointers.

A variable is a Cell; a reference parameter or `T& r = x;` binds the same Cell, so writes through it are seen
by the caller. A tile is a TileObj whose Storage (its TASSIGN placement or the runner's own layout) is shared
by its copies, as a Tile object holds its address.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ptolint.executor.memory import LayoutError, Memory, TileBuffer
from ptolint.ir import DYNAMIC, GlobalSpec, TileSpec


class Cell:
    """One variable, struct field or array element."""

    __slots__ = ("v",)

    def __init__(self, v=None):
        self.v = v

    def __repr__(self) -> str:
        return f"Cell({self.v!r})"


class InputCell(Cell):
    """A scalar parameter of the entry point: its value is the kernel input of that name, read (from the witness
    or chosen) when the kernel first uses it, so a parameter the run never reads is neither."""

    __slots__ = ("run", "name", "conv", "value", "known")

    def __init__(self, run, name: str, conv):
        self.run, self.name, self.conv, self.known = run, name, conv, False

    @property
    def v(self):
        if not self.known:
            self.value, self.known = self.run.input(self.name, self.conv), True
        return self.value

    @v.setter
    def v(self, value):
        self.value, self.known = value, True


class Uninit:
    """The value of a scalar variable declared without an initialiser (reading it is a refusal)."""

    __slots__ = ("name", "line")

    def __init__(self, name: str, line: int):
        self.name, self.line = name, line

    def __repr__(self) -> str:
        return f"<uninitialised {self.name}>"


class Storage:
    """Where a tile's bytes are: placed by TASSIGN at `addr`, or laid out by the runner (addr None)."""

    __slots__ = ("addr", "buf", "error", "key")

    def __init__(self, addr: int | None = None, key=None):
        self.addr = addr
        self.buf: TileBuffer | None = None
        self.error: str | None = None
        self.key = key

    def buffer(self, spec: TileSpec, run) -> TileBuffer | None:
        """The TileBuffer (allocated on first use); None with `error` set when the tile cannot be laid out."""
        if self.buf is not None or self.error is not None:
            return self.buf
        try:
            if self.addr is not None:
                self.buf = run.memory.place(spec, run.rng, self.addr)
            else:
                self.buf = run.layout(spec, self.key)
        except LayoutError as exc:
            self.error = str(exc)
        return self.buf


class TileObj:
    """A pto::Tile object: its type, run-time valid region and storage."""

    __slots__ = ("spec", "vr", "vc", "name", "decl", "storage")

    def __init__(self, spec: TileSpec, name: str, decl: tuple[str, int], storage: Storage,
                 vr: int = 0, vc: int = 0):
        self.spec = spec
        self.name = name
        self.decl = decl
        self.storage = storage
        self.vr = spec.valid_row if spec.valid_row != DYNAMIC else vr
        self.vc = spec.valid_col if spec.valid_col != DYNAMIC else vc

    def copy(self, name: str | None = None, decl: tuple[str, int] | None = None) -> TileObj:
        t = TileObj(self.spec, name or self.name, decl or self.decl, self.storage)
        t.vr, t.vc = self.vr, self.vc
        return t

    def assign(self, other: TileObj) -> None:
        """Copy assignment `a = b;`: the region and the address."""
        self.vr, self.vc, self.storage = other.vr, other.vc, other.storage

    def set_valid(self, row: int | None, col: int | None) -> None:
        """SetValidRow/Col/Shape: the stored run-time extents (a static extent keeps answering its constant)."""
        if row is not None and self.spec.valid_row == DYNAMIC:
            self.vr = row
        if col is not None and self.spec.valid_col == DYNAMIC:
            self.vc = col

    def __repr__(self) -> str:
        return f"<tile {self.name} {self.vr}x{self.vc}>"


@dataclass
class TileAddress:
    """`tile.data()`: converts to the tile's placement address."""

    tile: TileObj


@dataclass
class DimsObj:
    """A pto::Shape / pto::Stride object: its five effective extents."""

    head: str
    dims: list[int]

    def copy(self) -> DimsObj:
        return DimsObj(self.head, list(self.dims))


@dataclass
class GlobalObj:
    """A pto::GlobalTensor object: its type, five extents and strides, data pointer."""

    spec: GlobalSpec
    shape: list[int]
    stride: list[int]
    name: str
    data: object = None

    def copy(self) -> GlobalObj:
        return GlobalObj(self.spec, list(self.shape), list(self.stride), self.name, self.data)


def fill_dims(statics: tuple[int, ...], vals: list[int]) -> list[int]:
    """Shape/Stride constructors (pto_tile.hpp): five values fill the DYNAMIC dims positionally, fewer fill the
    DYNAMIC dims left to right; unfilled DYNAMIC dims are 1, static dims keep their value."""
    out = [1 if d == DYNAMIC else d for d in statics]
    if len(vals) == 5:
        for i, d in enumerate(statics):
            if d == DYNAMIC:
                out[i] = vals[i]
        return out
    k = 0
    for i, d in enumerate(statics):
        if d == DYNAMIC and k < len(vals):
            out[i] = vals[k]
            k += 1
    return out


@dataclass
class StructObj:
    """A struct the kernel builds itself: its fields."""

    spelling: str
    fields: dict[str, Cell] = field(default_factory=dict)

    def copy(self) -> StructObj:
        return StructObj(self.spelling, {k: Cell(copy_value(c.v)) for k, c in self.fields.items()})


@dataclass
class ArrayObj:
    cells: list[Cell]

    def copy(self) -> ArrayObj:
        return ArrayObj([Cell(copy_value(c.v)) for c in self.cells])


@dataclass(frozen=True)
class InputRef:
    """A pointer to, reference to or copy of a struct that comes from the kernel's inputs (a tiling struct):
    its scalar fields are inputs, named by the member expression's text (`t.M`, `tiling->M`)."""

    root: str
    path: tuple[str, ...] = ()

    def member(self, name: str) -> InputRef:
        return InputRef(self.root, self.path + (name,))


@dataclass(frozen=True)
class GmPointer:
    """A pointer into global memory (a kernel parameter such as `__gm__ half* x`, plus an offset)."""

    name: str
    offset: int = 0


@dataclass(frozen=True)
class ArrayPointer:
    """A pointer into a local array (`int* p = arr + 2;`, `p++`): the array and the element index."""

    array: ArrayObj
    index: int

    def cell(self, i: int = 0) -> Cell:
        j = self.index + i
        if not 0 <= j < len(self.array.cells):
            from ptolint.executor.entry.errors import Refusal

            raise Refusal(f"pointer to element {j} of an array of {len(self.array.cells)} dereferenced")
        return self.array.cells[j]

    def moved(self, d: int) -> ArrayPointer:
        return ArrayPointer(self.array, self.index + d)


@dataclass(frozen=True)
class FunctionRef:
    """A function used as a value (passed to a stream operator, say): nothing the run can call."""

    name: str
    opaque = True


@dataclass(frozen=True)
class CellPointer:
    """`&x` of a local scalar or struct: dereferences to its Cell."""

    cell: Cell


@dataclass
class OpaqueObj:
    """An object of another class (an event, a pipe, ...): passed to builtins by its type."""

    spelling: str
    opaque = True


def copy_value(v):
    """The value a by-value copy (initialisation, parameter) holds."""
    if isinstance(v, (TileObj, GlobalObj, DimsObj, StructObj, ArrayObj)):
        return v.copy()
    return v


def private_layout(spec: TileSpec, run) -> TileBuffer:
    """A tile the runner lays out in a buffer of its own (the shared one is full)."""
    return Memory(run.target).place(spec, run.rng)
