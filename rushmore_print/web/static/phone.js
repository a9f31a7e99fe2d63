// A phone: the player's hand. The Monument grid as on the table; a tap covers one, a pass button.
"use strict";

const code = location.pathname.split("/").pop();
const app = document.getElementById("app");
const storageKey = `rushmore-seat-${code}`;
let token = localStorage.getItem(storageKey);
let state = null;
let note = "";
let link = null;

function open(name) {
  link = connect(
    () => (name ? { t: "phone", code, name } : { t: "phone", code, token }),
    (data) => {
      if (data.t === "seated") {
        token = data.token;
        localStorage.setItem(storageKey, token);
      } else if (data.t === "lobby") {
        lobby(data.free);
      } else if (data.t === "note") {
        note = data.text;
        if (navigator.vibrate) navigator.vibrate(80);
        render();
      } else if (data.t === "state") {
        if (!state || state.card?.id !== data.card?.id) note = "";
        state = data;
        render();
      }
    },
    () => {
      if (!state && note) {
        open(null); // a refused seat: back to the choice of names, with the reason shown
        return;
      }
      if (state && state.closed) app.replaceChildren(el("p", { class: "status" }, "The game is over and saved."));
      else if (state) app.replaceChildren(el("p", { class: "status" }, "Connection lost."), el("button", { class: "big", onclick: () => open(null) }, "Reconnect"));
    },
  );
}

function lobby(free) {
  token = null;
  localStorage.removeItem(storageKey);
  show(
    el("h1", {}, "Who are you?"),
    free.length
      ? el("div", { class: "seats" }, free.map((name) => el("button", { class: "big seat-choice", onclick: () => open(name) }, name)))
      : el("p", { class: "status" }, "Every seat is taken. Ask the game master to free yours."),
    note ? el("p", { class: "note" }, note) : null,
  );
}

function me() {
  return state.players.find((p) => p.name === state.you);
}

function line() {
  const player = me();
  if (state.phase === "over") return "";
  if (state.phase === "countdown") return "Get ready…";
  if (state.phase === "ready") return "Hands off: the next card is coming.";
  if (!player.active) return "You sit out the tie-break.";
  if (player.hand === "pass") return "You passed.";
  if (player.hand) return `Your hand is on ${player.hand}.`;
  return "Find the match and tap it.";
}

function render() {
  if (!state) return;
  const player = me();
  const free = state.phase === "play" && player.active && player.waiting;
  const title = state.phase === "over" ? "Game over"
    : state.tiebreak ? `Tie-break: ${names(state.tiebreak)}` : `Card ${state.number} of ${state.total}`;
  show(
    el("header", {}, el("strong", { class: "you" }, state.you), el("span", { class: "score" }, `${player.score} · ${title}`)),
    state.phase === "over"
      ? el("section", { class: "over" }, el("h2", {}, `${names(state.end.winners)} ${state.end.winners.length > 1 ? "win" : "wins"}`), endTable(state.end))
      : monumentGrid(state, (position) => link.send({ t: "claim", at: position }), (position, who) => free && !who),
    state.phase === "over" ? null : el("button", { class: "big pass", disabled: !free, onclick: () => link.send({ t: "pass" }) }, "Pass"),
    el("p", { class: "status" }, line()),
    note ? el("p", { class: "note" }, note) : null,
    el("ul", { class: "said" }, state.said.slice(-2).map((text) => el("li", {}, text))),
  );
}

open(null);
