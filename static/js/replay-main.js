// The entry of a replay file (issue 16; bundled into it by kassen.replay.file, never loaded
// by the page): the battle view of the page, played from the battle the file carries in its
// <script type="application/json" id="replay-data"> block instead of from the engine (its
// steps stored small: see replay-steps.js).
// Nothing is fetched: the "why" index entries come with the file too.
import { $, el } from "./dom.js";
import { initialLang, lang, onLangChange, setLang } from "./i18n.js";
import { initBattleControls, relabelBattle, showBattle } from "./battle.js";
import { indexFor } from "./why.js";
import { decodeSteps, unpack } from "./replay-steps.js";

/** The replay file's own stylesheet (bundled with the page's). */
export const css = "static/css/replay.css";

const WORDS = {
  ja: { title: "リプレイファイル", link: "この戦闘をサイトで開く", noSite: "共有リンク (Kassen のページのアドレスの後に付けて開く)" },
  en: { title: "Replay file", link: "Open this battle on the site", noSite: "Share link (open it after a Kassen page's address)" },
};

function names(battle) {
  return (battle.sides || []).map((side) => side?.members?.[0]?.name).filter(Boolean);
}

function relabel(battle) {
  const words = WORDS[lang()] ?? WORDS.en;
  const vs = names(battle).join(" vs ");
  $("replay-title").textContent = vs ? `${words.title}: ${vs}` : words.title;
  const label = $("replay-link-label") ?? $("replay-link");  // a link to the site, or the fragment as text
  label.textContent = document.documentElement.hasAttribute("data-no-site") ? words.noSite : words.link;
  document.title = vs ? `${vs} — Kassen 合戦` : "Kassen 合戦";
}

async function boot() {
  const data = JSON.parse(unpack(JSON.parse($("replay-data").textContent).packed));
  const { steps_encoded: encoded, ...battle } = data.battle;
  battle.steps = decodeSteps(encoded);
  indexFor(battle.ruleset, data.why);
  // a view's stylesheet is in this file already: mark it loaded, so no <link> is made
  document.head.append(el("link", { dataset: { view: battle.ruleset } }));
  $("share").hidden = true;  // the link is above, as a link
  $("download-replay")?.remove();
  setLang(initialLang());
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLang(button.dataset.lang));
  }
  onLangChange(() => { relabel(battle); relabelBattle(); });
  relabel(battle);
  initBattleControls();
  await showBattle(battle);
  window.kassenReplay = { battle };  // for tests and the curious
  document.documentElement.dataset.replay = "ready";
}

boot();
