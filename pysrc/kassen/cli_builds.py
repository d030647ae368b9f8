"""Builds on the command line by a sample's name (``--build @Balancer``, ``@ユウ``) and the
one-line form of builds that take several lines (a dice sheet's lines joined by ``;``).

Every verb that takes a build (``battle``, ``share``, ``validate``, the build files of
``tournament`` and ``search``) passes its texts through :func:`resolve`: a text that is
``@`` and a sample's name (or its number in ``rulesets``) becomes that sample's build text.
A sample's name wins over a ruleset's own ``@`` notation (a skirmish line-up ``@アルス``
names a catalogue member); an ``@…`` text that is no sample's name is kept as typed when the
ruleset reads it as a build, and refused with the nearest sample names otherwise.

``rulesets`` (:func:`cmd_rulesets`) lists the samples as they are taken: ``@NAME``, the note,
the build's lines indented, and the one-line form of a multi-line build.
"""

from __future__ import annotations

import argparse
import re
import shlex
from collections.abc import Sequence

from kassen.cli_io import lang_of, print_json
from kassen.cli_term import pad, width
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


def cmd_rulesets(args: argparse.Namespace) -> int:
    """List the rule systems (or one) with their options and samples; a sample is taken by
    ``--build @NAME``, and a multi-line one is shown indented with its one-line form."""
    chosen = [registry.get(args.ruleset)] if args.ruleset else registry.all_rulesets()
    described = [r.describe() for r in chosen]
    if args.json:  # each sample also as taken on the command line: @NAME and its one line
        for r in described:
            for s in r["samples"]:
                s["at"], s["one_line"] = f"@{s['name']}", one_line(s["text"])
        print_json(described)
        return 0
    lang = lang_of(args)
    for r in described:
        name = r["name_ja"] if lang == "ja" else f"{r['name_en']} ({r['name_ja']})"
        print(f"{r['id']}  v{r['version']}  {name}")
        print("    " + ("見本（--build @名前）:" if lang == "ja" else "samples (--build @NAME):"))
        ats = [_at(s["name"]) for s in r["samples"]]
        column = max(width(at) for at in ats) if ats else 0
        for s, at in zip(r["samples"], ats, strict=True):
            note = s["note_ja"] if lang == "ja" else s["note_en"]
            print(f"      {pad(at, column)}   {note}".rstrip())
            for line in s["text"].splitlines():
                print(f"          {line}")
            if "\n" not in s["text"]:
                continue
            print(("          1行で: " if lang == "ja" else "          one line: ")
                  + one_line(s["text"]))
        for o in r["options"]:
            label = o["label_ja"] if lang == "ja" else o["label_en"]
            print(f"    --option {o['key']}={o['default']}   {label} [{o['rule']}]")
        if r["policies"]:
            print(f"    --policy {'|'.join(r['policies'])}|human   "
                  + ("各サイドの操作（AIか人）" if lang == "ja" else "who plays each side"))
    return 0


def _at(name: str) -> str:
    """``@NAME`` as typed in a shell (quoted only when it holds a space or a shell sign)."""
    at = f"@{name}"
    return shlex.quote(at) if re.search(r"[^\w@+.,:/=-]", at) else at
