// Shared by the table screen and the phones: one websocket to the server, the newest state wins.
// Every word shown is in the players' language: the server puts the page's words in a JSON data
// block (say() fills their {placeholders}); lists and numbers follow the page's lang (Intl).
"use strict";

const WORDS = JSON.parse(document.getElementById("words").textContent);
const LANG = document.documentElement.lang;

function say(key, values) {
  return WORDS[key].replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
}

// The server pings a phone between cards to learn its clock and delay (fair races): each ping is
// answered at once with this page's clock, the same clock a claim's tap is stamped with.
function connect(hello, onMessage, onClosed, path = "/ws") {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}${path}`);
  let seq = -1;
  ws.addEventListener("open", () => ws.send(JSON.stringify(hello())));
  ws.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.t === "ping") {
      ws.send(JSON.stringify({ t: "pong", n: data.n, clock: performance.now() }));
      return;
    }
    if (data.t === "state") {
      if (data.seq < seq) return; // an older state overtaken by a newer one
      seq = data.seq;
    }
    onMessage(data);
  });
  ws.addEventListener("close", (event) => onClosed(event));
  return {
    send(message) {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    },
  };
}

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "class") node.className = value;
    else if (key === "style") for (const [name, v] of Object.entries(value)) node.style.setProperty(name, v); // CSP: no style attributes
    else if (key === "onpress") press(node, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child.nodeType ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A button that acts when the finger (or mouse button) goes down, not on the click that follows
// its release: every state from the table re-draws the page, and a click needs the press and the
// release on one node, so a state that came while a finger was down (another player's pass, in
// the middle of a race) lost the tap. The press is also the moment the hand went down, the time a
// claim is stamped with. A keyboard's or a screen reader's click (no pointer: detail 0) acts too.
function press(node, act) {
  node.addEventListener("pointerdown", (event) => {
    if (event.isPrimary && event.button === 0 && !node.disabled) act(event);
  });
  node.addEventListener("click", (event) => {
    if (event.detail === 0 && !node.disabled) act(event);
  });
}

// Replace the page's content; absent parts (null) are left out.
function show(...parts) {
  document.getElementById("app").replaceChildren(...parts.filter((part) => part !== null && part !== undefined));
}

function seconds(ms) {
  if (ms === null || ms === undefined) return "–";
  const number = new Intl.NumberFormat(LANG, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return say("seconds", { seconds: number.format(ms / 1000) });
}

function names(list) {
  return new Intl.ListFormat(LANG, { style: "long", type: "conjunction" }).format(list);
}

// The Monument grid, each card its real face; covered ones carry the name of the hand on them.
function monumentGrid(state, onTap, selectable) {
  const grid = el("div", { class: "grid", style: { "--cols": state.grid[0].length } });
  for (const row of state.grid) {
    for (const [position, monument] of row) {
      const who = state.covered[position];
      const mine = who && who === state.you;
      const cell = el(
        "button",
        {
          class: `monument${who ? " covered" : ""}${mine ? " mine" : ""}`,
          "data-position": position,
          "aria-label": who ? say("covered_by", { position, monument, player: who }) : `${position} ${monument}`,
          disabled: !selectable(position, who),
          onpress: (event) => onTap(position, event.timeStamp), // when the hand went down, on this page's clock
        },
        el("img", { src: `/card/${monument}.svg`, alt: "", draggable: "false", onload: cardLoaded }),
        el("span", { class: "position" }, position),
        who ? el("span", { class: "hand fit-text", "data-name": who }, who) : null,
      );
      grid.append(cell);
    }
  }
  return grid;
}

// A card face has loaded: the first tells the pages the design's card shape (layout.js).
function cardLoaded(event) {
  if (noteAspect(event.target)) dispatchEvent(new Event("cardaspect"));
}

// The final scores, most cards first, in `groups` tables side by side (the table screen splits a
// long party's; a phone shows one).
function endTables(end, groups) {
  const rows = end.rows.slice().sort((a, b) => b.cards.length - a.cards.length);
  const each = Math.ceil(rows.length / groups);
  const tables = [];
  for (let start = 0; start < rows.length; start += each) tables.push(endTable(end, rows.slice(start, start + each)));
  return tables;
}

function endTable(end, rows) {
  const body = rows.map((row) =>
    el("tr", { class: end.winners.includes(row.name) ? "winner" : "" },
      el("td", { "aria-label": row.name }, el("span", { class: "name fit-text", "data-name": row.name }, row.name)),
      el("td", { class: "num" }, row.cards.length),
      el("td", { class: "cards" }, row.cards.join(" ")),
      el("td", { class: "num" }, row.wrong),
      el("td", { class: "num" }, seconds(row.median_ms))));
  return el("table", { class: "end" },
    el("thead", {}, el("tr", {}, el("th", {}, say("col_player")), el("th", {}, say("col_cards")), el("th", {}, say("col_won")),
      el("th", {}, say("col_wrong")), el("th", {}, say("col_median")))),
    el("tbody", {}, body));
}
