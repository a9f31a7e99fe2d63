// A phone: the player's hand. The Monument grid as on the table; a tap covers one, a pass button.
"use strict";

const code = location.pathname.split("/").pop();
const app = document.getElementById("app");
const storageKey = `rushmore-seat-${code}`;
let token = localStorage.getItem(storageKey);
let state = null;
let note = "";
let link = null;
let retries = 0; // sockets closed before the table said anything, in a row

function open(name) {
  let answered = false; // this socket heard from the table (the lobby's socket is closed once answered)
  link = connect(
    () => (name ? { t: "phone", code, name } : { t: "phone", code, token }),
    (data) => {
      answered = true;
      retries = 0;
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
      if (state && state.closed) app.replaceChildren(el("p", { class: "status" }, say("phone_over")));
      else if (state || retries >= 5) app.replaceChildren(el("p", { class: "status" }, say("phone_lost")), el("button", { class: "big", onclick: () => { retries = 0; open(state ? null : name); } }, say("reconnect")));
      else if (!answered) {
        // closed before the table answered (a Wi-Fi blip while joining, or a phone too slow to say
        // hello in time): try again by itself, 0.5, 1, 2, 4, 8 s later, then offer the button
        setTimeout(() => open(name), 500 * 2 ** retries);
        retries += 1;
      } // else the choice of names, answered: it stays as it is until a name is tapped
    },
  );
}

function lobby(free) {
  token = null;
  localStorage.removeItem(storageKey);
  show(
    el("h1", {}, say("who")),
    free.length
      ? el("div", { class: "seats" }, free.map((name) => el("button", { class: "big seat-choice", onclick: () => open(name) }, name)))
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
    state.phase === "over" ? null : el("button", { class: "big pass", disabled: !free, onclick: () => link.send({ t: "pass" }) }, say("pass")),
    el("p", { class: "status" }, line()),
    note ? el("p", { class: "note" }, note) : null,
    el("ul", { class: "said" }, state.said.slice(-2).map((text) => el("li", {}, text))),
  );
  fitPhone(app);
}

addEventListener("resize", render);
addEventListener("cardaspect", render);

open(null);
