import pytest

from rushmore_print.units import parse_length


@pytest.mark.parametrize(
    "text, mm",
    [
        ("63.5mm", 63.5),
        ("2.5in", 63.5),
        ("0.125in", 3.175),
        ("1cm", 10.0),
        ("72pt", 25.4),
        ("3", 3.0),
        (4, 4.0),
        (2.5, 2.5),
        (" 3 mm ", 3.0),
        (".5in", 12.7),
    ],
)
def test_lengths_convert_to_millimetres(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("bad", ["3furlongs", "", "1e3mm", "__import__('os')", "-3mm", -1, True, None, [3]])
def test_bad_lengths_are_refused_with_the_allowed_units(bad):
    with pytest.raises(ValueError) as info:
        parse_length(bad)
    assert "mm" in str(info.value)
