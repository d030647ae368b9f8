// マーガレット2011α's vocabulary for the battle view (ruleset data, like the engine's text.py /
// catalogue.py): phases, sword kinds, statuses, enchantments and the view's words.
export const PHASES = ["ap", "status", "action"];
export const KINDS = ["skip", "support", "control", "add", "attack", "construct", "environment"];
const STATUS_JA = { stun: "スタン", sleep: "スリープ", venom: "猛毒", poison: "毒", miscarriage: "流産",
  reflect: "反射", guard: "ガード", soul: "ソウル", life: "ライフ", push: "プッシュ", quick: "クイック",
  slow: "スロー", taunt: "挑発" };
export const BAD = new Set(["スタン", "スリープ", "猛毒", "毒", "流産"]);
const STATUS_EN = Object.fromEntries(Object.entries(STATUS_JA).map(([en, ja]) => [ja, en]));
// enchantment → [mark on the chip, ja name, en name]
export const ENCHANT = {
  stun: ["ス", "スタン与え", "stun-giving"], poison: ["毒", "毒与え", "poison-giving"],
  whole: ["全", "全体化", "whole party"], limited: ["限", "リミテッド", "limited"],
  early: ["早", "早期起動", "early start"], late: ["遅", "遅滞起動", "late start"],
  danger: ["危", "危殆起動", "peril start"],
};
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
    skip: "スキップ", support: "補助", control: "制御", add: "追加", attack: "攻撃",
    construct: "構築", environment: "環境",
    wipeout: "全滅", overkillJ: "オーバーキルジャッジ", overturn: "オーバーターンジャッジ", push: "プッシュ",
    draw: "引き分け", aborted: "打ち切り (安全上限)", result: "決着", wins: "パーティ{n}の勝ち",
    noWinner: "勝者なし", hpTotal: "HP合計", okTotal: "オーバーキル合計", pushes: "プッシュ",
    counter: "ターン数", vs: "対", more: "ほか{n}回", sum: "計",
    legend: "剣チップの見方", startNum: "右下の数字＝起動ターン", limiMark: "リ＝リミ (実行で消滅)",
    enchMarks: "上の印＝エンチャント", kinds: "枠の色＝種別",
  },
  en: {
    ap: "AP", status: "status effects", action: "actions", death_check: "death check",
    summary: "summary (log budget reached)",
    judge: "judgement", phases: "Phases", turn: "Turn", turn0: "turn 0",
    noStatus: "no status phase in turn 0", party: "Party {n}", front: "front", pos: "no. {n}",
    exited: "exited", exitedTray: "Exited 剣師", overkill: "overkill", atk: "atk", def: "def", spd: "spd",
    mp: "MP", ap_: "AP", reserve: "reserve AP", swords: "Swords", noSwords: "no swords", used: "used",
    unused: "unused", executing: "executing", vanished: "vanished (リミ)", limited: "limited (リミ)",
    start: "active from turn {n}", notYet: "not active yet", dead: "dead", built: "built",
    enter: "steps in at the front", reflect: "reflect", guard: "guard ½", revive: "revived",
    statuses: "Statuses", none: "none", wiped: "wiped out",
    skip: "skip", support: "support", control: "control", add: "add", attack: "attack",
    construct: "construct", environment: "environment",
    wipeout: "wipeout (全滅)", overkillJ: "overkill judge (オーバーキルジャッジ)",
    overturn: "overturn judge (オーバーターンジャッジ)", push: "push (プッシュ)", draw: "draw (引き分け)",
    aborted: "aborted at a safety cap", result: "Result", wins: "party {n} wins", noWinner: "no winner",
    hpTotal: "HP total", okTotal: "overkill total", pushes: "push", counter: "turn counter", vs: "to",
    more: "{n} more", sum: "total",
    legend: "How to read the sword chips", startNum: "small number = activation turn",
    limiMark: "リ = limited (vanishes when executed)", enchMarks: "marks on top = enchantments",
    kinds: "border colour = kind",
  },
};
export const word = (lang, key, args = {}) =>
  (W[lang === "en" ? "en" : "ja"][key] ?? key).replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ""));
export const REASON_KEY = { wipeout: "wipeout", overkill: "overkillJ", overturn: "overturn", push: "push",
  draw: "draw", aborted: "aborted" };
export const statusName = (key) => STATUS_JA[key] ?? key;
export const statusLabel = (lang, ja) => (lang === "en" && STATUS_EN[ja] ? `${ja} (${STATUS_EN[ja]})` : ja);
