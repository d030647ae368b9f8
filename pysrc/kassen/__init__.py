"""Kassen (合戦): a simulator for Japanese hobby battle rule systems.

The engine is pure Python. It runs headless (pytest, ``python -m kassen``) and inside the web
page on Pyodide, in a module worker; both must compute byte-identical battles from the same record.
"""

ENGINE_VERSION = "0.1.0"

__all__ = ["ENGINE_VERSION"]
