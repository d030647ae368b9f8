"""Share links (design 4.2): ``#m=`` a battle record, ``#b=`` a build, ``#t=`` a tournament
(:mod:`kassen.core.tournament_link`).

Payload: one version character, then base64url (no padding) of raw-deflated canonical JSON.
Decoding is defensive: the text length is checked before decoding, the inflated size is
bounded while inflating (an inflation bomb stops at the limit), then the JSON shape is checked.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from kassen.core.canonical import canonical_json
from kassen.core.problems import Problem, ProblemError
from kassen.core.record import Record, plain_options
from kassen.core.text import clip
from kassen.core.tournament_link import TournamentSpec

LINK_VERSION = "1"
KNOWN_VERSIONS = ("1",)
MAX_LINK_CHARS = 16_384
MAX_INFLATED_BYTES = 131_072
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]*$")


def _fail(code: str, **args: Any) -> ProblemError:
    return ProblemError([Problem(f"core.{code}", args=args)])


def encode_payload(value: Any) -> str:
    """Version character + base64url(raw deflate(canonical JSON))."""
    raw = canonical_json(value).encode("utf-8")
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = compressor.compress(raw) + compressor.flush()
    return LINK_VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_payload(text: str) -> Any:
    """The JSON value inside a payload, or raise ProblemError with the reason."""
    if not text:
        raise _fail("link_empty")
    if len(text) > MAX_LINK_CHARS:
        raise _fail("link_too_long", length=len(text), limit=MAX_LINK_CHARS)
    version, body = text[0], text[1:]
    if version not in KNOWN_VERSIONS:
        raise _fail("link_version", version=version, known=", ".join(KNOWN_VERSIONS))
    if not body or not _BASE64URL.match(body) or len(body) % 4 == 1:
        raise _fail("link_base64")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _fail("link_base64") from None
    inflater = zlib.decompressobj(-15)
    try:
        raw = inflater.decompress(packed, MAX_INFLATED_BYTES)
    except zlib.error:
        raise _fail("link_inflate") from None
    if inflater.unconsumed_tail:
        raise _fail("link_too_large", limit=MAX_INFLATED_BYTES)
    if not inflater.eof:
        raise _fail("link_inflate")
    if inflater.unused_data:
        raise _fail("link_trailing_data", count=len(inflater.unused_data))
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _fail("link_json") from None


def battle_link(record: Record) -> str:
    """The fragment that replays ``record``: ``#m=…``."""
    return "#m=" + encode_payload(record.to_json())


def build_link(ruleset_id: str, text: str, options: dict[str, Any] | None = None) -> str:
    """The fragment that opens one build: ``#b=…``; ``options`` (those not at their default)
    when the build is legal only under them."""
    data: dict[str, Any] = {"v": 1, "ruleset": ruleset_id, "text": text}
    if options:
        data["options"] = options
    return "#b=" + encode_payload(data)


def tournament_link(spec: TournamentSpec) -> str:
    """The fragment that plays a tournament again: ``#t=…``; a problem when it would be longer
    than a link may be (it could not be opened)."""
    payload = encode_payload(spec.to_json())
    if len(payload) > MAX_LINK_CHARS:
        raise _fail("link_too_long", length=len(payload), limit=MAX_LINK_CHARS)
    return "#t=" + payload


def link_fragment(link: object) -> str:
    """The fragment of a link given as a URL or a bare fragment (``m=…``, ``g=…``), checked
    the same for every kind: not empty, not over the length limit, nothing after it (another
    ``#``, ``&``, ``?`` or a space: a pasted link with text behind it is refused, located)."""
    if not isinstance(link, str) or not link.strip():
        raise _fail("link_empty")
    if len(link) > MAX_LINK_CHARS + 4096:
        raise _fail("link_too_long", length=len(link), limit=MAX_LINK_CHARS)
    fragment = link.strip()
    if "#" in fragment:
        fragment = fragment[fragment.index("#") + 1 :]
    if any(ch in fragment for ch in "#&?") or any(ch.isspace() for ch in fragment):
        cut = min(i for i, ch in enumerate(fragment) if ch in "#&?" or ch.isspace())
        raise _fail("link_trailing", text=clip(fragment[cut:], 20))
    return fragment


def parse_link(link: str) -> tuple[str, Any]:
    """``("battle", Record)``, ``("build", {"ruleset", "text"})`` or ``("tournament",
    TournamentSpec)`` (its shape checked; ``TournamentSpec.entrants`` checks the rest) from a
    URL or fragment."""
    fragment = link_fragment(link)
    if fragment.startswith("m="):
        return "battle", Record.from_json(decode_payload(fragment[2:]))
    if fragment.startswith("b="):
        data = decode_payload(fragment[2:])
        if (not isinstance(data, dict) or data.get("v") != 1
                or not isinstance(data.get("ruleset"), str)
                or not isinstance(data.get("text"), str) or len(data["text"]) > 4000):
            raise ProblemError([Problem("core.record_schema",
                                        args={"field": "build", "reason": "bad shape"})])
        options = data.get("options", {})
        if not plain_options(options):
            raise ProblemError([Problem("core.record_schema", args={
                "field": "options", "reason": "expected an object of plain values"})])
        found = {"ruleset": data["ruleset"], "text": data["text"]}
        return "build", {**found, "options": options} if options else found
    if fragment.startswith("t="):
        return "tournament", TournamentSpec.from_json(decode_payload(fragment[2:]))
    raise _fail("link_prefix")
