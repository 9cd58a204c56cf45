// The player's table preferences kept in localStorage, and a window event when one
// changes so an open table redraws at once.

const PLAYABLE_KEY = "younuo.showPlayable";

/** Whether playable cards stand out without pressing Hint (on unless switched off). */
export function showPlayable() {
  try { return localStorage.getItem(PLAYABLE_KEY) !== "0"; } catch { return true; }
}

export function setShowPlayable(on) {
  try { localStorage.setItem(PLAYABLE_KEY, on ? "1" : "0"); } catch { /* private mode */ }
  window.dispatchEvent(new CustomEvent("younuo-prefs"));
}
