"""Rule options: every [inferred] or [designed] reading that changes outcomes is switchable.

An :class:`OptionSpec` describes one option (key, default, allowed values, Japanese and
English labels, the rule it governs). :func:`resolve` turns user-given values (typed JSON or
command-line text) into a complete, checked option dictionary.

Keys are snake_case in every ruleset (``tests/test_option_aliases.py`` checks it). A renamed
option keeps its former keys as ``aliases``: records, links, page requests and ``--option``
that name it by an old key are read as if they used the new one (issue 28: the card duel's
and the skirmish's camelCase keys), and what is written out carries the new key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from kassen.core.problems import Problem
from kassen.core.text import ascii_int, clip, encodable

MAX_TEXT_OPTION = 200


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice option, with its labels."""

    value: str
    label_ja: str
    label_en: str


@dataclass(frozen=True)
class OptionSpec:
    """One rule option. ``kind`` is ``choice``, ``int``, ``bool`` or ``text``.

    A ``text`` option keeps a short string; a ruleset that gives text a grammar (an MP cost
    table, say) subclasses this and overrides :meth:`coerce` to check and canonicalise it.
    """

    key: str
    default: Any
    label_ja: str
    label_en: str
    rule: str
    kind: str = "choice"
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help_ja: str = ""
    help_en: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    """Former keys of this option, still read wherever options are given (never written)."""

    def to_json(self) -> dict[str, Any]:
        """The spec as listed by ``rulesets --json`` and the page."""
        return {
            "key": self.key,
            "default": self.default,
            "kind": self.kind,
            "choices": [
                {"value": c.value, "label_ja": c.label_ja, "label_en": c.label_en}
                for c in self.choices
            ],
            "min": self.minimum,
            "max": self.maximum,
            "label_ja": self.label_ja,
            "label_en": self.label_en,
            "rule": self.rule,
            "help_ja": self.help_ja,
            "help_en": self.help_en,
            "extra": self.extra,
            "aliases": list(self.aliases),
        }

    def allowed(self) -> str:
        """A short description of the allowed values (for messages)."""
        if self.kind == "choice":
            return "/".join(c.value for c in self.choices)
        if self.kind == "bool":
            return "true/false"
        if self.kind == "text":
            return f"text of at most {MAX_TEXT_OPTION} characters"
        return f"{self.minimum}..{self.maximum}"

    def allowed_words(self, lang: str) -> str:
        """The allowed values as a reader says them, each with what to type (``--option``
        and links take the value): ``1回 (hit) / 毎ターン (turn)``."""
        ja = lang != "en"
        if self.kind == "choice":
            return " / ".join(f"{c.label_ja if ja else c.label_en} ({c.value})"
                              for c in self.choices)
        if self.kind == "bool":
            return "はい (true) / いいえ (false)" if ja else "yes (true) / no (false)"
        if self.kind == "text":
            return f"{MAX_TEXT_OPTION}文字以内の文字列" if ja \
                else f"text of at most {MAX_TEXT_OPTION} characters"
        return f"{self.minimum}〜{self.maximum}" if ja else f"{self.minimum} to {self.maximum}"

    def words(self) -> dict[str, str]:
        """The option's name for a message in either language (see
        :func:`kassen.core.i18n.message`), with its key: ``負のダメージ（negative）``."""
        return {"ja": f"{self.label_ja}（{self.key}）", "en": f"{self.label_en} ({self.key})"}

    def coerce(self, value: Any) -> Any:
        """The checked value, or raise ValueError. Strings from the command line are parsed."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "1", "yes", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("false", "0", "no", "off"):
                return False
            raise ValueError(value)
        if self.kind == "int":
            if isinstance(value, bool):
                raise ValueError(value)
            if isinstance(value, str):
                value = ascii_int(value.strip(), 12, signed=True)
            if not isinstance(value, int):
                raise ValueError(value)
            if self.minimum is not None and value < self.minimum:
                raise ValueError(value)
            if self.maximum is not None and value > self.maximum:
                raise ValueError(value)
            return value
        if not isinstance(value, str) or len(value) > MAX_TEXT_OPTION or not encodable(value):
            raise ValueError(value)
        if self.kind == "text":
            return value.strip()
        if value not in {c.value for c in self.choices}:
            raise ValueError(value)
        return value


def defaults(specs: Sequence[OptionSpec]) -> dict[str, Any]:
    """Every option at its recommended default."""
    return {s.key: s.default for s in specs}


def changed(specs: Sequence[OptionSpec], values: Mapping[str, Any]) -> dict[str, Any]:
    """The options of ``values`` that are not at their default (what a build link carries)."""
    base = defaults(specs)
    return {k: v for k, v in values.items() if base.get(k) != v}


def spec_by_key(specs: Sequence[OptionSpec]) -> dict[str, OptionSpec]:
    """Every key an option is read by, its own and its ``aliases``, to its spec."""
    found = {a: s for s in specs for a in s.aliases}
    found.update((s.key, s) for s in specs)
    return found


def renamed(specs: Sequence[OptionSpec], given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` with each old key (an alias) under its option's key, so it can be overlaid
    on values keyed the new way (``Ruleset.earlier_defaults``). An old key whose option is
    also given by another key is left as it is, for :func:`resolve` to report; unknown keys
    stay too."""
    by_key = spec_by_key(specs)
    named: dict[str, int] = {}
    for key in given:
        spec = by_key.get(key)
        if spec is not None:
            named[spec.key] = named.get(spec.key, 0) + 1
    out: dict[str, Any] = {}
    for key, value in given.items():
        spec = by_key.get(key)
        out[spec.key if spec is not None and named[spec.key] == 1 else key] = value
    return out


def resolve(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None
) -> tuple[dict[str, Any], list[Problem]]:
    """Defaults overlaid with ``given``; an old key (an alias) counts as its option's key.
    Unknown keys, bad values and one option given twice (by its key and an old one) become
    problems."""
    values = defaults(specs)
    problems: list[Problem] = []
    by_key = spec_by_key(specs)
    if given is not None and not isinstance(given, Mapping):
        return values, [Problem("core.bad_type", args={"field": "options",
                                                        "expected": "an object of KEY: value"})]
    given_as: dict[str, str] = {}
    for place, (key, raw) in enumerate((given or {}).items(), start=1):
        spec = by_key.get(key)
        if spec is None:
            problems.append(
                Problem("core.unknown_option", args={"key": clip(key, 60),
                                                     "known": ", ".join(s.key for s in specs)
                                                     or "-"})
            )
            continue
        if spec.key in given_as:
            # located at the second key's place (on the command line, its --option)
            problems.append(Problem("core.option_twice", line=place, rule=spec.rule, args={
                "key": spec.words(), "first": given_as[spec.key], "second": key}))
            continue
        given_as[spec.key] = key
        try:
            values[spec.key] = spec.coerce(raw)
        except ValueError:
            problems.append(
                Problem(
                    "core.bad_option_value",
                    rule=spec.rule,
                    args={"key": spec.words(), "value": clip(raw, 60),
                          "allowed": {"ja": spec.allowed_words("ja"),
                                      "en": spec.allowed_words("en")}},
                )
            )
    return values, problems


def parse_assignments(texts: Sequence[str]) -> tuple[dict[str, str], list[Problem]]:
    """``["key=value", …]`` from the command line into a dict (values stay text)."""
    result: dict[str, str] = {}
    problems: list[Problem] = []
    for index, text in enumerate(texts, start=1):
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            problems.append(Problem("core.bad_option_syntax", line=index, args={"text": text[:60]}))
            continue
        result[key.strip()] = value.strip()
    return result, problems


_YES_NO = {"ja": ("はい", "いいえ"), "en": ("yes", "no")}


def value_words(option: Mapping[str, Any], value: Any, lang: str) -> str:
    """An option's value as a reader sees it: a choice's label, yes/no, or the number or text
    itself (``option`` is an :meth:`OptionSpec.to_json` dict)."""
    if isinstance(value, bool):
        return _YES_NO["en" if lang == "en" else "ja"][0 if value else 1]
    for choice in option.get("choices") or []:
        if str(choice.get("value")) == str(value):
            return str(choice.get("label_en" if lang == "en" else "label_ja") or value)
    return str(value)


def flag(key: str, default: bool, label_ja: str, label_en: str, rule: str, *,
         help_ja: str = "", help_en: str = "", aliases: tuple[str, ...] = ()) -> OptionSpec:
    """A yes/no rule option (the one shared helper every ruleset declares flags with)."""
    return OptionSpec(key, default, label_ja, label_en, rule, kind="bool", help_ja=help_ja,
                      help_en=help_en, aliases=aliases)


def option(key: str) -> Any:
    """A readings field that takes its value from the option ``key`` (for a key that cannot
    be a field's name, such as a Python keyword)."""
    return dataclasses.field(metadata={"option": key})


R = TypeVar("R")

_FIELD_KEYS: dict[type, tuple[tuple[str, str], ...]] = {}
"""Per readings class, (field, option key) pairs: worked out once, not at every battle."""

_READ: dict[tuple[Any, ...], Any] = {}
"""Readings already made, by class and option values (a tournament or benchmark reads the
same few option sets thousands of times); cleared when it holds ``MAX_READ``."""
MAX_READ = 256


def read(readings: type[R], values: Mapping[str, Any]) -> R:
    """Resolved option values into a ruleset's frozen readings dataclass, read once per battle.

    Each field takes the option named by its ``option(key)`` metadata, or by its own name;
    a field with no such option is a programming error and raises KeyError at once, so a
    renamed option can never silently fall back to a default. Readings are frozen, so battles
    under the same option values share one (values that cannot be hashed are read afresh).
    """
    try:
        # resolved values of one option always have its kind, so 1 and True never share a key
        key: tuple[Any, ...] | None = (readings, tuple(values.items()))
        found = _READ.get(key)
    except TypeError:
        key = found = None
    if found is None:
        keys = _FIELD_KEYS.get(readings)
        if keys is None:
            keys = tuple((f.name, f.metadata.get("option", f.name))
                         for f in dataclasses.fields(readings))  # type: ignore[arg-type]
            _FIELD_KEYS[readings] = keys
        found = readings(**{name: values[option] for name, option in keys})
        if key is not None:
            if len(_READ) >= MAX_READ:
                _READ.clear()
            _READ[key] = found
    return found  # type: ignore[no-any-return]
