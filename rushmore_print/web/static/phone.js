// A phone: the player's hand. The Monument grid as on the table; a tap covers one, a pass button.
"use strict";

const code = location.pathname.split("/").pop().toUpperCase(); // the table reads codes in capitals
const app = document.getElementById("app");
const seatKey = (way) => `rushmore-seat-${way}`;
const storageKey = seatKey(code);
let token = localStorage.getItem(storageKey);
let state = null;
let note = "";
let link = null;
let retries = 0; // sockets closed before the table said anything, in a row
const REPLACED = 4000; // the server's close codes: this seat opened on another page,
const FREED = 4001; // the table screen freed this phone's seat
let retry = null; // the next try to reach the table again

// The phone's socket: a join (``name``), or the seat this phone holds, or the choice of names.
// A seated phone whose socket is lost (a Wi-Fi blip, the server stopped and resumed) tries again
// by itself, 0.5 s to 5 s apart, and shows the Reconnect button meanwhile.
function open(name) {
  let answered = false; // this socket heard from the table
  let chose = false; // it answered with the choice of names (and closes then: the choice stays on the screen)
  clearTimeout(retry);
  const mine = connect(
    () => (name ? { t: "phone", code, name } : { t: "phone", code, token }),
    (data) => {
      answered = true;
      retries = 0;
      if (data.t === "seated") {
        token = data.token;
        // kept under both ways in (the typed code, the QR code's key): the seat is found by either
        for (const way of new Set([code, ...(data.codes || [])])) localStorage.setItem(seatKey(way), token);
      } else if (data.t === "lobby") {
        chose = true;
        lobby(data.free, data.over);
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
    (event) => {
      if (chose || link !== mine) return; // the choice of names stays until a name is tapped; an older socket
      if (event.code === FREED) {
        state = null;
        note = say("freed");
      }
      if (!state && note) {
        open(null); // a refused or freed seat: back to the choice of names, with the reason shown
        return;
      }
      const again = el("button", { class: "big", onpress: () => { retries = 0; open(state ? null : name); } }, say("reconnect"));
      if (state && state.closed) app.replaceChildren(el("p", { class: "status" }, say("phone_over")));
      else if (event.code === REPLACED) app.replaceChildren(el("p", { class: "status" }, say("replaced")), again);
      else if (state) {
        app.replaceChildren(el("p", { class: "status" }, say("phone_lost")), again);
        retry = setTimeout(() => open(null), Math.min(5000, 500 * 2 ** retries));
        retries += 1;
      } else if (retries >= 5) app.replaceChildren(el("p", { class: "status" }, say("phone_lost")), again);
      else if (!answered) {
        // closed before the table answered (a Wi-Fi blip while joining, or a phone too slow to say
        // hello in time): try again by itself, 0.5, 1, 2, 4, 8 s later, then offer the button
        retry = setTimeout(() => open(name), 500 * 2 ** retries);
        retries += 1;
      }
    },
  );
  link = mine;
}

// The choice of names: the free seats, or why there is none (every seat taken, or the game over).
function lobby(free, over) {
  token = null;
  localStorage.removeItem(storageKey);
  if (over) {
    show(el("p", { class: "status" }, say("phone_over")));
    return;
  }
  show(
    el("h1", {}, say("who")),
    free.length
      ? el("div", { class: "seats" }, free.map((name) => el("button", { class: "big seat-choice", onpress: () => open(name) }, name)))
      : el("p", { class: "status" }, say("seats_taken")),
    note ? el("p", { class: "note" }, note) : null,
  );
}

function me() {
  return state.players.find((p) => p.name === state.you);
}

function line() {
  const player = me();
  if (state.phase === "over") return "";
  if (state.phase === "countdown") return say("get_ready");
  if (state.phase === "ready") return say("coming");
  if (!player.active) return say("you_sit_out");
  if (player.hand === "pass") return say("you_passed");
  if (player.hand) return say("your_hand", { position: player.hand });
  return say("find");
}

function render() {
  if (!state) return;
  const player = me();
  const free = state.phase === "play" && player.active && player.waiting;
  const title = state.phase === "over" ? say("game_over")
    : state.tiebreak ? say("tiebreak", { players: names(state.tiebreak) }) : say("card_of", { number: state.number, total: state.total });
  show(
    el("header", {}, el("strong", { class: "you fit-text" }, state.you), el("span", { class: "score fit-text" }, `${player.score} · ${title}`)),
    state.phase === "over"
      ? el("section", { class: "over" }, el("h2", { class: "winner-line" }, state.end.headline), endTables(state.end, 1))
      : monumentGrid(state, (position, tap) => link.send({ t: "claim", at: position, tap }), (position, who) => free && !who),
    state.phase === "over" ? null : el("button", { class: "big pass", disabled: !free, onpress: () => link.send({ t: "pass" }) }, say("pass")),
    el("p", { class: "status" }, line()),
    note ? el("p", { class: "note" }, note) : null,
    el("ul", { class: "said" }, state.said.slice(-2).map((text) => el("li", {}, text))),
  );
  fitPhone(app, state.players.map((p) => p.name));
}

addEventListener("resize", render);
addEventListener("cardaspect", render);

open(null);
