"""The trust boundary: every file a user hands over is opened here, and only here.

A design, its art and font, a manifest, a game log and the images given to ``impose`` all come
from outside: a file may be a FIFO that never ends, a link to ``/dev/zero``, a folder, or simply
far too big. :func:`read_input` opens the file without blocking, checks on the open descriptor
(not on the name, which could be swapped in between) that it is a regular file within its kind's
size limit, and reads at most that many bytes. Every failure is an :class:`InputError` whose
message names the file and says what is allowed. The parsers (YAML, JSON, SVG, TrueType, PNG,
JPEG) then work on bytes that are known to be bounded.

:func:`shown` is the one way a value a user wrote is quoted back in a message: cut to a readable
length, control characters escaped, so a hostile name cannot flood or drive the terminal.
"""

from __future__ import annotations

import enum
import os
import stat
from pathlib import Path
from typing import BinaryIO

from ..errors import RushmoreError
from ..frozen import frozen_dataclass

_MB = 1_000_000


@frozen_dataclass
class _Limit:
    noun: str
    most_bytes: int
    article: str = "a"  # "an image", "an SVG": messages say "an SVG file", never "a SVG file file"


class InputKind(enum.Enum):
    """Every kind of file the toolkit reads, with the most bytes one may have.

    >>> InputKind.DESIGN.most_bytes
    1000000
    >>> InputKind.FONT.noun
    'font'
    """

    DESIGN = _Limit("design", 1 * _MB)  # a design is a page of YAML; 1 MB is thousands of lines
    MANIFEST = _Limit("manifest", 40 * _MB)  # 8 heads: 65,792 cards at about 150 bytes each
    # YAML is read about 50x slower than JSON: 1 MB is a 6-head deck, some 5 s (read as a MANIFEST
    # first, then held to this once it is known not to be JSON)
    MANIFEST_YAML = _Limit("YAML manifest", 1 * _MB)
    ART_IMAGE = _Limit("image", 64 * _MB, "an")
    ART_SVG = _Limit("SVG", 2 * _MB, "an")
    FONT = _Limit("font", 20 * _MB)
    ICC_PROFILE = _Limit("ICC profile", 16 * _MB, "an")  # a CMYK output profile is 0.2 to 4 MB
    VENDOR_PROFILE = _Limit("print shop's profile", 1 * _MB)  # a page of YAML, like a design
    GAME_LOG = _Limit("game log", 50 * _MB)  # a game writes a few KB
    TABLE_SEATS = _Limit("table seats", 1 * _MB)  # the browser table's seats beside its log: 64 seats, 8 KB
    CARD_IMAGE = _Limit("card image", 200 * _MB)  # impose: a 1200 dpi tarot card is about 80 MB
    # An XLSX or ODS manifest (zipped XML): the largest deck's is about 2 MB; what it may inflate
    # to is bounded apart (sheets.MOST_UNZIPPED_BYTES). A CSV manifest is a MANIFEST.
    SPREADSHEET = _Limit("spreadsheet", 20 * _MB)

    @property
    def noun(self) -> str:
        """What a message calls a file of this kind.

        >>> InputKind.ICC_PROFILE.noun, InputKind.CARD_IMAGE.noun
        ('ICC profile', 'card image')
        """
        return self.value.noun

    @property
    def a_file(self) -> str:
        """A file of this kind, with its article, as a message says it.

        >>> InputKind.ART_SVG.a_file, InputKind.DESIGN.a_file
        ('an SVG file', 'a design file')
        """
        return f"{self.value.article} {self.noun} file"

    @property
    def most_bytes(self) -> int:
        """The most bytes a file of this kind may have.

        >>> InputKind.FONT.most_bytes
        20000000
        """
        return self.value.most_bytes

    @property
    def limit_text(self) -> str:
        """The limit as a sentence's end: ``'at most 1 MB'``.

        >>> InputKind.DESIGN.limit_text, InputKind.GAME_LOG.limit_text
        ('at most 1 MB', 'at most 50 MB')
        """
        return f"at most {self.most_bytes // _MB} MB"


class InputError(RushmoreError):
    """A file handed over cannot be read: missing, not a regular file, too big, unreadable.

    ``str()`` is the whole message, the file's name first.

    >>> try:
    ...     read_input("/no/such/design.yaml", InputKind.DESIGN)
    ... except InputError as error:
    ...     print(error.path, "|", error.reason, "|", error)
    /no/such/design.yaml | no such design file | /no/such/design.yaml: no such design file
    """

    def __init__(self, path: Path | str, message: str):
        self.path = str(path)
        self.reason = message
        super().__init__(f"{shown_path(path)}: {message}")


def read_input(path: Path | str, kind: InputKind) -> bytes:
    """The bytes of the file at ``path``, after checking it is a regular file within ``kind``'s limit.

    Links are followed (the file they lead to is what is checked). A FIFO, a device, a socket or
    a folder is refused at once, without waiting for data; so is a file over the limit.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile(suffix=".yaml") as handle:
    ...     _ = handle.write(b"name: x")
    ...     handle.flush()
    ...     read_input(handle.name, InputKind.DESIGN)
    b'name: x'
    >>> read_input("/dev/zero", InputKind.DESIGN)
    Traceback (most recent call last):
    ...
    rushmore_print.readers.inputs.InputError: /dev/zero: is a device, not a design file
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    check_file(path, kind)  # before opening: opening a FIFO or a tape could block or act
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise InputError(path, _os_reason(exc)) from None
    try:
        info = os.fstat(fd)
        _check_kind(path, info, kind)  # the file opened is the one checked, even if renamed between
        chunks: list[bytes] = []
        left = kind.most_bytes + 1  # one byte more tells a file that grew past the limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise InputError(path, _os_reason(exc)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > kind.most_bytes:
        raise InputError(path, f"grew past the limit while being read; {kind.a_file} may be {kind.limit_text}")
    return data


def read_input_text(path: Path | str, kind: InputKind) -> str:
    """:func:`read_input`, decoded as UTF-8 (a byte-order mark is dropped); the error names the
    first byte that is not UTF-8.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile(suffix=".yaml") as handle:
    ...     _ = handle.write("\\ufeffname: Ünder".encode("utf-8"))
    ...     handle.flush()
    ...     read_input_text(handle.name, InputKind.DESIGN)
    'name: Ünder'
    """
    return decode_input(read_input(path, kind), path)


def not_utf8(data: bytes, exc: UnicodeDecodeError) -> str:
    """The first byte of ``data`` that is not UTF-8, as every message names it.

    >>> try:
    ...     b"ab\\xffc".decode("utf-8")
    ... except UnicodeDecodeError as exc:
    ...     not_utf8(b"ab\\xffc", exc)
    'byte 3 (0xff) is not UTF-8'
    """
    return f"byte {exc.start + 1} (0x{data[exc.start]:02x}) is not UTF-8"


def decode_input(data: bytes, path: Path | str) -> str:
    """Bytes read for ``path`` as UTF-8 text (a byte-order mark dropped); the error names the
    first byte that is not UTF-8.

    >>> decode_input(b"\\xef\\xbb\\xbfname: x", "-")
    'name: x'
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(path, f"line {line}: {not_utf8(data, exc)}; save the file as UTF-8") from None


STDIN = "-"  # a file argument that means standard input (or output)
STDIN_NAME = "<stdin>"  # how messages name standard input (the command line spells it -)


def read_stream(stream: BinaryIO, kind: InputKind) -> bytes:
    """At most ``kind``'s limit of bytes from ``stream`` (standard input given as ``-``); more is
    refused without reading on, so an endless pipe cannot fill the memory.

    >>> import io
    >>> read_stream(io.BytesIO(b"name: x"), InputKind.DESIGN)
    b'name: x'
    >>> read_stream(io.BytesIO(b"x" * 1_000_001), InputKind.DESIGN)
    Traceback (most recent call last):
    ...
    rushmore_print.readers.inputs.InputError: <stdin>: more than 1,000,000 bytes; a design file may be at most 1 MB
    """
    chunks: list[bytes] = []
    left = kind.most_bytes + 1
    while left > 0:
        chunk = stream.read(min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    data = b"".join(chunks)
    if len(data) > kind.most_bytes:
        raise InputError(STDIN_NAME, f"more than {kind.most_bytes:,} bytes; {kind.a_file} may be {kind.limit_text}")
    return data


def check_file(path: Path | str, kind: InputKind) -> None:
    """Raise :class:`InputError` unless ``path`` leads to a regular file within ``kind``'s limit
    (for a file named now and read later; :func:`read_input` checks the open file again).

    >>> check_file("/no/such/font.ttf", InputKind.FONT)
    Traceback (most recent call last):
    rushmore_print.readers.inputs.InputError: /no/such/font.ttf: no such font file
    >>> check_file("/dev/null", InputKind.FONT)
    Traceback (most recent call last):
    rushmore_print.readers.inputs.InputError: /dev/null: is a device, not a font file
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(path, f"no such {kind.noun} file") from None
    except OSError as exc:
        raise InputError(path, _os_reason(exc)) from None
    _check_kind(path, info, kind)


def _check_kind(path: Path | str, info: os.stat_result, kind: InputKind) -> None:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise InputError(path, f"is a folder, not {kind.a_file}")
    if not stat.S_ISREG(mode):
        raise InputError(path, f"is {special_file(mode)}, not {kind.a_file}")
    if info.st_size > kind.most_bytes:
        raise InputError(path, f"{_size(info.st_size)}; {kind.a_file} may be {kind.limit_text}")


def special_file(mode: int) -> str:
    """What a file that is neither a regular file nor a folder is, as a message says it.

    >>> import stat
    >>> special_file(stat.S_IFIFO), special_file(stat.S_IFCHR)
    ('a named pipe (FIFO)', 'a device')
    """
    return "a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"


def _size(count: int) -> str:
    return f"{count:,} bytes" if count < _MB else f"{count / _MB:,.1f} MB"


def _os_reason(exc: OSError) -> str:
    if isinstance(exc, PermissionError):
        return "permission denied (you may not read this file)"
    if isinstance(exc, IsADirectoryError):
        return "is a folder, not a file"
    if exc.errno is not None and exc.errno == getattr(os, "ENAMETOOLONG", None):
        return "the path is too long for this system"
    return f"cannot read it ({exc.strerror or exc})"


MAX_SHOWN = 60  # characters of a user's value quoted back in a message
# Unicode categories that print as nothing or a box, or drive a terminal: control, format,
# line and paragraph separators, surrogates, private use, unassigned.
INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def shown(value: object, longest: int = MAX_SHOWN) -> str:
    """``repr``-like quoting of a user's value for a message: control and format characters escaped,
    and cut to ``longest`` characters with the full length said, so nothing a user wrote can flood
    or drive a terminal.

    >>> shown("Ann")
    "'Ann'"
    >>> print(shown("a\\x1b]0;pwned\\x07b"))
    'a\\x1b]0;pwned\\x07b'
    >>> shown("x" * 100, longest=10)
    "'xxxxxxxxxx…' (100 characters)"
    """
    if not isinstance(value, str):
        text = repr(value) if isinstance(value, (int, float, bool, type(None))) else f"a {type(value).__name__}"
        return text if len(text) <= longest else f"{text[:longest]}… ({len(text)} characters)"
    quoted = repr(value[:longest])  # repr escapes every character str.isprintable() refuses
    if len(value) > longest:
        return f"{quoted[:-1]}…{quoted[-1]} ({len(value)} characters)"
    return quoted


def shown_path(path: Path | str, longest: int = 200) -> str:
    """A file's name as a message shows it: control characters escaped, a very long path cut in
    the middle (the end says which file it is).

    >>> print(shown_path("cards/a\\x1b[2Jb.png"))
    cards/a\\x1b[2Jb.png
    >>> len(shown_path("x" * 1000)), shown_path("x" * 1000)[99:102]
    (201, 'x…x')
    """
    text = escape(str(path))
    if len(text) <= longest:
        return text
    half = longest // 2
    return f"{text[:half]}…{text[-half:]}"


def escape(text: str) -> str:
    """``text`` with every control and format character (C0, C1, bidi controls, zero-width) as a
    ``\\x..`` / ``\\u....`` escape.

    >>> escape("tab\\there")
    'tab\\\\x09here'
    """
    import unicodedata

    out = []
    for char in text:
        if unicodedata.category(char) in INVISIBLE:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


__all__ = [
    "INVISIBLE",
    "STDIN",
    "STDIN_NAME",
    "InputError",
    "InputKind",
    "check_file",
    "decode_input",
    "escape",
    "not_utf8",
    "read_input",
    "read_input_text",
    "read_stream",
    "shown",
    "shown_path",
    "special_file",
]
