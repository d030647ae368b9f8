"""Links made before the seed rulings of issue 32 replay exactly as they did.

Each link below was made with the engine of commit c144a3b (card duel and dice rules version
"1"), on a battle where a ruling of issue 32 acts: a Mana Storm that strikes warriors (§6.2.5,
the storm's pool §6.2.1–6.2.4), a based pair whose two abilities both use VP while VP is short
(§14.2, D9), and a 0-damage hit that connects on a stunned character (§12.5, D18). Its event
digest is pinned here; a link of that version must replay with the same events under any
later engine.
"""

from __future__ import annotations

import json

import pytest

from kassen.cli import main
from kassen.core import options as options_mod
from kassen.core import registry, session
from kassen.core.links import parse_link
from kassen.core.record import Record
from kassen.web import api

STORM = (
    "#m=1nVTNattAEH4VoWvdEP8kTgQ6BLtgQkzTKG0PpYi1NLK2Xu2I3ZWdUHKJb32J3gKFQg-lT6QX6awkR3abkLQXezQ_33"
    "zzzUif3ShFHoF2vQ9uzrR2O25wQj-NPerTT8JBxF7lrs3KG6E0XBawazZ1MUSLLZSjFuVNi3L0TJQ6fdJrQYbPrJwc39eM"
    "Dx-t2aZ38niWBRidPh4fbKA2Oh5sKTBoWxy0Cgz-TcfmadwiBL3_Q7CNn64NTlt7fNo2HTxH1SahPaDJ4IncoL9rKj6boS"
    "RjLnAJloROsfpvIh87Lsg5l-B67v5ed2-fQpgbjpLu-bM7Y8YIGLHc9Xr7neaRIv2qdzzFGARVasMMj6w4XEdMxRdgCmUR"
    "jCqAvEV-IjSOUBs9PXe9hAlNbsjQNrpkM2HbS5R2EJBRyqQZEYMig_i1fKthA9TELphcBBHmtooJEVYD29KrlBXaQDxlcx"
    "hhIY0eQwKMPPdNE1QZM1RIUS7ChcRogYWhakIm4gkXdqJ60sqb5yC5nJ9R4nbgEy5A0YgkS8YkCwwBv5KxnjITpRvCqDiJ"
    "y8QFn6fmDOkMPFeBNiEmYVyQdnQcCiOICwVVaMk12FEUsY8r3Ye0M1iCYsJOpe8H0bZhPeQlh7Fiqwdj73hkePZA-BxRbE"
    "SsHGFcJTXh90wpjspumBJoNWGahzmokPTN_0gKDFNW0pSmtMPZE7AphVIgY1B2uXYE8i1RECumru0x0H5roW5IBhQ84vVX"
    "lOohKaw4G4vOVBV0eWDbWPhGPLWk567tBXbH7hV2vYrZS3v9msc1YLm-K2_vvFVN17kGpvyeM2Ma_IGTsSt_6JjUP3YStv"
    "QDJ839bs9ZActR-nqFKnZeOOX6a7n-4mW0gwfqj9r6iZPl5I3q-bRfv2idlJlO9e51IoHMfkHK9fdy_XOXVL8G7Veghxb0"
    "qCY12mU1Q5NaUre_ytsf5frbFq8diGELMRlbYgd_Eau_DBW_mhlpTap2b34D")
"""ユウ+ミナ against レン+サクラ, seed ``xo1:storm-3``: the match ends in a Mana Storm whose
pool reaches the warriors (one HP per strike under the version-1 defaults; both warriors
stand, the match goes on damage)."""

BASED = (
    "#m=11VRPb9xEFP8q1pxDsk5IKJZ64cKJT9BF1qz91h4ynjHj8W7SqlKSRapKFVVAI4IiARHiEKhEBT2UJiQfxtpN-Bb8nr"
    "2bhAo4IHHgYs-8_-_3fm8eiCS3KqFKRPc-XBJkMmVIRKK3HC73xJKwpVfWQPtASKd8XpBXCfS0JRMPvRzL7Vj6eChHtoYB"
    "-w6l8zk5aAeyojQelewgkxySJJcuoziRZUmpiLyrCUJbDGw81DKLfe04W7gkUhrGRa0RWlvrFqYpFYQ0nbGjkqSv_kpXxd"
    "JRPJDpm8qslg5CUZKR2is0fqOzJqG4JNdWce1o64GmeNPCKXVyDPuhdQn6SpytkFxIDRA4TiZr9KY7aa78tchR5dlw6BE8"
    "ySnZhConqRmIRSIN5OOaARvnZOKBtsnmDUatdpwrlFL52hjWiLFUnhMXqhoq9GvrTIloKHUFD0OZ9GpEHf6jkmM7tmYrBJ"
    "HudvZSOrfNZUs9xEC9bGssZVUhRPVm5s7HSYPmKsNRRPuDjBI7QpddiOvZOFubVJmM6dHOc0lUKmXaidLRkBwBexaWBAAK"
    "kERhAiJzGHBLperjmieqjPIKuLWpF8G7XqyuC_YBK7TsgrEcEQ1jBZICgIUUcAAmPeA2b0VJ68q3DOALaNhjcW3iFCvCpd"
    "pKMaRiLm6nK6L1xZW5FatU0_UQWrnGWvmc22nZUMitRQAjQTWmAeDxqR2bm2JapON52x1bt_8UltVjhZ_jyjAoBGXixloV"
    "4B6K790WxB_VKReLqWGlYQsIGE0R9dozVxVttEdHGZlWfp-cjVNZSN5Zi1wJr9u8iPsWlBzwYHmMNTbaiYfgjNUqUe2LYm"
    "qtl_iDp8XVmiriNWjBhGCEc8hIUEvmLRtG7YPxVnjDjnvCyIKi4AOCV9_47RKXZvJZM_mpmZz1DaabgA9R8D7OpFEfpVFw"
    "9eiHPqDdjIJwvW_wkkQB_jJTUbDRN-3eRsFq3-DVggk8tfVrUXB5_Pzy6GV3fTsKZgffzc5-7K7vIOjFb83uJ7PHXzS7xw"
    "Hv0N3Z4TeX3x40u_srG0FbeWf7bhT8_mh_9vmku4a9KJgefT09PwmYVXdnO9_PHu9cPvkK0VbClfC2axgi7bPT1enOfjM5"
    "ne4fzsVrrThcXodiHuXZ6RouHGBug4qvXj1tdi-uzs_wnUvvIPmTg9nT19dYbUByfjJ99aJv5usNRPd-bfYumskvzeSgmZ"
    "w0ey-avecAuJk8xiy6EbyHx0-T-58M4c4txP52LHOo_xn7Vfgd_jw9P56-PGl2v_wPJgK76euD6adH_3pG2C9sU_jwDw")
"""Medic (slot 10: 回復 with 急所狙い as its star ability, based; both use 1 VP) against Brawler,
``vp_init = 0`` and ``vp_regen = 0``, seed ``xo1:based-1``: the based pair meets a VP it is
short of (each ability gated on its own VP under the version-1 default ``based_vp = each``)."""

ZERO = (
    "#m=1jVTfbxtFEP5XTvscEp_j_NBJfeadN9Sg0_pufbdkb_fY27OTVpXiWkhtRShKi5oiQYkQEkECKqSi0EL7x1ztpv8F3-"
    "zZThqKxIu9NzM7M9833-xNluRGJqJi0fVPVpjQmdSCRayzGq522AozpZNGw3uTcStdXggnE_jFHk8c_HzE92Pu4gEfmhoB"
    "dHfArcuFhbfPK5HGw5Iu8CSHJcm5zUSc8LIUKYucrQWMpuibeKB4FrvaUrVwhaViEBe1QmpljF2EpqIQKNMGW1EK7qr3-a"
    "qYWxH3eXrVmdXcwshKoblyEsAvfEYnIi6F9V0sL5q6r0S8a3AptXyE-IGxCXAl1lQozrgCCZQn4zWwqdaaS7c0WVE5Chw4"
    "JE9ykezClQuuiIhFIQXm45oIG-VCx31lkt0Ljrx3lEu0Urlaa_KwEZeOCheyGkjgNXUmWTTgqsINLTLu5FC0_A9Lym0pmq"
    "KQhNvL1Utu7T61zdUAA3Xc91jyqkKK6mrl9o7lGuAqTVmY_4NNJGYIlG2K5WysqXUqdUby8PNcYZVMSXastGIgrAD3ZCwF"
    "CCggEokJsMxiwF5K1Wc1TVRq6SR486UXyVssRtUF3YEqFG-TkR0ZNXEFkYKAhRV0gCbVJ5iXsqR15bwC6AMy7JC51nGKFa"
    "FWTSWJUjY3--myaGPxSdqKZarEcgjerrBWLic4Xg0F31sk0BxSIxmAHpeakb5oxjMdz2G3at1_Jy25RxJ_ljrDoJCUhBsr"
    "WUB7aL5z2RB_WqfULKaGlUYsKCA2WbTuz9RVtOmPVmRC-yW8IayJU15w2lmDWsnFut0wUGSf5kpTrLHQlt2CZIySifQPiq"
    "6VWqEfvCy2VqIStAWeSxiGOIdEhPBa3jNhROU-CHvhhTquM80LEQUf9ba2wx1N1ih4--3Rjnb7JY7N7T-bycNm8lczuQt3"
    "KRKoIwo-xFkodCvSKJh9_WwHRO9GwcaOxrMSBR18Z9L_-yWOAuTGE-YjKmXcehS8OX0---K35va91tJDnj_unB88aj83Ef"
    "Djd28PnjSTF9PD49YYbqO3bx4v-wij4PXZ4ZvHz5vxr-cnD5Z2ynX8BMbp0y-b8SHQzkGGve3Nd0AuAX38fkDrc0Dh1r8Q"
    "deeIuv8T0QZKHv8erm5MDw6XGGd3HzTjk9dn95rxUUA7cW328EUXEWvdtXnirSiY3vseTMw5AGjErCMG1MzOTgJ6bq7Nno"
    "0BeXY0Wduex_V8XLeN-08Ku8j-8nR69nRpAZDp53fOf_6lGb9aGjeuMj1_uJDs4AdUJa5fTaYvgZUe0ijodTudYHr_FPSf"
    "f_V3M_6pGT9ikClEGd76Bw")
"""Two random sheets under ``zero_damage_connects = true``, seed ``xo1:zero-141``: a 0-damage
hit connects on a stunned character (it shortened the stun by 0 under version 1)."""

SAVED = {
    "cardduel_storm": (STORM, "d3b169e0acb83c64be8034d82dc56a89ee9cb5782d5457c9e8af2d18e80fd5d2"),
    "dice_based": (BASED, "99a00e1c9dc474d771dfec7c546c42863f048a66b2fdba71f8cb1286c81a9f41"),
    "dice_zero": (ZERO, "a0b915bf463cb773c2b4eb28eeb9dcb36e5d2c40e238eece8e0d1f248d813eaa"),
}


def saved_record(name: str) -> Record:
    """The record a saved link carries."""
    kind, record = parse_link(SAVED[name][0])
    assert kind == "battle"
    return record


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_link_made_before_the_rulings_replays_identically(name: str) -> None:
    """The saved link plays the very events it played when it was made."""
    record = saved_record(name)
    assert record.ruleset_version == "1"
    replay = session.run(session.from_record(record))
    assert session.event_digest(replay.battle) == SAVED[name][1]


@pytest.mark.parametrize("name", sorted(SAVED))
def test_the_page_and_the_cli_say_which_rules_version_made_the_link(name: str, capsys) -> None:
    """Opening a saved link tells the page it was made with rules version 1 and plays under
    that version's rules (the record the page keeps names them all, so it shares the same
    battle); ``python -m kassen replay`` says so on stderr."""
    link = SAVED[name][0]
    data = json.loads(api.open_link(link))
    assert data["ok"], data
    assert [n["code"] for n in data["notes"]] == ["core.record_rules_earlier"]
    assert data["notes"][0]["args"]["version"] == "1"
    assert data["digest"] == SAVED[name][1]
    earlier = registry.get(data["ruleset"]).earlier_defaults["1"]
    assert {k: data["record"]["options"][k] for k in earlier} == dict(earlier)
    assert main(["replay", link, "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert "made with rules version 1 and is replayed under that version's rules" in err


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_new_link_with_the_same_builds_and_seed_plays_the_new_rules(name: str) -> None:
    """Today's version of the same battle (same builds, seed and the options the old record
    named, minus those whose default moved) plays under the new defaults, and differs."""
    old = saved_record(name)
    ruleset = registry.get(old.ruleset)
    moved = ruleset.earlier_defaults["1"]
    # the saved record names options by their keys of before issue 28 (aliases)
    given = options_mod.renamed(ruleset.options, old.options)
    options = {k: v for k, v in given.items() if k not in moved}
    new = session.run(session.prepare(old.ruleset, old.sides, options, old.seed,
                                      policies=old.policies))
    assert new.record.ruleset_version == ruleset.version != "1"
    assert session.event_digest(new.battle) != SAVED[name][1]
    assert not session.record_notes(new.record)
