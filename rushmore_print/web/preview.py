"""The live preview: one self-contained HTML page of a design (every card face and back as SVG,
a 30-dpi picture of the table, the rule sheet, the validator's report), and a watcher that
rebuilds it when the design or a file it uses changes and tells the open page to reload.

The page holds everything it shows (SVG inline, pictures as data: URLs, its style and its few
lines of script): no external URL, so it opens offline and can be mailed as one file.

How the page learns of a rebuild: served (``rushmore preview --watch``, :mod:`rushmore_print.web.live`),
it listens to a Server-Sent Events stream, ``/events``, that sends the page's version each time
it changes; when the version is not its own, the page fetches itself again and swaps in the new
body. The push arrives at once, over one open connection, and ``EventSource`` reconnects by
itself when the server restarts. A ``<meta refresh>`` would reload a 1 MB page every fraction of
a second to be as quick, losing the reader's place each time, and a page opened as a file may not
poll a file (Chromium refuses ``fetch`` on ``file:``). Opened as a file, the page is simply still.
"""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Callable, Iterable
from pathlib import Path

from ..deck.generate import generate_deck
from ..deck.validate import Report, validate_deck
from ..design import BUILTIN_CLASSIC, Design, load_design
from ..errors import RushmoreError
from ..frozen import frozen_dataclass
from ..layout.cards import CardFrame, CardKind, Face, card_frame, symbols
from ..layout.checks import printing_problems, rule_sheet_pages
from ..layout.items import Page, rgb
from ..layout.rules_sheet import LayoutError
from ..layout.sheets import card_pages
from ..model import Deck
from ..render.encode import png_bytes
from ..render.png import render_page
from ..render.svg import SvgWriter
from ..sizes import PAPERS
from ..units import MM_PER_INCH
from ..writers.build import card_faces
from ..writers.files import atomic_write, ensure_folder

TABLE_DPI = 30  # the arm's-length check: every head's facing must read at this resolution
TABLE_GAP_MM = 4.0  # between the Monuments on the table
TABLE_FELT = rgb("#3c5e4b")
PAGE_NAME = "preview.html"
A4 = PAPERS["a4"]

Reporter = Callable[[str], None]


@frozen_dataclass
class Preview:
    """A built page: its HTML, and every file the design read (to watch).

    >>> from rushmore_print import parse_design
    >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
    >>> duo = parse_design(text, "duo.yaml", None)
    >>> preview = PreviewBuilder(None, load=lambda path: duo).build(version=1)
    >>> preview.ok, preview.html.startswith("<!DOCTYPE html>"), sorted(file.name for file in preview.files)
    (True, True, ['duo.yaml'])
    """

    html: str
    files: frozenset[Path]
    ok: bool  # the design loaded and validated


def design_files(design: Design) -> frozenset[Path]:
    """Every file a design reads: the design itself, each head's art, the names' font.

    >>> sorted(p.name for p in design_files(load_design("designs/classic.yaml")))
    ['classic.yaml']
    """
    found = {head.art for head in design.heads if head.art is not None}
    if design.print.font is not None:
        found.add(design.print.font)
    if design.source != BUILTIN_CLASSIC:
        found.add(Path(design.source))
    return frozenset(path.resolve() for path in found)


def build_preview(design: Design, version: int = 0) -> str:
    """The page of a design that loaded; a deck that does not validate still shows its cards
    and says what is wrong.

    >>> page = build_preview(load_design())
    >>> page.count('class="card"'), page.count('class="sheet"')  # faces and backs; the rule sheet's two sides
    (57, 2)
    """
    deck = generate_deck(design)
    report = validate_deck(deck)
    # the cards' check here, the rule sheet's as it is laid out below (A4: the body size is
    # shared by every paper, so what fits one fits all): each layout once, not twice
    problems = printing_problems(design, deck, rule_sheet=False)
    table = symbols(design)
    writer = SvgWriter(table, prefix="p")
    pairs = card_faces(design, deck, 0.0)
    frame = card_frame(design, 0.0)  # the cards as cut: a preview shows no bleed
    fronts = [front for front, _ in pairs]
    backs = list({back.card_id: back for _, back in pairs}.values())
    pages = card_pages(frame, fronts + backs)
    cards = {kind: [] for kind in ("monument", "search", "back")}  # type: dict[str, list[str]]
    for face, page in zip(fronts + backs, pages):
        kind = "back" if face.is_back else "monument" if face.kind is CardKind.MONUMENT else "search"
        caption = _caption(face, deck)
        cards[kind].append(
            f'<figure class="card">{writer.inline(page, _size(page, 0.75))}'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>\n"
        )
    rules = []
    try:
        rules = [
            writer.inline(page, _size(page, 0.5) + ' class="sheet"') for page in rule_sheet_pages(design, deck, A4)
        ]
    except LayoutError as exc:
        problems.append(str(exc))
    picture = table_picture(frame, fronts, table)
    body = "".join(
        [
            _report_html(report, problems),
            '<section><h2>The table at 30 dpi</h2><p class="note">Every Monument and one Search card, at ',
            f"{TABLE_DPI} pixels an inch: call each head's facing in under a second. ",
            '<label><input type="checkbox" id="grey"> in grey</label></p>',
            f'<img class="table" alt="the table" width="{picture.width}" height="{picture.height}" ',
            f'src="data:image/png;base64,{_base64_png(picture)}"></section>\n',
            _cards_section("Monuments", cards["monument"]),
            _cards_section("Search cards", cards["search"]),
            _cards_section("Backs", cards["back"]),
            '<section><h2>Rule sheet (A4)</h2><div class="sheets">' + "".join(rules) + "</div></section>\n",
            writer.hidden_definitions(),
        ]
    )
    return page_html(design.name, str(design.source), body, version, errors=())


def table_picture(frame: CardFrame, fronts: list[Face], table: dict):
    """The Monuments in a square grid on a felt, a Search card (the last: the hardest) beside
    them (``fronts`` as cut, no bleed), each card drawn by the PNG renderer at ``TABLE_DPI``
    (one card a drawing, the heads' tiles shared: a page of clipped cards would be drawn layer
    by layer, 0.5 s).

    >>> from rushmore_print import parse_design
    >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
    >>> duo = parse_design(text, "duo.yaml", None)
    >>> from rushmore_print import generate_deck
    >>> from rushmore_print.writers.build import card_faces
    >>> fronts = [front for front, back in card_faces(duo, generate_deck(duo), 0.0)]
    >>> table_picture(card_frame(duo, 0.0), fronts, symbols(duo)).size
    (348, 164)
    """
    from PIL import Image

    monuments = [face for face in fronts if face.kind is CardKind.MONUMENT]
    search = [face for face in fronts if face.kind is CardKind.SEARCH][-1:]
    columns = math.ceil(math.sqrt(len(monuments)))
    rows = math.ceil(len(monuments) / columns)
    px = TABLE_DPI / MM_PER_INCH  # pixels a millimetre
    w, h, gap = frame.width_mm, frame.height_mm, TABLE_GAP_MM
    grid_w, grid_h = columns * w + (columns - 1) * gap, rows * h + (rows - 1) * gap
    width, height = gap + grid_w + 4 * gap + w + gap, gap + grid_h + gap
    picture = Image.new("RGB", (round(width * px), round(height * px)), _rgb255(TABLE_FELT))
    places = [
        (gap + c * (w + gap), gap + r * (h + gap)) for r, c in (divmod(i, columns) for i in range(len(monuments)))
    ]
    places += [(gap + grid_w + 4 * gap, (height - h) / 2)] * len(search)
    tiles: dict = {}
    for page, (x, y) in zip(card_pages(frame, monuments + search), places):
        picture.paste(render_page(page, table, TABLE_DPI, tiles), (round(x * px), round(y * px)))
    return picture


def _base64_png(image) -> str:
    return base64.b64encode(png_bytes(image, TABLE_DPI)).decode("ascii")


def _rgb255(color) -> tuple[int, int, int]:
    r, g, b = color
    return round(r * 255), round(g * 255), round(b * 255)


def _caption(face: Face, deck: Deck) -> str:
    """``M03 LLRL``; ``S17 LR*RL · advanced · M03``; ``the Monuments' back``."""
    if face.is_back:
        return "the Monuments' back" if face.kind is CardKind.MONUMENT else "the Search cards' back"
    if face.kind is CardKind.MONUMENT:
        return f"{face.card_id} {deck.notation.monument(deck.monument(face.card_id).faces)}"
    card = deck.search_card(face.card_id)
    return f"{face.card_id} {deck.notation.search(card.faces, card.red)} · {card.level.value} · {card.answer}"


def _size(page: Page, scale: float) -> str:
    """Attributes that draw the page at ``scale`` of its size (in CSS millimetres)."""
    return f'width="{page.width_mm * scale:.2f}mm" height="{page.height_mm * scale:.2f}mm" role="img"'


def _cards_section(title: str, cards: list[str]) -> str:
    return (
        f'<section><h2>{html.escape(title)} ({len(cards)})</h2><div class="cards">'
        + "".join(cards)
        + "</div></section>\n"
    )


def _report_html(report: Report, printing: list[str]) -> str:
    ok = report.ok() and not printing
    lines = [f"{report.monuments} Monuments, {report.search} Search cards checked: "]
    lines.append('<b class="ok">valid</b>' if ok else '<b class="bad">NOT VALID</b>')
    items = [f'<li class="bad">error: {html.escape(str(e))}</li>' for e in report.errors]
    items += [f'<li class="bad">error: {html.escape(p)}</li>' for p in printing]
    items += [f'<li class="warn">warning: {html.escape(str(w))}</li>' for w in report.warnings]
    if not report.errors:
        items.append("<li>every Search card matches exactly one Monument</li>")
    rows = "".join(
        f"<tr><td>{html.escape(r.group)}</td><td>{r.cards}</td><td>{r.answer_min}..{r.answer_max}</td>"
        f"<td>{'-' if r.red_min is None else f'{r.red_min}..{r.red_max}'}</td></tr>"
        for r in report.balance
    )
    pools = ", ".join(f"{level.title} {size}" for level, size in report.pools)
    return (
        '<section id="report"><h2>Validator</h2><p>' + "".join(lines) + "</p><ul>" + "".join(items) + "</ul>"
        + (
            "<table><tr><th>balance</th><th>cards</th><th>answers per Monument</th><th>red marks per head</th></tr>"
            + rows + "</table>" if rows else ""
        )
        + f"<p>pools: {html.escape(pools)}</p></section>\n"
    )  # fmt: skip


def page_html(title: str, source: str, body: str, version: int, errors: Iterable[str]) -> str:
    """The whole page: ``body`` under a header, with ``errors`` (a design that stopped loading)
    shown above it. ``version`` is what the page compares with the server's to reload.

    >>> page = page_html("Duo", "duo.yaml", "<p>cards</p>", 3, ["duo.yaml:3: heads: expected a list"])
    >>> '<body data-version="3">' in page, "<li>error: duo.yaml:3: heads: expected a list</li>" in page
    (True, True)
    """
    shown = list(errors)
    banner = ""
    if shown:
        banner = (
            '<section id="errors" class="errors"><h2>The design does not load</h2><ul>'
            + "".join(f"<li>error: {html.escape(line)}</li>" for line in shown)
            + "</ul><p>"
            + ("Below: the last preview that built." if body else "Nothing has built yet.")
            + "</p></section>\n"
        )
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        f"<title>{html.escape(title)}: preview</title>\n<style>{_STYLE}</style></head>\n"
        f'<body data-version="{version}"><header><h1>{html.escape(title)}</h1>'
        f"<p>{html.escape(source)} · version {version}</p></header>\n"
        + banner + body + f"<script>{_SCRIPT}</script></body></html>\n"
    )  # fmt: skip


_STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:0 1.5em 3em;background:#f4f1ea;color:#222}
header{border-bottom:1px solid #ccc;margin-bottom:1em}h1{margin:.4em 0 0}header p{margin:.2em 0 .6em;color:#666}
h2{font-size:1.15em;margin:1.2em 0 .5em}.cards,.sheets{display:flex;flex-wrap:wrap;gap:12px}
figure.card{margin:0;text-align:center}figure.card svg{display:block;box-shadow:0 1px 3px #0004}
figcaption{font-size:12px;color:#444;margin-top:3px}svg.sheet{background:#fff;box-shadow:0 1px 4px #0005}
.errors{background:#fde8e8;border:2px solid #c62828;padding:.2em 1em;margin-top:1em}.errors li{font-family:monospace}
.bad{color:#b71c1c}.warn{color:#8a5a00}.ok{color:#1b5e20}table{border-collapse:collapse}
td,th{border:1px solid #bbb;padding:2px 8px;text-align:left}.note{color:#555}
img.table{image-rendering:pixelated;display:block}body:has(#grey:checked) img.table{filter:grayscale(1)}
"""

# Served: follow the server's version; when it moves on, fetch the page and put its body in
# place of this one (the old page stays on screen until the new one is ready: no blank flash,
# the reader's place and the grey tick box kept). Opened as a file: nothing.
_SCRIPT = """
if (location.protocol.startsWith("http")) {
  let mine = document.body.dataset.version, busy = false, again = false;
  const update = async () => {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const response = await fetch("/", {cache: "no-store"});
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      const grey = document.getElementById("grey");
      mine = fresh.body.dataset.version;
      document.title = fresh.title;
      document.body.replaceWith(fresh.body);
      const tick = document.getElementById("grey");
      if (grey && tick) tick.checked = grey.checked;
    } catch (error) {
      location.reload();
    } finally {
      busy = false;
      if (again) { again = false; update(); }
    }
  };
  new EventSource("/events").onmessage = (event) => { if (event.data !== mine) update(); };
}
"""


class PreviewBuilder:
    """Builds the page of the design at ``path`` again and again, keeping the last good one:
    while the design does not load, the page shows its errors above the last good cards.

    >>> from rushmore_print.errors import Problem, SpecError
    >>> def broken(path):
    ...     raise SpecError([Problem("duo.yaml", 3, "heads", "expected a list")])
    >>> preview = PreviewBuilder(Path("duo.yaml"), load=broken).build(version=2)
    >>> preview.ok, "error: duo.yaml:3: heads: expected a list" in preview.html
    (False, True)
    """

    def __init__(self, path: Path | None, load: Callable[[Path | None], Design] = load_design) -> None:
        self.path = path
        self.load = load
        self.last_good = ""
        self.files: frozenset[Path] = frozenset({path.resolve()}) if path is not None else frozenset()

    def build(self, version: int) -> Preview:
        """The page as it stands at ``version``: the design's, or its errors above the last good cards
        (``ok`` False); never raises for a design that does not load or validate.

        >>> from rushmore_print import parse_design
        >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
        >>> duo = parse_design(text, "duo.yaml", None)
        >>> builder = PreviewBuilder(Path("duo.yaml"), load=lambda path: duo)
        >>> first = builder.build(version=1)
        >>> 'data-version="1"' in first.html, builder.last_good in first.html
        (True, True)
        """
        try:
            design = self.load(self.path)
        except RushmoreError as exc:  # the design does not load: the last good cards stay
            errors = str(exc).splitlines() or [type(exc).__name__]
            title = self.path.name if self.path is not None else "classic"
            return Preview(page_html(title, str(self.path), self.last_good, version, errors), self.files, False)
        self.files = design_files(design) | (self.files if self.path is None else {self.path.resolve()})
        try:
            page = build_preview(design, version)
        except RushmoreError as exc:
            errors = str(exc).splitlines() or [type(exc).__name__]
            return Preview(
                page_html(design.name, str(design.source), self.last_good, version, errors), self.files, False
            )
        self.last_good = page[page.index("</header>\n") + len("</header>\n") : page.rindex("<script>")]
        return Preview(page, self.files, True)


def write_preview(path: Path | None, folder: Path, load: Callable[[Path | None], Design] = load_design) -> Path:
    """Write the preview page of the design at ``path`` into ``folder``; errors are raised.

    >>> import tempfile
    >>> from rushmore_print import parse_design
    >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
    >>> duo = parse_design(text, "duo.yaml", None)
    >>> folder = tempfile.TemporaryDirectory()
    >>> written = write_preview(None, Path(folder.name), load=lambda path: duo)
    >>> written.name, written.read_text("utf-8").count('class="card"')
    ('preview.html', 10)
    >>> folder.cleanup()
    """
    design = load(path)
    page = build_preview(design)
    ensure_folder(folder)
    target = folder / PAGE_NAME
    atomic_write(target, page.encode("utf-8"), design.input_files())
    return target


__all__ = [
    "PAGE_NAME",
    "TABLE_DPI",
    "TABLE_GAP_MM",
    "Preview",
    "PreviewBuilder",
    "build_preview",
    "design_files",
    "page_html",
    "table_picture",
    "write_preview",
]
