"""``rushmore preview``: one self-contained page of the whole design, and ``--watch``, which
rebuilds it on each change to the design or its art, keeps the last good cards while the design
is wrong, and tells the open page to reload (a Server-Sent Events stream)."""

import base64
import html
import http.client
import io
import re
import threading
import time
from pathlib import Path

import pytest
from PIL import Image

from rushmore_print.cli.commands import cli
from rushmore_print.design import load_design
from rushmore_print.web.live import watch
from rushmore_print.web.preview import PAGE_NAME, TABLE_DPI, PreviewBuilder, build_preview, design_files

from .docpages import page as docs_page

ART_DESIGN = (
    "name: Tiny\nheads: [{name: Ada, art: head.png}, {name: Bo, look: beard}]\ndirections: [left, right]\n"
    "search: {seed: 3, red_counts: {0: 4, 1: 2}}\n"
)


def _art(folder: Path, colour: tuple[int, int, int]) -> None:
    image = Image.new("RGBA", (40, 60), colour + (255,))
    image.paste((230, 200, 40, 255), (0, 0, 12, 60))
    image.save(folder / "head.png")


@pytest.fixture(scope="module")
def classic_page() -> str:
    return build_preview(load_design())


@pytest.mark.slow
def test_the_classic_page_is_the_size_the_preview_page_says(classic_page):
    said = re.search(r"the classic page is about ([\d.]+) MB", " ".join(docs_page("guide/preview.md").split()))
    assert said, "the preview page no longer says how large the classic page is"
    megabytes = len(classic_page.encode("utf-8")) / 1e6
    assert abs(megabytes - float(said.group(1))) < 0.1, f"the classic page is {megabytes:.2f} MB"


@pytest.mark.slow
def test_the_page_shows_every_face_and_back_the_table_the_rules_and_the_report(classic_page):
    page = classic_page
    captions = [html.unescape(c) for c in re.findall(r"<figcaption>([^<]*)</figcaption>", page)]
    assert len(captions) == 16 + 39 + 2
    assert captions[0] == "M01 LLLL" and captions[-2:] == ["the Monuments' back", "the Search cards' back"]
    assert re.fullmatch(r"S\d\d [LR*]+ · (basic|advanced|expert) · M\d\d", captions[16])
    assert page.count('class="sheet"') == 2  # the rule sheet, front and back, as SVG
    assert "16 Monuments, 39 Search cards checked: " in page and '<b class="ok">valid</b>' in page
    picture = Image.open(io.BytesIO(base64.b64decode(re.search(r'src="data:image/png;base64,([^"]+)"', page)[1])))
    # 4 x 4 poker Monuments 4 mm apart and a Search card beside them, at 30 dpi
    assert picture.size == (round((4 + 4 * 88.9 + 3 * 4 + 16 + 88.9 + 4) / 25.4 * TABLE_DPI), round(
        (4 + 4 * 63.5 + 3 * 4 + 4) / 25.4 * TABLE_DPI
    ))  # fmt: skip


@pytest.mark.slow
def test_the_page_is_self_contained(classic_page):
    page = classic_page
    text = re.sub(r'"data:image/png;base64,[A-Za-z0-9+/=]+"', "", page)
    addresses = set(re.findall(r"(?:https?:)?//[^\s\"')<]+", text))
    assert addresses <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, addresses
    assert not re.search(r'(?:src|href)="(?!#|data:)', page)  # every picture inline, every link to the page
    assert page.count("<script>") == 1 and 'new EventSource("/events")' in page
    assert page.count('aria-hidden="true"') == 1  # one block of shared definitions
    used = set(re.findall(r'href="#([^"]+)"', page))
    assert used <= set(re.findall(r'id="([^"]+)"', page))


def test_the_files_a_design_uses_are_the_design_and_its_art(tmp_path):
    (tmp_path / "d.yaml").write_text(ART_DESIGN)
    _art(tmp_path, (40, 90, 160))
    assert design_files(load_design(tmp_path / "d.yaml")) == {
        (tmp_path / "d.yaml").resolve(),
        (tmp_path / "head.png").resolve(),
    }


@pytest.mark.slow
def test_an_invalid_design_shows_its_errors_above_the_last_good_cards(tmp_path, write_design):
    path = write_design(ART_DESIGN.replace("{name: Ada, art: head.png}", "Ada"))
    builder = PreviewBuilder(path)
    first = builder.build(1)
    assert first.ok and 'id="errors"' not in first.html
    path.write_text(path.read_text().replace("red_counts: {0: 4, 1: 2}", "red_counts: {0: 5, 1: 2}"))
    broken = builder.build(2)
    assert not broken.ok
    errors = re.search(r'<section id="errors".*?</section>', broken.html, re.S)[0]
    assert f"error: {path}:4: search.red_counts.0:" in errors and "the last preview that built" in errors
    assert broken.html.count('class="card"') == 4 + 6 + 2  # still every card of the last good build
    assert 'data-version="2"' in broken.html
    path.write_text(path.read_text().replace("Ada", "Ida").replace("{0: 5", "{0: 4"))
    mended = builder.build(3)
    assert mended.ok and 'id="errors"' not in mended.html and 'aria-label="Ida"' in mended.html


def test_a_design_that_never_loaded_says_nothing_has_built(write_design):
    broken = PreviewBuilder(write_design("name: [\n")).build(1)
    assert not broken.ok and "Nothing has built yet." in broken.html and 'class="card"' not in broken.html


def test_preview_writes_the_page_and_refuses_a_port_without_watch(runner, tiny_path, tmp_path):
    result = runner.invoke(cli, ["preview", str(tiny_path), "-o", str(tmp_path)])
    assert result.exit_code == 0 and result.output == f"wrote {tmp_path / PAGE_NAME}\n"
    assert (tmp_path / PAGE_NAME).read_text("utf-8").count('class="card"') == 4 + 6 + 2
    refused = runner.invoke(cli, ["preview", str(tiny_path), "--port", "9000"])
    assert refused.exit_code == 2 and "--port applies to --watch only" in refused.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: [\n")
    failed = runner.invoke(cli, ["preview", str(bad), "-o", str(tmp_path / "x")])
    assert failed.exit_code == 1 and failed.stderr.startswith(f"error: {bad}:") and not (tmp_path / "x").exists()


class _Watcher:
    """``watch`` in a thread on a free port, with a reader of its event stream."""

    def __init__(self, design: Path, folder: Path) -> None:
        self.stop = threading.Event()
        self.lines: list[str] = []
        self.address: list[str] = []
        self.thread = threading.Thread(
            target=watch, args=(design, folder, 0, self.lines.append, self.stop),
            kwargs={"started": self.address.append}, daemon=True,
        )  # fmt: skip
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.address and time.monotonic() < deadline:
            time.sleep(0.02)
        self.port = int(self.address[0].rsplit(":", 1)[1].strip("/"))
        self.events = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        self.events.request("GET", "/events")
        self.stream = self.events.getresponse()

    def next_version(self) -> int:
        while True:
            line = self.stream.readline().decode()
            if line.startswith("data: "):
                return int(line[6:])

    def get(self, path: str = "/") -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8")

    def close(self) -> None:
        self.stop.set()
        self.events.close()
        self.thread.join(10)
        assert not self.thread.is_alive()


@pytest.mark.slow
def test_watch_rebuilds_on_a_change_to_the_design_or_its_art_and_keeps_the_last_good_page(tmp_path):
    design = tmp_path / "d.yaml"
    design.write_text(ART_DESIGN)
    _art(tmp_path, (40, 90, 160))
    watcher = _Watcher(design, tmp_path / "out")
    try:
        assert watcher.next_version() == 1
        status, first = watcher.get()
        assert status == 200 and 'data-version="1"' in first
        assert (tmp_path / "out" / PAGE_NAME).read_text("utf-8") == first

        _art(tmp_path, (160, 40, 40))  # the art alone changes
        assert watcher.next_version() == 2
        _, second = watcher.get()
        assert 'data-version="2"' in second and second.replace("2", "") != first.replace("1", "")

        design.write_text(ART_DESIGN.replace("seed: 3", "seed: [3"))  # broken: errors over the last cards
        assert watcher.next_version() == 3
        _, third = watcher.get()
        assert 'id="errors"' in third and "not valid YAML" in third and third.count('class="card"') == 12
        assert (tmp_path / "out" / PAGE_NAME).read_text("utf-8") == second  # the file keeps the last good page

        (tmp_path / "notes.txt").write_text("not the design's")  # a file the design does not use
        time.sleep(0.3)  # long enough for a rebuild it would (wrongly) cause to come first
        design.write_text(ART_DESIGN.replace("Tiny", "Tinier"))
        assert watcher.next_version() == 4
        _, fourth = watcher.get()
        assert "<h1>Tinier</h1>" in fourth and 'id="errors"' not in fourth
        assert watcher.get("/../d.yaml")[0] == 404 and watcher.get("/d.yaml")[0] == 404  # no file through it
        assert [line.split(" (")[0] for line in watcher.lines] == ["rebuilt", "rebuilt", "errors shown", "rebuilt"]
    finally:
        watcher.close()


@pytest.mark.slow
def test_names_with_markup_stay_text(write_design):
    """A name is the designer's text, never markup: escaped in the page's HTML and in each SVG."""
    path = write_design(
        "name: 'Mo</title><script>x()</script> & \"Co\"'\nheads: ['A<b>', \"B'&\"]\ndirections: [left, right]\n"
        "search: {seed: 1, red_counts: {0: 4, 1: 2}}\n"
    )
    page = PreviewBuilder(path).build(1).html
    assert page.count("<script>") == 1 and "<b>" not in page and "</title><script>" not in page
    assert "<h1>Mo&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt; &amp; &quot;Co&quot;</h1>" in page
    assert 'aria-label="A&lt;b&gt;"' in page and 'aria-label="B\'&amp;"' in page
