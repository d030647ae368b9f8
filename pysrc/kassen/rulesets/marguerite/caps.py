"""Rule constants and safety caps of the battle (R1.3; design 6: no build can hang)."""

from __future__ import annotations

TURN_LIMIT = 20
"""The last turn (R1.3, R6.2.6)."""
MAX_SWORDS = 64
"""Safety cap: swords in one 剣師's list (虚構剣/増殖剣/複製剣 grow lists)."""
MAX_FENCERS = 24
"""Safety cap: 剣師 created per party (entrant included)."""
MAX_ACTIONS = 4000
"""Safety cap: 行動処理 per battle (a beat of plain skips counts once per actor)."""
MAX_EVENTS = 60000
"""Safety cap: events per battle (光速剣 makes 100 hits per action)."""
MAX_ATK = 10 ** 300
"""Safety cap on |攻撃力| (灼熱剣 doubles it, D20)."""
