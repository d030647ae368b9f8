"""core.rng: a stable, versioned stream (design 4.3)."""

from __future__ import annotations

import pytest

from kassen.core.canonical import digest
from kassen.core.rng import Rng, SeedError, normalize_seed


def test_first_thousand_draws_are_pinned() -> None:
    """The stream of seed xo1:kassen never changes: old links depend on it."""
    rng = Rng("xo1:kassen")
    assert digest([rng.next_u64() for _ in range(1000)]) == (
        "ee53547b9ca1791982a6cf7889354b228b2ff1562ce6a4932d973a63190ba4a6")
    rng = Rng("kassen")
    assert digest([rng.below(6) for _ in range(1000)]) == (
        "853588a30ee25bb5749f7a4956a61e6f5c4db13e5c7476f976e19d3ffbe71e5d")


def test_xoshiro256starstar_reference_vector() -> None:
    """The core generator is xoshiro256** (reference outputs for state 1, 2, 3, 4)."""
    rng = Rng("x")
    rng.setstate((1, 2, 3, 4))
    assert [rng.next_u64() for _ in range(4)] == [11520, 0, 1509978240, 1215971899390074240]


def test_seed_strings_name_their_algorithm() -> None:
    assert normalize_seed(42) == "xo1:42"
    assert normalize_seed(" abc ") == "xo1:abc"
    assert normalize_seed("xo1:abc") == "xo1:abc"
    with pytest.raises(SeedError):
        normalize_seed("mt:5")
    with pytest.raises(SeedError):
        normalize_seed("x" * 500)


def test_canonical_streams_read_as_any_seed_does() -> None:
    """A derived stream's seed (no length limit) takes a shortcut when it is canonical
    already; it must give what the full reading gives (a limit forces the full reading)."""
    for seed in ("mt1:a/policy", "xo1:abc", "mt1:x ", "mt1:x\x1f", " mt1:x", "xo1:é",
                 "mt1:", "mt1:\t", "xo1:a:b", "MT1:x", "mt2:x"):
        try:
            expected = normalize_seed(seed, 10**6)
        except SeedError:
            with pytest.raises(SeedError):
                normalize_seed(seed, None)
            continue
        assert normalize_seed(seed, None) == expected


def test_below_is_in_range_and_covers_every_value() -> None:
    rng = Rng("range")
    for n in (1, 2, 3, 6, 7, 10, 52, 1000):
        draws = [rng.below(n) for _ in range(40 * n)]
        assert min(draws) == 0 and max(draws) == n - 1
    with pytest.raises(ValueError):
        rng.below(0)


def test_die_is_roughly_uniform() -> None:
    rng = Rng("fair")
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.die(6) - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts)


def test_state_round_trip_and_derived_streams() -> None:
    rng = Rng("s")
    rng.next_u64()
    saved = rng.getstate()
    first = [rng.below(100) for _ in range(20)]
    rng.setstate(saved)
    assert [rng.below(100) for _ in range(20)] == first
    child = Rng("s").derive("ai")
    assert child.seed == "xo1:s/ai"
    assert [child.next_u64() for _ in range(3)] != [Rng("s").next_u64() for _ in range(3)]


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    a = list(range(52))
    b = list(range(52))
    Rng("deck").shuffle(a)
    Rng("deck").shuffle(b)
    assert a == b and sorted(a) == list(range(52)) and a != list(range(52))


def test_scripted_rng_forces_draws_then_continues() -> None:
    from kassen.core.rng import ScriptedRng

    rng = ScriptedRng.faces([6, 1, 3])
    assert [rng.die(6), rng.die(6), rng.die(6)] == [6, 1, 3]
    saved = rng.getstate()
    after = [rng.die(6) for _ in range(5)]
    rng.setstate(saved)
    assert [rng.die(6) for _ in range(5)] == after
    with pytest.raises(AssertionError):
        ScriptedRng([7]).below(6)


def test_stream_of_every_draw_helper_is_pinned() -> None:
    """below, shuffle, die, randint and derive draw exactly the numbers they always drew (the
    written-out generator in below/shuffle must match next_u64 bit for bit; design 4.3)."""
    rng = Rng("xo1:pins")
    out: list[object] = []
    for n in (1, 2, 3, 5, 6, 7, 10, 13, 52, 1000, 2**31 + 1, 2**63, 2**64):
        out.append([rng.below(n) for _ in range(50)])
    for size in (0, 1, 2, 3, 40, 52, 200):
        deck = list(range(size))
        rng.shuffle(deck)
        out.append(deck)
    out.append([rng.die(10) for _ in range(30)])
    out.append([rng.randint(-5, 5) for _ in range(30)])
    out.append(list(rng.getstate()))
    child = rng.derive("7")
    out.append([child.seed, child.below(1000), child.next_u64()])
    assert digest(out) == "3d2b2bade43dfeeb323252a0d3a01a36d090f1f78ca853b29c849925175c1f6f"


def test_shuffle_matches_fisher_yates_over_below() -> None:
    """shuffle swaps position i with below(i + 1) from the end, the same draws as below."""
    for seed in ("a", "b", "deck"):
        deck = list(range(41))
        Rng(seed).shuffle(deck)
        ref, rng = list(range(41)), Rng(seed)
        for i in range(40, 0, -1):
            j = rng.below(i + 1)
            ref[i], ref[j] = ref[j], ref[i]
        assert deck == ref


def test_derived_labels_match_the_checked_path() -> None:
    """A derived stream is Rng(seed/label) whether or not the label takes the fast path."""
    parent = Rng("xo1:p")
    for label in ("0", "17", "policy", "a b", "x ", "é", ""):
        child = parent.derive(label)
        twin = Rng(f"{parent.seed}/{label}")
        assert child.seed == twin.seed
        assert [child.next_u64() for _ in range(3)] == [twin.next_u64() for _ in range(3)]
    # a derived stream is never refused for its length (a given seed is, at the edges)
    long = Rng("xo1:" + "x" * 190).derive("1234567890")
    assert long.seed == "xo1:" + "x" * 190 + "/1234567890"
    assert long.next_u64() == Rng(long.seed).next_u64()


def test_scripted_shuffle_uses_the_script() -> None:
    """A ScriptedRng orders a deck by its scripted draws (tests force deck orders this way)."""
    from kassen.core.rng import ScriptedRng

    deck = [0, 1, 2, 3]
    ScriptedRng([0, 0, 0]).shuffle(deck)
    assert deck == [1, 2, 3, 0]
