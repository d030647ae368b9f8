"""Builds on the command line by a sample's name (``--build @Balancer``, ``@ユウ``) and the
one-line form of builds that take several lines (a dice sheet's lines joined by ``;``).

Every verb that takes a build (``battle``, ``share``, ``validate``, the build files of
``tournament`` and ``search``) passes its texts through :func:`resolve`: a text that is
``@`` and a sample's name (or its number in ``rulesets``) becomes that sample's build text.
A sample's name wins over a ruleset's own ``@`` notation (a skirmish line-up ``@アルス``
names a catalogue member); an ``@…`` text that is no sample's name is kept as typed when the
ruleset reads it as a build, and refused with the nearest sample names otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kassen.core import registry
from kassen.core.problems import Problem, ProblemError
from kassen.core.ruleset import Ruleset, Sample
from kassen.core.suggest import nearest
from kassen.core.text import clip

_FOLD = re.compile(r"[\s_\-・]+")


def _key(name: str) -> str:
    """A sample's name as matched: case and spaces, ``_``, ``-`` and ``・`` ignored."""
    return _FOLD.sub("", name).casefold()


def sample_named(ruleset: Ruleset, name: str) -> Sample | None:
    """The sample called ``name`` (see :func:`_key`), or numbered so in ``rulesets`` (1…)."""
    key = _key(name)
    for sample in ruleset.samples:
        if _key(sample.name) == key:
            return sample
    if key.isascii() and key.isdigit() and 1 <= int(key) <= len(ruleset.samples):
        return ruleset.samples[int(key) - 1]
    return None


def resolve(ruleset_id: str, text: str, side: int | None = None) -> str:
    """The build text ``text`` stands for: a sample's text for ``@NAME``, else ``text``.

    Raises ProblemError (``core.unknown_sample``, with the nearest names) for an ``@NAME``
    that is no sample's and that the ruleset does not read as a build either."""
    stripped = text.strip()
    if not stripped.startswith("@") or "\n" in stripped:
        return text
    ruleset = registry.get(ruleset_id)
    sample = sample_named(ruleset, stripped[1:])
    if sample is not None:
        return sample.text
    from kassen.core import options as options_mod
    from kassen.core import session

    defaults, _ = options_mod.resolve(ruleset.options, {})
    _, found = session.parse_side(ruleset, text, defaults)
    if not found:
        return text
    args: dict[str, object] = {"name": clip(stripped[1:], 40),
                               "known": nearest(stripped[1:], [s.name for s in ruleset.samples]),
                               "ruleset": ruleset.id}
    if side is not None:
        args["side"] = side
    raise ProblemError([Problem("core.unknown_sample", args=args)])


def resolve_all(ruleset_id: str, texts: Sequence[str]) -> list[str]:
    """:func:`resolve` of each side's text (problems name the side, 1…)."""
    out: list[str] = []
    problems: list[Problem] = []
    for n, text in enumerate(texts, start=1):
        try:
            out.append(resolve(ruleset_id, text, side=n if len(texts) > 1 else None))
        except ProblemError as err:
            problems += err.problems
    if problems:
        raise ProblemError(problems)
    return out


def resolve_entries(ruleset_id: str, entries: Sequence[tuple[int, str]]
                    ) -> list[tuple[int, str]]:
    """:func:`resolve` of each (line, text) of a build file; a problem names its line."""
    out: list[tuple[int, str]] = []
    problems: list[Problem] = []
    for line, text in entries:
        try:
            out.append((line, resolve(ruleset_id, text)))
        except ProblemError as err:
            problems += [Problem(p.code, line or p.line, p.column, p.rule, p.args)
                         for p in err.problems]
    if problems:
        raise ProblemError(problems)
    return out


def one_line(text: str) -> str:
    """A build on one line: a multi-line build's lines joined by ``; `` (the form ``dice``
    and ``skirmish`` read as well as the lines; ``search`` prints builds so)."""
    return "; ".join(line.strip() for line in text.splitlines() if line.strip())
