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
LOG_FENCERS = 24
"""Once a party has created more 剣師 than this (entrant included) the rest is summarised
(every logged beat pictures every 剣師)."""

# -- hard caps (result ``aborted``) ------------------------------------------------------------
# Measured (tests/test_caps_slow.py, 2026-12-01, load 6-11 on 2 cores): 300,000 uniform random
# 10-point battles and 50,000 biased towards 増虚鳴複光星灼泡涙再儀速, none aborted; the largest
# sizes were 545 swords in a list, 22 剣師 in a party, 14,387 行動処理 and 28,787 events in a
# battle, and, while summarised, 1,725 played 行動処理, 3,438 played events and 288,348 list
# slots walked. Known extremes: 速速儀速速速増再 against itself, 517,352 行動処理 and 1,034,759
# events, of which 334 beats are played (runs.py fast-forwards the rest); under reset=cycle one
# 加速剣 doubles 素早さ each turn (5,242,917 行動処理, 54 played).
# Uniform, 1,000,000 battles (2026-12-02, load 4-9, one worker): none aborted; at most 243
# swords, 23 剣師, 3,417 行動処理 and 6,835 events, and while summarised 369 played 行動処理,
# 737 played events and 55,643 slots; 49 MB a worker.
# Biased towards those swords, 1,000,000 battles (2026-12-02, load 9-12, one worker): none
# aborted; at most 1,130 swords, 23 剣師, 23,634 行動処理 and 47,390 events, and while
# summarised 3,791 played 行動処理, 7,579 played events and 1,212,285 slots; 50 MB a worker.
# reset=cycle, 100,000 battles (2026-12-02, load 10-16, one worker, before the fixes below):
# 6 aborted (0.006 %); the 5 the sampler lists play to their results now, as does 15/2/3/1/後 vs
# 10/2/2/2/増速 (増殖剣 adds a 加速剣 each cycle, the list never repeats: 818,975 行動処理,
# 2,442 played, 2,457,462 slots; runs.batch). Two stopped at MAX_ACTIONS: a whole 加速剣 also
# raising a slower built フェンス (runs.reach; 5/1/1/3/柵散速封 vs 15/0/0/1/壁限撹減速五:
# 2,097,193 行動処理, 49 played). Three at MAX_SCAN: 増殖剣 copies a never-executable
# 快癒剣 each cycle and every choice walks the copies (runs.dead_tail; 5/1/0/3/増癒儀涙速 vs
# 10/2/0/3/滅封詠: 24,408 行動処理 and 12,148 swords, 158 played, 195,629 slots, against
# 221,373,984 slots walked before). Largest otherwise: 7,340,047 行動処理 and 22,020,156 events
# (fast-forwarded), 22 剣師; the longest list known is that 12,148 (MAX_SWORDS: 1.6×).
# Again after the fixes (same 100,000, load 8): 1 aborted, 5/1/0/3/速増複音怒 vs 20/1/2/2/複 at
# MAX_SWORDS (a list past 20,000; not yet measured uncut); played while summarised at most
# 520,312 行動処理 and 1,300,768 events (10/2/1/1/氷鏡散速 vs 15/2/2/2/滅: MAX_ACTIONS only
# 1.9×) and 8,311,046 slots (MAX_SCAN 2.4×): reset=cycle margins are thin.
# Free-budget builds (budget=0): 0 of 10,000 random ones reached a cap (1,043 swords, 26 剣師,
# 1,182 played 行動処理, 2,904 played events, 559,008 slots at most).
MAX_SWORDS = 200_000
"""Safety cap: swords in one 剣師's list (虚構剣/増殖剣/複製剣 grow lists): 4.9× the 41,110
of the longest reset=cycle list seen (above), 180× the 1,130 seen with the default options.
Such a list holds 22 MB (a Sword is 104 bytes, and 8 more in the list)."""
MAX_BATTLE_SWORDS = 400_000
"""Safety cap: swords in all the battle's lists together (45 MB), counted whenever a list
past LOG_SWORDS grows; lists no longer than that hold at most 2 × MAX_FENCERS × LOG_SWORDS =
51,200 swords. Without it 800 剣師 could each hold MAX_SWORDS (18 GB): free-budget builds."""
MAX_FENCERS = 400
"""Safety cap: 剣師 created per party (entrant included; 増殖剣 copies 構築 swords): 18× the
22 seen. Past 24 (LOG_FENCERS) the log is summarised."""
MAX_ACTIONS = 1_000_000
"""Safety cap: 行動処理 played while summarised (fast-forwarded periods are not played):
580× the 1,725 seen with the default options, 10× the 96,898 seen with reset=cycle."""
MAX_EVENTS = 4_000_000
"""Safety cap: events of the 行動処理 played while summarised (the work of hits and effects):
1,160× the 3,438 seen with the default options, 8× the 490,881 seen with reset=cycle."""
MAX_SCAN = 20_000_000
"""Safety cap: sword slots in the actors' lists plus 剣師 in both lines, summed over the
summarised 行動処理 (choosing 行動権 and a sword walks them): 69× the 288,348 seen."""
MAX_ATK = 10 ** 300
"""Safety cap on |攻撃力| (灼熱剣 doubles it, D20): numbers stay printable and below what a
JavaScript number holds; the largest seen is 2^21."""
