// エリア戦闘 (skirmish): the battle view's own words (its catalogue names come from the engine
// with the battle, battle.glossary). Added to the page's strings when the view loads.
import { addStrings } from "../../i18n.js";

addStrings({
  ja: {
    "sk.round": "ラウンド", "sk.area": "エリア", "sk.out": "戦場外", "sk.map": "エリア", "sk.left": "残り",
    "sk.initiative": "イニシアチブ順", "sk.acting": "行動中", "sk.acted": "行動済み", "sk.unacted": "未行動",
    "sk.waiting": "行動不可", "sk.rolls": "判定", "sk.noRoll": "この段階に判定なし", "sk.pcs": "PC側 (サイド1)",
    "sk.enemies": "エネミー側 (サイド2)", "sk.hitCheck": "命中判定", "sk.damage": "ダメージ", "sk.heal": "回復",
    "sk.disengage": "離脱判定", "sk.sleep_check": "スリープ", "sk.tie": "同値の1D10", "sk.vs": "対", "sk.target": "目標値",
    "sk.hit": "命中", "sk.miss": "回避", "sk.crit": "クリティカル", "sk.fumble": "ファンブル", "sk.blocked": "妨害成功",
    "sk.away": "離脱成功", "sk.slept": "睡眠", "sk.resisted": "抵抗", "sk.cover": "かばう",
    "sk.ph.SP": "スタート", "sk.ph.IP": "イニシアチブ", "sk.ph.TP": "ターン", "sk.ph.RS": "レディ", "sk.ph.MS": "メイン",
    "sk.ph.EP": "エンド",
  },
  en: {
    "sk.round": "Round", "sk.area": "Area", "sk.out": "Off the field", "sk.map": "Areas", "sk.left": "left",
    "sk.initiative": "Initiative order", "sk.acting": "acting", "sk.acted": "acted", "sk.unacted": "not yet acted",
    "sk.waiting": "cannot act", "sk.rolls": "Rolls", "sk.noRoll": "no roll in this step", "sk.pcs": "PCs (side 1)",
    "sk.enemies": "Enemies (side 2)", "sk.hitCheck": "Hit check", "sk.damage": "Damage", "sk.heal": "Heal",
    "sk.disengage": "Disengage", "sk.sleep_check": "Sleep", "sk.tie": "Tie roll-off 1D10", "sk.vs": "vs", "sk.target": "target",
    "sk.hit": "hit", "sk.miss": "miss", "sk.crit": "critical", "sk.fumble": "fumble", "sk.blocked": "stopped",
    "sk.away": "got away", "sk.slept": "asleep", "sk.resisted": "resisted", "sk.cover": "cover",
    "sk.ph.SP": "start", "sk.ph.IP": "initiative", "sk.ph.TP": "turn", "sk.ph.RS": "ready", "sk.ph.MS": "main",
    "sk.ph.EP": "end",
  },
});
