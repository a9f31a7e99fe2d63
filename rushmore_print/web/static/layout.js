// Fitting each page to its screen, by measuring what the browser lays out: names and words differ
// in width from one party and one language to the next, so nothing here counts letters.
//
// The table screen keeps Undo and End in its header, where nothing can push them off the screen;
// the Search card is as large as it can be while the board beside it (under it, on a portrait
// screen) shows every player, the corrections and the Monument grid at a size the room can read,
// and never less than half the screen's height; the scoreboard compacts into columns as the party
// grows. A layout is worked out once for a screen size and a party, then kept for the whole game
// (its parts have fixed places), so nothing jumps while the players race.
"use strict";

// The board's type size, as fractions of the screen's shorter side: as large as `most`; the
// Search card shrinks to keep it at `goal`; for a crowd it goes down to `least` (and `floor`
// pixels) before the board gives up and scrolls in its own box.
const BOARD_TYPE = { most: 0.034, goal: 0.024, least: 0.0155, floor: 11 };
const CARD_LEAST = 0.5; // the Search card's height, of the screen's
const BOARD_LEAST = 0.28; // beside the card: the board's width, of the screen's
const TILE_EMS = [9.5, 12.5]; // a player's tile, in ems of the board's type (and one for the longest name)
const TILE_MOST = 18; // the widest tile
const TILE_ONE_LINE = 10; // a crowd's tiles: the name, a sign for the hand and the score on one line
const END_GROUPS = 4; // the final scores, in up to this many tables side by side

let cardAspect = 1.4; // width / height of the design's cards, read from the first face that loads
let tableFit = { key: "", groups: 1 };

// A card face has loaded: true if it tells a card shape other than the one assumed.
function noteAspect(image) {
  if (image.naturalWidth && image.naturalHeight) {
    const aspect = image.naturalWidth / image.naturalHeight;
    if (Math.abs(aspect - cardAspect) > 0.001) {
      cardAspect = aspect;
      return true;
    }
  }
  return false;
}

function setVars(node, vars) {
  for (const [name, value] of Object.entries(vars)) node.style.setProperty(name, value);
}

// The table screen's layout for the state just shown: worked out when the screen or the party
// changes, applied again as it was otherwise. `build(groups)` draws the end view in that many tables.
function fitTable(app, state, build) {
  const over = state.phase === "over";
  const names = state.players.map((p) => p.name).join(" ");
  const key = [innerWidth, innerHeight, over, state.mode, cardAspect.toFixed(3), names].join("|");
  if (key !== tableFit.key) {
    setVars(app, { "--aspect": String(cardAspect) });
    tableFit = over ? fitEnd(app, build) : fitBoard(app);
    tableFit.key = key;
  } else if (over) {
    build(tableFit.groups);
  }
  cutNames(app, state.players.map((p) => p.name)); // once laid out: the boxes are the layout's
  markShortened(app);
  keepNewestSaid(app);
}

// The referee's last words beside the grid: the newest shown whole, the oldest left out when the
// box is too short for them all (the room reads the card just judged, not the one before it).
function keepNewestSaid(app) {
  const notes = app.querySelector(".notes");
  if (!notes) return;
  const lines = Array.from(notes.querySelectorAll(".said li"));
  for (const line of lines.slice(0, -1)) {
    if (notes.scrollHeight <= notes.clientHeight + 1) break;
    line.remove();
  }
}

// The board's type sizes on this screen, in pixels: from its shorter side (a portrait tablet is
// read from closer than a television).
function typeSizes() {
  const side = Math.min(innerWidth, innerHeight);
  const least = Math.max(BOARD_TYPE.floor, BOARD_TYPE.least * side);
  return {
    least,
    goal: Math.max(least, BOARD_TYPE.goal * side),
    most: Math.max(least, BOARD_TYPE.most * side),
  };
}

// Everything the board must show lies inside it: the players' tiles, the status line, the grid,
// and the notes beside it at their least (room for a correction's buttons).
function boardFits(board) {
  const edge = board.getBoundingClientRect();
  for (const part of board.querySelectorAll(".players, .players > li, .status-line, .lower > .grid, .notes")) {
    const box = part.getBoundingClientRect();
    if (box.bottom > edge.bottom || box.right > edge.right) return false;
  }
  return true;
}

// The largest value in [low, high] at which `fits()` holds after `apply(value)` (within 1/32 of
// the range), or null if not even `low` fits. `fits` must hold for all values below one that fits.
function largest(low, high, apply, fits) {
  apply(low);
  if (!fits()) return null;
  apply(high);
  if (fits()) return high;
  for (let step = 0; step < 5; step += 1) {
    const middle = (low + high) / 2;
    apply(middle);
    if (fits()) low = middle;
    else high = middle;
  }
  apply(low);
  return low;
}

function fitBoard(app) {
  const layout = app.querySelector(".layout");
  const board = app.querySelector(".board");
  if (!layout || !board) return { groups: 1 };
  const stacked = matchMedia("(orientation: portrait)").matches;
  const room = layout.getBoundingClientRect();
  const sizes = typeSizes();
  const cardMost = stacked
    ? Math.min(room.height - 6 * sizes.least, room.width / cardAspect)
    : Math.min(room.height, (room.width * (1 - BOARD_LEAST)) / cardAspect);
  const cardLeast = Math.min(CARD_LEAST * innerHeight, cardMost);
  const fits = () => boardFits(board);
  layBoard(app, { card: cardMost, tile: TILE_EMS[0], size: sizes.least, compact: false });
  // Names shown whole come first, then the largest card at the goal's type, then the largest type.
  const tiles = tileWidths(board);
  for (const tile of tiles) {
    const card = largest(cardLeast, cardMost, (c) => layBoard(app, { card: c, tile, size: sizes.goal, compact: false }), fits);
    if (card !== null) {
      const size = largest(sizes.goal, sizes.most, (s) => layBoard(app, { card, tile, size: s, compact: false }), fits);
      return layBoard(app, { card, tile, size, compact: false });
    }
  }
  // A crowd: the smallest card, and the tiles that read largest (the widest, of two lines, unless
  // the narrowest or a one-line tile gains half a pixel of type).
  let best = null;
  for (const [tile, compact] of [[tiles[0], false], [TILE_EMS[0], false], [TILE_ONE_LINE, true]]) {
    const size = largest(sizes.least, sizes.goal, (s) => layBoard(app, { card: cardLeast, tile, size: s, compact }), fits);
    if (size !== null && (best === null || size > best.size + 0.5)) best = { card: cardLeast, tile, size, compact };
  }
  return layBoard(app, best || { card: cardLeast, tile: TILE_ONE_LINE, size: sizes.least, compact: true, crowded: true });
}

// Lays the board out by a plan: the card's height, the tiles' width (ems) and lines, the type.
function layBoard(app, plan) {
  setVars(app, { "--card-h": `${plan.card}px`, "--tile": `${plan.tile}em`, "--fs": `${plan.size}px` });
  app.classList.toggle("compact", plan.compact);
  app.classList.toggle("crowded", Boolean(plan.crowded));
  return { ...plan, groups: 1 };
}

// The tile widths to try, widest first: one that shows the longest name whole (up to TILE_MOST),
// then the narrower of TILE_EMS.
function tileWidths(board) {
  const size = parseFloat(getComputedStyle(board).fontSize);
  let name = 0;
  for (const span of board.querySelectorAll(".player .name")) name = Math.max(name, span.scrollWidth);
  const whole = Math.max(TILE_EMS[0], Math.min(TILE_MOST, name / size + 3.4)); // + the score, the padding, the gap
  return [whole, ...TILE_EMS.filter((width) => width < whole).reverse()];
}

// The end of the game: the final scores as large as they fit, in one table or several side by side.
function fitEnd(app, build) {
  const sizes = typeSizes();
  let best = null;
  for (let groups = 1; groups <= END_GROUPS; groups += 1) {
    const view = build(groups);
    const fits = () => view.scrollHeight <= view.clientHeight + 1 && view.scrollWidth <= view.clientWidth + 1;
    const size = largest(sizes.least, 1.6 * sizes.most, (s) => setVars(app, { "--fs": `${s}px` }), fits);
    if (size !== null && (best === null || size > best.size * 1.05)) best = { groups, size };
    if (groups >= view.querySelectorAll("table.end tbody tr").length) break;
  }
  const chosen = best || { groups: END_GROUPS, size: sizes.least };
  setVars(app, { "--fs": `${chosen.size}px` });
  app.classList.toggle("crowded", best === null);
  build(chosen.groups);
  return chosen;
}

// How wide a node's text is laid out, in pixels (fractions too: an ellipsis shows for any).
function textWidth(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  return range.getBoundingClientRect().width;
}

// The node's text does not fit its box: wider than its content box, or (a text of several lines)
// more lines than it shows.
function cutShort(node) {
  const style = getComputedStyle(node);
  const room = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const lines = style.whiteSpace !== "nowrap"; // a text of several lines is cut when lines are left out
  return textWidth(node) > room + 0.01 || (lines && node.scrollHeight > node.clientHeight + 1);
}

// A player's name shown alone in a box too narrow for it (a tile, a covered hand, the final
// scores) keeps its start and its end, the ellipsis in the middle ("Wolfgang…-Anna"): the names
// of a family share their start, and a cut at the end would show every one alike. The cut keeps
// as much of the name as fits, and enough of its start or its end that no other name of the
// party could read the same; the whole name stays on hover and in the accessible label.
const ELLIPSIS = "…";
const SEPARATORS = /[\s\-‐‑‒–—_.·'’]/u; // where a name's words meet: a cut reads best there
const TAIL_SHARE = 0.4; // of the letters kept, the end's share when nothing else decides
let measuring = null; // a canvas context: measuring a candidate costs no layout

// A name's letters as a reader counts them (a letter and its accents stay together).
const lettersOf = new Map();
let graphemes = null;
function letters(text) {
  if (!lettersOf.has(text)) {
    if (graphemes === null && typeof Intl.Segmenter === "function") graphemes = new Intl.Segmenter(LANG, { granularity: "grapheme" });
    lettersOf.set(text, graphemes ? Array.from(graphemes.segment(text), (part) => part.segment) : Array.from(text));
  }
  return lettersOf.get(text);
}

// How many letters two lists share at their start.
function shared(a, b) {
  let count = 0;
  while (count < a.length && count < b.length && a[count] === b[count]) count += 1;
  return count;
}

// The text of a name kept to its first `head` and last `tail` letters.
function cutText(parts, head, tail) {
  return parts.slice(0, head).join("") + ELLIPSIS + parts.slice(parts.length - tail).join("");
}

// Every node with a data-name (the whole name) in `root`, cut to fit its box; `party` is every
// name of the game, the ones a cut must not be mistaken for. The page is read at once, then
// written at once (a layout for each name would cost a crowd's table tens of milliseconds a
// state), and each cut is remembered for the next state. A cut may change the room of others
// (a table's column narrows as its names do): the boxes are read again, up to CUT_PASSES times.
const CUT_PASSES = 4;
function cutNames(root, party) {
  const nodes = Array.from(root.querySelectorAll("[data-name]"));
  for (const node of nodes) if (node.textContent !== node.dataset.name) node.textContent = node.dataset.name;
  const key = party.join("\n");
  for (let pass = 0; pass < CUT_PASSES; pass += 1) {
    const over = [];
    for (const node of nodes) {
      if (!node.getClientRects().length) continue;
      const style = getComputedStyle(node);
      const room = innerWidthOf(node, style);
      const width = textWidth(node);
      if (width > room + 0.01) over.push({ node, room, width, font: `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}` });
    }
    if (!over.length) return;
    for (const box of over) {
      const name = box.node.dataset.name;
      const remembered = `${key}|${box.font}|${box.room}|${name}`;
      if (!cuts.has(remembered)) cuts.set(remembered, cutToFit(name, party, box));
      let text = cuts.get(remembered);
      if (text === box.node.textContent) {
        // the page's own layout has the last word: a letter fewer at the start while it overflows
        const [start, end] = text.split(ELLIPSIS);
        const head = letters(start);
        if (head.length > 1) text = head.slice(0, -1).join("") + ELLIPSIS + end;
        cuts.set(remembered, text);
      }
      box.node.textContent = text;
    }
  }
}

// The width a node's text has, to the fraction of a pixel (clientWidth rounds it: a text a
// fraction wider than its box still ends in the box's ellipsis).
function innerWidthOf(node, style) {
  const edges = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"];
  return node.getBoundingClientRect().width - edges.reduce((sum, edge) => sum + parseFloat(style[edge]), 0);
}

const cuts = new Map(); // what cutToFit chose, by party, font, room and name

// The cut of `name` that fits its box (its font, its room, and the width of the text it shows).
function cutToFit(name, party, box) {
  measuring = measuring || document.createElement("canvas").getContext("2d");
  measuring.font = box.font;
  const scale = box.width / measuring.measureText(box.node.textContent).width; // the canvas and the page may round apart
  const fits = (text) => measuring.measureText(text).width * scale <= box.room + 0.01;
  const parts = letters(name);
  const back = parts.slice().reverse();
  // for each other name of the party: how many letters of the start, and of the end, it shares
  const alike = party
    .filter((other) => other !== name)
    .map((other) => {
      const theirs = letters(other);
      return { start: shared(parts, theirs), end: shared(back, theirs.slice().reverse()) };
    });
  return chooseCut(parts, fits, alike);
}

// The cut of `parts` that fits (by `fits`): first the one fewest other names could be read as
// (`alike`: the letters each shares with this one at the start and at the end), then the one
// keeping most letters, the end's share near TAIL_SHARE, a word's edge at the cut (worth more
// than a letter).
function chooseCut(parts, fits, alike) {
  const count = parts.length;
  const options = [];
  let head = count - 2;
  for (let tail = 1; tail <= count - 2; tail += 1) {
    head = Math.min(head, count - 1 - tail);
    while (head >= 1 && !fits(cutText(parts, head, tail))) head -= 1;
    if (head < 1) break; // a longer end leaves even less room for the start
    options.push({ head, tail });
  }
  if (!options.length) return cutText(parts, 1, 1);
  // another name reads the same where it shares the kept start and the kept end
  const confused = ({ head, tail }) => alike.filter((other) => other.start >= head && other.end >= tail).length;
  const score = ({ head, tail }) => {
    const kept = head + tail;
    const edge = SEPARATORS.test(parts[count - tail]) || SEPARATORS.test(parts[head - 1]);
    return 10 * kept - 3 * Math.abs(tail - TAIL_SHARE * kept) + (edge ? 12 : 0);
  };
  const fewest = Math.min(...options.map(confused));
  const pool = options.filter((option) => confused(option) === fewest);
  const most = Math.max(...pool.map((option) => option.head + option.tail));
  let best = null;
  for (const option of pool) {
    if (option.head + option.tail >= most - 1 && (best === null || score(option) > score(best))) best = option;
  }
  // a separator just before the ellipsis reads as noise ("Wolfgang-…"): left out, when no more
  // names could then be read the same
  const trimmed = { head: best.head - 1, tail: best.tail };
  if (best.head > 1 && SEPARATORS.test(parts[best.head - 1]) && confused(trimmed) === fewest) best = trimmed;
  return cutText(parts, best.head, best.tail);
}

// A text cut short by its box (an ellipsis, or lines left out), or a name cut in the middle,
// shows the whole of it on hover; screen readers read the element's whole text (a name's whole
// is in the label of the tile, the cell or the Monument around it).
function markShortened(root) {
  for (const node of root.querySelectorAll(".fit-text")) {
    const whole = node.dataset.name ?? node.textContent;
    if (node.textContent !== whole || cutShort(node)) node.title = whole;
    else node.removeAttribute("title");
  }
}

// A phone: the player's name on one line, as large as the width allows (its CSS size at most, down
// to 12 px, then on two lines: a player sees their whole name); the grid as wide as the screen
// while the name, the grid and the Pass button fit in its height; the other names (the covered
// hands, the final scores) cut in the middle, told apart among `party`.
function fitPhone(app, party) {
  setVars(app, { "--aspect": String(cardAspect) });
  const name = app.querySelector(".you");
  if (name && cutShort(name)) {
    // the width of a line of text goes with its type size: one measure, then a step down if rounding needs it
    const full = parseFloat(getComputedStyle(name).fontSize);
    const size = Math.max(12, Math.floor((full * name.clientWidth) / textWidth(name)));
    name.style.setProperty("font-size", `${size}px`);
    if (cutShort(name) && size > 12) name.style.setProperty("font-size", `${size - 1}px`);
    name.classList.toggle("wraps", cutShort(name));
  }
  const grid = app.querySelector(".grid");
  const pass = app.querySelector(".pass");
  if (grid) {
    grid.style.removeProperty("width");
    const padding = parseFloat(getComputedStyle(app).paddingBottom);
    // Pass under the grid (upright) or beside it (a phone on its side, style.css): what must end on the screen
    const below = pass && pass.getBoundingClientRect().top >= grid.getBoundingClientRect().bottom - 1;
    const cut = (below ? pass : grid).getBoundingClientRect().bottom + scrollY + padding - innerHeight;
    const height = grid.getBoundingClientRect().height;
    if (cut > 0 && height > 0) grid.style.setProperty("width", `${Math.max(50, (100 * (height - cut)) / height)}%`);
  }
  cutNames(app, party);
  markShortened(app);
}
