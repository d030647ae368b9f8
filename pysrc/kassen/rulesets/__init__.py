"""The built-in rule systems. Adding one is one line here plus its own folder."""

BUILTIN: dict[str, str] = {
    "marguerite": "kassen.rulesets.marguerite",
    "cardduel": "kassen.rulesets.cardduel",
    "dice": "kassen.rulesets.dice",
    "skirmish": "kassen.rulesets.skirmish",
}
