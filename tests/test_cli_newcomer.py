"""The command line as a newcomer meets it (issue 31): builds by a sample's name, battle
files, the one-line form of multi-line builds, one numbering of sides, a person's decisions
in a terminal (and the message off one), tables aligned by display width."""

from __future__ import annotations

import io
import json

import pytest

from kassen.cli import main
from kassen.cli import prompt as cli_prompt
from kassen.cli import term as cli_term
from kassen.cli.builds import one_line, resolve
from kassen.core import registry
from kassen.core.decisions import Request
from kassen.core.problems import ProblemError


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_sample_by_name_in_either_language_and_any_case() -> None:
    dice = registry.get("dice")
    balancer = next(s for s in dice.samples if s.name == "Balancer")
    assert resolve("dice", "@Balancer") == balancer.text
    assert resolve("dice", "@balancer") == balancer.text
    yu = next(s for s in registry.get("cardduel").samples if s.name == "ユウ")
    assert resolve("cardduel", "@ユウ") == yu.text
    warband = registry.get("skirmish").samples[1]
    assert resolve("skirmish", "@R1-warband") == resolve("skirmish", "@R1 warband") == warband.text
    assert resolve("cardduel", "@2") == yu.text  # its number in `rulesets`


def test_an_unknown_name_says_the_nearest_and_a_skirmish_member_stays_a_build() -> None:
    with pytest.raises(ProblemError) as err:
        resolve("dice", "@Fortres")
    assert "Fortress" in err.value.problems[0].message("en")
    assert err.value.problems[0].code == "core.unknown_sample"
    # skirmish's own notation: @NAME is a catalogue member, kept as typed
    assert resolve("skirmish", "@アルス area=1") == "@アルス area=1"
    assert resolve("skirmish", "@オーガ") == "@オーガ"


def test_battle_by_name_and_from_a_file_agree(capsys, tmp_path) -> None:
    code, by_name, _ = run(capsys, "battle", "cardduel", "--build", "@ユウ", "--build", "@アキラ",
                           "--seed", "42", "--json")
    assert code == 0
    sheet = tmp_path / "sides.txt"
    sheet.write_text("# two sides\n@ユウ\n@アキラ\n", encoding="utf-8")
    code, from_file, _ = run(capsys, "battle", "cardduel", "--file", str(sheet), "--seed", "42",
                             "--json")
    assert code == 0 and json.loads(from_file)["digest"] == json.loads(by_name)["digest"]


def test_dice_sheets_in_a_battle_file_one_line_or_between_dashes(capsys, tmp_path) -> None:
    dice = registry.get("dice")
    a, b = dice.samples[0].text, dice.samples[1].text
    lines = tmp_path / "one-line.txt"
    lines.write_text(f"{one_line(a)}\n{one_line(b)}\n", encoding="utf-8")
    blocks = tmp_path / "blocks.txt"
    blocks.write_text(f"{a}\n---\n{b}\n", encoding="utf-8")
    digests = []
    for path in (lines, blocks):
        code, out, err = run(capsys, "battle", "dice", "--file", str(path), "--seed", "3",
                             "--json")
        assert code == 0, err
        digests.append(json.loads(out)["digest"])
    code, out, _ = run(capsys, "battle", "dice", "--build", "@Balancer", "--build", "@Fortress",
                       "--seed", "3", "--json")
    assert digests[0] == digests[1] == json.loads(out)["digest"]


def test_rulesets_prints_multi_line_samples_indented_with_their_one_line_form(capsys) -> None:
    code, out, _ = run(capsys, "rulesets", "dice", "--lang", "en")
    assert code == 0 and out.startswith("dice ")
    lines = out.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("      @Balancer "))
    assert lines[at].endswith("   §23 sample (バランス type)")
    assert lines[at + 1] == "          name: Balancer"
    one = next(line for line in lines[at:] if line.strip().startswith("one line:"))
    text = one.split("one line: ", 1)[1]
    assert text == one_line(registry.get("dice").samples[0].text)
    code, out, err = run(capsys, "validate", "dice", "--build", text)
    assert code == 0 and out.startswith("name: Balancer"), err


def test_rulesets_json_gives_each_sample_as_typed(capsys) -> None:
    code, out, _ = run(capsys, "rulesets", "dice", "--json")
    (dice,) = json.loads(out)
    balancer = dice["samples"][0]
    assert code == 0 and balancer["at"] == "@Balancer"
    assert balancer["one_line"] == one_line(balancer["text"]) and "\n" not in balancer["one_line"]


def test_one_numbering_of_sides_in_text_and_json(capsys) -> None:
    argv = ("battle", "cardduel", "--build", "@ユウ", "--build", "@アキラ", "--seed", "42")
    _, text, _ = run(capsys, *argv, "--lang", "en")
    _, data, _ = run(capsys, *argv, "--json")
    result = json.loads(data)["result"]
    assert f"result: winner_side={result['winner_side']} " in text
    assert result["winner_side"] == result["winner"] + 1  # winner: the index into sides
    assert f"Winner: Side {result['winner_side']}" in text


def test_share_and_validate_take_names(capsys) -> None:
    code, out, _ = run(capsys, "share", "dice", "--build", "@Gambler")
    assert code == 0 and out.startswith("#b=")
    code, out, err = run(capsys, "validate", "cardduel", "--build", "@レン+サクラ", "--lang", "en")
    assert code == 0 and out.startswith("レン:warrior"), err
    code, _, err = run(capsys, "battle", "dice", "--build", "@Balancer", "--build", "@Nobody",
                       "--lang", "en")
    assert code == 2 and "build 2: " in err and "no sample named 'Nobody'" in err


def test_tournament_file_of_names(capsys, tmp_path) -> None:
    entrants = tmp_path / "entrants.txt"
    entrants.write_text("@ユウ\n@アキラ\n@レン+ミナ\n", encoding="utf-8")
    code, out, err = run(capsys, "tournament", "cardduel", "--builds", str(entrants),
                         "--seeds", "2", "--json")
    assert code == 0, err
    assert sorted(json.loads(out)["names"]) == sorted(["ユウ", "アキラ", "レン+ミナ"])


def test_a_person_without_a_terminal_is_told_how_to_play(capsys, monkeypatch) -> None:
    monkeypatch.delenv("KASSEN_TTY", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = run(capsys, "battle", "cardduel", "--build", "@ユウ", "--build", "@アキラ",
                       "--policy", "human", "--policy", "careful", "--lang", "en")
    assert code == 2
    assert "not a terminal" in err and "#m=" in err and "--policy careful" in err


def test_a_person_plays_in_a_terminal_with_words_not_ids(capsys, monkeypatch) -> None:
    """Answers come through a fake terminal (KASSEN_TTY=1 and stdin): the first decision
    shows words and keys, ``board`` shows the board, a bad key is asked again, Enter takes
    the AI's suggestion; the battle then finishes with a result and a link."""
    monkeypatch.setenv("KASSEN_TTY", "1")
    monkeypatch.setattr("sys.stdin", io.StringIO("board\nzz\n2\n" + "\n" * 200))
    code, out, err = run(capsys, "battle", "cardduel", "--build", "@ユウ", "--build", "@アキラ",
                         "--seed", "42", "--policy", "human", "--policy", "careful",
                         "--lang", "en")
    assert code == 0, err
    assert "Decision — side 1: ユウ: choose the attack card" in out
    assert "♥9 from hand (valid, value 9)" in out and "top of deck (blind)" in out
    assert "Enter = 1 (the AI's suggestion)" in out
    assert "  ユウ    HP  12/12" in out and "  アキラ  HP  12/12" in out  # the board, in line
    assert "'zz' is not a choice" in out
    assert "result: winner_side=" in out and "link: #m=" in out
    assert "['" not in out and "deck'" not in out  # no raw option lists


def test_quit_at_a_decision_gives_the_battle_so_far(capsys, monkeypatch) -> None:
    monkeypatch.setenv("KASSEN_TTY", "1")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out, err = run(capsys, "battle", "cardduel", "--build", "@ユウ", "--build", "@アキラ",
                         "--seed", "42", "--policy", "human", "--policy", "careful",
                         "--lang", "en")
    assert code == 130 and "interrupted" in err
    assert "stopped; the battle so far (go on in the page): #m=" in out


def test_skirmish_choices_name_enemies_first() -> None:
    skirmish = registry.get("skirmish")
    names = {"0.0": "アルス", "0.1": "リーネ", "1.0": "ゴブリン", "1.1": "ゴブリン"}
    request = Request(0, "ms", ("none", "attack:0.0", "attack:1.1", "move:2", "item:potion:0.0"),
                      {"actor": "0.1"})
    question, choices = cli_prompt.offer(request, "skirmish", names, skirmish.glossary(), "en")
    assert question == "リーネ: main step (MS)"
    assert choices[0].who == "enemy" and choices[0].label.endswith("→ ゴブリン 2")
    assert [c.key for c in choices] == ["1", "2", "3", "4", "5"]
    labels = [c.label for c in choices]
    assert "do nothing" in labels and "move to area 2" in labels
    assert not any(":" in label for label in labels)


def test_a_system_without_words_still_shows_names() -> None:
    request = Request(1, "pick", ("1.0", "0.0"), {})
    _, choices = cli_prompt.offer(request, "no-such-system", {"0.0": "A", "1.0": "B"}, {}, "en")
    assert [(c.label, c.who) for c in choices] == [("A", "enemy"), ("B", "ally")]


def test_display_width_pads_japanese_names(monkeypatch) -> None:
    assert cli_term.width("ユウ") == 4 and cli_term.width("Yu") == 2
    assert cli_term.pad("ゴブリンアーチャー", 10) == "ゴブリン… "
    assert cli_term.width(cli_term.pad("ゴブリンアーチャー", 10)) == 10
    monkeypatch.setattr(cli_term, "_cell_len", None)  # the plain fallback
    assert cli_term.width("ユウ+ミナ") == 9
    assert cli_term.pad("アキラ", 8, ">") == "  アキラ"


def test_tournament_table_columns_line_up(capsys, tmp_path) -> None:
    entrants = tmp_path / "entrants.txt"
    entrants.write_text("@ユウ\n@アキラ\n@レン+サクラ\n", encoding="utf-8")
    code, out, _ = run(capsys, "tournament", "cardduel", "--builds", str(entrants), "--seeds", "2")
    assert code == 0
    rows = out.splitlines()
    ends = {cli_term.width(row.rsplit("  ", 1)[0]) for row in rows}
    assert len(ends) == 1, rows


def test_report_confirms_like_html(capsys, tmp_path) -> None:
    entrants = tmp_path / "entrants.txt"
    entrants.write_text("@ユウ\n@アキラ\n", encoding="utf-8")
    report = tmp_path / "report.html"
    code, _, err = run(capsys, "tournament", "cardduel", "--builds", str(entrants), "--seeds",
                       "2", "--report", str(report), "--page", "https://example.org/")
    assert code == 0 and report.is_file()
    assert f"report: {report} (" in err and " kB)" in err


def test_decide_answers_one_request_from_any_front_end() -> None:
    """The prompt a by-link front end reuses: a request in, a legal answer out."""
    request = Request(1, "W2", ("continue", "withdraw"), {"member": "1.0"})
    written: list[str] = []
    answers = iter(["9", "2"])
    got = cli_prompt.decide(request, "cardduel", {"1.0": "アキラ"}, {}, "ja",
                            read=lambda _: next(answers), write=written.append)
    assert got == "withdraw"
    assert "判断 — サイド2: アキラ:次のラウンドへ進むか" in written
    assert "  2  アタック権を放棄する" in written
    assert cli_prompt.decide(request, "cardduel", {}, {}, "en", read=lambda _: "",
                             write=written.append, default="withdraw") == "withdraw"
