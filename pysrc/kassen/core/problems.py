"""Problems: located, coded, rule-citing messages for bad input (design 4.1, 6).

A problem never carries prose of its own: ``code`` names a message in the Japanese and
English catalogues and ``args`` fills it, so the same problem can be shown in either language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kassen.core import i18n, messages  # noqa: F401  (registers the core catalogue)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, at ``line:column`` (both 1-based)."""

    code: str
    line: int = 1
    column: int = 1
    rule: str | None = None
    args: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        """The message text in ``lang`` (``"ja"`` or ``"en"``)."""
        return i18n.message(self.code, lang, **self.args)

    def located(self, lang: str = "en") -> str:
        """``line:column: message (rule)``, the form printed on stderr and in the page."""
        text = f"{self.line}:{self.column}: {self.message(lang)}"
        if self.rule:
            text += f" [{self.rule}]"
        return text

    def shifted(self, line: int) -> Problem:
        """The same problem on another line (a file of builds, one per line)."""
        return Problem(self.code, line, self.column, self.rule, dict(self.args))

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The problem for machines: location, code, rule, args and the message."""
        return {
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "rule": self.rule,
            "args": self.args,
            "message": self.message(lang),
        }


class ProblemError(Exception):
    """Raised when input cannot be used; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.located("en") for p in problems))
        self.problems = problems
