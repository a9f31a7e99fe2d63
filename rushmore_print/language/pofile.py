"""The gettext catalogues the package ships (``data/locale/*.po``) compiled in memory into the
``.mo`` form the standard library's :class:`gettext.GNUTranslations` reads.

Why not Babel's reader: it is 36 MB with the whole of CLDR, twice the rest of the core install
(issue 33), and the package's own catalogues need only the plain PO grammar: comments, flags,
``msgctxt``, ``msgid``/``msgid_plural``, ``msgstr``/``msgstr[N]``, strings continued over lines
with the C escapes. ``tests/test_pofile.py`` checks every shipped catalogue reads as Babel's reader
reads it. The catalogues are the package's own files, not a user's: a malformed one is a bug, and
raises ``ValueError`` naming its line.
"""

from __future__ import annotations

import re
import struct

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(.)")
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")
_CONTINUED = re.compile(r"(\".*\")\s*$")


def _unquoted(literal: str, line: int) -> str:
    if len(literal) < 2 or not (literal.startswith('"') and literal.endswith('"')):
        raise ValueError(f"line {line}: expected a quoted string, found {literal!r}")

    def escape(match: re.Match[str]) -> str:
        if match.group(1) not in _ESCAPES:
            raise ValueError(f"line {line}: unknown escape \\{match.group(1)}")
        return _ESCAPES[match.group(1)]

    return _ESCAPE.sub(escape, literal[1:-1])


def read_po(text: str) -> dict[str, str]:
    """The messages of a PO catalogue as ``.mo`` keys and values: ``context\\x04msgid`` for a
    message with a context, ``msgid\\x00msgid_plural`` and its forms joined by ``\\x00`` for a
    plural; the header under ``""``. Fuzzy and untranslated messages are left out (a translator
    marks a message fuzzy when it no longer says what the English says), as ``msgfmt`` does.

    >>> po = 'msgid ""\\nmsgstr "Language: de\\\\n"\\n\\nmsgctxt "level"\\nmsgid "Basic"\\nmsgstr "Einsteiger"\\n'
    >>> read_po(po + '\\n#, fuzzy\\nmsgid "card"\\nmsgstr "Karte"\\n')
    {'': 'Language: de\\n', 'level\\x04Basic': 'Einsteiger'}
    """
    messages: dict[str, str] = {}
    entry: dict[str, str] = {}
    forms: dict[int, str] = {}
    fuzzy = False
    last: tuple[str, int | None] | None = None

    def close() -> None:
        nonlocal entry, forms, fuzzy, last
        if "msgid" in entry:
            key = entry["msgid"]
            if "msgctxt" in entry:
                key = f"{entry['msgctxt']}\x04{key}"
            if "msgid_plural" in entry:
                key += "\x00" + entry["msgid_plural"]
                value = "\x00".join(forms[number] for number in sorted(forms))
                translated = any(forms.values())
            else:
                value = entry.get("msgstr", "")
                translated = bool(value)
            if key == "" or (translated and not fuzzy):
                messages[key] = value
        entry, forms, fuzzy, last = {}, {}, False, None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            close()
        elif line.startswith("#"):
            if line.startswith("#~"):  # an obsolete message, kept for the translator only
                continue
            if "msgid" in entry:  # comments open the next message
                close()
            if line.startswith("#,") and "fuzzy" in (flag.strip() for flag in line[2:].split(",")):
                fuzzy = True
        elif found := _KEYWORD.match(line):
            keyword, form, literal = found.group(1), found.group(2), found.group(3)
            if keyword in ("msgctxt", "msgid") and "msgid" in entry:  # the next message, no blank line between
                close()
            text_of = _unquoted(literal, number)
            if form is not None:
                forms[int(form)] = text_of
                last = ("msgstr", int(form))
            else:
                entry[keyword] = text_of
                last = (keyword, None)
        elif (continued := _CONTINUED.match(line)) and last is not None:
            more = _unquoted(continued.group(1), number)
            if last[1] is not None:
                forms[last[1]] += more
            else:
                entry[last[0]] += more
        else:
            raise ValueError(f"line {number}: not a PO line: {line[:60]!r}")
    close()
    return messages


def mo_bytes(messages: dict[str, str]) -> bytes:
    """``messages`` (as :func:`read_po` gives them) in the GNU ``.mo`` format, keys sorted.

    >>> import gettext, io
    >>> header = "Content-Type: text/plain; charset=utf-8\\nPlural-Forms: nplurals=2; plural=n != 1;\\n"
    >>> mo = mo_bytes({"": header, "card\\x00cards": "Karte\\x00Karten", "SEARCH": "SUCHE"})
    >>> translations = gettext.GNUTranslations(io.BytesIO(mo))
    >>> translations.gettext("SEARCH"), translations.ngettext("card", "cards", 2)
    ('SUCHE', 'Karten')
    """
    keys = sorted(messages)
    ids = [key.encode("utf-8") for key in keys]
    strings = [messages[key].encode("utf-8") for key in keys]
    count = len(keys)
    start = 7 * 4 + 16 * count  # the header, then the two tables of (length, offset) pairs
    tables, blob, at = [], [], start
    for data in ids + strings:
        tables.append(struct.pack("<2I", len(data), at))
        blob.append(data + b"\0")
        at += len(data) + 1
    head = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return head + b"".join(tables) + b"".join(blob)


__all__ = ["mo_bytes", "read_po"]
