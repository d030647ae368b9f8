"""Sample characters of §12.5 and the sides made from them (all stats in the seed ranges)."""

from __future__ import annotations

from kassen.core.ruleset import Sample

AKIRA = "アキラ:warrior year=1 base=5 max=6 th=10 fav=- hp=12"
YU = "ユウ:warrior year=2 base=4 max=7 th=9 fav=S hp=12 weapon=sword"
REN = "レン:warrior year=3 base=3 max=6 th=8 fav=SC hp=12 weapon=both"
MINA = "ミナ:mage year=2 base=4 max=8 th=9 fav=H mp=4 costumes=ribbon,hat,shoes,cloak"
SAKURA = "サクラ:mage year=3 base=3 max=7 th=8 fav=HD mp=5 costumes=ribbon,gloves,hat,cloak"

WARRIORS = {"アキラ": AKIRA, "ユウ": YU, "レン": REN}
MAGES = {"ミナ": MINA, "サクラ": SAKURA}

SAMPLES: tuple[Sample, ...] = (
    *(Sample(name, text, "§12.5 戦士のみ(1対1)", "§12.5 warrior alone (1v1)")
      for name, text in WARRIORS.items()),
    *(Sample(f"{w}+{m}", f"{wt} + {mt}", "§12.5 戦士+術士(2対2)", "§12.5 warrior + mage (2v2)")
      for w, wt in WARRIORS.items() for m, mt in MAGES.items()),
)
