"""Styled report lines, written without importing rich when rich would print them with no escape codes.

A cached answer is mostly printing: rich costs more to import than the rest of a cache hit, and on a pipe, a
file or a CI log (no terminal, FORCE_COLOR unset) it prints nothing but the plain text. `PlainConsole` writes
exactly that text; a colour terminal (or FORCE_COLOR / TTY_COMPATIBLE=1) still gets rich's console."""

from __future__ import annotations

import os
import sys
import unicodedata
from typing import IO

# the control codes rich's Text drops (bell, backspace, vertical tab, form feed, carriage return)
_STRIP = dict.fromkeys((7, 8, 11, 12, 13))
TAB = 8


class Line:
    """One report line: a base style over the whole line and appended parts with their own style (as rich's
    `Text(text, style=base).append(part, style)`)."""

    __slots__ = ("base", "parts")

    def __init__(self, text: str = "", style: str = "") -> None:
        self.base = style
        self.parts: list[tuple[str, str]] = [(text, "")]

    def append(self, text: str, style: str = "") -> Line:
        self.parts.append((text, style))
        return self

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.parts)

    def __rich__(self):
        from rich.text import Text

        t = Text(self.parts[0][0], style=self.base)
        for text, style in self.parts[1:]:
            t.append(text, style=style or None)
        return t


def cell_width(ch: str) -> int:
    """Terminal cells of one character: 2 for wide East Asian characters, 0 for combining marks."""
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def expand_tabs(text: str) -> str:
    """Tabs to spaces at stops of 8 cells, as rich renders a line."""
    if "\t" not in text:
        return text
    out: list[str] = []
    for line in text.split("\n"):
        cells = 0
        buf: list[str] = []
        for ch in line:
            if ch == "\t":
                n = TAB - cells % TAB
                buf.append(" " * n)
                cells += n
            else:
                buf.append(ch)
                cells += cell_width(ch)
        out.append("".join(buf))
    return "\n".join(out)


class PlainConsole:
    """The part of rich's Console the text reports use, for output rich would leave unstyled."""

    def __init__(self, file: IO[str] | None = None) -> None:
        self.file = file

    def print(self, obj: Line | str = "") -> None:
        text = obj.plain if isinstance(obj, Line) else str(obj)
        out = self.file if self.file is not None else sys.stdout
        out.write(expand_tabs(text.translate(_STRIP)) + "\n")


def styled(file: IO[str]) -> bool:
    """Whether rich would write escape codes to `file` (its terminal detection, Jupyter and IDLE aside)."""
    tty = os.environ.get("TTY_COMPATIBLE", "")
    if tty in ("0", "1"):
        return tty == "1" and not dumb()
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != "" and not dumb()
    try:
        terminal = bool(getattr(file, "isatty", lambda: False)())
    except ValueError:
        return False
    return terminal and not dumb()


def dumb() -> bool:
    """TERM=dumb or unknown: rich detects no colour system and styles nothing."""
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def stdout_console():
    """The console for the report on standard output."""
    return rich_console() if styled(sys.stdout) else PlainConsole()


def rich_console(**options):
    """rich's console as the reports use it: no highlighting of numbers and strings, no wrapping."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True, **options)
