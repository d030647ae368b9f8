"""core.links and core.record: share links round trip and refuse hostile payloads (design 4.2)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from kassen.core.links import (
    MAX_INFLATED_BYTES,
    MAX_LINK_CHARS,
    battle_link,
    build_link,
    decode_payload,
    encode_payload,
    parse_link,
)
from kassen.core.problems import ProblemError
from kassen.core.record import Record


def sample_record() -> Record:
    return Record("tiny", "1", ["Ann:20", "Bob:15"], {"limit": 30, "mode": "plain"},
                  "xo1:seed", ["hit", "guard", "hit"], ["always", "coin"])


def codes(err: pytest.ExceptionInfo[ProblemError]) -> list[str]:
    return [p.code for p in err.value.problems]


def test_record_round_trips_through_a_battle_link() -> None:
    record = sample_record()
    link = battle_link(record)
    assert link.startswith("#m=1")
    kind, back = parse_link("https://example.invalid/kassen/" + link)
    assert kind == "battle"
    assert back == record


def test_build_link_round_trip_with_japanese_text() -> None:
    link = build_link("marguerite", "10/1/0/4/振舞星/九尾 里奈")
    assert parse_link(link) == ("build", {"ruleset": "marguerite",
                                          "text": "10/1/0/4/振舞星/九尾 里奈"})


def test_payload_is_compact_base64url() -> None:
    payload = encode_payload({"a": "x" * 1000})
    assert len(payload) < 60
    assert set(payload[1:]) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "core.link_empty"),
        ("#x=abc", "core.link_prefix"),
        ("#m=9abc", "core.link_version"),
        ("#m=1", "core.link_base64"),
        ("#m=1ab$cd", "core.link_base64"),
        ("#m=1" + "A" * 5, "core.link_base64"),
        ("#m=1AAAA", "core.link_inflate"),
    ],
)
def test_malformed_links_give_clear_problems(text: str, code: str) -> None:
    with pytest.raises(ProblemError) as err:
        parse_link(text)
    assert codes(err) == [code]
    assert err.value.problems[0].message("ja") and err.value.problems[0].message("en")


def test_truncated_link_is_refused() -> None:
    link = battle_link(sample_record())
    with pytest.raises(ProblemError) as err:
        parse_link(link[: len(link) // 2])
    assert codes(err)[0] in ("core.link_inflate", "core.link_base64")


def test_oversize_link_is_refused_before_decoding() -> None:
    with pytest.raises(ProblemError) as err:
        decode_payload("1" + "A" * (MAX_LINK_CHARS + 10))
    assert codes(err) == ["core.link_too_long"]


def test_inflation_bomb_stops_at_the_limit() -> None:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = comp.compress(b"[" + b"0," * 5_000_000 + b"0]") + comp.flush()
    text = "1" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(text) < MAX_LINK_CHARS
    with pytest.raises(ProblemError) as err:
        decode_payload(text)
    assert codes(err) == ["core.link_too_large"]
    assert str(MAX_INFLATED_BYTES) in err.value.problems[0].message("en")


def _link_of(value: object) -> str:
    return "#m=" + encode_payload(value)


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ([1, 2, 3], "record"),
        ({**sample_record().to_json(), "v": 2}, "v"),
        ({**sample_record().to_json(), "sides": "Ann:20"}, "sides"),
        ({**sample_record().to_json(), "sides": ["x" * 5000]}, "sides"),
        ({**sample_record().to_json(), "seed": 7}, "seed"),
        ({**sample_record().to_json(), "options": {"a": [1]}}, "options"),
        ({**sample_record().to_json(), "choices": [{"deep": 1}]}, "choices"),
        ({**sample_record().to_json(), "policies": [5]}, "policies"),
    ],
)
def test_wrong_types_name_the_bad_field(value: object, field: str) -> None:
    with pytest.raises(ProblemError) as err:
        parse_link(_link_of(value))
    problem = err.value.problems[0]
    assert problem.code == "core.record_schema"
    assert problem.args["field"] == field


def test_non_json_payload() -> None:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = comp.compress(b"{not json") + comp.flush()
    with pytest.raises(ProblemError) as err:
        decode_payload("1" + base64.urlsafe_b64encode(packed).decode().rstrip("="))
    assert codes(err) == ["core.link_json"]


def test_deeply_nested_json_is_refused_cleanly() -> None:
    deep = ("[" * 100_000 + "]" * 100_000).encode()
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = comp.compress(deep) + comp.flush()
    text = "1" + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    with pytest.raises(ProblemError):
        parse_link("#m=" + text)


def test_canonical_record_json_is_stable() -> None:
    data = sample_record().to_json()
    assert json.loads(json.dumps(data)) == data
    assert encode_payload(data) == encode_payload(json.loads(json.dumps(data)))
