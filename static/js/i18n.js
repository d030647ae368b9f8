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
    updateReady: "新しいバージョンを読み込みました。再読み込みで切り替わります。",
    updateReload: "再読み込み",
    system: "システム",
    sideA: "先手 (サイド1)",
    sideB: "後手 (サイド2)",
    sample: "サンプル",
    build: "ビルド",
    options: "ルールオプション",
    seed: "シード",
    seedHint: "空欄なら毎回新しいシード",
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
    linkNotes: "このリンクについて",
    keys: "キー: スペース=再生/停止, ←/→=ステップ",
    waiting: "エンジン待ち…",
    noDefault: "(なし)",
    saved: "保存したビルド",
    savedList: "保存済み",
    savedLoad0: "先手に読込",
    savedLoad1: "後手に読込",
    savedDelete: "削除",
    savedName: "名前",
    savedSave0: "先手を保存",
    savedSave1: "後手を保存",
    savedExport: "書き出し (JSON)",
    savedImport: "読み込み (JSON)",
    savedNone: "(なし)",
    savedSaved: "保存しました",
    savedImported: "読み込みました",
    savedImportFailed: "読み込めませんでした",
    savedUnreadable: "保存データを読めません。元のデータは消さずに残し、書き出しに含めます",
    savedDiscard: "読めないデータを破棄",
    tournament: "大会・勝率",
    tBuilds: "ビルド (1行に1つ)",
    tBuildsHint: "複数行のビルドは「---」だけの行で区切ります",
    tAddSamples: "サンプルを追加",
    tAddSaved: "保存したビルドを追加",
    tFormat: "形式",
    tRoundRobin: "総当たり",
    tElimination: "勝ち抜き (トーナメント)",
    tMatchup: "1対戦の勝率 (先頭2ビルド)",
    tSeeds: "シード数 K (ランダムなシステム)",
    tMaster: "マスターシード",
    tStart: "開始",
    tCancel: "中止",
    tCsvStandings: "順位表 CSV",
    tCsvMatrix: "勝率表 CSV",
    tJson: "JSON",
    tPool: "ワーカー",
    tBooting: "ワーカーを起動中…",
    tDone: "完了",
    tCancelled: "中止しました",
    tLeft: "残り約",
    tBattles: "戦",
    rank: "順位",
    name: "名前",
    played: "試合",
    wins: "勝",
    draws: "分",
    losses: "敗",
    points: "勝点",
    winRate: "勝率",
    tMatrixCaption: "勝率表 (行のビルドから見た勝率; セルで対戦を開く)",
    tStandingsCaption: "順位表 (見出しで並べ替え)",
    tRound: "ラウンド",
    tChampion: "優勝",
    tBye: "不戦勝",
    tTiebreak: "同点のため上位シード",
    tOpen: "対戦を開く",
    tMedianTurns: "ターン数の中央値",
    tWatched: "表示中の対戦より短い対戦の割合",
    tReasons: "決着の理由",
    // build form views (forms/) — begin
    "form.toggle": "ビルドの表示: テキスト / フォーム",
    "form.text": "テキスト",
    "form.form": "フォーム",
    // build form views — end
    // decisions, playback
    "policy": "操作", "policy.person": "人が操作", "policy.ai": "AI",
    "decide.title": "あなたの選択", "decide.waiting": "選択待ち", "decide.raw": "エンジンの値",
    "decide.thinking": "計算中…",
    // two people play (issue 30)
    "game.how": "二人で遊ぶ方法", "game.hotseat": "この端末で交代して", "game.link": "リンクを送り合って",
    "game.iplay": "自分のサイド:", "game.noDecisions": "この方式には人が下す判断がありません。両サイドとも規則どおりに進みます（人は操作できません）。",
    "game.pass": "{side}に端末を渡してください", "game.passNote": "{side}の準備ができるまで、盤面と手札を隠しています。",
    "game.ready": "{side}です。自分の盤面を表示", "game.send": "手を送る (リンクをコピー)", "game.shareSheet": "共有…",
    "game.finished": "ゲーム終了。このリンクでゲーム全体を再生できます。", "game.yourMove": "あなた（{side}）の番です",
    "game.turnOf": "{side}の番です", "game.sendNote": "{side}の番です。このリンクを{side}に送ってください",
    "game.waiting": "{side}の手を待っています", "game.move": "{n}手目", "game.takeOver": "このサイドをAIに任せる",
    "game.takeOverOther": "相手が抜けた: {side}をAIに任せる", "game.tookOver": "{side}は判断{n}番目からAIが操作しています",
    "game.hiddenNote": "注意: リンクには両者の手札を再現するのに必要な情報がすべて含まれています（サーバーなしでは隠せません）。相手の手札を見ないのは信頼によります。",
    "game.openNewest": "最新のリンクを開く", "game.behind": "このゲームには新しい手（{n}手目）があります。このリンクは古いものです。",
    "game.notYours": "このリンクでは{side}の番です（あなたの番ではありません）。{side}に送ってください。",
    "game.inProgress": "進行中のゲーム", "game.yours": "あなたの番", "game.theirs": "{side}の番", "game.noneKept": "進行中のゲームはありません",
    speed: "速度", prevTurn: "前のターン", nextTurn: "次のターン",
    keysMore: "PageUp/PageDown または [ / ] =ターン移動, +/- =速度, Home/End =最初/最後",
    // battle view (page-battle) — begin
    prevRound: "前のラウンド", nextRound: "次のラウンド", endTurn: "ターン末へ", tabBoard: "盤面",
    showResult: "結果をすぐ表示する", keysTitle: "キー操作",
    keysEnd: ". =このターンの最後へ; 1–9, 0, a–z =選択肢",
    "decide.boardBehind": "盤面が選択の場面まで進むのを待っています…",
    "decide.skip": "自分の選択へ進む", "decide.details": "詳細 (エンジンの値)",
    "decide.enemy": "敵", "decide.ally": "味方", "decide.self": "自分",
    "decide.fold": "選択肢をたたむ", "decide.unfold": "選択肢を開く", "decide.hand": "自分の手札",
    // battle view (page-battle) — end
    // set-up (page-setup) — begin
    setup: "設定", build0: "先手のビルド", build1: "後手のビルド",
    shareBuild: "ビルドを共有", copyText: "テキストをコピー", copied: "コピーしました",
    linkCopied: "リンクをコピーしました", sampleOwn: "(自作のビルド)",
    whySide: "{side}のビルドに問題があります", whyMore: "ほか{n}件",
    seedUsed: "使用したシード", rematch: "再戦 (新しいシード)", replay: "リプレイ (同じシード)",
    "opt.changed": "変更", "opt.default": "既定", "opt.count": "{total}件中{n}件を変更",
    "opt.allDefault": "すべて既定 ({total}件)", "opt.filter": "名前・ルール番号で絞り込み",
    "opt.reset": "既定に戻す", "opt.none": "該当するオプションはありません", tVs: "対",
    // set-up (page-setup) — end
  },
  en: {
    title: "Kassen 合戦",
    tagline: "Battle simulator for Japanese hobby rule systems",
    "stage.runtime": "Loading Python… (1/3 runtime)",
    "stage.engine": "Loading Python… (2/3 engine)",
    "stage.hello": "Loading Python… (3/3 rulesets)",
    "stage.ready": "Ready",
    "stage.failed": "The engine could not start",
    updateReady: "A new version has been downloaded. Reload to switch to it.",
    updateReload: "Reload",
    system: "System",
    sideA: "Side 1",
    sideB: "Side 2",
    sample: "Sample",
    build: "Build",
    options: "Rule options",
    seed: "Seed",
    seedHint: "blank = a new seed each battle",
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
    linkNotes: "About this link",
    keys: "Keys: space = play/pause, ←/→ = step",
    waiting: "waiting for the engine…",
    noDefault: "(none)",
    saved: "Saved builds",
    savedList: "Saved",
    savedLoad0: "Load into side 1",
    savedLoad1: "Load into side 2",
    savedDelete: "Delete",
    savedName: "Name",
    savedSave0: "Save side 1",
    savedSave1: "Save side 2",
    savedExport: "Export (JSON)",
    savedImport: "Import (JSON)",
    savedNone: "(none)",
    savedSaved: "Saved",
    savedImported: "Imported",
    savedImportFailed: "Could not import",
    savedUnreadable: "The saved data cannot be read. It is kept untouched and included in the export",
    savedDiscard: "Discard the unreadable data",
    tournament: "Tournament and win rates",
    tBuilds: "Builds (one per line)",
    tBuildsHint: "Builds of several lines: separate them with a line ---",
    tAddSamples: "Add samples",
    tAddSaved: "Add saved builds",
    tFormat: "Format",
    tRoundRobin: "Round robin",
    tElimination: "Single elimination",
    tMatchup: "Win rate of one match-up (first two builds)",
    tSeeds: "Seeds K (random systems)",
    tMaster: "Master seed",
    tStart: "Start",
    tCancel: "Cancel",
    tCsvStandings: "Standings CSV",
    tCsvMatrix: "Matrix CSV",
    tJson: "JSON",
    tPool: "workers",
    tBooting: "starting workers…",
    tDone: "done",
    tCancelled: "cancelled",
    tLeft: "about",
    tBattles: "battles",
    rank: "Rank",
    name: "Name",
    played: "Played",
    wins: "W",
    draws: "D",
    losses: "L",
    points: "Points",
    winRate: "Win rate",
    tMatrixCaption: "Win rates (row build's view; a cell opens its battle)",
    tStandingsCaption: "Standings (click a header to sort)",
    tRound: "Round",
    tChampion: "Champion",
    tBye: "bye",
    tTiebreak: "tie: the better seed advances",
    tOpen: "open the battle",
    tMedianTurns: "median length (turns)",
    tWatched: "share of battles shorter than the one on screen",
    tReasons: "reasons",
    // build form views (forms/) — begin
    "form.toggle": "Build editor: text / form",
    "form.text": "Text (テキスト)",
    "form.form": "Form (フォーム)",
    // build form views — end
    // decisions, playback
    "policy": "Played by", "policy.person": "a person", "policy.ai": "AI",
    "decide.title": "Your choice", "decide.waiting": "waiting for your choice", "decide.raw": "engine value",
    "decide.thinking": "thinking…",
    // two people play (issue 30)
    "game.how": "Two people play", "game.hotseat": "on this device, taking turns", "game.link": "by sending links",
    "game.iplay": "I play:", "game.noDecisions": "This system has no decisions for people: both sides play by the rules (no person can play a side).",
    "game.pass": "Pass the device to {side}", "game.passNote": "The board and the hands are covered until {side} is ready.",
    "game.ready": "I am {side}: show my board", "game.send": "Send your move (copy link)", "game.shareSheet": "Share…",
    "game.finished": "The game is over: this link replays the whole game.", "game.yourMove": "Your move ({side})",
    "game.turnOf": "{side} to move", "game.sendNote": "It is {side}'s move: send them this link",
    "game.waiting": "Waiting for {side}'s move", "game.move": "move {n}", "game.takeOver": "Let the AI play this side",
    "game.takeOverOther": "The other player left: let the AI play {side}", "game.tookOver": "The AI plays {side} from decision {n} on",
    "game.hiddenNote": "Note: a link carries everything needed to reconstruct both hands (without a server they cannot be hidden); not looking at the other's hand is on trust.",
    "game.openNewest": "Open the newest link", "game.behind": "A newer move of this game exists (move {n}): this link is an old one.",
    "game.notYours": "In this link it is {side}'s move, not yours: send it to {side}.",
    "game.inProgress": "Games in progress", "game.yours": "your move", "game.theirs": "{side} to move", "game.noneKept": "No game in progress",
    speed: "Speed", prevTurn: "Previous turn", nextTurn: "Next turn",
    keysMore: "PageUp/PageDown or [ / ] = turn, +/- = speed, Home/End = first/last",
    // battle view (page-battle) — begin
    prevRound: "Previous round", nextRound: "Next round", endTurn: "End of turn", tabBoard: "Board",
    showResult: "Show the result at once", keysTitle: "Keyboard",
    keysEnd: ". = end of this turn; 1–9, 0, a–z = choices",
    "decide.boardBehind": "Waiting for the board to reach the moment of the decision…",
    "decide.skip": "Skip to my decision", "decide.details": "Details (engine values)",
    "decide.enemy": "enemy", "decide.ally": "ally", "decide.self": "self",
    "decide.fold": "Fold the choices", "decide.unfold": "Show the choices", "decide.hand": "Your hand",
    // battle view (page-battle) — end
    // set-up (page-setup) — begin
    setup: "Set-up", build0: "Side 1 build", build1: "Side 2 build",
    shareBuild: "Share build", copyText: "Copy as text", copied: "Copied",
    linkCopied: "Link copied", sampleOwn: "(own build)",
    whySide: "{side}: the build has a problem", whyMore: "and {n} more",
    seedUsed: "Seed used", rematch: "Rematch (new seed)", replay: "Replay (same seed)",
    "opt.changed": "changed", "opt.default": "default", "opt.count": "{n} of {total} changed",
    "opt.allDefault": "all at defaults ({total})", "opt.filter": "Filter by name or rule number",
    "opt.reset": "Reset to defaults", "opt.none": "No option matches", tVs: "vs",
    // set-up (page-setup) — end
  },
};

// -- build lab (static/js/lab.js): its strings in one block --------------------------------------
Object.assign(STRINGS.ja, {
  lab: "ビルド研究所", labField: "相手 (1行に1つ、複数行は「---」で区切る)",
  labFromSides: "両サイドのビルド", labFromTournament: "大会のビルド", labAddSaved: "保存したビルドを追加",
  labTarget: "目的", labCounter: "対策 (相手全員に勝つ)", labChampion: "優勝 (相手の最強より上)",
  labBalance: "調整 (相手側の勝率50%)", labSeconds: "時間 (秒)", labSeed: "シード", labStart: "探索開始",
  labEvaluations: "候補", labScore: "得点", labRecord: "勝/分/戦", labBuild: "ビルド", labUse: "使う",
  labUseA: "サイド1へ", labUseB: "サイド2へ", labVs: "対", labFieldBest: "相手の最強 (相手同士の総当たり):",
  labParty: "相手側", labFromGoal: "(目標{goal}との差)", labOverBest: "(相手の最強との差)",
  labUsed: "{side}に入れました", labCounterThis: "勝者への対策を探す", labCounterOf: "勝者のビルドへの対策を探しています…",
});
Object.assign(STRINGS.en, {
  lab: "Build lab", labField: "Field (one build a line; several lines: separate with ---)",
  labFromSides: "Both sides' builds", labFromTournament: "Tournament builds", labAddSaved: "Add saved builds",
  labTarget: "Target", labCounter: "counter (beat every member)", labChampion: "champion (top the field's best)",
  labBalance: "balance (the field wins 50%)", labSeconds: "Time (s)", labSeed: "Seed", labStart: "Search",
  labEvaluations: "candidates", labScore: "Score", labRecord: "W/D/battles", labBuild: "Build", labUse: "Use",
  labUseA: "to side 1", labUseB: "to side 2", labVs: "vs", labFieldBest: "field's best (its own round robin):",
  labParty: "field", labFromGoal: "from the goal of {goal}", labOverBest: "over the field's best",
  labUsed: "put into {side}", labCounterThis: "Counter the winning build", labCounterOf: "searching a counter to the winner's build…",
});

// -- tournament links and reports (static/js/tournament_share.js) --------------------------------
Object.assign(STRINGS.ja, {
  tShare: "大会リンクをコピー", tReport: "結果レポートを保存", tFromLink: "リンクの大会を再計算しています",
});
Object.assign(STRINGS.en, {
  tShare: "Share tournament", tReport: "Download report", tFromLink: "recomputing the linked tournament",
});
Object.assign(STRINGS.ja, { downloadReplay: "リプレイを保存", replaySaved: "保存しました" });
Object.assign(STRINGS.en, { downloadReplay: "Download replay", replaySaved: "saved" });

let current = "ja";
const listeners = [];

/** The current language, "ja" or "en". */
export const lang = () => current;

/** Translate a key in the current language (falls back to the key itself). */
export const t = (key) => STRINGS[current][key] ?? STRINGS.en[key] ?? key;

/** Add a module's own strings (a ruleset's words, `{ja: {...}, en: {...}}`) once, when it loads;
 * keys are prefixed by the module (`sk.…`) so they meet no shared one. */
export function addStrings(table) {
  for (const code of ["ja", "en"]) Object.assign(STRINGS[code], table[code] || {});
}

/** A ruleset's own word lookup over its `{ja: {...}, en: {...}}` table: `word(lang, key, args)`
 * fills `{name}` fields (a missing key shows itself). */
export const wordsOf = (table) => (lang, key, args = {}) =>
  (table[lang === "en" ? "en" : "ja"][key] ?? key).replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ""));

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
