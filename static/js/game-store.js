// Games between people kept on this device (issue 30), in localStorage under "kassen.games":
//   {"kassen": "games", "version": 1, "games": [{id, ruleset, link, n, sides, mode, toMove,
//    finished, names, saved}]}
// One entry per game (its id is the same for every move of it): the newest link this device has
// seen, the sides played here and how ("hotseat" or "link"). Anything else found under the key
// is left untouched (a game is then not kept, never a crash).

const KEY = "kassen.games";
const MAX_GAMES = 100;

function storage() {
  try { return window.localStorage; } catch { return null; }
}

/** Every kept game, newest first ([] when none or the store is not ours). */
export function readGames() {
  try {
    const data = JSON.parse(storage()?.getItem(KEY) || "null");
    if (!data || data.kassen !== "games" || data.version !== 1 || !Array.isArray(data.games)) return [];
    return data.games.filter((g) => g && typeof g.id === "string" && typeof g.link === "string"
      && Number.isInteger(g.n) && Array.isArray(g.sides));
  } catch { return []; }
}

/** The kept entry of game `id`, or null. */
export const gameEntry = (id) => readGames().find((g) => g.id === id) || null;

function write(games) {
  const store = storage();
  if (!store) return;
  const raw = store.getItem(KEY);
  if (raw !== null && readGames().length === 0) {
    try { if (JSON.parse(raw)?.kassen !== "games") return; } catch { return; }  // not ours: keep it
  }
  store.setItem(KEY, JSON.stringify({ kassen: "games", version: 1, games: games.slice(0, MAX_GAMES) }));
}

/** Keep (or replace) a game's entry, unless it is older than the one kept. */
export function keepGame(entry) {
  const games = readGames();
  const old = games.find((g) => g.id === entry.id);
  if (old && old.n > entry.n) return;
  try {
    write([{ ...entry, saved: new Date().toISOString() }, ...games.filter((g) => g.id !== entry.id)]);
  } catch { /* a full or refused store: the game goes on, it is just not kept */ }
}

/** Forget a game. */
export function forgetGame(id) {
  try { write(readGames().filter((g) => g.id !== id)); } catch { /* ignore */ }
}
