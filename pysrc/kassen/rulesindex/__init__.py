"""The rule index: the rules reference cut into anchored blocks (``doc``), the entries a why panel
shows (``why``), the index read from ``docs/rules/`` with the ids a system carries and the tests
citing a rule (``disk``), and the code that implements a rule, read with ``ast`` (``code``)."""
