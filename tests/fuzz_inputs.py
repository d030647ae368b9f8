"""Hypothesis strategies shared by the fuzz tier (issue 13 §3: the tier missed other scripts'
digits, lone surrogates, bidi controls, wrong JSON types and deep nesting).

``unicode_text`` draws from the whole code-point range (surrogates included) and, much more
often than chance would, from the characters that broke Kassen before: digits of other scripts
and superscript / circled digits (``str.isdigit`` accepts them, ``int`` does not or reads them
as another number), combining marks, bidi controls, zero-width characters, BOM, NUL and other
controls, full-width punctuation. ``json_values`` is any JSON value: any type, any depth, huge
integers, NaN and infinities. ``json_texts`` is JSON text of any value, text nested deeper than
Python's recursion limit, or text that is not JSON at all.
"""

from __future__ import annotations

import json
import os

from hypothesis import strategies as st

SLOW_CALLS = int(os.environ.get("KASSEN_FUZZ_CALLS", "10000"))
"""Inputs per target in the slow tier (``-m slow``): ``KASSEN_FUZZ_CALLS`` (default 10,000, a
CI-sized tier; issue 25's full run is ``KASSEN_FUZZ_CALLS=100000``)."""

OTHER_DIGITS = list("٣۳߃३৩੩૩୩௩౩೩൩෩๓໓༣၃႓៣᠓᥈᧓᪃᪓᭓᮳᱃᱓꘣꣓꤃꧓꧳꩓꯳０３９𐒣𝟑𝟛")
NUMBER_LIKE = list("²³¹⁰⁵₀₅①②⑳⑴⒈❶➀Ⅻⅻ½¼〇〡")
COMBINING = list("\u0301\u0308\u0327\u20dd\u0489\u3099\u309a\u0e49")
BIDI = list("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
INVISIBLE = list("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\u3164")
CONTROLS = list("\x00\x01\x07\x08\x0b\x0c\x1b\x7f\x85\u2028\u2029\r\t\n")
SURROGATES = list("\ud800\udbff\udc00\udcff\udfff")
WIDE = list("＝：；，／＋－＠｜％　")
TRICKY = OTHER_DIGITS + NUMBER_LIKE + COMBINING + BIDI + INVISIBLE + CONTROLS + SURROGATES + WIDE

any_char = st.characters(exclude_categories=()) | st.sampled_from(TRICKY)
unicode_text = st.text(alphabet=any_char, max_size=60)


def with_tricks(tokens: list[str]) -> st.SearchStrategy[str]:
    """Notation-like text: ``tokens`` (keys, numbers, separators) interleaved with any
    characters, so the parsers get past their first check before meeting the odd ones."""
    return st.lists(st.sampled_from(tokens) | any_char, max_size=40).map("".join)


huge_ints = st.sampled_from([10 ** 12, -(10 ** 12), 10 ** 400, -(10 ** 400), 2 ** 63, 2 ** 64])
scalars = (st.none() | st.booleans() | st.integers() | huge_ints
           | st.floats(allow_nan=True, allow_infinity=True) | unicode_text)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(unicode_text, children, max_size=5),
    max_leaves=30,
)


def deep(depth: int, kind: str) -> str:
    """JSON text nested ``depth`` times (past the recursion limit for large depths)."""
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


deep_texts = st.builds(deep, st.integers(1, 200_000), st.sampled_from(["list", "object"]))
json_texts = (json_values.map(json.dumps) | deep_texts | unicode_text
              | st.sampled_from(["", "null", "NaN", "Infinity", "-Infinity", "1e999", "[",
                                 "9" * 5000, "{\"a\":1}garbage"]))
any_argument = json_values | json_texts
"""A value the page might pass for any argument: a JSON value (not text) or any text."""
