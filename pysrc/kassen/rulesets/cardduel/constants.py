"""Designed constants and safety caps of the card duel, in one place (§2, §2.7, §6.2, §7)."""

from __future__ import annotations

RANGES: dict[str, tuple[int, int]] = {
    "year": (1, 3),     # 学年 (§2.1 得意スート by year)
    "base": (3, 5),     # 基礎魔力 BaseHand
    "max": (6, 8),      # 上限魔力 MaxHand
    "th": (8, 10),      # 発現値 Threshold
    "hp": (10, 15),     # 耐久力 (warrior)
    "mp": (3, 5),       # 魔素力 (mage); 上限魔素力 = starting MP (§2.4 [designed])
}
"""Seed ranges of §2 (year is the school year, 1st–3rd)."""
MAX_COSTUMES = 6
"""Bound on a mage's costumes [designed]; the sample loadout is 4 (§12.3)."""
MAX_NAME = 40
MAX_MAGES = 3
"""Cap on mages per side under ``several_mages`` (§2.7 option [designed])."""

ENCHANT_STEP_CAP = 16
"""Safety bound on A1 enchant steps per engagement [designed] (decks bound them anyway)."""
STORM_LOOP_CAP = 2000
"""Safety bound on storm strikes and tie-break draws (each is finite anyway, §6.2)."""

ENCHANT_KINDS = ("enchant", "happening")
"""Field kinds that are activated enchantments (発動したエンチャント, §5.2.3, §5.3.2b)."""
