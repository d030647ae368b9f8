"""Links made before issue 32's seed rulings replay exactly as they did (issue 32, "Links made
before the change"): a saved ``#m=`` link of today's skirmish, in which a かばう (§7.2) and an
エリア spell (§8) happen, must keep its event digest whatever the defaults become."""

from __future__ import annotations

from kassen.core import session
from kassen.core.links import parse_link

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
