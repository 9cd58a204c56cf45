// The table by keyboard: Esc closes a dialog, 1–4 pick the colour picker's colours in
// the order shown, ←/→ move between your cards, and a letter presses its button (the
// buttons carry it in aria-keyshortcuts): P play, D draw, S pass, U UNO, R report,
// C challenge, H hint, A auto-play, E emote, L the log.

const KEYS = { p: "play", d: "draw", s: "pass", u: "uno", r: "catch", c: "challenge", h: "hint", a: "autoplay", e: "emote", l: "log" };

/** Handle a keydown anywhere on the page while `table` (the <yn-table>) is shown. */
export function tableKey(table, event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (!table.isConnected || !table.view) return;
  const key = event.key.toLowerCase();
  if (event.key === "Escape" && table.closeDialogs()) { event.preventDefault(); return; }
  // 1–4 pick the colour picker's colours, in the order shown.
  const colors = [...table.querySelectorAll(".overlay .color-btn")];
  const digit = ["1", "2", "3", "4"].indexOf(key);
  if (colors.length && digit >= 0) {
    event.preventDefault();
    colors[digit]?.click();
    return;
  }
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    const cards = [...table.querySelectorAll(".hand-card")];
    const at = cards.indexOf(document.activeElement);
    if (at >= 0) {
      event.preventDefault();
      const next = cards[(at + (event.key === "ArrowLeft" ? -1 : 1) + cards.length) % cards.length];
      next.focus();
      next.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    return;
  }
  const action = KEYS[key];
  if (!action) return;
  const button = table.querySelector(`[data-action="${action}"]`);
  if (button && !button.disabled) { event.preventDefault(); button.click(); }
}
