"""The command line of design 4.1: verbs, JSON output, exit codes, located errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from kassen.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rulesets_json_lists_every_ruleset(tiny, capsys) -> None:
    code, out, _ = run(capsys, "rulesets", "--json")
    assert code == 0
    listed = {r["id"]: r for r in json.loads(out)}
    assert "tiny" in listed
    tiny_entry = listed["tiny"]
    assert tiny_entry["options"][0]["key"] == "limit" and tiny_entry["samples"][0]["name"] == "Ann"


def test_validate_good_and_bad(tiny, capsys, tmp_path) -> None:
    code, out, err = run(capsys, "validate", "tiny", "--build", "Ann:020")
    assert (code, out.strip(), err) == (0, "Ann:20", "")
    builds = tmp_path / "builds.txt"
    builds.write_text("# comment\nAnn:20\n\nBob\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", "tiny", "--file", str(builds), "--lang", "en")
    assert code == 2
    assert err.strip() == "4:1: write name:hp [T0]"
    code, out, err = run(capsys, "validate", "tiny", "--file", str(builds), "--json")
    report = json.loads(out)
    assert [b["ok"] for b in report["builds"]] == [True, False]


def test_battle_json_and_replay_agree(tiny, capsys) -> None:
    code, out, _ = run(capsys, "battle", "tiny", "--build", "Ann:20", "--build", "Bob:25",
                       "--seed", "7", "--option", "limit=12", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["options"] == {"limit": 12, "mode": "plain"} and data["seed"] == "xo1:7"
    code, out, _ = run(capsys, "replay", data["link"], "--json")
    assert json.loads(out)["events"] == data["events"]


def test_battle_text_output_in_japanese(tiny, capsys) -> None:
    code, out, _ = run(capsys, "battle", "tiny", "--build", "Ann:20", "--build", "Bob:25",
                       "--lang", "ja")
    assert code == 0 and "ターン1" in out and "result:" in out


def test_share_build_and_battle(tiny, capsys) -> None:
    code, out, _ = run(capsys, "share", "tiny", "--build", "Ann:20")
    assert code == 0 and out.startswith("#b=1")
    code, out2, _ = run(capsys, "replay", out.strip())
    assert out2.strip() == "Ann:20"
    code, out, _ = run(capsys, "share", "tiny", "--build", "Ann:20", "--build", "Bob:3")
    assert code == 0 and out.startswith("#m=1")


def test_bad_input_exits_2_with_located_lines(tiny, capsys) -> None:
    code, _, err = run(capsys, "battle", "tiny", "--build", "Ann:20", "--build", "Bob")
    assert code == 2 and err.strip() == "build 2: 1:1: write name:hp [T0]"
    code, _, err = run(capsys, "battle", "tiny", "--build", "Ann:20", "--build", "B:2",
                       "--option", "limit")
    assert code == 2 and "KEY=VALUE" in err
    code, _, err = run(capsys, "replay", "#m=1AAAA")
    assert code == 2 and err.startswith("1:1: ")
    code, _, err = run(capsys, "battle", "nosuch", "--build", "a", "--build", "b")
    assert code == 2 and "nosuch" in err


def test_module_entry_point_never_prints_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "kassen", "replay", "#m=1%%%"],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "pysrc")},
        check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.startswith("1:1: ")


def test_bench_reports_events_and_bare_loop(tiny, capsys) -> None:
    code, out, _ = run(capsys, "bench", "--ruleset", "tiny", "--pairs", "30", "--json")
    row = json.loads(out)["rulesets"][0]
    assert code == 0 and row["ruleset"] == "tiny" and row["battles"] == 30
    assert row["events_per_battle"] > 1 and row["bare_battles_per_second"] > 0


def test_battle_without_seed_picks_and_prints_a_fresh_seed_design_4_3(capsys) -> None:
    """Design 4.3 / issue 14: seeds are chosen at the edges. Without --seed the command line
    picks a new seed per battle (never the engine's fixed default), prints it, and playing
    again with that seed gives the same battle. Fresh seeds are in the mt1 format (issue 29),
    a typed seed without a prefix stays xo1."""
    from kassen.core import registry

    dice = registry.get("dice")
    sides = ["--build", dice.samples[0].text, "--build", dice.samples[1].text]
    outs = [run(capsys, "battle", "dice", *sides)[1] for _ in range(2)]
    seeds = [out.splitlines()[0] for out in outs]
    assert all(s.startswith("seed: mt1:") for s in seeds) and seeds[0] != seeds[1]
    assert "seed: xo1:kassen" not in seeds
    again = run(capsys, "battle", "dice", *sides, "--seed", seeds[1].split(": ", 1)[1])[1]
    assert again == outs[1]
    data = json.loads(run(capsys, "battle", "dice", *sides, "--json")[1])
    assert data["seed"].startswith("mt1:")
    typed = json.loads(run(capsys, "battle", "dice", *sides, "--seed", "42", "--json")[1])
    assert typed["seed"] == "xo1:42"
