"""A disk that fails under the browser table's game log (full, or gone mid-game): every screen
is told in the players' language, the game so far stays in the log, and it resumes."""

import asyncio
import errno
import json

import pytest
from aiohttp.test_utils import TestClient, TestServer

from rushmore_print.game.session import Options, Session
from rushmore_print.language.i18n import catalogue, languages
from rushmore_print.model import Level
from rushmore_print.web.room import Room
from rushmore_print.web.server import TableServer
from rushmore_print.writers.gamelog import GameLog

from .test_referee_language import english_left
from .test_session import FullDisk
from .test_table_server import receive, until

# The sentence in two languages as a reader checks it (the others are checked for English left).
WRITTEN = {
    "en": "cannot write the game log (no space left on device); the game so far is saved in it: make room, "
    "then continue with: rushmore play --resume ",
    "de": "das Spielprotokoll kann nicht geschrieben werden (kein Platz mehr auf dem Datenträger); das Spiel "
    "bis hierher ist darin gespeichert: schafft Platz, dann weiter mit: rushmore play --resume ",
    "fr": "impossible d’écrire le journal de partie (plus de place sur le disque)\u202f; la partie jusqu’ici y est "
    "enregistrée\u202f: libérez de la place, puis continuez avec\u202f: rushmore play --resume ",
}


def disk_server(classic, classic_deck, language, path):
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(("ann", "bob"), Level.BASIC, seed=3),
        design_name=classic.name, hold=True, language=language,
    )  # fmt: skip
    log = GameLog.create(path)
    room = Room(session, lambda record: log.write(record, sync=False), log.sync)
    room.begin()
    cards = {card.id: "<svg/>" for card in [*classic_deck.monuments, *classic_deck.search]}
    return TableServer(room, cards, f"http://127.0.0.1/j/{room.join_code}", "<svg/>", countdown=0.01), log


def notes_on_every_screen(server, failing):
    """Join the table screen and both phones, show a card, make the disk fail (``failing()``) and
    let ann pass: the note each screen gets."""

    async def body(client):
        screens = [await client.ws_connect("/ws")]
        await screens[0].send_json({"t": "table", "key": server.room.table_key})
        await receive(screens[0])
        for name in ("ann", "bob"):
            phone = await client.ws_connect("/ws")
            await phone.send_json({"t": "phone", "code": server.room.join_code, "name": name})
            await receive(phone)
            screens.append(phone)
        await screens[0].send_json({"t": "reveal"})
        await until(screens[0], lambda state: state["phase"] == "play")
        failing()
        await screens[1].send_json({"t": "pass"})  # ann's pass is the first record to write
        return [(await receive(screen, "note"))["text"] for screen in screens]

    async def main():
        async with TestClient(TestServer(server.app())) as client:
            return await body(client)

    return asyncio.run(main())


@pytest.mark.parametrize("language", languages())
def test_a_full_disk_is_told_on_every_screen_in_the_players_language(
    classic, classic_deck, tmp_path, monkeypatch, language
):
    path = tmp_path / "g.jsonl"
    server, log = disk_server(classic, classic_deck, language, path)
    saved = path.read_bytes()
    notes = notes_on_every_screen(
        server, lambda: monkeypatch.setattr("rushmore_print.writers.gamelog.os.write", FullDisk(0))
    )
    log.close()
    t = catalogue(language)
    assert len(set(notes)) == 1  # the table screen and both phones
    note = notes[0]
    assert note.startswith(str(path)) and note.endswith(f"rushmore play --resume {path}")
    assert t.pgettext("why a file cannot be written", "no space left on device") in note
    if language in WRITTEN:
        assert WRITTEN[language] in note
    if language != "en":
        assert "cannot write" not in note and "no space" not in note and "make room" not in note
    if language in ("de", "pl", "pt"):  # every English word (the check reads the catalogue: 0.6 s a language)
        assert english_left(note, language) == []
    assert path.read_bytes() == saved  # the game so far is in the log, whole
    assert [json.loads(line)["event"] for line in saved.decode().splitlines()] == ["start", "revealed"]


@pytest.mark.parametrize("language", ["de", "pl", "pt"])
def test_a_disk_gone_at_the_sync_is_told_on_every_screen(classic, classic_deck, tmp_path, monkeypatch, language):
    path = tmp_path / "g.jsonl"
    server, log = disk_server(classic, classic_deck, language, path)

    def gone(fd):
        raise OSError(errno.EIO, "Input/output error")

    def failing():
        monkeypatch.setenv("RUSHMORE_FSYNC", "1")
        monkeypatch.setattr("rushmore_print.writers.gamelog.os.fsync", gone)

    notes = notes_on_every_screen(server, failing)
    log.close()
    t = catalogue(language)
    assert len(notes) == 3 and len(set(notes)) == 1
    assert t.pgettext("why a file cannot be written", "input/output error") in notes[0]
    assert english_left(notes[0], language) == []


def test_a_failure_the_catalogues_do_not_know_is_said_in_the_system_s_words(tmp_path, monkeypatch):
    from rushmore_print.errors import GameLogError

    log = GameLog.create(tmp_path / "g.jsonl")
    log.write({"event": "start"})

    def odd(fd, data):
        raise OSError(errno.ENOTSUP, "Operation not supported")

    monkeypatch.setattr("rushmore_print.writers.gamelog.os.write", odd)
    with pytest.raises(GameLogError) as caught:
        log.write({"event": "input"})
    log.close()
    told = catalogue("de").say(caught.value.args[0])
    assert told.startswith(f"{tmp_path / 'g.jsonl'}: das Spielprotokoll kann nicht geschrieben werden (operation not")
