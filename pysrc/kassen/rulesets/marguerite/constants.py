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
# Measured with tests/test_caps_slow.py's sampler (one worker, 2 shared cores). History, in
# short: 2026-12-01, 350,000 battles, none aborted; the first 1,000,000 uniform and 1,000,000
# biased battles (2026-12-02) none aborted either; reset=cycle aborted 6 of 100,000, then 1
# after runs.batch, runs.reach and runs.dead_tail (5/1/0/3/速増複音怒 vs 20/1/2/2/複 at the old
# MAX_SWORDS of 20,000: played uncut, party 2 wins by overturn with a list of 41,110 swords).
# Known extremes: 速速儀速速速増再 against itself, 517,352 行動処理 and 1,034,759 events, 334
# played (runs.py fast-forwards the rest); under reset=cycle one 加速剣 doubles 素早さ each
# turn (5,242,917 行動処理, 54 played).
#
# The code as it is (MAX_SWORDS 200,000, runs.reach with groups), 2026-12-02, nice 10:
# * reset=cycle, 100,000 battles (1,140 s, load 7-10): none aborted; at most 41,110 swords in a
#   list (41,111 held), 22 剣師, 7,340,047 行動処理 and 22,020,156 events (fast-forwarded), and
#   while summarised 226,586 played 行動処理 (15/0/0/2/速速七灼回 vs 10/2/0/0/魂壁氷黙柵牙),
#   1,004,015 played events (5/0/2/5/速七 vs 10/1/2/1/鏡舞散壁) and 8,311,046 slots
#   (5/0/2/5/増速 vs 15/0/2/0/増霧舞壁壁); 37 MB a worker. Again after Fencer.free (below),
#   the same 100,000 (load 6-9, two workers): none aborted, the same sizes, and 13,834,391
#   slots counted the new way (that same battle; runs.dead_tail's walk now counts).
# * biased towards 増虚鳴複光星灼泡涙再儀速, 1,000,000 battles (3,144 s, load 5-13): none aborted;
#   at most 1,130 swords (1,131 held), 23 剣師, 23,634 行動処理 and 47,390 events, and while
#   summarised 3,791 played 行動処理, 7,579 played events and 1,212,285 slots; 27 MB a worker.
# * uniform, 1,000,000 battles (810 s, load 2-5): none aborted; at most 243 swords, 23 剣師,
#   3,417 行動処理 and 6,835 events, and while summarised 369 played 行動処理, 737 played events
#   and 55,643 slots; 26 MB a worker.
# * budget=0, 10,000 battles (16 s): 0 reached a cap (1,043 swords, 1,070 held, 26 剣師, 1,182
#   played 行動処理, 2,904 played events, 559,008 slots at most).
# By hand, reset=cycle: 5/0/0/7/増速 vs 20/0/0/0/護 walks 12,946,371 slots (2.9 s); two
# 造氷剣 + 散速 (5/2/1/1/氷氷散速) made 782,436 played 行動処理 before runs.reach took groups
# (69 now). 増殖剣 copying 増殖剣 (5/0/0/6/増増速 vs 20/0/0/0/護, and 5/0/0/5/増増速,
# 5/0/0/4/増増速速, 5/1/1/3/増増速) stopped at MAX_SCAN: every choice of sword walked the used
# head of a 17,725-sword list, 35,144 times (314 M slots). A choice now starts where the used
# head ends (Fencer.free), and MAX_SCAN counts the slots a choice really walks (from there to
# the pick) and runs.dead_tail's walk, instead of the whole list at every 行動処理: all four
# play to their results (party 2 by overturn, as uncut), 5/0/0/6/増増速 with 5,589,517 slots
# in 4.5 s; 5/0/0/7/増速 counts 21,556,813 slots now (2.3× below MAX_SCAN).
# The slot figures above this paragraph were counted the old way (an upper bound of the new).
MAX_SWORDS = 200_000
"""Safety cap: swords in one 剣師's list (虚構剣/増殖剣/複製剣 grow lists): 4.9× the 41,110
of the longest reset=cycle list seen (above), 177× the 1,130 seen with the default options.
Such a list holds 22 MB (a Sword is 104 bytes, and 8 more in the list)."""
MAX_BATTLE_SWORDS = 400_000
"""Safety cap: swords in all the battle's lists together (45 MB), counted whenever a list
past LOG_SWORDS grows; lists no longer than that hold at most 2 × MAX_FENCERS × LOG_SWORDS =
51,200 swords. Without it 800 剣師 could each hold MAX_SWORDS (18 GB): free-budget builds."""
MAX_FENCERS = 400
"""Safety cap: 剣師 created per party (entrant included; 増殖剣 copies 構築 swords): 17× the
23 seen (26 with budget=0). Past 24 (LOG_FENCERS) the log is summarised."""
MAX_ACTIONS = 1_000_000
"""Safety cap: 行動処理 played while summarised (fast-forwarded periods are not played):
264× the 3,791 seen with the default options, 4.4× the 226,586 seen with reset=cycle."""
MAX_EVENTS = 4_000_000
"""Safety cap: events of the 行動処理 played while summarised (the work of hits and effects):
528× the 7,579 seen with the default options, 4.0× the 1,004,015 seen with reset=cycle."""
MAX_SCAN = 50_000_000
"""Safety cap: sword slots in the actors' lists plus 剣師 in both lines, summed over the
summarised 行動処理 (choosing 行動権 and a sword walks them): 3.6× the 13,834,391 seen with
reset=cycle, 2.3× the 21,556,813 of 5/0/0/7/増速 (above; counted the new way), 41× the
1,212,285 seen with the default options (biased). A free-budget 増増 at 素早さ 9999 reaches it
in 4.0 s (load 11; 1.8 s at the 20,000,000 it was)."""
MAX_ATK = 10 ** 300
"""Safety cap on |攻撃力| (灼熱剣 doubles it, D20): numbers stay printable and below what a
JavaScript number holds; the largest seen is 2^21."""
