"""Caches of the symbolic walk that are shared between cursors: each must answer exactly what the uncached query
answers, for every cursor that shares an entry, and keep apart what differs.

- token spellings are remembered per source range of a translation unit (cursors.tokens): the cursors of two
  instantiations of one template cover the same ranges and share them; ranges that differ (a sub-expression, a
  macro expansion, the other instantiation's call) do not;
- an instantiation's display name reads the template's parameters once per instantiation (values.display_name).
"""

from __future__ import annotations

import clang.cindex as ci

from ptolint.frontend import cursors
from ptolint.frontend.parse import ParseOptions, parse
from ptolint.frontend.values import binop_token, display_name, unop_token

SOURCE = """#include <pto/pto-inst.hpp>
#define WIDTH (16 + 8)

template <typename T, int N, bool B>
AICORE int helper(int x) {
    int y = x * N + WIDTH;
    y += sizeof(T) - 1;
    return B ? -y : y++;
}

extern "C" __global__ AICORE void kern(int x) {
    helper<float, 4, true>(x);
    helper<short, 9, false>(x + 1);
}
"""


def _tu(tmp_path):
    path = tmp_path / "k.cpp"
    path.write_text(SOURCE)
    tu, _ = parse(str(path), "a2a3", ParseOptions(), SOURCE)
    assert tu is not None
    kern = next(c for top in cursors.top_level(tu)[0] if cursors.file_name(top) == str(path)
                for c in cursors.walk(top) if c.spelling == "kern" and c.is_definition())
    calls = [c for c in cursors.walk(kern) if c.kind == ci.CursorKind.CALL_EXPR]
    assert len(calls) == 2
    return tu, calls


def _uncached(c: ci.Cursor) -> tuple[str, ...]:
    return tuple(t.spelling for t in c.get_tokens())


def test_tokens_per_range_are_the_tokens_of_each_cursor(tmp_path) -> None:
    tu, calls = _tu(tmp_path)
    bodies = [list(cursors.walk(cursors.referenced(c))) for c in calls]
    assert len(bodies[0]) == len(bodies[1]) > 20
    shared = 0
    for a, b in zip(*bodies, strict=True):
        assert a is not b  # each instantiation has cursors of its own ...
        ta, tb = cursors.tokens(a), cursors.tokens(b)
        assert ta == _uncached(a) and tb == _uncached(b)
        if a.extent.start.offset == b.extent.start.offset and a.extent.end.offset == b.extent.end.offset:
            shared += ta is tb  # ... over the same source ranges, tokenized once
    assert shared > 20
    # different ranges keep different tokens: the two calls, and a sub-expression and its parent
    assert cursors.tokens(calls[0]) == _uncached(calls[0]) != cursors.tokens(calls[1]) == _uncached(calls[1])
    everything = [c for c in cursors.walk(tu.cursor) if cursors.file_name(c) == calls[0].location.file.name]
    for c in everything:
        assert cursors.tokens(c) == _uncached(c), c.kind


def test_operator_tokens_and_display_names_per_instantiation(tmp_path) -> None:
    _tu_, calls = _tu(tmp_path)
    fns = [cursors.referenced(c) for c in calls]
    assert [display_name(f) for f in fns] == ["helper<float, 4, true>", "helper<short, 9, false>"]
    assert [display_name(f, c) for f, c in zip(fns, calls, strict=True)] == ["helper<float, 4, true>", "helper<short, 9, false>"]
    ops = {(binop_token(c) if c.kind != ci.CursorKind.UNARY_OPERATOR else unop_token(c))
           for f in fns for c in cursors.walk(f)
           if c.kind in (ci.CursorKind.BINARY_OPERATOR, ci.CursorKind.COMPOUND_ASSIGNMENT_OPERATOR,
                         ci.CursorKind.UNARY_OPERATOR)}
    assert ops == {"*", "+", "+=", "-", "post++"}


MACRO_SOURCE = """#define CEIL(x, y) ((((x) + (y) - 1) / (y)) * (y))
int filler(int a) { return a * 2 + a / 3 - a % 5; }
int pad(int n) { return CEIL(n, 32); }
"""


def test_first_token_reads_one_token_of_a_literal_in_a_macro_body(tmp_path) -> None:
    from ptolint.executor.entry.syntax import where

    path = tmp_path / "m.cpp"
    path.write_text(MACRO_SOURCE)
    tu, _ = parse(str(path), "a2a3", ParseOptions(), MACRO_SOURCE)
    pad = next(c for c in cursors.walk(tu.cursor) if c.spelling == "pad" and c.is_definition())
    lits = [c for c in cursors.walk(pad) if c.kind == ci.CursorKind.INTEGER_LITERAL]
    firsts = [cursors.first_token(c) for c in lits]  # before tokens(): nothing remembered yet
    assert firsts == ["32", "1", "32", "32"]  # CEIL(n, 32): (((n) + (32) - 1) / (32)) * (32)
    # libclang's extent of the `1` runs from the #define to the use: every token between them
    one = cursors.tokens(lits[1])
    assert len(one) > 20 and one[0] == "1"
    binop = next(c for c in cursors.walk(pad) if c.kind == ci.CursorKind.BINARY_OPERATOR)
    assert f"at {where(binop)}".startswith("at line 3: ")  # spelled when a message is made


def test_locations_and_first_tokens_per_unit_are_each_cursors_own(tmp_path) -> None:
    """Positions are resolved once per raw location of the translation unit and a literal's first token once per
    extent: every cursor of both instantiations (and of the whole file, macro expansions included) still gets
    exactly what the binding's own queries give it."""
    tu, calls = _tu(tmp_path)
    name = calls[0].location.file.name
    literals = 0
    for c in [c for c in cursors.walk(tu.cursor) if cursors.file_name(c) == name]:
        loc, ext = c.location, c.extent
        assert cursors.position(c) == (loc.file.name, loc.line, loc.column), c.kind
        assert cursors.start_position(c) == (ext.start.line, ext.start.column)
        assert cursors.end_position(c) == (ext.end.line, ext.end.column)
        assert cursors.offset(c) == loc.offset
        if c.kind == ci.CursorKind.INTEGER_LITERAL:
            literals += 1
            assert cursors.first_token(c) == _uncached(c)[0]
    assert literals >= 6
    assert len(tu._ptolint_resolved) < sum(1 for _ in cursors.walk(tu.cursor))  # shared between cursors


def test_canonical_objects_are_one_per_cursor_libclang_calls_equal(tmp_path) -> None:
    """canonical() keys cursors by the fields clang_equalCursors compares (not by asking libclang to hash and
    compare them): every declaration a name refers to, in both instantiations, maps to one object exactly when
    libclang calls the two cursors equal. `b`, second of a declaration group, is a cursor whose children-given
    and referenced forms differ in the field libclang ignores for declarations."""
    source = SOURCE.replace("int y = x * N + WIDTH;", "int a = x, b = a + N;\n    int y = b * N + WIDTH;")
    path = tmp_path / "k.cpp"
    path.write_text(source)
    tu, _ = parse(str(path), "a2a3", ParseOptions(), source)
    cursors.reset()
    seen: list[ci.Cursor] = []
    for c in cursors.walk(tu.cursor):
        if cursors.file_name(c) != str(path):
            continue
        if c.kind in (ci.CursorKind.VAR_DECL, ci.CursorKind.PARM_DECL):
            seen.append(c)
        elif c.kind == ci.CursorKind.DECL_REF_EXPR and c.referenced is not None:
            seen.append(c.referenced)
    assert any(c.spelling == "b" and c.data[1] is None for c in seen)  # what the key must leave out
    assert any(c.spelling == "b" and c.data[1] is not None for c in seen)
    for a in seen:
        for b in seen:
            assert (cursors.canonical(a) is cursors.canonical(b)) == bool(ci.conf.lib.clang_equalCursors(a, b))
    cursors.reset()


def test_source_tokens_are_libclangs_tokens_or_left_to_libclang(tmp_path) -> None:
    """Tokens read from the parsed buffer (a call's name and template arguments, for instantiation names) are the
    spellings, identifier kinds and offsets clang_tokenize gives, for every cursor of the file whose extent the
    reader takes; an extent holding a comment or a literal with quotes is left to libclang (None)."""
    source = SOURCE + """
template <typename A, int B> AICORE int pick(int x) { return x + B; }
extern "C" __global__ AICORE void more(int x) {
    pick<unsigned short, (3 >> 1) + 0x1fU>(x);
    pick<float, 2 /* two */>(x);
    pick<char, 'a'>(x);
}
"""
    path = tmp_path / "k.cpp"
    path.write_text(source)
    tu, _ = parse(str(path), "a2a3", ParseOptions(), source)
    read = left = 0
    for c in cursors.walk(tu.cursor):
        if cursors.file_name(c) != str(path):
            continue
        got = cursors.source_tokens(c)
        if got is None:
            left += 1
            continue
        read += 1
        want = [(t.spelling, t.kind == ci.TokenKind.IDENTIFIER, t.location.offset) for t in c.get_tokens()]
        assert got[1] == want, c.kind
    calls = [c for c in cursors.walk(tu.cursor) if c.kind == ci.CursorKind.CALL_EXPR and c.spelling == "pick"]
    assert len(calls) == 3
    assert [cursors.source_tokens(c) is None for c in calls] == [False, True, True]  # a comment, a character literal
    assert read > 50 and left > 0
