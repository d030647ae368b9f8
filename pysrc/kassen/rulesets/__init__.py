"""The built-in rule systems. Adding one is one line here plus its own folder."""

BUILTIN: dict[str, str] = {
    "marguerite": "kassen.rulesets.marguerite",
}
