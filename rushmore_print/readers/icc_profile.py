"""What a designer's ICC profile must be for print (``print.profile``), read from its header and
tag table alone (ICC.1, clause 7): pure, so ``validate`` can name a wrong file at its line.

An output intent needs a CMYK *output* (printer) profile that converts both ways; PDF/X-1a:2003
is PDF 1.4, which reads ICC profiles of version 2 (version 4 needs PDF 1.5). LittleCMS, which
converts the colours at build time, then has the last word (``render.colour``).
"""

from __future__ import annotations

import struct

HEADER_BYTES = 128
# The tags LittleCMS needs to convert sRGB to CMYK and back (the back way: a print shop's soft proof).
NEEDED_TAGS = ((b"A2B0",), (b"B2A0", b"B2A1"), (b"wtpt",))
_CLASSES = {b"scnr": "an input (scanner or camera)", b"mntr": "a display", b"link": "a device-link",
            b"spac": "a colour-space conversion", b"abst": "an abstract", b"nmcl": "a named-colour"}  # fmt: skip


def profile_problem(data: bytes) -> str:
    """'' when ``data`` is a version-2 CMYK output profile whose tags all lie inside the file, else
    what is wrong, as the end of a sentence about the file.

    >>> profile_problem(b"not a profile")
    'is not an ICC profile (13 bytes; a profile starts with a 128-byte header)'
    >>> header = bytearray(132)
    >>> header[0:4] = (132).to_bytes(4, "big"); header[8] = 2; header[36:40] = b"acsp"
    >>> header[12:24] = b"mntrRGB XYZ "
    >>> profile_problem(bytes(header))
    'is a display profile of RGB colours; print needs a CMYK output (printer) profile'
    """
    if len(data) < HEADER_BYTES + 4 or data[36:40] != b"acsp":
        return f"is not an ICC profile ({len(data):,} bytes; a profile starts with a 128-byte header)"
    declared = struct.unpack_from(">I", data, 0)[0]
    if declared > len(data) or declared < HEADER_BYTES + 4:
        return f"is cut short or damaged: its header says {declared:,} bytes, the file has {len(data):,}"
    data = data[:declared]
    device_class, space = data[12:16], data[16:20]
    if device_class != b"prtr" or space != b"CMYK":
        what = _CLASSES.get(device_class, "an output" if device_class == b"prtr" else "an unknown kind of")
        colours = space.decode("latin-1").strip() or "no"
        return f"is {what} profile of {colours} colours; print needs a CMYK output (printer) profile"
    if data[20:24] not in (b"Lab ", b"XYZ "):
        return "has no Lab or XYZ connection space; the profile is damaged"
    if data[8] != 2:
        return (
            f"is an ICC version {data[8]} profile; PDF/X-1a:2003 (PDF 1.4) carries version 2 profiles: "
            "ask the print shop for the version 2 profile of the same condition"
        )
    count = struct.unpack_from(">I", data, HEADER_BYTES)[0]
    if count > (declared - HEADER_BYTES - 4) // 12:
        return f"is damaged: its tag table lists {count:,} tags, more than the file can hold"
    tags = set()
    for number in range(count):
        signature, offset, size = struct.unpack_from(">4sII", data, HEADER_BYTES + 4 + 12 * number)
        if offset + size > declared:
            return f"is damaged: its tag {signature.decode('latin-1')!r} lies past the end of the file"
        tags.add(signature)
    for choices in NEEDED_TAGS:
        if not tags.intersection(choices):
            names = " or ".join(repr(tag.decode("latin-1")) for tag in choices)
            return f"has no {names} tag, which converting colours to it needs; the profile is incomplete"
    return ""


__all__ = ["HEADER_BYTES", "NEEDED_TAGS", "profile_problem"]
