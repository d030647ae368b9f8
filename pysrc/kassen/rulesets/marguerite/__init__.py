"""マーガレット2011α (Marguerite 2011α): the deterministic program battle (issue 3)."""

from kassen.rulesets.marguerite.ruleset import MargueriteRuleset

RULESET = MargueriteRuleset()
