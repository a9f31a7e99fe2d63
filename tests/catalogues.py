"""The players' texts as gettext catalogues: extraction from the code, and the catalogues' checks.

``python -m tests.catalogues`` extracts every message the package writes for players (the calls
to ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext``, and the referee's sentences made
with ``said``, ``nsaid`` and ``psaid``) into
``rushmore_print/data/locale/messages.pot`` and brings every ``<language>.po`` in step with it: a
new message is added untranslated (the tests then fail until it is translated), a message gone
from the code is dropped. Nothing else in a catalogue is touched, so a translator's file stays
as they wrote it. To add a language, copy ``messages.pot`` to ``<code>.po``, set its
``Language`` and ``Plural-Forms`` headers, translate every ``msgstr`` and run the tests.
"""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

PACKAGE = Path(__file__).resolve().parent.parent / "rushmore_print"
LOCALE = PACKAGE / "data" / "locale"
TEMPLATE = LOCALE / "messages.pot"
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
KEYWORDS |= {"said": None, "nsaid": (1, 2), "psaid": ((1, "c"), 2)}  # i18n's sentences said later, by a front end
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@functools.cache  # a second of CPU each time: the glossary's and the referee's checks read it too
def extraction() -> tuple[tuple[str, int, str | tuple[str, ...], list[str], str | None], ...]:
    """Every message in the package's code as Babel finds it: (file, line, message, comments,
    context), the file relative to the package (``game/narrate.py``)."""
    return tuple(extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()))


def extracted() -> Catalog:
    """Every message in the package's code, in a catalogue without locations (so that moving code
    does not touch the template), sorted by context and message."""
    catalog = Catalog(project="rushmore-print", fuzzy=False)
    for _filename, _lineno, message, _comments, context in extraction():
        catalog.add(message, context=context)
    return catalog


def template_text(catalog: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=True, no_location=True, sort_output=True, width=0)
    return out.getvalue().decode("utf-8")


def placeholders(text: str) -> set[str]:
    """``{name}`` fields of a message, as a set.

    >>> sorted(placeholders("{n} cards for {players} players"))
    ['n', 'players']
    """
    return set(PLACEHOLDER.findall(text))


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def update() -> list[str]:
    """Write the template and bring each catalogue in step; the languages changed."""
    template = extracted()
    TEMPLATE.write_text(template_text(template), encoding="utf-8")
    changed = []
    for path in sorted(LOCALE.glob("*.po")):
        text = path.read_text(encoding="utf-8")
        catalog = read(path)
        created = catalog.creation_date  # update() takes the template's; the file keeps its own
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.creation_date = created
        catalog.obsolete.clear()
        out = io.BytesIO()
        write_po(out, catalog, no_location=True, sort_output=True, width=0, ignore_obsolete=True)
        new = out.getvalue().decode("utf-8")
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path.stem)
    return changed


if __name__ == "__main__":
    print("updated:", ", ".join(update()) or "nothing")
