"""The ruleset registry: id → ruleset, loaded lazily from :mod:`kassen.rulesets`; loading a
ruleset registers its text catalogue (``Ruleset.text()``)."""

from __future__ import annotations

import importlib

from kassen.core import i18n
from kassen.core.problems import Problem, ProblemError
from kassen.core.ruleset import Ruleset
from kassen.core.text import clip
from kassen.rulesets import BUILTIN

_loaded: dict[str, Ruleset] = {}
_extra: dict[str, Ruleset] = {}


def _install(ruleset: Ruleset) -> Ruleset:
    """Register the ruleset's text catalogue (:meth:`Ruleset.text`) under its id."""
    catalogue = ruleset.text()
    if catalogue:
        i18n.register(ruleset.id, catalogue)
    return ruleset


def register(ruleset: Ruleset) -> None:
    """Add a ruleset that does not live in :mod:`kassen.rulesets` (tests, plug-ins)."""
    _extra[ruleset.id] = _install(ruleset)


def unregister(ruleset_id: str) -> None:
    """Remove a ruleset added with :func:`register`."""
    _extra.pop(ruleset_id, None)


def ids() -> list[str]:
    """Every ruleset id, built-in ones first in registry order."""
    return list(BUILTIN) + [i for i in _extra if i not in BUILTIN]


def get(ruleset_id: str) -> Ruleset:
    """The ruleset called ``ruleset_id``, or raise ProblemError(core.unknown_ruleset)."""
    if not isinstance(ruleset_id, str):
        ruleset_id = clip(ruleset_id)  # a page's wrong JSON type: named, never looked up
    if ruleset_id in _extra:
        return _extra[ruleset_id]
    if ruleset_id in BUILTIN:
        found = _loaded.get(ruleset_id)
        if found is None:
            module = importlib.import_module(BUILTIN[ruleset_id])
            found = _install(module.RULESET)
            _loaded[ruleset_id] = found
        return found
    raise ProblemError([Problem("core.unknown_ruleset",
                                args={"ruleset": clip(ruleset_id),
                                      "known": ", ".join(ids()) or "-"})])


def all_rulesets() -> list[Ruleset]:
    """Every ruleset, in :func:`ids` order."""
    return [get(i) for i in ids()]
