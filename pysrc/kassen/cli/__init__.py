"""The command line (``python -m kassen``, the ``kassen`` command): one module per command
(:data:`kassen.cli.app.COMMANDS`) and the pieces they share: ``io`` (arguments, build files,
JSON), ``builds`` (``@NAME`` samples, one-line builds), ``prompt`` (a person's decisions in a
terminal) and ``term`` (display width, tables, progress)."""

from kassen.cli.app import main

__all__ = ["main"]
