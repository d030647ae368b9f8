"""The JavaScript lexing the replay bundler needs (:mod:`kassen.replay.bundle`): where a
source's comments, strings, template texts and regular expression literals are, so statement
patterns match code only, and the source without comments or indentation."""

from __future__ import annotations

from dataclasses import dataclass

_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_WORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void",
                "throw", "await", "yield", "instanceof"}
class BundleError(ValueError):
    """A module the bundler cannot follow or rewrite (the message names it)."""


@dataclass
class Span:
    """One piece of a JavaScript source that is not code: a comment, a string, the text of
    a template literal between its ``${…}`` parts, or a regular expression literal."""

    kind: str   # "comment", "string", "template", "regex"
    start: int  # the opening quote / slash / backtick (or the end of a "}" for template text)
    end: int    # one past the closing character


def lex(src: str) -> list[Span]:
    """The non-code spans of ``src`` (comments, strings, template texts, regex literals)."""
    spans: list[Span] = []
    stack: list[int] = []   # brace depth of each open ``${`` (template expression)
    depth = 0
    i, n = 0, len(src)
    last = ""               # the last significant code character or word (for "/")
    while i < n:
        c = src[i]
        if c == "/" and src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            spans.append(Span("comment", i, j))
            i = j
            continue
        if c == "/" and src.startswith("/*", i):
            j = src.find("*/", i + 2)
            if j < 0:
                raise BundleError(f"unclosed comment at {i}")
            spans.append(Span("comment", i, j + 2))
            i = j + 2
            continue
        if c in "'\"":
            j = i + 1
            while j < n and src[j] != c:
                if src[j] == "\n":
                    raise BundleError(f"unclosed string at {i}")
                j += 2 if src[j] == "\\" else 1
            spans.append(Span("string", i, j + 1))
            i, last = j + 1, "a"
            continue
        if c == "`" or (c == "}" and stack and depth == stack[-1] + 1):
            if c == "}":
                depth = stack.pop()
            j = i + 1
            while j < n and src[j] != "`" and not src.startswith("${", j):
                j += 2 if src[j] == "\\" else 1
            spans.append(Span("template", i, j + 1 if j < n and src[j] == "`" else j))
            if src.startswith("${", j):
                stack.append(depth)
                depth += 1
                i = j + 2
                last = "("
            else:
                i, last = j + 1, "a"
            continue
        if c == "/" and (last in _REGEX_AFTER or last in _REGEX_WORDS or last == ""):
            j, in_class = i + 1, False
            while j < n and (in_class or src[j] != "/"):
                if src[j] == "\n":
                    raise BundleError(f"unclosed regular expression at {i}")
                if src[j] == "\\":
                    j += 1
                elif src[j] == "[":
                    in_class = True
                elif src[j] == "]":
                    in_class = False
                j += 1
            j += 1
            while j < n and (src[j].isalnum()):
                j += 1
            spans.append(Span("regex", i, j))
            i, last = j, "a"
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if c.isalnum() or c in "_$":
            j = i
            while j < n and (src[j].isalnum() or src[j] in "_$"):
                j += 1
            last = src[i:j]
            i = j
            continue
        if not c.isspace():
            last = c
        i += 1
    return spans


def mask(src: str, spans: list[Span]) -> str:
    """``src`` with every span's inside blanked (same length, newlines kept; a string keeps
    its quotes, a template its backtick and ``${``), so statement patterns match code only."""
    out = list(src)
    for s in spans:
        lo, hi = s.start + 1, s.end - 1
        if s.kind == "comment":
            lo, hi = s.start, s.end
        elif s.kind == "template":
            hi = s.end - 1 if src[s.end - 1] == "`" else s.end
        for k in range(lo, hi):
            if out[k] != "\n":
                out[k] = " "
    return "".join(out)


def strip_comments(src: str) -> str:
    """The source without its comments (a line holding only a comment goes entirely)."""
    spans = [s for s in lex(src) if s.kind == "comment"]
    out: list[str] = []
    at = 0
    for s in spans:
        head = src[at:s.start]
        line_start = head.rfind("\n") + 1
        if not head[line_start:].strip() and (s.end >= len(src) or src[s.end] == "\n"):
            head = head[:line_start]       # a comment-only line: drop the line
            out.append(head)
            at = s.end + 1
            continue
        out.append(head.rstrip(" \t"))
        block = src[s.start:s.start + 2] == "/*"
        out.append("\n" if "\n" in src[s.start:s.end] else " " if block else "")
        at = s.end
    out.append(src[at:])
    return "".join(out)


def dedent(src: str) -> str:
    """The source without the indentation of its lines (a line inside a template literal
    keeps its own)."""
    inside = [(s.start, s.end) for s in lex(src) if s.kind != "comment"]
    out: list[str] = []
    pos = 0
    k = 0
    for line in src.splitlines(keepends=True):
        while k < len(inside) and inside[k][1] <= pos:
            k += 1
        within = k < len(inside) and inside[k][0] < pos < inside[k][1]
        out.append(line if within else line.lstrip(" \t"))
        pos += len(line)
    return "".join(out)
