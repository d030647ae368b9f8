"""Designed constants and safety caps of the skirmish, in one place (§5.3, §8, §10.2)."""

from __future__ import annotations

MAX_TIE_ROLLS = 20
"""Safety bound on 1D10 roll-offs settling one tie (§5.3); a tie survives 20 rolls almost never."""
MAX_PICKS = 40
"""Safety bound on targets chosen one at a time in one use (§8, §16 D3)."""
MAX_LINE_CELLS = 64
"""Safety bound on the cells of one straight line (貫通, moves; maps are at most 15 wide)."""
MAX_TURNS = 200
"""The driver's bound on rounds; ``round_cap`` (at most 100, §10.2) ends every battle first."""
