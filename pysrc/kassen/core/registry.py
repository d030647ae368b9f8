"""The ruleset registry: id → ruleset. Built-in rulesets are found, not listed: every folder
of :mod:`kassen.rulesets` (:func:`kassen.rulesets.discover`), imported only when it is asked
for; others are added with :func:`register`. Loading or adding a ruleset registers its text
catalogue (``Ruleset.text()``)."""

from __future__ import annotations

import importlib

from kassen import rulesets
from kassen.core import i18n
from kassen.core.problems import Problem, ProblemError
from kassen.core.ruleset import Ruleset
from kassen.core.text import clip

_loaded: dict[str, Ruleset] = {}
_extra: dict[str, Ruleset] = {}


class RulesetFolderError(Exception):
    """A folder of :mod:`kassen.rulesets` that is not a ruleset as the registry needs it (a
    mistake in the repository, not in a user's input)."""


def _install(ruleset: Ruleset) -> Ruleset:
    """Register the ruleset's text catalogue (:meth:`Ruleset.text`) under its id."""
    catalogue = ruleset.text()
    if catalogue:
        i18n.register(ruleset.id, catalogue)
    return ruleset


def _load(name: str) -> Ruleset:
    """Import the built-in ruleset folder ``name`` and register its ``RULESET``."""
    found = _loaded.get(name)
    if found is None:
        module = importlib.import_module(f"{rulesets.__name__}.{name}")
        where = f"kassen/rulesets/{name}/__init__.py"
        found = getattr(module, "RULESET", None)
        if not isinstance(found, Ruleset):
            raise RulesetFolderError(f"{where}: RULESET is not a kassen.core.ruleset.Ruleset "
                                     f"(got {type(found).__name__})")
        if found.id != name:
            raise RulesetFolderError(f"{where}: RULESET.id is {found.id!r}; a ruleset's "
                                     f"folder is named after its id")
        _loaded[name] = _install(found)
    return found


def register(ruleset: Ruleset) -> None:
    """Add a ruleset that does not live in :mod:`kassen.rulesets` (tests, plug-ins); it
    stands in for a built-in of the same id."""
    _extra[ruleset.id] = _install(ruleset)


def unregister(ruleset_id: str) -> None:
    """Remove a ruleset added with :func:`register`."""
    _extra.pop(ruleset_id, None)


def known() -> frozenset[str]:
    """Every ruleset id, imported or not: whether a name is a ruleset's, not their order
    (:func:`ids`), so it imports nothing."""
    return frozenset(rulesets.discover()) | frozenset(_extra)


def ids() -> list[str]:
    """Every ruleset id in the order lists show them: by each ruleset's declared
    :attr:`Ruleset.order`, then by id. The order is the ruleset's own, so this imports every
    built-in ruleset; :func:`get` imports only the one asked for."""
    return [r.id for r in sorted((get(i) for i in sorted(known())), key=lambda r: (r.order, r.id))]


def get(ruleset_id: str) -> Ruleset:
    """The ruleset called ``ruleset_id``, or raise ProblemError(core.unknown_ruleset)."""
    if not isinstance(ruleset_id, str):
        ruleset_id = clip(ruleset_id)  # a page's wrong JSON type: named, never looked up
    if ruleset_id in _extra:
        return _extra[ruleset_id]
    if ruleset_id in _loaded or ruleset_id in rulesets.discover():
        return _load(ruleset_id)
    raise ProblemError([Problem("core.unknown_ruleset",
                                args={"ruleset": clip(ruleset_id),
                                      "known": ", ".join(ids()) or "-"})])


def all_rulesets() -> list[Ruleset]:
    """Every ruleset, in :func:`ids` order."""
    return [get(i) for i in ids()]
