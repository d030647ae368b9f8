"""The skirmish AI (§12, §16.2, §16.4): ``policy`` answers the requests (:class:`SkirmishAI`),
``planner`` plans a turn's ready and main steps, ``main_values`` values the main steps,
``estimates`` holds the expected values and threats of one request, ``bands`` the positions
and ``odds`` the dice odds. It reads the battle's table, never the battle."""

from kassen.rulesets.skirmish.ai.policy import SkirmishAI, never_cover

__all__ = ["SkirmishAI", "never_cover"]
