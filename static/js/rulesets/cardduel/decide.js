// Readable labels for the card duel's decisions (the person-play panel, static/js/decide.js).
import { W, cardText, costumeOf, effective, isValid, useGlossary, word } from "./words.js";

function hint(lang, code, threshold, fav) {
  if (typeof threshold !== "number") return "";
  const text = isValid(code, threshold, fav) ? word(lang, "okHint", { v: effective(code, fav) }) : word(lang, "badHint");
  return lang === "en" ? ` (${text})` : `(${text})`;
}

const costumeName = (lang, key) => costumeOf(key)[lang === "en" ? "en" : "ja"];

/** A short label for one legal answer of a card duel request (`{side, kind, options, context}`). */
export function describeOption(request, option, lang = "ja") {
  const kind = request?.kind;
  const ctx = request?.context || {};
  const o = String(option);
  if (kind === "W1" || kind === "M1") {
    if (o === "pass") return word(lang, "optPass");
    if (o === "deck") return word(lang, "optDeck");
    if (o.startsWith("field:")) {
      const code = o.slice(6);
      return word(lang, "optField", { card: cardText(code) }) + hint(lang, code, ctx.threshold, ctx.fav);
    }
    if (/^([SHDC](A|[2-9]|10|J|Q|K)|X\d)$/.test(o)) return word(lang, "optHand", { card: cardText(o) }) + hint(lang, o, ctx.threshold, ctx.fav);
  }
  if (kind === "W2") return word(lang, o === "withdraw" ? "withdraw" : "continueRound");
  if (kind === "M2") return word(lang, o === "stop" ? "stopEnchant" : "moreEnchant");
  if (kind === "W3") return word(lang, o === "surrender" ? "surrender" : "fightOn");
  if (kind === "M0") {
    if (o === "pass") return word(lang, "noConvert");
    const [c, into] = o.split(":");
    const spec = costumeOf(c);
    return word(lang, into === "hand" ? "convertHand" : "convertMp",
      { c: costumeName(lang, c), n: into === "hand" ? spec.cards : spec.mp });
  }
  if (kind === "M3") return word(lang, "consume", { c: costumeName(lang, o), n: costumeOf(o).mp });
  if (kind === "S1") return word(lang, "loseCostume", { c: costumeName(lang, o) });
  if (o === "pass") return word(lang, "optPass");
  return o;
}

/** What a card duel request asks, e.g. "アキラ: choose the attack card". `names` maps member ids. */
export function describeRequest(request, lang = "ja", names = {}) {
  const ctx = request?.context || {};
  const side = request?.side ?? 0;
  const who = names[ctx.member] ?? (ctx.member ? `${word(lang, "sideN", { n: side + 1 })} ${ctx.member}` : word(lang, "sideN", { n: side + 1 }));
  const key = `q${request?.kind}`;
  return W.en[key] ? word(lang, key, { who }) : word(lang, "qOther", { who, kind: request?.kind ?? "?" });
}

// Adapters for static/js/decide.js (view-skirmish branch): optionLabel / decisionTitle.
export const optionLabel = (option, pending, ctx) => {
  useGlossary(ctx?.battle?.glossary);
  return describeOption(pending, option, ctx?.lang);
};
export const decisionTitle = (pending, ctx) => describeRequest(pending, ctx?.lang, ctx?.battle?.names || {});

/** What the decision panel shows beside the question: the deciding side's hand as the board
 * draws it (face up, its validity marked), so the cards are in view with the choice. */
export function decisionContext(pending, ctx) {
  const row = ctx?.board?.querySelector(`.cd-side[data-side="${pending?.side ?? 0}"] .cd-hand-row`);
  if (!row || !row.querySelector(".cd-hand.open")) return null;
  const copy = row.cloneNode(true);
  copy.querySelectorAll("[id]").forEach((node) => node.removeAttribute("id"));
  copy.className = "cd-hand-row decide-hand";
  copy.setAttribute("aria-label", word(ctx.lang, "hand"));
  return copy;
}
