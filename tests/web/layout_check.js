// The layout check of tests/web/test_web_layout.py, evaluated in the page: every
// problem a player on this screen size would meet, as one sentence each.
// - the page must not scroll sideways;
// - every visible control (button, input, select, a, [role=button], a card in the hand)
//   must lie inside the viewport horizontally and be the element a tap at its centre
//   reaches, once scrolled into view (a control behind an open modal dialog is exempt);
//   scrolling it into view must not need a container that hides its overflow;
// - no button (nor anything inside one) may clip its text, and no text cut with an
//   ellipsis;
// - every control's largest uncovered square (the part a tap reaches, measured on a 2 px
//   grid) is at least 44 px for the hand's cards, every control of the table screen,
//   the header's and the chat's buttons (issue 43: WCAG 2.5.5's size), and 16 px elsewhere;
// - no text is covered by another element (a floating control over "Round N"): each
//   line of text in the viewport is what a tap on its middle and ends reaches (a
//   card's glyphs are pictures and overlap by design);
// - a visible toast must not lie over a control; the log must show its newest line;
// - the hand must not scroll sideways;
// - the table's rows must show whole (unless a modal dialog covers the table: the
//   match's results, after which the table is gone).
() => {
  const out = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const page = document.scrollingElement;
  const visible = (el) => {
    if (el.closest(".sr-only, [hidden]")) return false;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) return false;
    const r = el.getBoundingClientRect();
    return r.width >= 2 && r.height >= 2;
  };
  const label = (el) => {
    const cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).join(".") : "";
    const what = el.dataset.key || el.id || el.getAttribute("aria-label") || el.textContent.trim().replace(/\s+/g, " ").slice(0, 30);
    return `<${el.tagName.toLowerCase()}${cls}> "${what}"`;
  };
  const ancestors = (el) => {
    const list = [];
    for (let p = el.parentElement; p; p = p.parentElement) list.push(p);
    return list;
  };
  const hides = (el) => {
    const s = getComputedStyle(el);
    return /hidden|clip/.test(s.overflowX + s.overflowY) && el !== document.body && el !== document.documentElement;
  };

  if (page.scrollWidth > vw) {
    // Name the innermost elements that stick out, where the fix belongs.
    const wide = [...document.body.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > vw + 0.5
      && ![...el.children].some((c) => c.getBoundingClientRect().right > vw + 0.5));
    out.push(`the page is ${page.scrollWidth}px wide (viewport ${vw}px): ${wide.slice(0, 3).map(label).join(", ")}`);
  }

  const modals = [...document.querySelectorAll("[aria-modal='true']")].filter(visible);
  const modal = modals[modals.length - 1] || null;
  const controls = [...document.querySelectorAll("button, input, select, a[href], [role=button], .hand yn-card")]
    .filter((el) => visible(el) && !(modal && !modal.contains(el)));

  // tap_square.js, put in place of TAP_SQUARE by tests/web/test_web_layout.py:
  const { inSight, uncoveredSquare } = TAP_SQUARE;
  const onTable = document.body.dataset.screen === "table";
  const tapSize = (el) => (onTable || el.closest(".bar, .chat-toggle, .hand") ? 44 : 16);

  for (const el of controls) {
    const chain = ancestors(el);
    const before = chain.map((p) => [p.scrollLeft, p.scrollTop]);
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const restore = (report) => chain.forEach((p, i) => {
      if (hides(p) && (p.scrollLeft !== before[i][0] || p.scrollTop !== before[i][1])) {
        if (report) out.push(`${label(el)} can only be reached by scrolling ${label(p)}, which hides its overflow`);
        p.scrollLeft = before[i][0];
        p.scrollTop = before[i][1];
      }
    });
    restore(true);
    const reached = () => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit && (hit === el || el.contains(hit));
    };
    if (!reached()) {
      // Mid-screen, where a player would scroll it to tap it (clear of sticky bars).
      el.scrollIntoView({ block: "center", inline: "nearest" });
      restore(false);
    }
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > vw + 0.5) {
      out.push(`${label(el)} lies outside the viewport: x ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`);
    }
    if (r.top < -0.5 || r.bottom > vh + 0.5) {
      out.push(`${label(el)} cannot be scrolled into view: y ${Math.round(r.top)}..${Math.round(r.bottom)} of ${vh}`);
    }
    const x = Math.min(Math.max(r.left + r.width / 2, 0), vw - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), vh - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) out.push(`${label(el)} is covered by ${hit ? label(hit) : "nothing"}`);
    const need = tapSize(el);
    if (Math.min(r.width, r.height) < need - 0.5) {
      out.push(`${label(el)} is ${Math.round(r.width)}×${Math.round(r.height)} px, under the ${need} px tap target`);
    } else {
      const step = need >= 44 ? 2 : 4;
      let side = uncoveredSquare(el, step, need);
      if (side < need) {
        // Half under a sticky bar at the screen's edge: where a player would tap it.
        el.scrollIntoView({ block: "center", inline: "nearest" });
        restore(false);
        side = uncoveredSquare(el, step, need);
      }
      if (side < need) out.push(`${label(el)} shows an uncovered square of only ${side} px (a tap needs ${need})`);
    }
    if (el.tagName === "BUTTON") {
      // Text, not pictures: a card's glyphs may lift out of its button with the card.
      const box = el.getBoundingClientRect();
      const texts = [el, ...el.querySelectorAll("*")].filter((part) => !part.closest("svg, yn-card") && visible(part)
        && [...part.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()));
      for (const part of texts) {
        const p = part.getBoundingClientRect();
        const cut = part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1;
        const outside = p.left < box.left - 1 || p.right > box.right + 1 || p.top < box.top - 1 || p.bottom > box.bottom + 1;
        if ((cut && part.clientWidth > 0) || outside) {
          out.push(`${label(el)} clips its text "${part.textContent.trim()}" (${part.scrollWidth}×${part.scrollHeight} in ${part.clientWidth}×${part.clientHeight})`);
          break;
        }
      }
    }
  }
  for (const el of document.querySelectorAll("body *")) {
    if (getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1 && visible(el) && !(modal && !modal.contains(el))) {
      out.push(`${label(el)} is cut short with an ellipsis`);
    }
  }
  // Text under another element: each text node's lines, at their middle and both ends.
  window.scrollTo(0, 0);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (!node.textContent.trim() || !owner || owner.closest("yn-card, .card-face, .toasts, script, style, option, select, noscript")) continue;
    if (!visible(owner) || (modal && !modal.contains(owner))) continue;
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      // Lines scrolled out of their box (the log's oldest) are hidden, not covered.
      const shown = inSight(owner, line);
      if (shown.right - shown.left < line.width - 1 || shown.bottom - shown.top < line.height - 1 || line.width < 2) continue;
      const y = line.top + line.height / 2;
      for (const x of [line.left + 1, line.left + line.width / 2, line.right - 1]) {
        const hit = document.elementFromPoint(x, y);
        // Its own element (or a child), or an ancestor that clips it from sight: not covered.
        if (!hit || hit === owner || owner.contains(hit) || hit.contains(owner)) continue;
        // A sticky bar (the editor's Create) lets what it passes over be scrolled out.
        if ([hit, ...ancestors(hit)].some((p) => getComputedStyle(p).position === "sticky")) continue;
        out.push(`the text "${node.textContent.trim().slice(0, 30)}" of ${label(owner)} is covered by ${label(hit)}`);
        break;
      }
    }
  }
  for (const toast of document.querySelectorAll(".toast")) {
    if (!visible(toast)) continue;
    const a = toast.getBoundingClientRect();
    for (const el of controls) {
      const b = el.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(`a toast lies over ${label(el)}`);
    }
  }
  // Parts of the table that must show whole (they scroll sideways at most).
  for (const el of document.querySelectorAll("yn-table .table-screen, yn-table .opponents, yn-table .me-area, yn-table .hand")) {
    if (!visible(el) || (modal && !modal.contains(el)) || el.scrollHeight <= el.clientHeight + 1) continue;
    const bottom = el.getBoundingClientRect().top + el.clientTop + el.clientHeight;
    const below = [...el.querySelectorAll("*")].filter((c) => visible(c) && c.getBoundingClientRect().bottom > bottom + 1
      && ![...c.children].some((d) => d.getBoundingClientRect().bottom > bottom + 1)).slice(0, 3).map(label).join(", ");
    out.push(`${label(el)} is cut: ${el.scrollHeight}px of content in ${el.clientHeight}px; below its bottom: ${below || "its padding"}`);
  }
  // The hand shows every card at once: it never scrolls sideways (issue 43).
  const hand = document.querySelector("yn-table .hand");
  if (hand && visible(hand) && hand.scrollWidth > hand.clientWidth + 1) {
    out.push(`the hand scrolls sideways: ${hand.scrollWidth}px of cards in ${hand.clientWidth}px`);
  }
  const log = document.querySelector("yn-table .log");
  const newest = log && visible(log) ? log.querySelector("li:last-child") : null;
  if (newest) {
    const a = log.getBoundingClientRect();
    const b = newest.getBoundingClientRect();
    if (b.bottom > a.bottom + 1 || b.top < a.top - 1) out.push(`the log cuts off its newest line "${newest.textContent}"`);
  }
  return [...new Set(out)];
}
