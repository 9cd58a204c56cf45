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
  const item = document.createElement("div");
  item.className = `toast ${kind}`;
  item.textContent = text;
  box.append(item);
  setTimeout(() => item.classList.add("gone"), 2600);
  setTimeout(() => item.remove(), 3200);
}
