"""Japanese and English message catalogues.

Each catalogue is registered under a namespace (``core`` or a ruleset id) with one dictionary
per language; a message code is ``namespace.key``. Templates use ``str.format`` fields filled
from the problem's or event's values. The engine never builds prose itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("ja", "en")

_catalogs: dict[str, dict[str, dict[str, str]]] = {}


class _Fields(dict):
    """Leaves an unknown ``{field}`` visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def register(namespace: str, messages: Mapping[str, Mapping[str, str]]) -> None:
    """Register (or replace) the catalogue of ``namespace``: ``{"ja": {...}, "en": {...}}``."""
    _catalogs[namespace] = {lang: dict(messages.get(lang, {})) for lang in LANGUAGES}


def catalogue(namespace: str) -> dict[str, dict[str, str]]:
    """The registered catalogue of ``namespace`` (empty when none is registered)."""
    return _catalogs.get(namespace, {lang: {} for lang in LANGUAGES})


def namespaces() -> list[str]:
    """Every registered namespace, sorted."""
    return sorted(_catalogs)


def has(code: str, lang: str = "en") -> bool:
    """Whether ``code`` has a template in ``lang``."""
    namespace, _, key = code.partition(".")
    return key in _catalogs.get(namespace, {}).get(lang, {})


def template(code: str, lang: str) -> str | None:
    """The raw template of ``code`` in ``lang`` (falling back to English), or None."""
    namespace, _, key = code.partition(".")
    tables = _catalogs.get(namespace)
    if tables is None:
        return None
    lang = lang if lang in LANGUAGES else "en"
    return tables[lang].get(key) or tables["en"].get(key)


def format_template(text: str, values: Mapping[str, Any]) -> str:
    """Fill ``text`` with ``values``; unknown fields stay visible, never raise."""
    try:
        return text.format_map(_Fields(values))
    except (ValueError, IndexError, AttributeError):
        return text


def message(code: str, lang: str = "en", **args: Any) -> str:
    """The message for ``code`` in ``lang``, filled with ``args``. An argument that is itself a
    message, ``{"code": …, "args": {…}}`` (a reason, a unit), is filled in the same language,
    and one given in both languages, ``{"ja": …, "en": …}`` (an option's name), gives that
    language's text, so no prose of one language reaches a message of the other."""
    text = template(code, lang)
    if text is None:
        return code + (" " + repr(args) if args else "")
    return format_template(text, {key: _nested(value, lang) for key, value in args.items()})


def _nested(value: Any, lang: str) -> Any:
    """``value``, or the text of the message it names (one level: its own args are plain),
    or its text in ``lang`` when it is given in both languages."""
    if isinstance(value, dict) and set(value) == {"ja", "en"}:
        return value["en" if lang == "en" else "ja"]
    if isinstance(value, dict) and isinstance(value.get("code"), str) \
            and set(value) <= {"code", "args"} and isinstance(value.get("args", {}), dict):
        text = template(value["code"], lang)
        return value["code"] if text is None else format_template(text, value.get("args", {}))
    return value
