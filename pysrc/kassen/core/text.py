"""Checks on text from users and links, shared by every notation, the options and the seeds.

``str.isdigit`` accepts ², ① and ٣, which ``int`` then refuses or reads as another number;
notations accept ASCII digits (and full-width ones where the notation says so) through
:func:`ascii_int`. Names are shown in standings, logs and CSV files, so a name may hold only
characters that show as themselves (:func:`unsafe_char`: no controls, NUL, bidi overrides,
zero-width characters, BOM or lone surrogates).
"""

from __future__ import annotations

import re
import unicodedata

from kassen.core.problems import Problem

_ASCII_INT = re.compile(r"-?[0-9]+")
FULL_WIDTH_DIGITS = {ord("０") + i: ord("0") + i for i in range(10)}
BOM = "\ufeff"


def ascii_int(text: str, max_digits: int = 9, *, signed: bool = False) -> int | None:
    """The integer ``text`` spells in ASCII digits (at most ``max_digits``), else None."""
    if not isinstance(text, str) or not _ASCII_INT.fullmatch(text):
        return None
    if text.startswith("-") and not signed:
        return None
    if len(text.lstrip("-")) > max_digits:
        return None
    return int(text)


def unsafe_char(text: str) -> str | None:
    """The first character of ``text`` that would not show as itself (a control, format,
    private-use, unassigned or separator character other than the ASCII space, or a lone
    surrogate), as ``U+XXXX``; None when the text is safe to show. The same rule Marguerite
    names have always followed (``str.isprintable``)."""
    if text.isprintable():
        return None
    for ch in text:
        if not ch.isprintable():
            return f"U+{ord(ch):04X}"
    return None  # pragma: no cover  (isprintable is False only if some character is not)


def name_problem(text: str, line: int = 1, column: int = 1, rule: str | None = None
                 ) -> Problem | None:
    """A located problem when a name holds a character that cannot be shown, else None."""
    found = unsafe_char(text)
    if found is None:
        return None
    offset = next(i for i, ch in enumerate(text) if not ch.isprintable())
    return Problem("core.name_unsafe", line, column + offset, rule,
                   {"char": found, "what": describe(text[offset])})


def describe(ch: str) -> str:
    """What a character is, for a message: its Unicode name, or what a surrogate stands for
    (the command line turns an undecodable byte into U+DC80..U+DCFF)."""
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:
        return f"an undecodable byte 0x{code - 0xDC00:02X}"
    if 0xD800 <= code <= 0xDFFF:
        return "a lone surrogate"
    return unicodedata.name(ch, "a control character").lower()


def encodable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def strip_bom(text: str) -> str:
    """``text`` without a leading byte-order mark (files saved by some editors start so)."""
    return text[1:] if text.startswith(BOM) else text


def clip(value: object, limit: int = 40) -> str:
    """A value echoed back in a message: at most ``limit`` characters, long numbers as their
    digit count (no 400-digit echo), lone surrogates escaped."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 12:
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    try:
        text = value if isinstance(value, str) else repr(value)
    except (ValueError, RecursionError):
        text = type(value).__name__
    text = text if encodable(text) else text.encode("utf-8", "backslashreplace").decode()
    if len(text) > limit:
        return text[: limit - 1] + "…"
    return text
