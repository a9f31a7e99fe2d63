// The table screen: the Search card as large as the screen allows, the score, who is still to
// choose; it alone reveals, corrects, undoes and ends.
"use strict";

// The table's key is no part of this page's address: the printed address set it in a cookie (the
// room can read the TV's address bar), which the browser sends with the socket and the QR code.
const app = document.getElementById("app");
let state = null;
let selected = null; // a player picked for a correction
let note = "";
let countdownTimer = null;

const REPLACED = 4000; // the server's close code: this screen opened on another page
let link = null;
let retry = null; // the next try to reach the table again

// The table's socket. When it is lost (a Wi-Fi blip, the server stopped and resumed with
// `table --resume`), the page tries again every two seconds by itself, and the game comes back
// as it stands; not when the game is closed, nor when this screen opened on another page (two
// pages would take the table from each other in turn).
function openTable() {
  const mine = connect(
    () => ({ t: "table" }),
    (data) => {
      if (data.t === "note") {
        note = data.text;
        render();
      } else if (data.t === "state") {
        state = data;
        if (!state.countdown) note = note && state.phase === "play" ? note : "";
        render();
        if (state.countdown) countDown(state.countdown);
      }
    },
    (event) => {
      if (link !== mine) return; // an older socket
      if (state && state.closed) {
        app.replaceChildren(el("p", { class: "status" }, say("closed")));
      } else if (event.code === REPLACED) {
        app.replaceChildren(el("p", { class: "status" }, say("replaced")));
      } else {
        app.replaceChildren(el("p", { class: "status" }, say("table_lost")));
        clearTimeout(retry);
        retry = setTimeout(openTable, 2000);
      }
    },
  );
  link = mine;
}

function countDown(total) {
  clearInterval(countdownTimer);
  const started = performance.now();
  const tick = () => {
    const left = Math.max(0, total - (performance.now() - started) / 1000);
    const numeral = document.getElementById("countdown");
    if (numeral) numeral.textContent = left > 0 ? String(Math.ceil((left / total) * 3)) : "";
    if (left <= 0) clearInterval(countdownTimer);
  };
  tick();
  countdownTimer = setInterval(tick, 50);
}

document.addEventListener("keydown", (event) => {
  if (event.key === " " && state && state.phase === "ready") {
    event.preventDefault();
    link.send({ t: "reveal" });
  }
});

function heading() {
  if (state.phase === "over") return say("game_over");
  const which = state.tiebreak
    ? say("tiebreak", { players: names(state.tiebreak) })
    : say("card_of", { number: state.number, total: state.total });
  return `${which}${state.card ? " · " + state.card.level : ""}`;
}

// The header: where the game stands, and the table's two controls, which nothing can push away.
function header() {
  return el("header", {},
    el("h1", { class: "fit-text" }, heading()),
    el("span", { class: "design fit-text" }, state.design),
    el("div", { class: "controls" },
      el("button", { id: "undo", onpress: () => link.send({ t: "undo" }) }, say("undo")),
      el("button", { id: "end", onpress: () => { if (state.phase === "over" || confirm(say("end_sure"))) link.send({ t: "end" }); } },
        state.phase === "over" ? say("close") : say("end"))));
}

function stage() {
  if (state.phase === "countdown") {
    return el("section", { class: "stage" }, el("div", { id: "countdown", class: "countdown" }, "3"));
  }
  if (state.card) {
    return el("section", { class: "stage" },
      el("img", { id: "card", class: "search-card", src: `/card/${state.card.id}.svg`, alt: say("search_card", { card: state.card.id }) }));
  }
  const first = state.number === 1 && !state.tiebreak;
  return el("section", { class: "stage" },
    el("button", { class: "big", id: "reveal", onpress: () => link.send({ t: "reveal" }) },
      first ? say("reveal_first") : say("reveal_next")),
    el("p", { class: "hint" }, say("hands_off")),
    joinShown() ? joinPanel() : null);
}

// The end of the game across the screen: who won, why, and every player's cards, in `groups`
// tables side by side when one would be too long.
function endView(groups) {
  const end = state.end;
  return el("section", { class: "end-view" },
    el("h2", { class: "winner-line" }, end.headline),
    el("p", { class: "reason" }, end.reason),
    el("div", { class: "end-tables" }, endTables(end, groups)));
}

function statusOf(player) {
  if (!player.active) return say("sits_out");
  if (player.hand === "pass") return say("passed");
  if (player.hand) return say("on", { position: player.hand });
  if (player.waiting) return say("to_choose");
  return "";
}

// What tapping a player's tile does now: "took" (one screen: they took the card), "correct"
// (phones, a card in play: pick the player's hand, to move it, or to put it down when their
// phone did not), "seat" (phones, between cards: pick a seated phone, to free its seat), or
// nothing. A seat is freed between cards, so the panel beside the grid never holds more than
// three buttons.
function tileAction(player) {
  if (state.mode === "one-screen") return state.phase === "play" && player.active ? "took" : null;
  if (state.phase === "play") return player.active && (player.hand || player.waiting) ? "correct" : null;
  return state.phase !== "over" && player.seated ? "seat" : null;
}

// A crowd's one-line tiles say a hand in a sign: the place it covers, – for a pass, … still to
// choose (the words are the tile's label, and its title).
function shortStatusOf(player) {
  if (!player.active) return "";
  if (player.hand === "pass") return "–";
  if (player.hand) return player.hand;
  return player.waiting ? "…" : "";
}

// Whether the player's phone is here: ✓ joined, ✕ joined but gone (it died, or lost the Wi-Fi),
// · no phone yet.
function seatMark(player) {
  if (!player.seated) return el("span", { class: "seat" }, "·");
  return player.online
    ? el("span", { class: "seat", title: say("phone_joined") }, "✓")
    : el("span", { class: "seat gone", title: say("phone_lost") }, "✕");
}

function tile(player) {
  const action = tileAction(player);
  const status = action === "took" ? say("took") : statusOf(player);
  const parts = [
    el("span", { class: "name fit-text", "data-name": player.name }, player.name),
    el("span", { class: "score" }, player.score),
    el("span", { class: "status", title: status || null },
      state.mode === "phones" ? seatMark(player) : null,
      el("span", { class: "state fit-text" }, status),
      el("span", { class: "short" }, action === "took" ? "" : shortStatusOf(player))),
  ];
  const label = `${player.name}, ${player.score}${status ? ", " + status : ""}`;
  // the label holds the whole name, which the tile may show cut in the middle (layout.js)
  if (!action) return el("div", { class: "tile", role: "group", "aria-label": label }, parts);
  if (action === "took") {
    return el("button", { class: "tile", "aria-label": label, onpress: () => link.send({ t: "took", player: player.name }) }, parts);
  }
  return el("button", {
    class: "tile",
    "aria-label": action === "correct" ? `${say("correct")}: ${label}` : label,
    "aria-pressed": selected === player.name ? "true" : "false",
    onpress: () => { selected = selected === player.name ? null : player.name; render(); },
  }, parts);
}

function scoreboard() {
  return el("ol", { class: "players" }, state.players.map((player) =>
    el("li", {
      class: `player${player.waiting ? " waiting" : ""}${selected === player.name ? " selected" : ""}${player.active ? "" : " out"}`,
      "data-player": player.name,
    }, tile(player))));
}

// One line under the scoreboard, always the same height: who is still to choose or, with one
// screen, the button for nobody.
function statusLine() {
  const waiting = state.players.filter((p) => p.waiting).map((p) => p.name);
  const text = state.phase === "play" && state.mode === "phones" && waiting.length ? say("waiting", { players: names(waiting) }) : "";
  return el("div", { class: "status-line" },
    el("p", { class: "fit-text" }, text),
    state.phase === "play" && state.mode === "one-screen"
      ? el("button", { class: "took nobody", onpress: () => link.send({ t: "took", player: null }) }, say("nobody"))
      : null);
}

// Beside the grid: a correction under way (the player picked, and the buttons besides a
// Monument), or what the referee said last.
function notes() {
  const player = state.players.find((p) => p.name === selected);
  if (!player) {
    return el("div", { class: "notes" },
      note ? el("p", { class: "note" }, note) : null,
      el("ul", { class: "said" }, state.said.map((line) => el("li", {}, line))));
  }
  const send = (message) => { link.send(message); selected = null; };
  const correcting = tileAction(player) === "correct";
  return el("div", { class: "notes correction" },
    el("p", { class: "hint fit-text" }, correcting ? say("tap_where", { player: player.name }) : say("phone_of", { player: player.name })),
    el("div", { class: "buttons" },
      correcting ? el("button", { onpress: () => send({ t: "change", player: player.name, at: "pass" }) }, say("pass_small")) : null,
      player.hand ? el("button", { onpress: () => send({ t: "drop", player: player.name }) }, say("drop")) : null,
      correcting ? null : el("button", { class: "free", onpress: () => send({ t: "free", player: player.name }) }, say("free_seat")),
      el("button", { onpress: () => { selected = null; render(); } }, say("cancel"))));
}

function board() {
  return el("section", { class: "board" },
    scoreboard(),
    statusLine(),
    el("div", { class: "lower" },
      state.mode === "phones" ? monumentGrid(state, (position) => {
        if (correcting()) link.send({ t: "change", player: selected, at: position });
        selected = null;
      }, correcting) : null,
      notes()));
}

function lobbyShown() {
  return state.mode === "phones" && state.number === 1 && state.phase === "ready" && !state.tiebreak;
}

// The QR code and the join code, between cards: before the first card, and later only while a
// seat has no phone (a player yet to join, a seat freed for another phone). Once every seat is
// taken the room, and any camera pointed at the screen, is not shown the code again; a phone
// that comes back takes its seat with its token, without it.
function joinShown() {
  return state.mode === "phones" && (lobbyShown() || state.players.some((p) => !p.seated));
}

function joinPanel() {
  return el("aside", { class: `join${lobbyShown() ? " large" : ""}` },
    el("img", { src: "/qr.svg", alt: say("qr") }),
    el("div", {},
      el("p", {}, say("join")),
      el("p", { class: "url" }, state.join.url),
      el("p", {}, say("code") + " ", el("strong", { class: "code" }, state.join.code))));
}

// A player is picked whose hand the grid's Monuments put down or move.
function correcting() {
  return state.players.some((p) => p.name === selected && tileAction(p) === "correct");
}

function render() {
  if (!state) return;
  if (selected && !state.players.some((p) => p.name === selected && ["correct", "seat"].includes(tileAction(p)))) selected = null;
  app.dataset.phase = state.phase;
  show(header(), state.phase === "over" ? endView(1) : el("div", { class: "layout" }, stage(), board()));
  fitTable(app, state, (groups) => {
    const view = endView(groups);
    app.querySelector(".end-view").replaceWith(view);
    return view;
  });
}

addEventListener("resize", render);
addEventListener("cardaspect", render);

openTable();
