// サイコロバトル (dice): Japanese terms with their English, and the sheet-text reader/writer
// shared by the battle view (view.js) and the sheet form (form.js).
// The engine's canonical export (notation.py) is the reference for the text format.

/** [Japanese, English] of every term the dice view and form show. */
export const TERMS = {
  R: ["赤", "red"], B: ["青", "blue"], Y: ["黄", "yellow"], G: ["緑", "green"],
  自: ["自", "own"], 敵: ["敵", "opponent"],
  dice: ["ダイス", "dice"], lp: ["LP", "LP"], lpMain: ["本体", "main"], lpEx: ["EX LP", "EX LP"],
  vp: ["VP", "VP"], stars: ["星", "stars"], stardust: ["星屑", "stardust"],
  ougiStars: ["奥義星", "ougi stars"], ougi: ["奥義", "ougi"], ougiUsed: ["奥義使用済", "ougi used"],
  stun: ["スタン", "stun"], stunGauge: ["スタンゲージ", "stun gauge"], stunLeft: ["残り", "left"],
  flags: ["フラグ", "flags"], good: ["良", "good"], bad: ["悪", "bad"], demerit: ["デメリット", "demerit"],
  range: ["間合い", "range"], crossRange: ["クロスレンジ", "cross range"], fav: ["得意間合い", "favourite range"],
  decision: ["攻撃権判定", "attack-right decision"], absolute: ["絶対攻撃権", "absolute attack right"],
  right: ["攻撃権", "attack right"], speed: ["早さ", "speed"], cross: ["クロス状態", "cross"],
  forced: ["強制クロス", "forced cross"], nobody: ["攻撃なし", "nobody attacks"],
  attacks: ["の攻撃", " attacks"], then: ["→", "then"], passed: ["スタン中のため相手へ", "passed on: winner stunned"],
  diff: ["差", "difference"], decidedBy: ["決め手", "decided by"], notYet: ["未判定", "not decided yet"],
  n: ["能力ダイス数", "ability dice"], s: ["特殊ダイス", "special die"], selected: ["選択ダイス", "selected die"],
  five: ["5計", "five-sum"], middle: ["中央", "middle"], sheet: ["能力表", "ability board"],
  normal: ["通常", "normal"], star: ["星能力", "star"], special: ["特殊能力", "special abilities"],
  based: ["ベースド", "based"], zone: ["ゾーン", "zone"], zoneActive: ["有効", "active"], line: ["ライン", "line"],
  lineUsed: ["使用済", "used"], trigger: ["トリガー", "trigger"], type: ["タイプ", "type"],
  name: ["名前", "name"], side: ["陣営希望", "side preference"], any: ["どちらでも", "either"],
  passive: ["パッシブ", "passives"], baseAtk: ["基礎攻撃力", "base attack"], baseDef: ["基礎防御力", "base defence"],
  agi: ["敏捷", "agility"], specialDie: ["特殊ダイス色", "special die colour"],
  selectedDie: ["選択ダイス色", "selected die colour"], slot: ["マス", "slot"],
  atkMult: ["攻撃倍率", "attack multiplier"], defMult: ["防御倍率", "defence multiplier"],
  atkCorr: ["攻撃補正倍率", "attack correction"], defCorr: ["防御補正倍率", "defence correction"],
  combo: ["連撃係数", "combo factor"],
  dmgMult: ["ダメージ倍率", "damage multiplier"], takenMult: ["被弾倍率", "taken multiplier"],
  damage: ["ダメージ", "damage"], gauge: ["スタンゲージ", "stun gauge"],
  hits: ["この手番の攻撃", "hits this turn"], breakdown: ["内訳", "breakdown"],
  values: ["今ターンの値", "this turn's values"], threshold: ["連撃判定値", "combo threshold"],
  onSquare: ["デメリットマス", "demerit square"], guarded: ["ガード", "guarded"], misfired: ["不発", "misfire"],
  turn: ["ターン", "turn"], basics: ["基本", "basics"], ability: ["能力", "ability"], flag: ["フラグ名", "flag"],
  starHint: ["star=能力/必要星/使用星 か ougi=名前/奥義星", "star=ABILITY/need/use or ougi=NAME/stars"],
  extra: ["その他の行", "other lines"],
};

/** A term in the page's language (the English page shows no Japanese; issue 27). */
export function term(key, lang) {
  const [ja, en] = TERMS[key] || [key, key];
  return lang === "en" ? en : ja;
}

/** Only the Japanese (for compact spots) or the English with Japanese (English mode). */
export const short = (key, lang) => (lang === "en" ? (TERMS[key]?.[1] ?? key) : (TERMS[key]?.[0] ?? key));

export const SLOTS = Array.from({ length: 16 }, (_, i) => i + 3);
export const SPECIAL_SLOTS = [1, 2, 3, 4, 5, 6];
const SIMPLE = ["name", "side", "type", "special", "selected", "atk", "def", "agi", "cross", "fav"];

/** An empty sheet model. */
export function emptySheet() {
  const sheet = { slots: {}, specials: {}, passives: [], zone: "", line: "", trigger: "", extra: [] };
  for (const key of SIMPLE) sheet[key] = "";
  for (const n of SLOTS) sheet.slots[n] = { normal: "", star: "", based: false };
  for (const n of SPECIAL_SLOTS) sheet.specials[n] = "";
  return sheet;
}

/** Split a slot value into normal column, star column (star=…/ougi=…) and based. */
function readSlot(value) {
  const slot = { normal: "", star: "", based: false };
  const rest = [];
  for (const token of value.split(/\s+/).filter(Boolean)) {
    const low = token.toLowerCase();
    if (low === "based") slot.based = true;
    else if (low.startsWith("star=") || low.startsWith("ougi=")) slot.star = slot.star ? `${slot.star} ${token}` : token;
    else rest.push(token);
  }
  slot.normal = rest.join(" ");
  return slot;
}

/**
 * Read a sheet text (multi-line or `;`-separated) into a model. Lenient: lines it does not
 * understand are kept in `extra` and written back unchanged, so nothing typed is lost.
 * `lines` maps each model key ("name", "slot7", "special2", "passive0", …) to its text line.
 */
export function parseSheet(text) {
  const sheet = emptySheet();
  sheet.lines = {};
  String(text ?? "").split("\n").forEach((line, i) => {
    if (line.trimStart().startsWith("#")) { sheet.extra.push(line); return; }
    for (const piece of line.split(";")) {
      const entry = piece.trim();
      if (!entry) continue;
      const at = entry.search(/[:：]/);
      const key = at < 0 ? "" : entry.slice(0, at).trim().toLowerCase();
      const value = at < 0 ? "" : entry.slice(at + 1).trim();
      const m = /^(slot|special)(\d{1,2})$/.exec(key);
      let where = key;
      if (SIMPLE.includes(key) && sheet[key] === "") sheet[key] = value;
      else if (m && m[1] === "slot" && sheet.slots[Number(m[2])]) sheet.slots[Number(m[2])] = readSlot(value);
      else if (m && m[1] === "special" && Number(m[2]) in sheet.specials) sheet.specials[Number(m[2])] = value;
      else if (key === "passive") { where = `passive${sheet.passives.length}`; sheet.passives.push(value); }
      else if (["zone", "line", "trigger"].includes(key) && sheet[key] === "") sheet[key] = value;
      else { sheet.extra.push(entry); where = `extra${sheet.extra.length - 1}`; }
      sheet.lines[where] ??= i + 1;
    }
  });
  return sheet;
}

/** Write a model back as text, in the order of the engine's canonical export. */
export function composeSheet(sheet) {
  const out = [];
  const put = (key, value) => { if (String(value ?? "").trim() !== "") out.push(`${key}: ${String(value).trim()}`); };
  for (const key of SIMPLE) put(key, sheet[key]);
  for (const n of SLOTS) {
    const s = sheet.slots[n] || {};
    const parts = [s.normal, s.star].map((p) => String(p ?? "").trim()).filter(Boolean);
    if (s.based) parts.push("based");
    if (parts.length) out.push(`slot${n}: ${parts.join(" ")}`);
  }
  for (const n of SPECIAL_SLOTS) put(`special${n}`, sheet.specials[n]);
  for (const p of sheet.passives) put("passive", p);
  put("zone", sheet.zone);
  put("line", sheet.line);
  put("trigger", sheet.trigger);
  for (const line of sheet.extra) if (line.trim()) out.push(line);
  return out.join("\n");
}

/** The 奥義 of a sheet: {slot, name, stars} or null. */
export function ougiOf(sheet) {
  for (const n of SLOTS) {
    const m = /ougi=([^/\s]+)\/(\d+)/i.exec(sheet.slots[n]?.star || "");
    if (m) return { slot: n, name: m[1], stars: Number(m[2]) };
  }
  return null;
}
