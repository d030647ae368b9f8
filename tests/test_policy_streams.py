"""Policy streams (design 3, decisions): a policy marked :func:`deterministic` is handed no
stream (any draw fails loudly), every other policy the stream ``seed/policy/<index>``."""

from __future__ import annotations

import pytest

from kassen.core.decisions import Decider, Request, deterministic
from kassen.core.rng import Rng


def _request() -> Request:
    return Request(0, "pick", (0, 1, 2, 3, 4, 5, 6, 7))


def test_a_drawing_policy_gets_the_stream_of_its_decision_index() -> None:
    """Each decision's stream is derived from the seed and the decision's index, so the
    answers equal draws from ``seed/<index>`` whatever came before."""
    rng = Rng("mt1:streams").derive("policy")
    decider = Decider([], [lambda request, stream: stream.below(8)], rng)
    answers = [decider.decide(_request()) for _ in range(5)]
    assert answers == [Rng(f"mt1:streams/policy/{i}").below(8) for i in range(5)]


def test_a_deterministic_policy_that_draws_fails() -> None:
    """A policy marked deterministic must not draw: the stream it gets refuses every draw."""
    decider = Decider([], [deterministic(lambda request, stream: stream.below(8))],
                      Rng("mt1:streams"))
    with pytest.raises(AssertionError, match="deterministic"):
        decider.decide(_request())


def test_a_deterministic_policy_answers_as_before() -> None:
    """Marking a policy changes nothing it answers; its answers are recorded as choices."""
    decider = Decider([], [deterministic(lambda request, stream: request.options[-1])],
                      Rng("mt1:streams"))
    assert [decider.decide(_request()) for _ in range(3)] == [7, 7, 7]
    assert decider.choices == [7, 7, 7]


def test_policies_set_after_the_start_are_the_ones_asked() -> None:
    """Design 3: a side with no policy is a person (NeedDecision); policies set on the
    decider later (a test scripting a side, an AI taking a side over) answer from then on,
    each handed the stream its marking says; a side past the list is a person."""
    from kassen.core.decisions import NeedDecision

    decider = Decider([], [None], Rng("mt1:streams").derive("policy"))
    with pytest.raises(NeedDecision):
        decider.decide(_request())
    decider.policies = [deterministic(lambda request, stream: request.options[2]),
                        lambda request, stream: stream.below(8)]
    assert decider.decide(_request()) == 2
    assert decider.decide(Request(1, "pick", tuple(range(8)))) == (
        Rng("mt1:streams/policy/1").below(8))
    with pytest.raises(NeedDecision):
        decider.decide(Request(2, "pick", (0, 1)))
    assert decider.choices == [2, Rng("mt1:streams/policy/1").below(8)]
