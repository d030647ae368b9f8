// マーガレット2011α's words for the battle view: phases, the marks its chips draw and the view's
// own words. Catalogue names (statuses and which are 悪い状態, enchantments, sword kinds) come
// from the engine with the battle (battle.glossary, Ruleset.glossary); the page never re-types them.
import { wordsOf } from "../../i18n.js";

export const PHASES = ["ap", "status", "action"];
// sword kinds by number (the view's `kind`), as CSS classes; their names are the engine's
export const KINDS = ["skip", "support", "control", "add", "attack", "construct", "environment"];
// enchantment → the mark on the chip (its names are the engine's)
export const ENCHANT = { stun: "ス", poison: "毒", whole: "全", limited: "限", early: "早", late: "遅", danger: "危" };
/** The same marks on the English page (the legend and each mark's title name them). */
export const ENCHANT_EN = { stun: "S", poison: "P", whole: "W", limited: "X", early: "E", late: "T", danger: "D" };

let glossary = {};
/** Use this battle's catalogue names (battle.glossary). */
export const useGlossary = (given) => { glossary = given || {}; };
const pick = (pair, lang, fallback) => (pair ? pair[lang === "en" ? 1 : 0] : fallback);
const byJa = (group, ja) => Object.values(glossary[group] || {}).find(([j]) => j === ja);
/** A status's Japanese name from its event key (スタン for stun). */
export const statusName = (key) => glossary.status?.[key]?.[0] ?? key;
/** 悪い状態 (R4.3), by the Japanese name the view carries. */
export const isBad = (ja) => Boolean(byJa("bad", ja));
/** "スタン", or in English "Stun". */
export const statusLabel = (lang, ja) => {
  const en = byJa("status", ja)?.[1];
  return lang === "en" && en ? en : ja;
};
export const enchantName = (lang, key) => pick(glossary.enchant?.[key], lang, key);
export const kindName = (lang, kind) => pick(glossary.kind?.[String(kind)], lang, KINDS[kind] ?? "");
const W = {
  ja: {
    ap: "行動回数決定", status: "状態効果", action: "行動", death_check: "死亡判定", judge: "勝敗判定",
    summary: "まとめ (ログ上限超過)",
    phases: "フェイズ", turn: "ターン数", turn0: "第0ターン", noStatus: "第0ターンには状態効果フェイズなし",
    party: "パーティ{n}", front: "先頭", pos: "{n}番目", exited: "退場", exitedTray: "退場した剣師",
    overkill: "オーバーキル", atk: "攻", def: "防", spd: "速", mp: "MP", ap_: "AP", reserve: "予備AP",
    swords: "剣リスト", noSwords: "剣なし", used: "使用済み", unused: "未使用", executing: "実行中",
    vanished: "消滅 (リミ)", limited: "リミ", start: "起動ターン{n}", notYet: "未起動",
    dead: "死亡", built: "ビルド", enter: "先頭に立った", reflect: "反射", guard: "ガード ½",
    revive: "蘇生", statuses: "状態", none: "なし", wiped: "全滅",
    wipeout: "全滅", overkillJ: "オーバーキルジャッジ", overturn: "オーバーターンジャッジ", push: "プッシュ",
    draw: "引き分け", aborted: "打ち切り (安全上限)", result: "決着", wins: "パーティ{n}の勝ち",
    noWinner: "勝者なし", hpTotal: "HP合計", okTotal: "オーバーキル合計", pushes: "プッシュ",
    counter: "ターン数", vs: "対", more: "ほか{n}回", sum: "計",
    legend: "剣チップの見方", startNum: "右下の数字＝起動ターン", limiMark: "リ＝リミ (実行で消滅)", limiLetter: "リ",
    enchMarks: "上の印＝エンチャント", kinds: "枠の色＝種別", run: "同じ剣が{n}本続く", moreSwords: "ほか{n}本", runMark: "×数＝同じ剣が続く数",
  },
  en: {
    ap: "AP", status: "status effects", action: "actions", death_check: "death check",
    summary: "summary (log budget reached)",
    judge: "judgement", phases: "Phases", turn: "Turn", turn0: "turn 0",
    noStatus: "no status phase in turn 0", party: "Party {n}", front: "front", pos: "no. {n}",
    exited: "exited", exitedTray: "Exited swordmasters", overkill: "overkill", atk: "atk", def: "def", spd: "spd",
    mp: "MP", ap_: "AP", reserve: "reserve AP", swords: "Swords", noSwords: "no swords", used: "used",
    unused: "unused", executing: "executing", vanished: "vanished (limited)", limited: "limited",
    start: "active from turn {n}", notYet: "not active yet", dead: "dead", built: "built",
    enter: "steps in at the front", reflect: "reflect", guard: "guard ½", revive: "revived",
    statuses: "Statuses", none: "none", wiped: "wiped out",
    wipeout: "wipeout", overkillJ: "overkill judge",
    overturn: "overturn judge", push: "push", draw: "draw",
    aborted: "aborted at a safety cap", result: "Result", wins: "party {n} wins", noWinner: "no winner",
    hpTotal: "HP total", okTotal: "overkill total", pushes: "push", counter: "turn counter", vs: "to",
    more: "{n} more", sum: "total",
    legend: "How to read the sword chips", startNum: "small number = activation turn",
    limiMark: "L = limited (vanishes when executed)", limiLetter: "L", enchMarks: "marks on top = enchantments",
    kinds: "border colour = kind", run: "{n} alike in a row", moreSwords: "{n} more swords", runMark: "×n = n alike swords in a row",
  },
};
export const word = wordsOf(W);
export const REASON_KEY = { wipeout: "wipeout", overkill: "overkillJ", overturn: "overturn", push: "push",
  draw: "draw", aborted: "aborted" };
