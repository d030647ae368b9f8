// Ruleset-specific battle views, found through the build's list of rule systems
// (static/vendor/rulesets.js, generated from the registry by scripts/build_site.py). A
// ruleset's own `static/js/rulesets/<id>/view.js` exports
//   render(board, step, ctx)   draw the board for one step (ctx: {battle, index, lang, t, el, fill})
// and may export `css` (a stylesheet path relative to the site root, loaded once). A ruleset
// without one is drawn by the generic member panels (views/steps.js): it needs no page code.
import { RULESETS } from "../../vendor/rulesets.js";

const loaded = new Map();

/** The build's entry of `rulesetId` (id, names, loaders of its page modules), or undefined. */
export const pageOf = (rulesetId) => RULESETS.find((r) => r.id === rulesetId);

/** The view module of `rulesetId`, or null when it has none. */
export async function viewFor(rulesetId) {
  const load = pageOf(rulesetId)?.view;
  if (!load) return null;
  if (!loaded.has(rulesetId)) {
    const mod = await load();
    if (mod.css && !document.querySelector(`link[data-view="${rulesetId}"]`)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = mod.css;
      link.dataset.view = rulesetId;
      document.head.append(link);
    }
    loaded.set(rulesetId, mod);
  }
  return loaded.get(rulesetId);
}
