"""The ruleset contract (issue 17), one parametrised test over every registered ruleset and
the test-only ``tiny``: what the core relies on from any rule system.

- snapshot → play a turn → restore → play it again, at every turn, changes nothing (design 6:
  the driver snapshots at turn starts for seeking and for a person's decisions);
- determinism: the same record gives the same event digest, played again or replayed from its
  record (choices included);
- notation: ``parse(export(b)) == b`` and export is canonical, over samples and random builds;
- text: every event kind the battles emit and every problem code the parser reports (over
  texts broken in many ways) has a template in Japanese and English, and the catalogue the
  registry registered from the ruleset object (``Ruleset.text``) has both languages' keys.

The battles are the digest set (``digest_cases``: samples, random legal pairings, every rule
option moved off its default), so every option's code path is snapshot-checked too.
"""

from __future__ import annotations

import pytest

from contract_kit import prepared_cases, replayed_turns
from kassen.core import i18n, registry, session, sums
from kassen.core.options import resolve
from kassen.core.rng import Rng
from tinyrule import RULESET as TINY

RULESETS = [*registry.ids(), TINY.id]
ROUND_TRIPS = 60
"""Random builds per ruleset for the notation round trip."""


@pytest.fixture(scope="module", autouse=True)
def _tiny():
    registry.register(TINY)
    yield
    registry.unregister(TINY.id)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_snapshot_restore_at_every_turn_changes_nothing(ruleset_id: str) -> None:
    """Design 6: a turn replayed from its snapshot repeats its events, and the whole battle
    played that way equals the straight run."""
    found = prepared_cases(ruleset_id)
    assert len(found) >= 10
    for prepared in found:
        straight = session.run(prepared)
        battle = prepared.ruleset.new_battle(prepared.setup())
        replayed_turns(battle)
        assert session.events_json(battle) == session.events_json(straight.battle), \
            prepared.record.sides
        assert battle.final_result() == straight.battle.final_result()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_same_record_same_digest(ruleset_id: str) -> None:
    """Design 4: a battle is a pure function of its record: played twice, and replayed from
    the record it wrote (with its recorded choices), it gives one digest."""
    for prepared in prepared_cases(ruleset_id):
        first = session.run(prepared)
        digest = session.event_digest(first.battle)
        assert session.event_digest(session.run(prepared).battle) == digest
        replay = session.run(session.from_record(first.record))
        assert session.event_digest(replay.battle) == digest


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_notation_round_trip(ruleset_id: str) -> None:
    """``parse(export(b)) == b`` and ``export`` is a fixed point, for every sample and
    random legal builds."""
    ruleset = registry.get(ruleset_id)
    opts, _ = resolve(ruleset.options, {})
    rng = Rng(f"xo1:contract-notation-{ruleset_id}")
    texts = [s.text for s in ruleset.samples]
    texts += [t for t in (ruleset.random_build(rng) for _ in range(ROUND_TRIPS)) if t]
    assert len(texts) > len(ruleset.samples), "random_build gives builds"
    for text in texts:
        build, problems = ruleset.parse(text, opts)
        assert build is not None and not problems, (text, problems)
        canonical = ruleset.export(build)
        again, problems = ruleset.parse(canonical, opts)
        assert not problems and again == build, text
        assert ruleset.export(again) == canonical


def broken_texts(text: str, rng: Rng) -> list[str]:
    """``text`` broken in the ways people break notation: cut short, a character dropped or
    doubled, a digit made huge or a letter made odd, a line doubled, emptied, garbage added."""
    out = ["", " ", "?", text + "\n???", text + " 〓=〓", text * 2]
    lines = text.split("\n")
    for i in range(len(lines)):
        out.append("\n".join(lines[:i] + lines[i + 1:]))
        out.append("\n".join(lines[:i + 1] + lines[i:]))
    for _ in range(40):
        if not text:
            break
        k = rng.below(len(text))
        out += [text[:k], text[:k] + text[k + 1:], text[:k] + text[k] + text[k:]]
        ch = text[k]
        odd = "99999" if ch.isdigit() else ("x" if ch.isalpha() else "0")
        out.append(text[:k] + odd + text[k + 1:])
    return out


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_event_and_problem_has_text_in_both_languages(ruleset_id: str) -> None:
    """Design 3: no raw id reaches a player: each event kind of the digest set's battles and
    each problem code the parser reports over broken texts has ja and en text."""
    ruleset = registry.get(ruleset_id)
    catalogue = i18n.catalogue(ruleset_id)
    assert catalogue["en"] and set(catalogue["ja"]) == set(catalogue["en"])
    opts, _ = resolve(ruleset.options, {})
    missing: set[str] = set()
    kinds: set[str] = set()
    for prepared in prepared_cases(ruleset_id):
        kinds.update(e["kind"] for e in session.events_json(session.run(prepared).battle))
    for kind in sorted(kinds):
        for lang in i18n.LANGUAGES:
            if not (i18n.has(f"{ruleset_id}.event.{kind}", lang)
                    or i18n.has(f"core.event.{kind}", lang)):
                missing.add(f"event.{kind} [{lang}]")
    rng = Rng(f"xo1:contract-text-{ruleset_id}")
    codes: set[str] = set()
    for sample in ruleset.samples:
        for text in broken_texts(sample.text, rng):
            codes.update(p.code for p in ruleset.parse(text, opts)[1])
    assert codes, "broken texts give problems"
    for code in sorted(codes):
        assert code.partition(".")[0] in (ruleset_id, "core"), code
        for lang in i18n.LANGUAGES:
            if not i18n.has(code, lang):
                missing.add(f"{code} [{lang}]")
    assert not missing, sorted(missing)


def test_importing_a_ruleset_registers_no_text() -> None:
    """The registry, not an import, registers a ruleset's catalogue: it comes from the
    ruleset object (``Ruleset.text``), once, under the ruleset's id."""
    registry.unregister(TINY.id)
    i18n.register(TINY.id, {})
    assert not i18n.has("tiny.bad")
    registry.register(TINY)
    assert i18n.message("tiny.bad", "ja") == TINY.text()["ja"]["bad"]
    for ruleset_id in registry.ids():
        ruleset = registry.get(ruleset_id)
        text = ruleset.text()
        if text:  # a ruleset still registering its own text at import returns none here
            assert i18n.catalogue(ruleset_id) == {lang: dict(text[lang])
                                                  for lang in i18n.LANGUAGES}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_breakdown_folds_to_its_number_and_has_words(ruleset_id: str) -> None:
    """Issue 16, the sum behind every number: over the digest set's battles, every sum an
    event carries folds exactly to the number the event reports (``core.sums``), and every
    term label has ``sum.<label>`` text in Japanese and English."""
    bad: list[str] = []
    used: list[str] = []
    for prepared in prepared_cases(ruleset_id):
        events = session.run(prepared).battle.rec.events()
        bad.extend(sums.mismatches(events))
        used.extend(x for x in sums.used_labels(events) if x not in used)
    assert not bad, bad[:10]
    missing = [f"sum.{label} [{lang}]" for label in used for lang in i18n.LANGUAGES
               if not i18n.has(f"{ruleset_id}.sum.{label}", lang)]
    assert not missing, missing
