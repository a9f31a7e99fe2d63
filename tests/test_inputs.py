"""The trust boundary: special files, links and oversized files are refused at once, by name."""

from __future__ import annotations

import os
import threading

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.readers.inputs import InputError, InputKind, read_input, read_input_text, shown


def test_a_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "card.png"
    os.mkfifo(fifo)
    done = threading.Event()
    outcome: list[str] = []

    def read() -> None:
        try:
            read_input(fifo, InputKind.CARD_IMAGE)
        except InputError as exc:
            outcome.append(str(exc))
        done.set()

    threading.Thread(target=read, daemon=True).start()
    assert done.wait(5), "reading a FIFO blocked"
    assert outcome == [f"{fifo}: is a named pipe (FIFO), not a card image file"]


def test_a_link_to_a_device_is_refused(tmp_path):
    link = tmp_path / "design.yaml"
    link.symlink_to("/dev/zero")
    with pytest.raises(InputError, match="is a device, not a design file"):
        read_input(link, InputKind.DESIGN)


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(InputKind.DESIGN.most_bytes + 1)  # sparse: nothing is written
    with pytest.raises(InputError, match=r"1\.0 MB; a design file may be at most 1 MB"):
        read_input(big, InputKind.DESIGN)


def test_a_folder_and_a_missing_file(tmp_path):
    with pytest.raises(InputError, match="is a folder, not a manifest file"):
        read_input(tmp_path, InputKind.MANIFEST)
    with pytest.raises(InputError, match="no such font file"):
        read_input(tmp_path / "gone.ttf", InputKind.FONT)


def test_text_that_is_not_utf8_names_line_and_byte(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_bytes(b"name: x\nheads: \xff\n")
    with pytest.raises(InputError, match=r"line 2: byte 16 \(0xff\) is not UTF-8"):
        read_input_text(path, InputKind.DESIGN)


def test_values_quoted_back_are_cut_and_escaped():
    assert shown("\x1b]0;title\x07") == repr("\x1b]0;title\x07")
    assert "\x1b" not in shown("\x1b]0;title\x07")
    assert shown("y" * 5000).endswith("(5000 characters)")
    assert len(shown("y" * 5000)) < 100


@pytest.mark.parametrize("command", [["validate"], ["build", "-o", "out"], ["cards"]])
def test_the_cli_refuses_dev_zero_as_a_design(runner, command):
    result = runner.invoke(cli, [*command, "/dev/zero"])
    assert result.exit_code == 1
    assert result.stderr == "error: /dev/zero: is a device, not a design file\n"


def test_the_design_file_page_states_every_limit():
    from .docpages import page

    text = page("reference/design-file.md")
    table = text[text.index("| file | at most |") :].split("\n\n")[0]
    rows = table.splitlines()[2:]
    assert len(rows) == len(InputKind)
    for kind, row in zip(InputKind, rows):
        assert f"| {kind.most_bytes // 1_000_000} MB" in row, (kind, row)
