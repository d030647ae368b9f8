"""Checks on text from users and links, shared by every notation, the options and the seeds.

``str.isdigit`` accepts ², ① and ٣, which ``int`` then refuses or reads as another number;
notations accept ASCII digits (and full-width ones where the notation says so) through
:func:`ascii_int`. Names are shown in standings, logs and CSV files, so a name may hold only
characters that show as themselves (:func:`name_problem`: no controls, NUL, bidi overrides,
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


def name_problem(text: str, line: int = 1, column: int = 1, rule: str | None = None,
                 refused: str = "") -> Problem | None:
    """A located ``core.name_chars`` problem when a name holds a character that would not
    show as itself (``str.isprintable`` refuses controls, NUL, bidi overrides, zero-width
    characters, a BOM, lone surrogates) or one of ``refused`` (a notation's own separators);
    it names each such character once and points at the first. None when the name is fine."""
    bad = [i for i, ch in enumerate(text) if ch in refused or not ch.isprintable()]
    if not bad:
        return None
    chars = dict.fromkeys(text[i] for i in bad)
    return Problem("core.name_chars", line, column + bad[0], rule,
                   {"chars": ", ".join(shown(ch) for ch in chars)})


def shown(ch: str) -> str:
    """A character as a person can see it: itself in quotes, or its code point and what it
    is (``U+202E right-to-left override``, ``U+DCFF an undecodable byte 0xFF``)."""
    if ch.isprintable() and not ch.isspace():
        return f"「{ch}」"
    return f"U+{ord(ch):04X} {describe(ch)}"


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
