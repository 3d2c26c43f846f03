"""Directories bundled with the frontend: the PTO API model headers and the host-side stand-ins.

A module of its own so that the parser, the PCH store and the vendor-header overlay can all name them without
importing each other.
"""

from __future__ import annotations

from pathlib import Path

MODEL_INCLUDE = Path(__file__).resolve().parent / "include"
HOST_INCLUDE = Path(__file__).resolve().parent / "host_include"
