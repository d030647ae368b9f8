// Ruleset-specific battle views. Each module `./<id>.js` exports
//   render(board, step, ctx)   draw the board for one step (ctx: {battle, index, lang, t, el, fill})
// and may export `css` (a stylesheet path relative to the site root, loaded once).
// A ruleset without an entry here uses the generic member panels of battle.js.
export const VIEWS = {
  dice: "../rulesets/dice/view.js",
  skirmish: "../rulesets/skirmish/view.js",
  cardduel: "../rulesets/cardduel/view.js",
  marguerite: "../rulesets/marguerite/view.js",
};

const loaded = new Map();

/** The view module of `rulesetId`, or null when it has none. */
export async function viewFor(rulesetId) {
  const path = VIEWS[rulesetId];
  if (!path) return null;
  if (!loaded.has(rulesetId)) {
    const mod = await import(path);
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
