// What the player may do now, read from the one source there is: the `legal` list the
// server sends with every state and update (docs/protocol.md §4), each entry an action
// exactly as it may be sent back. The client keeps no copy of the rules: a card lights
// up, a button is enabled and a picker offers a choice only because `legal` lists it.

/** The cards of a play action, as a list (a single `card` or several `cards`). */
export function cardsOf(action) { return action.cards || [action.card]; }

// A multiset of card codes, as one comparable string.
function key(codes) { return [...codes].sort().join(","); }

/** Whether `legal` lists an action of this type. */
export function allows(legal, type) { return legal.some((action) => action.type === type); }

/** The first listed action of this type, or null. */
export function first(legal, type) { return legal.find((action) => action.type === type) || null; }

/** Every card code that starts some legal play. */
export function playableCodes(legal) {
  const out = new Set();
  for (const action of legal) if (action.type === "play") for (const code of cardsOf(action)) out.add(code);
  return out;
}

/** The legal plays of exactly these cards (one per colour named, per target, …). */
export function playsOf(legal, codes) {
  const wanted = key(codes);
  return legal.filter((action) => action.type === "play" && key(cardsOf(action)) === wanted);
}

/** Whether some legal play holds all of these cards (a multi-card selection may grow). */
export function canGrow(legal, codes) {
  return legal.some((action) => {
    if (action.type !== "play") return false;
    const left = [...cardsOf(action)];
    return codes.every((code) => {
      const at = left.indexOf(code);
      if (at < 0) return false;
      left.splice(at, 1);
      return true;
    });
  });
}

/** The distinct values of `field` among these actions, in the order listed. */
export function choices(actions, field) {
  return [...new Set(actions.map((action) => action[field]).filter((value) => value !== undefined && value !== null))];
}

/**
 * What is left to ask before one of `actions` (all plays of the same cards, or the
 * colour choices of a starting wild) can be sent: {ask: "color"|"target", options}
 * when they differ in the colour named or the target, else {send: the action}.
 */
export function nextChoice(actions) {
  for (const field of ["color", "target"]) {
    const options = choices(actions, field);
    if (options.length > 1) return { ask: field, options, actions };
  }
  return { send: actions[0] };
}
