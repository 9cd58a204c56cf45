// What of a control a tap reaches, evaluated in the page: shared by the layout check
// (layout_check.js, where Python puts it in place of its TAP_SQUARE) and the whole match on
// a phone (test_web_phone_match.py). One expression: an object of two functions.
(() => {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const ancestors = (el) => {
    const list = [];
    for (let p = el.parentElement; p; p = p.parentElement) list.push(p);
    return list;
  };
  // What of a box is in sight: inside the viewport and every ancestor that clips.
  const inSight = (el, box) => {
    let { left, top, right, bottom } = box;
    [left, top, right, bottom] = [Math.max(left, 0), Math.max(top, 0), Math.min(right, vw), Math.min(bottom, vh)];
    for (const p of [el, ...ancestors(el)]) {
      if (p === document.body || p === document.documentElement || getComputedStyle(p).overflow === "visible") continue;
      const c = p.getBoundingClientRect();
      [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top), Math.min(right, c.right), Math.min(bottom, c.bottom)];
    }
    return { left, top, right, bottom };
  };
  // The largest square of `el` whose every point (on a grid of `step` px) a tap reaches:
  // inside its box and every ancestor's clipping box, and hitting it, something inside
  // it, or an ancestor (a rounded corner lets the tap through to what lies under it,
  // which is no other element's face).
  // Enough to know it reaches `enough` px: the scan stops there, along the longer side
  // first (so a wide button is done after a square's worth of samples).
  const uncoveredSquare = (el, step, enough) => {
    const { left, top, right, bottom } = inSight(el, el.getBoundingClientRect());
    // Samples at the middle of each step, as many as fall inside.
    const cols = Math.max(0, Math.ceil((right - left) / step - 0.5));
    const rows = Math.max(0, Math.ceil((bottom - top) / step - 0.5));
    const wide = cols >= rows;
    const [outer, inner] = wide ? [cols, rows] : [rows, cols];
    const reached = (a, b) => {
      const [i, j] = wide ? [a, b] : [b, a];
      const hit = document.elementFromPoint(left + step * (i + 0.5), top + step * (j + 0.5));
      return hit && (hit === el || el.contains(hit) || hit.contains(el));
    };
    let best = 0;
    let before = new Array(inner + 1).fill(0);
    for (let a = 0; a < outer; a++) {
      const line = new Array(inner + 1).fill(0);
      for (let b = 0; b < inner; b++) {
        if (!reached(a, b)) continue;
        line[b + 1] = 1 + Math.min(line[b], before[b], before[b + 1]);
        best = Math.max(best, line[b + 1]);
        if (best * step >= enough) return best * step;
      }
      before = line;
    }
    return best * step;
  };
  return { inSight, uncoveredSquare };
})()
