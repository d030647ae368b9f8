"""core.rng ``mt1``: the Mersenne Twister seed format (issue 29), pinned like ``xo1``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kassen.core.canonical import digest
from kassen.core.rng import FRESH_PREFIX, MtRng, Rng, SeedError, normalize_seed


def test_mt1_known_answer_vectors() -> None:
    """The streams of fixed mt1 seeds never change (hard-coded from a CPython 3.11 run; the
    cross-runtime digest test checks the same engine in Pyodide's 32-bit build)."""
    rng = Rng("mt1:kassen")
    assert isinstance(rng, MtRng)
    assert [rng.below(6) for _ in range(20)] == [3, 2, 3, 1, 2, 5, 3, 0, 0, 0, 4, 0, 1, 2, 5,
                                                 3, 4, 0, 0, 1]
    rng = Rng("mt1:kassen")
    assert digest([rng.below(6) for _ in range(1000)]) == (
        "2b9dfad84ceb6e02e1c97f124103c4b1c7ca012291c83c8caff91b4b4d90f226")
    rng = Rng("mt1:kassen")
    assert digest([rng.next_u64() for _ in range(1000)]) == (
        "bb744ac46065b63184cfa5a911083ee1e1aafef59cc13fb7b79b6a8ca04c55b7")
    rng = Rng("mt1:vector")
    assert [rng.next_u64() for _ in range(3)] == [
        7509146467408957180, 10705528815271340627, 12942230056806150659]
    rng = Rng("mt1:vector")
    assert [rng.randint(10, 20) for _ in range(8)] == [14, 16, 19, 17, 18, 11, 12, 18]
    assert [rng.below(2**64) for _ in range(2)] == [9646750119170412209, 9775023738645195538]
    assert [rng.below(1000003) for _ in range(3)] == [430074, 695825, 935403]
    deck = list(range(52))
    Rng("mt1:deck").shuffle(deck)
    assert deck == [41, 15, 8, 51, 13, 21, 49, 1, 20, 25, 6, 16, 40, 19, 22, 32, 12, 37, 45, 27,
                    14, 33, 42, 10, 43, 24, 46, 26, 31, 9, 44, 4, 2, 30, 28, 7, 5, 38, 23, 0,
                    48, 50, 3, 11, 29, 36, 39, 17, 35, 18, 34, 47]


def test_int_seeding_is_the_32_bit_word_reference() -> None:
    """Seeding by an int feeds MT19937's init_by_array the int's 32-bit words, low first: the
    reference mt19937ar vector (key 0x123, 0x234, 0x345, 0x456) holds, whatever the build's
    word size, so the SHA-256 int seeding of mt1 does not depend on it."""
    key = 0x456 << 96 | 0x345 << 64 | 0x234 << 32 | 0x123
    gen = random.Random(key)
    assert [gen.getrandbits(32) for _ in range(3)] == [1067595299, 955945823, 477289528]


def test_mt1_draws_are_in_range_and_cover_every_value() -> None:
    rng = Rng("mt1:range")
    draws = [rng.below(6) for _ in range(600)]
    assert set(draws) == set(range(6))
    assert all(rng.below(1) == 0 for _ in range(50))
    for n in (2, 7, 52, 1000, 2**32, 2**32 + 1, 2**63 + 5, 2**64):
        assert all(0 <= rng.below(n) < n for _ in range(200))
    big = [rng.below(2**64) for _ in range(200)]
    assert max(big) >= 2**63 and min(big) < 2**63  # the top bit is drawn too
    with pytest.raises(ValueError):
        rng.below(0)
    assert {rng.die(6) for _ in range(300)} == {1, 2, 3, 4, 5, 6}


def test_mt1_shuffle_and_state_and_derived_streams() -> None:
    a, b = list(range(40)), list(range(40))
    Rng("mt1:deck").shuffle(a)
    Rng("mt1:deck").shuffle(b)
    assert a == b and sorted(a) == list(range(40)) and a != list(range(40))
    rng = Rng("mt1:s")
    rng.below(100)
    saved = rng.getstate()
    first = [rng.below(100) for _ in range(20)]
    rng.setstate(saved)
    assert [rng.below(100) for _ in range(20)] == first
    child = Rng("mt1:s").derive("policy")
    assert isinstance(child, MtRng) and child.seed == "mt1:s/policy"
    assert isinstance(Rng("mt1:s").derive("a b"), MtRng)
    parent, same = Rng("mt1:s"), Rng("mt1:s/policy")
    drawn = [child.below(1000) for _ in range(5)]
    assert drawn != [parent.below(1000) for _ in range(5)]
    assert drawn == [same.below(1000) for _ in range(5)]


def test_formats_and_prefixes() -> None:
    """Typed seeds without a prefix stay xo1; mt1 is accepted; others refused naming both."""
    assert FRESH_PREFIX == "mt1:"
    assert normalize_seed(42) == "xo1:42"
    assert normalize_seed(" mt1:abc ") == "mt1:abc"
    assert type(Rng("42")) is Rng and type(Rng(" mt1:x")) is MtRng
    with pytest.raises(SeedError) as err:
        normalize_seed("mt2:5")
    assert "xo1" in str(err.value) and "mt1" in str(err.value)
    from kassen.core import i18n
    text = i18n.message("core.seed_algorithm", "ja", algorithm="mt2")
    assert "xo1" in text and "mt1" in text


@pytest.mark.parametrize("ruleset_id", ["cardduel", "dice", "skirmish", "marguerite"])
def test_mt1_battle_replays_from_its_link(ruleset_id: str) -> None:
    """Issue 29: a battle played on an mt1 seed keeps the seed in its record and its link
    replays it event for event; the same text as an xo1 seed is another battle."""
    from kassen.core import registry, session
    from kassen.core.links import battle_link, parse_link

    ruleset = registry.get(ruleset_id)
    sides = [ruleset.samples[0].text, ruleset.samples[-1].text]
    played = session.run(session.prepare(ruleset_id, sides, {}, "mt1:link-replay"))
    assert played.record.seed == "mt1:link-replay"
    kind, record = parse_link(battle_link(played.record))
    assert kind == "battle" and record.seed == "mt1:link-replay"
    again = session.run(session.from_record(record))
    assert session.event_digest(again.battle) == session.event_digest(played.battle)
    if ruleset_id == "marguerite":  # no dice: the seed cannot change a battle
        return
    other = session.run(session.prepare(ruleset_id, sides, {}, "xo1:link-replay"))
    assert session.event_digest(other.battle) != session.event_digest(played.battle)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["", "xo1:", "mt1:", " mt1:", "mt2:", "MT1:", "mt1"]), st.text(max_size=80))
def test_any_seed_is_played_in_its_format_or_refused_with_a_reason(prefix: str, text: str) -> None:
    """Fuzz: any text behind any prefix is either a seed of the format its prefix names
    (the class ``Rng`` picks agrees with :func:`normalize_seed`) or a SeedError with a reason."""
    seed = prefix + text
    try:
        canonical = normalize_seed(seed, None)
    except SeedError as err:
        assert err.reason["code"].startswith("core.seed_")
        return
    expected = MtRng if canonical.startswith("mt1:") else Rng
    assert type(Rng(seed)) is expected and type(Rng(canonical)) is expected
    assert Rng(seed).seed == canonical and 0 <= Rng(seed).below(7) < 7


def test_mt1_shuffle_is_fisher_yates_through_below() -> None:
    """Design 4.3: an mt1 shuffle swaps each ``i`` from the end with ``below(i + 1)``, so
    the deck and the draws after it are those of that loop written out, for every length
    (the pairs table covers lengths up to 1,024; longer lists make their own)."""
    for length in (0, 1, 2, 3, 7, 52, 53, 64, 65, 1024, 1025, 1500):
        for seed in ("mt1:a", "mt1:b", "mt1:c"):
            rng, by_hand = Rng(seed), Rng(seed)
            rng.below(5)
            by_hand.below(5)
            deck, expected = list(range(length)), list(range(length))
            rng.shuffle(deck)
            for i in range(length - 1, 0, -1):
                j = by_hand.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert deck == expected
            assert rng.next_u64() == by_hand.next_u64()
