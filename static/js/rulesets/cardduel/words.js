// The card duel's words and card faces, shared by its board (view.js) and its decision labels
// (decide.js). Costume names and powers come from the engine with the battle (battle.glossary,
// Ruleset.glossary), and card validity on the board from the step's view; the page re-types
// neither.
import { wordsOf } from "../../i18n.js";

export const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const RED = new Set(["H", "D"]);
const RANK_VALUE = { A: 1, J: 11, Q: 12, K: 13 };

let glossary = {};
/** Use this battle's catalogue names (battle.glossary). */
export const useGlossary = (given) => { if (given) glossary = given; };
/** A costume (衣装) by key: names and what it converts into (§2.4, §12.3). */
export function costumeOf(key) {
  const [ja, en] = glossary.costume?.[key] ?? [key, key];
  const [mp, cards] = glossary.costume_power?.[key] ?? ["?", "?"];
  return { ja, en, mp, cards };
}
/** The board's statuses (keys as the engine's view carries them, view.statuses). */
export const STATUS = {
  気絶: { ja: "気絶", en: "fainted" }, 消耗: { ja: "消耗", en: "exhausted" },
  アタック権なし: { ja: "アタック権なし", en: "no attack right" },
  エンチャント停止: { ja: "エンチャント停止", en: "enchant stopped" },
};
export const STEPS = {
  revised: ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"],
  original: ["A1", "A2", "A3", "A4", "A5"],
};
export const W = {
  ja: {
    B1: "エンチャントセットアップ", B2: "エンチャントチェック", B3: "エンチャントダメージチェック",
    B4: "アタックセットアップ", B5: "アタックチェック", B6: "アタックダメージチェック",
    B7: "アドバンテージチェック", B8: "ネクストラウンドチェック", B9: "ラストダメージチェック",
    A1: "魔法強化", A2: "交戦", A3: "継続か降りるか", A4: "ダメージ処理", A5: "リセット",
    start: "開始", end: "試合終了", storm: "マナ・ストーム",
    battle: "バトル", round: "ラウンド", battleA: "対戦", roundA: "交戦",
    th: "発現値", thTitle: "発現値・得意スート", steps: "手順", warrior: "魔法戦士", mage: "魔法術師", hand: "手札", deck: "山札",
    discard: "捨て札", set: "伏せ札", attack: "アタック", enchant: "エンチャント",
    happening: "ハプニング", stormCard: "ストーム", field: "場札", fieldOf: "{side}の場札",
    emptyField: "場札なし", owner: "持ち主", used: "使用済み", adv: "アドバンテージ",
    dealt: "与えたダメージ", right: "アタック権", noRight: "アタック権なし", costumes: "衣装",
    lost: "失った衣装", valid: "有効", invalid: "無効", duplicate: "同じ数(ハプニング)",
    passed: "パス", value: "値", back: "裏向きのカード", blind: "山札から(未確認)",
    fromHand: "手札から", fromDeck: "山札から", fromField: "場から",
    emotion: "エモーション・イベント!", stormOn: "マナ・ストーム!", pool: "ストームの力",
    lastDamage: "ラストダメージチェック", happenings: "このバトルのハプニング",
    over: "試合終了", winner: "{side}の勝ち", draw: "引き分け", cards: "{n}枚",
    // decisions
    optHand: "手札の{card}", optDeck: "山札の一番上(見ずに伏せる)", optField: "場のエンチャント{card}",
    optPass: "パス", okHint: "有効・値{v}", badHint: "無効", convertMp: "{c}をMPに変換(+{n})",
    convertHand: "{c}を手札に変換(+{n}枚)", noConvert: "変換しない", consume: "{c}を消費(MP{n}に回復)",
    loseCostume: "{c}を失う", continueRound: "次のラウンドへ進む", withdraw: "アタック権を放棄する",
    moreEnchant: "もう1枚エンチャントする", stopEnchant: "エンチャントを終える",
    fightOn: "戦い続ける", surrender: "降参する",
    qW1: "{who}:アタックに使うカードを選ぶ", qW2: "{who}:次のラウンドへ進むか",
    qW3: "{who}:戦い続けるか降参するか", qM0: "{who}:衣装を変換するか(エンチャントの前に)",
    qM1: "{who}:エンチャントのカードを選ぶ", qM2: "{who}:エンチャントを続けるか",
    qM3: "{who}:MPが0、消費する衣装を選ぶ", qS1: "{who}:マナ・ストームで失う衣装を選ぶ",
    qOther: "{who}:{kind}", sideN: "サイド{n}",
    viewing: "視点", allOpen: "全カード公開",
  },
  en: {
    B1: "enchant setup", B2: "enchant check", B3: "enchant damage check", B4: "attack setup",
    B5: "attack check", B6: "attack damage check", B7: "advantage check", B8: "next-round check",
    B9: "last damage check", A1: "enchant", A2: "engagement", A3: "continue or step down",
    A4: "damage", A5: "reset", start: "start", end: "match over", storm: "Mana Storm",
    battle: "Battle", round: "Round", battleA: "Duel", roundA: "Engagement",
    th: "threshold", thTitle: "threshold, favoured suits", steps: "Steps", warrior: "warrior", mage: "mage", hand: "Hand", deck: "Deck",
    discard: "Discard", set: "Set", attack: "attack", enchant: "enchant",
    happening: "happening", stormCard: "storm", field: "Field", fieldOf: "{side}'s field",
    emptyField: "no field cards", owner: "owner", used: "used", adv: "Advantage",
    dealt: "damage dealt", right: "attack right", noRight: "no attack right", costumes: "Costumes",
    lost: "lost costumes", valid: "valid", invalid: "invalid", duplicate: "same rank (happening)",
    passed: "pass", value: "value", back: "face-down card", blind: "from the deck (unseen)",
    fromHand: "from the hand", fromDeck: "from the deck", fromField: "from the field",
    emotion: "Emotion Event!", stormOn: "Mana Storm!", pool: "storm power",
    lastDamage: "Last damage check", happenings: "Happenings this battle",
    over: "Match over", winner: "{side} wins", draw: "draw", cards: "{n} cards",
    optHand: "{card} from hand", optDeck: "top of deck (blind)", optField: "enchantment {card} on the field",
    optPass: "pass", okHint: "valid, value {v}", badHint: "invalid", convertMp: "convert {c} into MP (+{n})",
    convertHand: "convert {c} into cards (+{n})", noConvert: "no conversion", consume: "consume {c} (MP back to {n})",
    loseCostume: "lose the {c}", continueRound: "go on to the next round", withdraw: "give up the attack right",
    moreEnchant: "play another enchant card", stopEnchant: "stop enchanting",
    fightOn: "fight on", surrender: "surrender",
    qW1: "{who}: choose the attack card", qW2: "{who}: go on to the next round?",
    qW3: "{who}: fight on or surrender?", qM0: "{who}: convert a costume before enchanting?",
    qM1: "{who}: choose the enchant card", qM2: "{who}: keep enchanting?",
    qM3: "{who}: MP is 0, choose a costume to consume", qS1: "{who}: choose the costume the Mana Storm takes",
    qOther: "{who}: {kind}", sideN: "side {n}",
    viewing: "Viewing side", allOpen: "All cards open",
  },
};
export const word = wordsOf(W);

// -- cards -------------------------------------------------------------------------------------
export const isJoker = (code) => code[0] === "X";
export const rankOf = (code) => (isJoker(code) ? "" : code.slice(1));
const valueOf = (code) => (isJoker(code) ? 0 : RANK_VALUE[rankOf(code)] ?? Number(rankOf(code)));

/** "H10" → "♥10", "X1" → "Joker". */
export function cardText(code) {
  if (isJoker(code)) return "Joker";
  return `${SUIT[code[0]] ?? "?"}${rankOf(code)}`;
}

/** §4.1: valid for a character with `threshold` and active favoured suits `fav` (the decision
 * labels' hint only: the board shows the engine's own verdict, `hand_valid` / field `valid`). */
export function isValid(code, threshold, fav) {
  return isJoker(code) || valueOf(code) <= threshold || (fav || []).includes(code[0]);
}

/** §4.2: printed value, +2 for an active favoured suit. */
export function effective(code, fav) {
  return valueOf(code) + (!isJoker(code) && (fav || []).includes(code[0]) ? 2 : 0);
}
