"""The rule sections of マーガレット2011α, one module per section of the specification: 行動権
(§7, :mod:`.initiative`), executable swords (R4.7, :mod:`.executable`), 行動処理 (§8,
:mod:`.processing`, :mod:`.actions`), attacks (R8.5, :mod:`.hits`), sword effects (§12,
:mod:`.sword_effects`), HP, death and 蘇生 (§9, §11, :mod:`.life`), exits and judgement (§9.3, §10,
:mod:`.judgement`), the fast-forward of plain skips (:mod:`.runs`) and the log summary
(:mod:`.summary`). Every function takes the table (``t: MargueriteTable``)."""
