"""One casing for option keys (issue 28): every key is snake_case, and the camelCase keys the
card duel and the skirmish had are read as aliases, so links and records made before the change
open and replay identically (``tests/fixtures/option_aliases/``, made by the code of before),
while what is written out carries the new keys. Old and new key of one option together are a
located problem; unknown keys stay refused.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from kassen.cli import main
from kassen.core import options as options_mod
from kassen.core import registry, session
from kassen.core.links import battle_link, parse_link, tournament_link
from kassen.core.problems import ProblemError
from kassen.core.record import Record
from kassen.tournament.formats import open_tournament_link, spec_of
from kassen.web import api
from option_alias_kit import FIXTURES, link_digest, tournament_digest

SYSTEMS = ("marguerite", "cardduel", "dice", "skirmish")
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
CARDS = ["@アキラ", "@ユウ"]


def saved(rid: str) -> dict[str, Any]:
    """The fixtures of one system, made before the casing change."""
    return json.loads((FIXTURES / f"{rid}.json").read_text())


def old_keys(options: dict[str, Any]) -> list[str]:
    """The keys of ``options`` that are not snake_case (the keys of before)."""
    return [k for k in options if not SNAKE.match(k)]


def test_every_option_key_of_every_ruleset_is_snake_case() -> None:
    """A fifth ruleset keeps the casing: every key of every registered ruleset matches
    ``^[a-z][a-z0-9_]*$``; an alias is never another option's key, nor two options' alias."""
    for rid in registry.ids():
        specs = registry.get(rid).options
        keys = [s.key for s in specs]
        assert [k for k in keys if not SNAKE.match(k)] == [], rid
        aliases = [a for s in specs for a in s.aliases]
        assert len(set(aliases)) == len(aliases) and not set(aliases) & set(keys), rid


def test_the_renamed_systems_keep_their_old_keys_as_aliases() -> None:
    """Each camelCase key of before is an alias of the option it named, and only those: 21
    card duel and 38 skirmish keys (every fixture's camelCase key among them)."""
    counts = {rid: sum(len(s.aliases) for s in registry.get(rid).options) for rid in SYSTEMS}
    assert counts == {"marguerite": 0, "cardduel": 21, "dice": 0, "skirmish": 38}
    for rid in ("cardduel", "skirmish"):
        by_key = options_mod.spec_by_key(registry.get(rid).options)
        record = saved(rid)["record"]["json"]
        assert old_keys(record["options"]) and all(k in by_key for k in record["options"])


@pytest.mark.parametrize("rid", SYSTEMS)
def test_saved_battle_links_and_records_replay_to_their_saved_digests(rid: str) -> None:
    """The ``#m=`` link, its record JSON (what the page's digest API and replay files read),
    the person-decided battle and the rules-version-1 record of before replay event for event,
    on the command line's path and through the page's API."""
    data = saved(rid)
    assert link_digest(data["battle"]["link"]) == data["battle"]["digest"]
    page = json.loads(api.open_link(data["battle"]["link"], "en"))
    assert page["ok"] and page["digest"] == data["battle"]["digest"]
    answer = json.loads(api.digest(json.dumps(data["record"]["json"])))
    assert answer["ok"] and answer["digest"] == data["record"]["digest"]
    for name in ("person", "rules_version_1"):
        if name not in data:
            continue
        if "link" in data[name]:
            assert link_digest(data[name]["link"]) == data[name]["digest"], name
        else:
            record = Record.from_json(data[name]["json"])
            outcome = session.run(session.from_record(record))
            assert session.event_digest(outcome.battle) == data[name]["digest"], name


@pytest.mark.parametrize("rid", SYSTEMS)
def test_a_saved_record_re_exported_carries_new_keys_and_the_same_events(rid: str) -> None:
    """Replaying an old record writes its options with today's keys (all of them snake_case,
    the values unchanged), and that new record replays to the same event digest."""
    data = saved(rid)
    old = Record.from_json(data["record"]["json"])
    outcome = session.run(session.from_record(old))
    new = outcome.record
    assert old_keys(new.options) == []
    spec_of_key = options_mod.spec_by_key(registry.get(rid).options)
    assert {spec_of_key[k].key: v for k, v in old.options.items()} == new.options
    again = session.run(session.from_record(Record.from_json(new.to_json())))
    assert session.event_digest(again.battle) == data["record"]["digest"]
    _, relinked = parse_link(battle_link(new))
    assert old_keys(relinked.options) == []


@pytest.mark.parametrize("rid", SYSTEMS)
def test_saved_tournament_links_play_the_same_table(rid: str) -> None:
    """A ``#t=`` link of before (non-default options, old keys in two systems) plays the same
    standings and the same battles; the link made again carries the new keys and plays the same
    table too (cell links differ only in their keys: the digest reads them as events)."""
    data = saved(rid)
    assert tournament_digest(data["tournament"]["link"]) == data["tournament"]["digest"]
    spec, entrants = open_tournament_link(data["tournament"]["link"])
    today = spec_of(entrants, spec.format, spec.seeds, spec.seed)
    assert old_keys(today.options) == [] and len(today.options) == len(spec.options)
    assert tournament_digest(tournament_link(today)) == data["tournament"]["digest"]
    page = json.loads(api.open_link(data["tournament"]["link"], "en"))
    assert page["ok"] and page["tournament"]["options"] == today.options


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_old_keys_on_the_command_line_play_as_the_new_ones(capsys) -> None:
    """``--option stormVariant=rb5 --option roundCap=5`` plays the battle the new keys play,
    and the link it prints carries the new keys."""
    base = ("battle", "cardduel", "--build", CARDS[0], "--build", CARDS[1], "--seed", "x",
            "--json")
    code, out, _ = run_cli(capsys, *base, "--option", "stormVariant=rb5", "--option",
                           "roundCap=5")
    assert code == 0
    old = json.loads(out)
    code, out, _ = run_cli(capsys, *base, "--option", "storm_variant=rb5", "--option",
                           "round_cap=5")
    new = json.loads(out)
    assert code == 0 and old["digest"] == new["digest"] and old["link"] == new["link"]
    assert old["options"]["storm_variant"] == "rb5" and "stormVariant" not in old["options"]
    plain = json.loads(run_cli(capsys, *base)[1])
    assert plain["digest"] != old["digest"]  # the options were read, not dropped


def test_old_and_new_key_together_are_refused_where_given(capsys) -> None:
    """Both keys of one option on the command line: exit 2 with a message at the second
    one's ``--option`` (3:), naming both keys, in either language."""
    argv = ("battle", "skirmish", "--build", "@party", "--build", "@R1 warband",
            "--option", "map=line", "--option", "sleepRounds=2", "--option", "sleep_rounds=3")
    code, _, err = run_cli(capsys, *argv)
    assert code == 2
    assert err.startswith("3:1: option “Sleep duration (rounds) (sleep_rounds)” is given twice")
    assert "'sleepRounds'" in err and "'sleep_rounds'" in err
    code, _, err = run_cli(capsys, *argv, "--lang", "ja")
    assert code == 2 and "2回指定" in err and "「sleepRounds」" in err


def test_unknown_keys_stay_refused_and_name_only_new_keys() -> None:
    """An unknown key is still a problem; the known keys it lists are today's."""
    values, problems = options_mod.resolve(registry.get("skirmish").options,
                                           {"sleep_round": 2})
    assert [p.code for p in problems] == ["core.unknown_option"]
    known = problems[0].args["known"].split(", ")
    assert "sleep_rounds" in known and "sleepRounds" not in known
    assert values["sleep_rounds"] == 1


def test_the_page_api_reads_old_keys_and_refuses_both() -> None:
    """A page request (battle, validate, tournament plan) with old keys works as with the new
    ones; old and new together answer ``core.option_twice``."""
    sides = [s.text for s in registry.get("cardduel").samples[:2]]

    def battle(options: dict[str, Any]) -> dict[str, Any]:
        return json.loads(api.battle(json.dumps({"ruleset": "cardduel", "sides": sides,
                                                 "options": options, "seed": "p"})))

    old, new = battle({"roundCap": 2}), battle({"round_cap": 2})
    assert old["ok"] and old["digest"] == new["digest"]
    assert old["record"]["options"]["round_cap"] == 2
    assert battle({})["digest"] != old["digest"]  # the option was read, not dropped
    both = battle({"emotionTable": "v0", "emotion_table": "none"})
    assert not both["ok"] and [p["code"] for p in both["problems"]] == ["core.option_twice"]
    samples = {s.name: s.text for s in registry.get("cardduel").samples}
    two_mages = samples["アキラ+ミナ"] + " + " + samples["アキラ+サクラ"].split(" + ")[1]

    def validate(options: dict[str, Any]) -> bool:
        answer = json.loads(api.validate("cardduel", two_mages, "en", json.dumps(options)))
        return bool(answer["ok"])

    assert not validate({}) and validate({"severalMages": True}) and validate(
        {"several_mages": True})
    plan = json.loads(api.tournament_plan(json.dumps({
        "ruleset": "cardduel", "builds": sides, "seeds": 2, "seed": "t",
        "options": {"roundCap": 4}})))
    assert plan["ok"]


def test_a_record_naming_one_option_twice_is_refused() -> None:
    """A hand-made record with both keys of one option does not play; the problem names the
    option and both keys."""
    data = saved("cardduel")["record"]["json"]
    twice = {**data, "options": {**data["options"], "storm_variant": "flags"}}
    with pytest.raises(ProblemError) as err:
        session.from_record(Record.from_json(twice))
    found = [p for p in err.value.problems if p.code == "core.option_twice"]
    assert found and {found[0].args["first"], found[0].args["second"]} == {
        "stormVariant", "storm_variant"}


def test_an_old_key_wins_over_an_earlier_rules_default() -> None:
    """A rules-version-1 record names its own value by an old key: that value, not version 1's
    default (written with the new key), is played (``session.version_options``)."""
    data = dict(saved("skirmish")["rules_version_1"]["json"])
    data["options"] = {**data["options"], "coverDamage": "target"}
    opts = session.from_record(Record.from_json(data)).record.options
    assert opts["cover_damage"] == "target" and "coverDamage" not in opts
    plain = session.from_record(Record.from_json(saved("skirmish")["rules_version_1"]["json"]))
    assert plain.record.options["cover_damage"] == "coverer"


def test_lab_and_tournament_requests_read_old_keys(tmp_path, capsys) -> None:
    """The build lab's page request and the command line's ``tournament --link`` take old keys
    and carry the new ones on: the lab's context, the printed ``#t=`` link."""
    from kassen.web import lab

    sides = [s.text for s in registry.get("cardduel").samples[:3]]

    def context(options: dict[str, Any]) -> dict[str, Any]:
        answer = json.loads(lab.lab_start(json.dumps({
            "ruleset": "cardduel", "field": sides, "options": options, "evaluations": 4,
            "seed": "w", "target": "champion"})))
        assert answer["ok"], answer
        return dict(answer["context"]["options"])

    assert context({"roundCap": 4}) == context({"round_cap": 4})
    assert context({"roundCap": 4})["round_cap"] == 4
    entrants = tmp_path / "entrants.txt"
    entrants.write_text("@アキラ\n@ユウ\n@レン\n", encoding="utf-8")
    base = ("tournament", "cardduel", "--builds", str(entrants), "--seeds", "2", "--link")
    code, out, _ = run_cli(capsys, *base, "--option", "handRefill=none")
    assert code == 0
    spec, _ = open_tournament_link(out.strip())
    assert spec.options == {"hand_refill": "none"}
    code, again, _ = run_cli(capsys, *base, "--option", "hand_refill=none")
    assert code == 0 and again == out
