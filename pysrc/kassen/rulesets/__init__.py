"""The built-in rule systems, one folder each: ``kassen/rulesets/<id>/``, whose ``__init__``
defines ``RULESET``. No list names them: :func:`discover` finds the folders and the registry
(:mod:`kassen.core.registry`) imports one when it is asked for, so adding a system is adding
its folder. Its ``Ruleset.order`` places it in the lists the page and the CLI show."""

from __future__ import annotations

import pkgutil


def discover() -> list[str]:
    """The ids of the built-in rulesets: the names of this package's subpackages (a folder
    is named after its ruleset's id), sorted by name, found without importing any of them.

    Reads ``__path__`` on each call, so it works from the source tree, an installed wheel
    (CPython or Pyodide's site-packages) or a zipped wheel on ``sys.path``, and sees a folder
    that a path extension adds. Names starting with ``_`` are not rulesets."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__)
                  if m.ispkg and not m.name.startswith("_"))
