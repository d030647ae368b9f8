"""The rule index: the rules reference cut into anchored blocks (``doc``), the entries a why panel
shows (``why``), and the index read from ``docs/rules/`` with the ids a system carries and the
code and tests that cite a rule (``disk``)."""
