// Telling the player things: a toast on screen and the same words in the live region
// for screen readers.

export function announce(text) {
  const live = document.getElementById("live");
  if (!live) return;
  const line = document.createElement("p");
  line.textContent = text;
  live.append(line);
  while (live.childElementCount > 5) live.firstElementChild.remove();
}

export function toast(text, kind = "info") {
  announce(text);
  const box = document.getElementById("toasts");
  if (!box) return;
  // A screen may name where toasts go (the table: over the opponents' row), so that
  // they never lie over the buttons a player is about to tap.
  const anchor = document.querySelector("[data-toast-anchor]");
  box.style.top = anchor ? `${Math.max(0, anchor.getBoundingClientRect().top)}px` : "";
  box.style.bottom = anchor ? "auto" : "";
  const item = document.createElement("div");
  item.className = `toast ${kind}`;
  item.textContent = text;
  box.append(item);
  // Two at most: a burst of messages must not pile up over the table.
  while (box.childElementCount > 2) box.firstElementChild.remove();
  setTimeout(() => item.classList.add("gone"), 2600);
  setTimeout(() => item.remove(), 3200);
}
