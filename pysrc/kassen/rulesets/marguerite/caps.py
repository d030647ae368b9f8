"""Rule constants, the log budget and the safety caps of the battle (R1.3; design 6: no build
can hang, and no legal battle is cut short).

Two kinds of limit:

* The **log budget** bounds memory, never the rules. Past it, the battle goes on to its true
  result and the rest of each turn is logged as one summarised beat (summary.py). The values
  are where the old caps stopped battles, so every battle that finished before is logged
  exactly as before (the digest guard checks it).
* The **hard caps** bound work. They stop a battle with result ``aborted`` and a logged,
  translated reason, and sit far beyond anything a 10-point build reaches (measured margins
  below, tests/test_caps_slow.py prints them); free-budget builds (``budget=0``) can still
  reach them.
"""

from __future__ import annotations

TURN_LIMIT = 20
"""The last turn (R1.3, R6.2.6)."""

# -- the log budget (summary from here on; not a cap) ------------------------------------------
LOG_ACTIONS = 4000
"""Past this many 行動処理 the rest is summarised (a beat of plain skips counts once per actor)."""
LOG_EVENTS = 60000
"""Past this many logged events the rest is summarised (光速剣 makes 100 hits per action)."""
LOG_SWORDS = 64
"""Once a 剣師's list holds more swords than this the rest is summarised (every logged beat
carries the page's picture of every list)."""

# -- hard caps (result ``aborted``) ------------------------------------------------------------
MAX_SWORDS = 20_000
"""Safety cap: swords in one 剣師's list (虚構剣/増殖剣/複製剣 grow lists)."""
MAX_FENCERS = 24
"""Safety cap: 剣師 created per party (entrant included)."""
MAX_ACTIONS = 1_000_000
"""Safety cap: 行動処理 played while summarised (fast-forwarded periods not counted)."""
MAX_EVENTS = 4_000_000
"""Safety cap: events of the 行動処理 played while summarised (the work of hits and effects)."""
MAX_SCAN = 20_000_000
"""Safety cap: sword slots in the actors' lists, summed over the summarised 行動処理 (choosing
a sword and most control effects walk the list)."""
MAX_ATK = 10 ** 300
"""Safety cap on |攻撃力| (灼熱剣 doubles it, D20): numbers stay printable and below what a
JavaScript number holds."""
