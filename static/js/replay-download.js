// "Download replay" (issue 16): the battle on screen as one self-contained .html file that
// plays from disk. The worker plays the battle's #m= link again and writes the file
// (kassen.replay.file, the same bytes as `python -m kassen replay LINK --html FILE --site
// URL`) from this page's own scripts and styles, fetched here (same origin, offline from the
// service worker's cache) and handed over with the system's "why" index.
import { $ } from "./dom.js";
import { BUILD } from "../vendor/build.mjs";
import { showNote } from "./copy.js";
import { download } from "./files.js";
import { t } from "./i18n.js";
import { indexFor } from "./why.js";

const SITE_FILE = /^static\/(js|css)\/.+\.(js|mjs|css)$/;  // what kassen.replay.file.is_site_file takes

async function siteText(path) {
  const response = await fetch(new URL(`../../${path}`, import.meta.url));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.text();
}

/** Wire the button: `battle()` is the battle on screen, `site()` this page's URL. */
export function initReplayDownload(api, battle, site) {
  const button = $("download-replay");
  button.addEventListener("click", async () => {
    const shown = battle();
    if (!shown?.link) return;
    button.disabled = true;
    try {
      const paths = ["index.html", ...BUILD.shell.filter((p) => SITE_FILE.test(p))];
      const files = Object.fromEntries(await Promise.all(paths.map(async (p) => [p, await siteText(p)])));
      const answer = await api.replayFile(shown.link, files, await indexFor(shown.ruleset), site());
      if (!answer.ok) { showNote(button, answer.problems?.[0]?.message ?? "", true); return; }
      download(`kassen-${shown.ruleset}-${String(shown.digest ?? "").slice(0, 8)}.html`, answer.html, "text/html");
      showNote(button, t("replaySaved"));
    } catch (error) {
      showNote(button, String(error?.message || error), true);
    } finally {
      button.disabled = false;
    }
  });
}
