"""The date every PDF records: ``SOURCE_DATE_EPOCH`` when given, else a fixed one.

Rebuilds stay byte-identical either way: the date never comes from the clock. A publisher who
wants a true date (a prepress operator reads it) sets ``SOURCE_DATE_EPOCH``, as the
reproducible-builds convention has it: whole seconds since 1970-01-01 UTC, as ``date +%s`` prints.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping

from ..errors import BuildError

VARIABLE = "SOURCE_DATE_EPOCH"
FIXED_EPOCH = 946_684_800  # 2000-01-01 00:00 UTC, reportlab's invariant date: today's files unchanged
LATEST_EPOCH = 253_402_300_799  # 9999-12-31 23:59:59 UTC: a PDF date has four year digits


def source_date_epoch(environ: Mapping[str, str] | None = None) -> int | None:
    """The seconds ``SOURCE_DATE_EPOCH`` gives, or None when it is unset or empty.

    >>> source_date_epoch({"SOURCE_DATE_EPOCH": "1764547200"}), source_date_epoch({})
    (1764547200, None)
    >>> source_date_epoch({"SOURCE_DATE_EPOCH": "yesterday"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rushmore_print.errors.BuildError: SOURCE_DATE_EPOCH: 'yesterday' is not a date: give whole seconds ...
    """
    text = (os.environ if environ is None else environ).get(VARIABLE, "").strip()
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or int(text) > LATEST_EPOCH:
        raise BuildError(
            f"{VARIABLE}: {text!r} is not a date: give whole seconds since 1970-01-01 UTC, as `date +%s` "
            f"prints (0 to {LATEST_EPOCH}), or unset it for the fixed date 2000-01-01"
        )
    return int(text)


def pdf_date(epoch: int) -> str:
    """A PDF date string (UTC), as reportlab writes it.

    >>> pdf_date(FIXED_EPOCH)
    "D:20000101000000+00'00'"
    """
    return time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(epoch))


def document_epoch() -> int:
    """The date for the PDFs of this run: ``SOURCE_DATE_EPOCH``'s, else :data:`FIXED_EPOCH`.

    >>> document_epoch() == (source_date_epoch() or FIXED_EPOCH), pdf_date(FIXED_EPOCH)
    (True, "D:20000101000000+00'00'")
    """
    given = source_date_epoch()
    return FIXED_EPOCH if given is None else given


__all__ = ["document_epoch", "pdf_date", "source_date_epoch"]
