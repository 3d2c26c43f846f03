"""The frontend's abstract interpreter over libclang cursors (see interpreter.py)."""
