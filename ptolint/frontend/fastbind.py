"""Leaner versions of the libclang binding's most used accessors (installed once, same results).

The interpreter and the entry replay ask libclang for the kind, type, spelling and referenced declaration of
tens of thousands of cursors per kernel. The binding wraps each answer in generic machinery: a result check
that searches the call's arguments for a translation unit, a second libclang call and a comparison with a
freshly fetched null cursor for every cursor result, a `hasattr` probe (an exception when the cache is empty)
for every cached property, a class lookup for every kind, and three conversions for every string. Together
that was about a quarter of the symbolic walk of an ST kernel. The replacements below call the same libclang
functions through function pointers without the result checks, do what the checks did (keep the translation
unit on the result, map the null cursor to None, decode the string), and keep the binding's own cache
attributes (`_type`, `_spelling`, `_referenced`, `_loc`, `_extent`), so code that still takes the binding's
path sees the same cached objects. tests/test_fastbind.py compares every replacement with the original.
"""

from __future__ import annotations

import ctypes
from typing import Any

import clang.cindex as ci

#: the binding's originals, kept for the comparison test
ORIGINAL: dict[str, Any] = {}
_installed = False


def _raw(name: str, argtypes: list, restype: Any) -> Any:
    """A fresh function pointer to libclang's `name` (no result check: `lib[name]` is not the binding's)."""
    f = ci.conf.lib[name]
    f.argtypes = argtypes
    f.restype = restype
    return f


class _String(ctypes.Structure):
    """libclang's CXString, without the binding's `__del__` (a Python-level call of the binding's wrapped
    clang_disposeString when the object goes): text() disposes of it as soon as it has copied the characters."""

    _fields_ = [("data", ctypes.c_void_p), ("flags", ctypes.c_uint)]


def is_null(c: ci.Cursor) -> bool:
    """clang_equalCursors(c, clang_getNullCursor()): the null cursor is CXCursor_InvalidFile with no data (the
    kind is not a declaration's, so the comparison is field by field)."""
    return c._kind_id == 70 and not c.xdata and not (c.data[0] or c.data[1] or c.data[2])


def _per_kind(original: Any) -> Any:
    """A CursorKind predicate (clang_isExpression ...) asked of libclang once per kind: it depends on the kind
    alone, and the walks ask it of every cursor."""
    known: dict[ci.CursorKind, bool] = {}  # by the kind object itself: the binding has one object per kind

    def predicate(self: ci.CursorKind) -> bool:
        v = known.get(self)
        if v is None:
            v = known[self] = original(self)
        return v

    predicate.__name__ = original.__name__
    return predicate


def install() -> None:
    """Replace the accessors (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    cursor, ctype = ci.Cursor, ci.Type
    for cls, name in ((cursor, "kind"), (cursor, "type"), (cursor, "spelling"), (cursor, "referenced"),
                      (cursor, "location"), (cursor, "extent"), (ctype, "kind"), (ctype, "spelling")):
        ORIGINAL[f"{cls.__name__}.{name}"] = cls.__dict__[name]
    ORIGINAL["Type.get_canonical"] = ctype.__dict__["get_canonical"]
    ORIGINAL["Cursor.get_usr"] = cursor.__dict__["get_usr"]
    ORIGINAL["Cursor.get_arguments"] = cursor.__dict__["get_arguments"]

    get_type = _raw("clang_getCursorType", [cursor], ctype)
    get_canonical = _raw("clang_getCanonicalType", [ctype], ctype)
    get_referenced = _raw("clang_getCursorReferenced", [cursor], cursor)
    get_argument = _raw("clang_Cursor_getArgument", [cursor, ctypes.c_uint], cursor)
    num_arguments = _raw("clang_Cursor_getNumArguments", [cursor], ctypes.c_int)
    get_location = _raw("clang_getCursorLocation", [cursor], ci.SourceLocation)
    get_extent = _raw("clang_getCursorExtent", [cursor], ci.SourceRange)
    cursor_spelling = _raw("clang_getCursorSpelling", [cursor], _String)
    type_spelling = _raw("clang_getTypeSpelling", [ctype], _String)
    cursor_usr = _raw("clang_getCursorUSR", [cursor], _String)
    c_string = _raw("clang_getCString", [_String], ctypes.c_char_p)
    dispose_string = _raw("clang_disposeString", [_String], None)
    cursor_kinds = ci.CursorKind._kinds
    type_kinds = ci.TypeKind._kinds
    n_cursor_kinds, n_type_kinds = len(cursor_kinds), len(type_kinds)

    def text(s: _String) -> str | None:
        raw = c_string(s)  # a copy of the characters (c_char_p), so the string can go at once
        dispose_string(s)
        return None if raw is None else raw.decode("utf8")

    def kind(self: ci.Cursor) -> ci.CursorKind:
        i = self._kind_id
        k = cursor_kinds[i] if i < n_cursor_kinds else None
        return k if k is not None else ci.CursorKind.from_id(i)

    def type_kind(self: ci.Type) -> ci.TypeKind:
        i = self._kind_id
        k = type_kinds[i] if i < n_type_kinds else None
        return k if k is not None else ci.TypeKind.from_id(i)

    def type_(self: ci.Cursor) -> ci.Type:
        d = self.__dict__
        t = d.get("_type")
        if t is None:
            t = get_type(self)
            t._tu = self._tu
            d["_type"] = t
        return t

    def canonical(self: ci.Type) -> ci.Type:
        t = get_canonical(self)
        t._tu = self._tu
        return t

    def spelling(self: ci.Cursor) -> str | None:
        d = self.__dict__
        if "_spelling" in d:
            return d["_spelling"]
        s = d["_spelling"] = text(cursor_spelling(self))
        return s

    def type_spelling_(self: ci.Type) -> str | None:
        return text(type_spelling(self))

    def usr(self: ci.Cursor) -> str | None:
        return text(cursor_usr(self))

    def referenced(self: ci.Cursor) -> ci.Cursor | None:
        d = self.__dict__
        if "_referenced" in d:
            return d["_referenced"]
        r = get_referenced(self)
        if is_null(r):
            r = None
        else:
            r._tu = self._tu
        d["_referenced"] = r
        return r

    def arguments(self: ci.Cursor):  # noqa: ANN202 - a generator, as the binding's
        for i in range(num_arguments(self)):
            a = get_argument(self, i)
            if is_null(a):
                yield None
            else:
                a._tu = self._tu
                yield a

    def location(self: ci.Cursor) -> ci.SourceLocation:
        d = self.__dict__
        loc = d.get("_loc")
        if loc is None:
            loc = d["_loc"] = get_location(self)
        return loc

    def extent(self: ci.Cursor) -> ci.SourceRange:
        d = self.__dict__
        ext = d.get("_extent")
        if ext is None:
            ext = d["_extent"] = get_extent(self)
        return ext

    for pred in ("is_declaration", "is_reference", "is_expression", "is_statement", "is_attribute", "is_invalid",
                 "is_translation_unit", "is_preprocessing", "is_unexposed"):
        ORIGINAL[f"CursorKind.{pred}"] = original = ci.CursorKind.__dict__[pred]
        setattr(ci.CursorKind, pred, _per_kind(original))

    cursor.kind = property(kind)
    cursor.type = property(type_)
    cursor.spelling = property(spelling)
    cursor.referenced = property(referenced)
    cursor.location = property(location)
    cursor.extent = property(extent)
    cursor.get_usr = usr
    cursor.get_arguments = arguments
    ctype.kind = property(type_kind)
    ctype.spelling = property(type_spelling_)
    ctype.get_canonical = canonical
