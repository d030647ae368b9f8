// Japanese/English UI strings. Elements with data-i18n="key" get their text from here.
const STRINGS = {
  ja: {
    title: "合戦 Kassen",
    tagline: "ルールシステムの戦闘シミュレーター",
    "stage.runtime": "Pythonを読み込み中… (1/3 ランタイム)",
    "stage.engine": "Pythonを読み込み中… (2/3 エンジン)",
    "stage.hello": "Pythonを読み込み中… (3/3 ルールセット)",
    "stage.ready": "準備完了",
    "stage.failed": "エンジンを起動できませんでした",
    system: "システム",
    sideA: "先手 (サイド1)",
    sideB: "後手 (サイド2)",
    sample: "サンプル",
    build: "ビルド",
    options: "ルールオプション",
    seed: "シード",
    seedHint: "空欄なら自動",
    swap: "左右入れ替え",
    battle: "戦闘開始",
    share: "共有リンクをコピー",
    shared: "リンクをコピーしました",
    shareFailed: "コピーできませんでした。リンク:",
    play: "再生",
    pause: "一時停止",
    prev: "前へ",
    next: "次へ",
    seek: "ステップ",
    turn: "ターン",
    phase: "フェイズ",
    steps: "ステップ一覧",
    log: "ログ",
    result: "結果",
    winner: "勝者",
    draw: "引き分け",
    rules: "ルール参照",
    valid: "OK",
    badLink: "リンクを開けませんでした",
    keys: "キー: スペース=再生/停止, ←/→=ステップ",
    waiting: "エンジン待ち…",
    noDefault: "(なし)",
    // build form views (forms/) — begin
    "form.toggle": "ビルドの表示: テキスト / フォーム",
    "form.text": "テキスト",
    "form.form": "フォーム",
    // build form views — end
    // skirmish view, decisions, playback (view-skirmish)
    "sk.round": "ラウンド", "sk.area": "エリア", "sk.out": "戦場外", "sk.map": "エリア", "sk.left": "残り",
    "sk.initiative": "イニシアチブ順", "sk.acting": "行動中", "sk.acted": "行動済み", "sk.unacted": "未行動",
    "sk.waiting": "行動不可", "sk.rolls": "判定", "sk.noRoll": "この段階に判定なし", "sk.pcs": "PC側 (サイド1)",
    "sk.enemies": "エネミー側 (サイド2)", "sk.hitCheck": "命中判定", "sk.damage": "ダメージ", "sk.heal": "回復",
    "sk.disengage": "離脱判定", "sk.sleep_check": "スリープ", "sk.tie": "同値の1D10", "sk.vs": "対", "sk.target": "目標値",
    "sk.hit": "命中", "sk.miss": "回避", "sk.crit": "クリティカル", "sk.fumble": "ファンブル", "sk.blocked": "妨害成功",
    "sk.away": "離脱成功", "sk.slept": "睡眠", "sk.resisted": "抵抗", "sk.cover": "かばう",
    "sk.ph.SP": "スタート", "sk.ph.IP": "イニシアチブ", "sk.ph.TP": "ターン", "sk.ph.RS": "レディ", "sk.ph.MS": "メイン",
    "sk.ph.EP": "エンド",
    "policy": "操作", "policy.person": "人が操作", "policy.ai": "AI",
    "decide.title": "あなたの選択", "decide.waiting": "選択待ち", "decide.raw": "エンジンの値",
    "decide.thinking": "計算中…",
    speed: "速度", prevTurn: "前のターン", nextTurn: "次のターン",
    keysMore: "PageUp/PageDown または [ / ] =ターン移動, +/- =速度, Home/End =最初/最後",
    // card duel view (static/js/views/cardduel.js)
    "cd.viewing": "視点",
    "cd.allOpen": "全カード公開",
  },
  en: {
    title: "Kassen 合戦",
    tagline: "Battle simulator for Japanese hobby rule systems",
    "stage.runtime": "Loading Python… (1/3 runtime)",
    "stage.engine": "Loading Python… (2/3 engine)",
    "stage.hello": "Loading Python… (3/3 rulesets)",
    "stage.ready": "Ready",
    "stage.failed": "The engine could not start",
    system: "System",
    sideA: "Side 1",
    sideB: "Side 2",
    sample: "Sample",
    build: "Build",
    options: "Rule options",
    seed: "Seed",
    seedHint: "empty = automatic",
    swap: "Swap sides",
    battle: "Battle",
    share: "Copy share link",
    shared: "Link copied",
    shareFailed: "Could not copy. The link:",
    play: "Play",
    pause: "Pause",
    prev: "Back",
    next: "Forward",
    seek: "Step",
    turn: "Turn",
    phase: "Phase",
    steps: "Steps",
    log: "Log",
    result: "Result",
    winner: "Winner",
    draw: "Draw",
    rules: "Rules reference",
    valid: "OK",
    badLink: "This link could not be opened",
    keys: "Keys: space = play/pause, ←/→ = step",
    waiting: "waiting for the engine…",
    noDefault: "(none)",
    // build form views (forms/) — begin
    "form.toggle": "Build editor: text / form",
    "form.text": "Text (テキスト)",
    "form.form": "Form (フォーム)",
    // build form views — end
    // skirmish view, decisions, playback (view-skirmish)
    "sk.round": "Round", "sk.area": "Area", "sk.out": "Off the field", "sk.map": "Areas", "sk.left": "left",
    "sk.initiative": "Initiative order", "sk.acting": "acting", "sk.acted": "acted", "sk.unacted": "not yet acted",
    "sk.waiting": "cannot act", "sk.rolls": "Rolls", "sk.noRoll": "no roll in this step", "sk.pcs": "PCs (side 1)",
    "sk.enemies": "Enemies (side 2)", "sk.hitCheck": "Hit check", "sk.damage": "Damage", "sk.heal": "Heal",
    "sk.disengage": "Disengage", "sk.sleep_check": "Sleep", "sk.tie": "Tie roll-off 1D10", "sk.vs": "vs", "sk.target": "target",
    "sk.hit": "hit", "sk.miss": "miss", "sk.crit": "critical", "sk.fumble": "fumble", "sk.blocked": "stopped",
    "sk.away": "got away", "sk.slept": "asleep", "sk.resisted": "resisted", "sk.cover": "かばう cover",
    "sk.ph.SP": "start", "sk.ph.IP": "initiative", "sk.ph.TP": "turn", "sk.ph.RS": "ready", "sk.ph.MS": "main",
    "sk.ph.EP": "end",
    "policy": "Played by", "policy.person": "a person", "policy.ai": "AI",
    "decide.title": "Your choice", "decide.waiting": "waiting for your choice", "decide.raw": "engine value",
    "decide.thinking": "thinking…",
    speed: "Speed", prevTurn: "Previous turn", nextTurn: "Next turn",
    keysMore: "PageUp/PageDown or [ / ] = turn, +/- = speed, Home/End = first/last",
    // card duel view (static/js/views/cardduel.js)
    "cd.viewing": "Viewing side",
    "cd.allOpen": "All cards open",
  },
};

let current = "ja";
const listeners = [];

/** The current language, "ja" or "en". */
export const lang = () => current;

/** Translate a key in the current language (falls back to the key itself). */
export const t = (key) => STRINGS[current][key] ?? STRINGS.en[key] ?? key;

/** Register a callback run after every language change. */
export const onLangChange = (fn) => listeners.push(fn);

/** Pick the starting language: saved choice, then the browser's, then Japanese. */
export function initialLang() {
  try {
    const saved = localStorage.getItem("kassen.lang");
    if (saved === "ja" || saved === "en") return saved;
  } catch { /* storage may be unavailable */ }
  return (navigator.language || "ja").toLowerCase().startsWith("en") ? "en" : "ja";
}

/** Switch language: static texts, <html lang>, the switch buttons, then listeners. */
export function setLang(next) {
  current = next === "en" ? "en" : "ja";
  document.documentElement.lang = current;
  try { localStorage.setItem("kassen.lang", current); } catch { /* ignore */ }
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
    node.placeholder = t(node.dataset.i18nPlaceholder);
  }
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === current));
  }
  for (const fn of listeners) fn(current);
}
