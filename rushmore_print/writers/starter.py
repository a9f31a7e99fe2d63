"""``rushmore init``: a design to start from, written from the example designs the package ships.

The examples (``classic``, ``junior``, ``five``, ``eight``) are package data (``designs/`` at the
top of the repository, shipped as ``rushmore_print.designs``: real files, no link), so a user who
installed the wheel has them too. A starter is the
example with a header of comments saying what to change and how to check it, and an ``art/``
folder beside it for head art. Nothing is ever overwritten: a folder that already holds a
design (or an ``art/`` entry of the same name) is refused, and nothing is written.
"""

from __future__ import annotations

import enum
import os
from pathlib import Path

from ..errors import BuildError
from ..frozen import frozen_dataclass
from ..package_data import DESIGNS, shipped
from ..readers.inputs import shown_path


class Example(enum.Enum):
    """The example designs a starter can come from (their files in ``designs/``).

    >>> [example.value for example in Example]
    ['classic', 'junior', 'five', 'eight']
    """

    CLASSIC = "classic"
    JUNIOR = "junior"
    FIVE = "five"
    EIGHT = "eight"

    def text(self) -> str:
        """The example design as shipped.

        >>> Example.JUNIOR.text().splitlines()[1]
        'name: Rushmore Junior'
        """
        return shipped(f"{self.value}.yaml", DESIGNS).read_text("utf-8")


DESIGN_FILE = "design.yaml"
ART_FOLDER = "art"
_HEADER = """\
# A rushmore-print design, started from the {example} example (rushmore init --from {example}).
#
# Change the name, the heads (a name and a look each: tied, wavy, spectacles, beard, ...), the
# two directions and the numbers of Search cards; every key is in the docs, "The design file".
# Head art of your own goes in art/ beside this file, a head then says where, e.g.
#   - {{name: Washington, art: art/washington.png}}     # PNG, JPEG, WebP or SVG, facing {first}
# Check it, then print it:
#   rushmore validate {design}
#   rushmore build {design}
#
"""
_ART_NOTE = """\
Head art for this design: PNG, JPEG, WebP or SVG images of a head facing {first}.
A head uses one with `art: art/NAME.png` in the design; art may not reach outside the design's folder.
"""


@frozen_dataclass
class Started:
    """What ``init`` wrote: the design file and the art folder.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> started = start_design(Path(folder.name), Example.FIVE)
    >>> started.design.name, started.art.is_dir()
    ('design.yaml', True)
    >>> folder.cleanup()
    """

    design: Path
    art: Path


def start_design(folder: Path, example: Example = Example.CLASSIC) -> Started:
    """Write ``folder/design.yaml`` (the ``example`` design with a commented header) and
    ``folder/art/`` (with a note on what goes there); refuse, writing nothing, if either is there.

    >>> import tempfile
    >>> root = tempfile.mkdtemp()
    >>> started = start_design(Path(root) / "mine", Example.JUNIOR)
    >>> started.design.name, started.art.name, started.design.read_text().count("name: Rushmore Junior")
    ('design.yaml', 'art', 1)
    >>> start_design(Path(root) / "mine")
    Traceback (most recent call last):
    ...
    rushmore_print.errors.BuildError: .../mine/design.yaml: already exists; init never overwrites a file: ...
    """
    # Here, not above: the CLI reads Example for every command's start-up, and only init writes
    # or reads a design (the design reader pulls in the SVG, font and language modules).
    from ..design import parse_design
    from .files import atomic_write

    design, art = folder / DESIGN_FILE, folder / ART_FOLDER
    for taken in (design, art / "README.txt"):
        if os.path.lexists(taken):
            raise BuildError(
                f"{shown_path(taken)}: already exists; init never overwrites a file: give another folder "
                "(rushmore init FOLDER) or remove it"
            )
    if os.path.lexists(art) and not art.is_dir():
        raise BuildError(f"{shown_path(art)}: already exists and is not a folder; give another folder")
    text = example.text()
    first = parse_design(text, example.value, base_dir=None).directions[0]
    header = _HEADER.format(example=example.value, first=first, design=design.as_posix())
    atomic_write(design, (header + text).encode("utf-8"))
    atomic_write(art / "README.txt", _ART_NOTE.format(first=first).encode("utf-8"))
    return Started(design, art)


__all__ = ["Example", "Started", "start_design"]
