"""Links made before issue 32's seed rulings replay exactly as they did (issue 32, "Links made
before the change"): saved ``#m=`` links of skirmish rules version 1 keep their event digests.

Version 1 records replay under the option values ``SkirmishRuleset.earlier_defaults`` gives
the options added since (かばう recomputed against the coverer, エリア never hitting its user,
column-only placements on the grid's first row). The AI's fixes (§16.4 C1 with A12, A1 under
``sleep_auto_hit``) need no such value: a record carries every decision, and a replay asks the
AI nothing it recorded. The last test shows a new link of the same builds and seed plays the
new defaults.
"""

from __future__ import annotations

import json

import pytest

from kassen.cli import main
from kassen.core import registry, session
from kassen.core.links import parse_link
from kassen.core.record import Record
from kassen.web import api

COVER_AND_AREA = (
    "#m=11VbLbuM2FP0VQctCCCT5lVHhhZMmkwJJHSRBZ1EUBi1RNhGKFEgqrjGYxdjrdtkPaIs-pt21m6L9G6H_0csr"
    "P2SP7aYzSIFuZJP38pyjew9JvXTjsWQx1W70mZvJBxoFrucSY0h8H_lHDRgICQ8M2ZG-Z5xHiSyGnA70WBqYCzAv"
    "OGousxcPQeGHGZpFqhhOo-CotRWrwDSnNN8RXamwkqYgcXdkA2ss-XTA2WhsFoAr4Rtrnny2UpPLCVWDRUZw1N6q"
    "z85qTJhIBnFhDFVRwhT2I6kSgiN_Y11Vk92V8fdw_bvsHT303wFub_TtAFLl0jApDur6r2r8qNd4z-SNIu7wcfDe"
    "JI_Ie6cO7jsx_qHWwVEHn-EewW9vrnDv7P6yNQ-h-zvRDxx-u0PblWnU0-u7Z2XpcNO-cPYOtJEqi4iiJAoOm-oR"
    "j0094aHArkJ87rlUjBgkRy6cadhqmVvtcEW8dEmaMsHMtJdCP8-5lMqNUsI1BRB2je_YF9eKSQVJd4Wyq4wqbJhz"
    "RvUVmfaHGmZis15ojGLDwtDeAnwViUGg6uHCvuBb8zeSc30u1SlQbUZocmuvlF5h5G0Rx5QmeitBWSHPC6KSpbwY"
    "UM6LDG61-kxf9PNcapqs19vZifiIZGRErYRVJFlNXVN1R9SImq3YC3JP10oSShIu43uc7VmgipfqmOR0lZYSxmly"
    "o69A-AkRIHzE4mVuil4_JSKm_GR6Q3NFNRWGGPZANypWJV5RqMsly2oFGymWXFAbdKNGNXzBEjN2oxaMbIU-3aQc"
    "M_OJrehzsCt4YAVkO8eQ-I7Zt3Tz-OyBaDAEVslzOZjqErxlsTtgPpJDkp20Dlt4og8vcm1bW4h1yWXVAoC1qERr"
    "4IA1yiadWpTQhxEWaOktUuujJhk9S1Mam1vr8nUDNOXpsk-LVJYV3BBBZaF7OqYiYWK0zl-a6qJWP5xEvQAcwNjA"
    "FjmRotAfC-Azl7iVlslG5n1xJqBuF1IbaGwPqrgIv_LcXHIWs-pjLKEpATH2Zlr8g62pCg4NBnZ7eqiM6bEtxAOM"
    "7cGhqTWq-4UMIskTe_xpllRo5eybcv5zOfvdGefdVuhkeTfwHehZ95lD4rjbcegD6QYtB3zaDR2iMpgCM3UbziQX"
    "XS7FSE-kShwy7NZvXA8t4jDTrQ64D0LPfic49jDrBh865fxNOf-znH9peZs-8obICz-W-Lgi7iBxA4mbSNxEYvjC"
    "VGYoJ5a39tF5kNYH2tkf5fwny9loWs5G9a7HSNmsKJtI-QwpQ6Q8rihtBy1fyhQdDCU33uqQ9mq3mYet91I-PaBj"
    "_lU5-xEqj6-PUsImSumglFZdSgeltFFKB6VkJKZWyZgS7q3vNg-0CFB0z4SX2b05GHKS0H1dAB-Us9_K-dfYjF-t"
    "lLBtpfj7lPiopIFKQlSSkNGIqgqwZev7_8FD64MFX5fzb-EPwodr-ON98GENHh1osdtPi_3Xdz-UM0D9vpwD8BvE"
    "89d4QQMB2_U9UwEGtc2aEjFywJYwua4HbsPZLxaxg4htRGzVAcMaYLsGGPNiaG2oJ2D4J8S0JxycZcGrvwE"
)
"""The four sample PCs against R1 (seed ``old4``, default options, rules version 1): two covers
and an 《アイスストーム》 on four enemies."""

COVER_AND_AREA_DIGEST = "25baaab0d819eb37a6903f43b12d8b09f804affc6131e1e3a008207fcc5adcca"


ESCAPE_POTION = (
    "#m=11VfLbuM2FP0VQ8tCyEjyK6PCCydNJgUydZAEnUVRGLRE2UQoUqCouMZgFrXX7bIf0BZ9TLtrN0X7N0L_o5dX"
    "si3ZctIMOotu5PBe8pzDcy8p5bUVzCQLaGr5n1mxvKe--8yxbItoTYI73zlqw0BIeGCyjcn0jnHuhzKbcDpOZ1JD"
    "zMWZ7lFnPb98CAo_TNPYV9lk4btH3Z1c-VPCe1Vu74F4A3KnrnIz3YXBAnZ4OPtfxat7cTBd8B56ukdOk7OJnFM1"
    "LpHdo96OpesH7j2RmklR8hfL50yE4yDTmio_ZKqsaFhoK38K5h3AQlS5iSa3m2IF54wSXjdhM_dfEzlNrdOUbUpU"
    "tOw2poNP95CMtZjDCp9Yz5qYdyvGu1fAe9TYR81_or0uPr0DTdr8eLJB3sNQ-1dGp-kaa7YL5_eeOY0F30duuCCf"
    "Gq-fXK92oMvLrPfYed-sesjGdfP399Ga7rBHGu3Bc-A2Hv52U7VoGpCE1jXUXwP7tai8APbNqXO6B5vcbcSrxLtV"
    "5v37Fek2KjoHGA6K2m-0-qxmC_e2s7Fvd3Xb-hyyYsog7FuwEqsvE7MDeMG_tkgUMcH0YhhBm5xzKZXlR4SnFEDY"
    "Fe50JK4Ukwom3WbKrNIqM2nOGU1fksVokkIk0NuFWis2yTQdluCbTADbVUNcOBJ8J34tOU_PpToFqnqGhjec0mSY"
    "aXmTBQGlYbozQRkhLzKiwrW8AFDOsxjupWpkJEZJIlMabteb6Fx8RGIypUbCJhNuQldU3RI1pXon94rc0a2SkJKQ"
    "y-AOo0MDVPCWxSlHEWGchtfpS9B9QgTonrJgk-RsOtOnRASUnyyuaaJoSoUmmt3TmmHFxJcUbLlkccWvqWLhBTVJ"
    "y28Xw1cs1DPL78PIGPRpnXLG9CfG0BeKEmiBDZApHEPiW2Y2aSXB2T1JoR_QJNvi0FOX0FoldkwSmGT4TIOVLTGC"
    "jVyZymZi67gsKgCwBpWkKXDAGmUmnRoUz4ERGrRuLVIpY0piehZFNNA3psm3_qeUR-sylVNZnHFNBJVZOkwDKkIm"
    "ptv56566YNsVJoZyAdeFsYYDciJFln4sgE5f4kFaA2iZjMSZANsuZKqhrkMwsUy_sa1Echaw4kM6pBEBLeYFVv4F"
    "B1NlHOoL5ObGVjFLZ8aHexjjpxs1bWp9IV1f8nCKIRYWcPny23z1S778ozVLBl2vFScD12lBzQbPWyQIBv0WvScD"
    "t9uCNh14LaJiCEEzDdqteSIGXIppOpcqbJHJoPptaWOLtJgeFLfcB55t3j4AQAHuw1a-epuv_spXXxnejoO8HvLC"
    "jyE-Loj7SNxG4g4Sd5AYPhGUnsi54a18NTxI6wDt8s989bPhbHcMZ7vY6zFSdgrKDlI-R0oPKY8LSlNCwxcxRccT"
    "ybUN_92MoXgqtivvSBtrb0d88YCO1df58idwHrePUrwOSumjlG5VSh-l9FBKH6XEJKBGifnSsGeSL8Z4jG3QIkDR"
    "HRN2bM7meMJJSA9VAfogX_6er77BYvxmpHg9I8U5pMRBJW1U4qGSkEynVBWAXePv_wcPWx9a8Mt89R38gfDeFv74"
    "ELxXgccONNi994v99_c_5ktA_SFfAfBbxHO2eG4bAXvVM1MAupXDGhExbUFbQnDrBx7D5a8GsY-IPUTsVgG9CmCv"
    "AhjwbGLaMJ1Dw79HTHPFwWXmvvkH"
)
"""R1 on a 7×3 grid with ``escape`` and ``sleep_auto_hit`` (seed ``oldg1``, rules version 1): the
party deploys by column only, and an escaping unit later skips a potion today's AI drinks."""

ESCAPE_POTION_DIGEST = "71573b0f4b67041b21ee8a4f471b55c86551623577866f1f0c9b6fb40e9e848b"

SLEEPER_ODDS = (
    "#m=11VbLbuM2FP0VQctCSC35lVHhhZMmkwKZOkiCzqIoDFqiZCIUKZBUXGMwi9rrdtkPaIs-pt21m6L9G6H_0csr"
    "21KcOI8OsujGMnkvzzk895LSGzeaShZR7Yafu5m8pqH_Ycv1XGIMia7C1l4bBkLCDwbbGNRXjPMwlsWE07GeSgNz"
    "Pmb6e511_upHUHgwQ7NQFZN56O91t2IVmOaU5jujU8nnY87SqVmlNMRslPowmMNGdkefYb7Sl8sZVeNVjr_X2_Lg"
    "zj3NmIjHUWEMVWHM1Mr3uErx91q3l1ebu8PS1u60je7WXUpuR-9b3BC_teH-82z4gUbwdybv3PWDKQ-a9zRjeu_n"
    "SfAUO_r_yY4ndAu2fRcV3lh1ax57M5eGSbGrBjXZe5vkP9Kf4JHb2erqxwvpu194LhUpg3HowlWBW5e59QHu1zcu"
    "SRImmJkPE0A45lIqN0wI1xRI2Rn6NRJnikkFSZeFsquMKmyYc0b1KzIfTTTMRKZeaIxik8LQ4Qp8E4lgf2qIC0eC"
    "b82fS871sVSHQHUzQuMLexcPCyMviiiiNNZbCcoKeVkQFa_lRYByXGTwOmjOjMQoz6Wmcb3ezs7ExyQjKbUSNpF4"
    "M3VG1SVRKTVbsdfkitZKYkpiLqMrnB1aoIqX6ojkGxUJYZzG5_oV6D4gAnSnLNoEsTEOiYgoP5if01xRTYUhhl3T"
    "G4ZVia8o2HLKsoZfqWLxCbVBN2xXw9csNlM37MPIGvTZTcopM59aQ18qSqAFNkC2cAyJL5ndpJtHR9dEQz-gSZ7L"
    "oadOobVW2BnJIcny2QZbtcQINnJmK1uI2nFZVQBgLSrRGjhgjbJJhxYlaMEIDVq3FmmUUZOMHiUJjcyFPRS1_5ry"
    "ZF2mVSrLCm6IoLLQQx1RETOR1vnrnjph9Qo7h3IB14exgQNyIEWhPxFAZ07xIK0BjMxH4kiAbSdSG6jrEExchd96"
    "bi45i1j1HRPThIAWezZX_-BgqoJDfYHcHmaVMT21PlzD2F4gmto2db-Ufih5nNpvGc3iCq5cfFcufy0XfzrTfNAN"
    "nCwf-C0HajZ44ZAoGvQdek0GfteBNh0EDlEZTEEzDdrOLBcDLkWqZ1LFDpkMmu8HD1vEYWZQ3ZUfBJ59oQMABbiP"
    "nHL5rlz-XS6_trydFvIGyAsPS7xfEfeRuI3EHSTuIDF8mSkzkTPL2_hYu5e2BbSLv8rlL5az3bGc7Wqv-0jZqSg7"
    "SPkCKQOk3K8obQktX8IUHU8kNx58XI6heCrzGtenh7X3Ej6_R8fym3LxMziP20cpQQel9FFKtymlj1J6KKWPUjIS"
    "UatkSgn36heBB1oEKLpiwsvs2RxPOInpripAH5SLP8rlt1iM362UoGeltHYpaaGSNioJUElM0pSqCrBr_f3_4GHr"
    "Qwt-VS6_hz8IH9Tw-7vggwY8dqDF7j0v9j8__FQuAPXHcgnA7xCvVeP5bQTsNc9MBeg3DmtCROpAW8Jk7Qcew8Vv"
    "FrGPiD1E7DYBgwZgrwEY8WJi21DPoOGfEdNecXCZ-W__BQ"
)
"""The same set-up with seed ``oldg3``: ノエル casts 《ホーリーライト》 at a sleeping bat,
which today's AI hits with its mace instead (P(hit) = 1 against a sleeper under
``sleep_auto_hit``, A1)."""

SLEEPER_ODDS_DIGEST = "d30057f3816f19b52542271fa73099a632ee15a3a0a61ea6d84ad679e5fc01e6"


def replayed(link: str) -> session.Outcome:
    """The battle a link replays (as ``python -m kassen replay`` and the page do)."""
    kind, record = parse_link(link)
    assert kind == "battle"
    return session.run(session.from_record(record))


def test_a_link_with_cover_and_an_area_spell_replays_identically() -> None:
    """The saved link replays to the digest it had when it was made, and it does show what
    the rulings are about: a cover and an エリア spell."""
    outcome = replayed(COVER_AND_AREA)
    events = outcome.battle.rec.events()
    assert [e.kind for e in events].count("cover") == 2
    assert any(e.kind == "use" and e.values["ability"] == "ice_storm" for e in events)
    assert session.event_digest(outcome.battle) == COVER_AND_AREA_DIGEST


@pytest.mark.rule("§16.4")
@pytest.mark.rule("C1")
@pytest.mark.rule("A12")
@pytest.mark.rule("A1")
@pytest.mark.rule("C10")
@pytest.mark.parametrize(("link", "digest", "index", "then", "now"), [
    (ESCAPE_POTION, ESCAPE_POTION_DIGEST, 31, "none", "item:potion:0.1"),
    (SLEEPER_ODDS, SLEEPER_ODDS_DIGEST, 16, "skill:holy_light:1.5", "attack:1.5"),
])
def test_version_1_grid_links_replay_identically_though_the_ai_now_answers_otherwise(
        link: str, digest: str, index: int, then: str, now: str) -> None:
    """§16.4 C1/A12 and A1 under ``sleep_auto_hit`` change what the AI answers (the answer at
    ``index`` was ``then`` and would now be ``now``), and §16.4 C10 where the party stands
    (its placements name only a column): the version 1 links still replay to their digests,
    the party on the first row as it stood then."""
    outcome = replayed(link)
    assert session.event_digest(outcome.battle) == digest
    _, record = parse_link(link)
    prepared = session.from_record(record)
    start = prepared.ruleset.new_battle(prepared.setup()).state.units
    assert {u.pos[1] for u in start if u.side == 0} == {0}  # today's default row: 1
    assert record.choices[index] == then
    asked_again = Record(record.ruleset, record.ruleset_version, record.sides, record.options,
                         record.seed, record.choices[:index], record.policies, record.engine)
    assert session.run(session.from_record(asked_again)).record.choices[index] == now


@pytest.mark.parametrize("link", [COVER_AND_AREA, ESCAPE_POTION])
def test_page_and_command_line_say_which_rules_version_a_link_was_made_with(
        link: str, capsys) -> None:
    """The page's open_link and ``python -m kassen replay`` both say the link was made with
    rules version 1 and is replayed under that version's rules."""
    data = json.loads(api.open_link(link, "ja"))
    assert data["ok"] and [n["code"] for n in data["notes"]] == ["core.record_rules_earlier"]
    assert "「1」" in data["notes"][0]["message"]
    assert main(["replay", link, "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert "rules version 1" in err and f"version {registry.get('skirmish').version}" in err


def test_a_new_link_of_the_same_builds_and_seed_plays_the_new_defaults() -> None:
    """The same builds and seed played today are a version 2 record under the new defaults
    (かばう 肩代わり, エリア with its user, column-only rows in the middle) and play
    differently; with version 1's option values the same engine plays the old link exactly."""
    _, old = parse_link(COVER_AND_AREA)
    today = session.run(session.prepare("skirmish", old.sides, {}, old.seed))
    assert today.prepared.record.ruleset_version == registry.get("skirmish").version != "1"
    assert today.prepared.record.options["cover_damage"] == "target"
    assert today.prepared.record.options["area_includes_user"] is True
    assert session.event_digest(today.battle) != COVER_AND_AREA_DIGEST
    v1 = {**old.options, **registry.get("skirmish").earlier_defaults["1"]}
    again = session.run(session.prepare("skirmish", old.sides, v1, old.seed))
    assert session.event_digest(again.battle) == COVER_AND_AREA_DIGEST
