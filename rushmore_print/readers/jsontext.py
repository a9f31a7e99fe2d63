"""JSON from outside (a manifest, a game log's lines), parsed only once its nesting is known.

Python's parser recurses once per level, so a line of 200,000 brackets costs a deep recursion
(and, as YAML, seconds); :func:`nesting` measures the depth in linear time with a few C regex
passes, stopping at the depth asked about, and :func:`loads` refuses what is deeper than a
format needs before ``json.loads`` sees it. ``NaN``, ``Infinity`` and numbers too big for a
float (``1e999``) are refused too: nothing the toolkit writes holds them; and so is an object that
gives a key twice, which ``json.loads`` reads as the last one given, silently (:class:`KeyTwice`).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .inputs import shown

_ESCAPE = re.compile(r"\\.", re.S)
_STRING = re.compile(r'"[^"]*"')  # once escapes are gone, a string runs to the next quote
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
_CONTAINER_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|[{\[]', re.S)


class JSONError(ValueError):
    """The text is not JSON this toolkit reads; ``str()`` says why in a few words.

    >>> too_deep("[[[1]]]", 2)
    Traceback (most recent call last):
    rushmore_print.readers.jsontext.JSONError: nested more than 2 levels deep
    """


class NotJSON(JSONError):
    """The text is not JSON at all (it may be YAML, or a line cut short).

    >>> too_deep("[[[1]", 5)
    Traceback (most recent call last):
    rushmore_print.readers.jsontext.NotJSON: not JSON
    """


class KeyTwice(JSONError):
    """An object of the text gives one key twice. A manifest's reader reads the text again as
    YAML then, whose reader says on which line.

    >>> loads('{"seed": 4, "seed": 5}', 2)
    Traceback (most recent call last):
    rushmore_print.readers.jsontext.KeyTwice: the key 'seed' is given twice in one object
    """

    def __init__(self, key: str):
        super().__init__(f"the key {shown(key)} is given twice in one object")


def nesting(text: str, most: int) -> int | None:
    """How deep the brackets of a JSON text nest, when at most ``most`` levels; ``None`` when
    deeper (or the brackets do not pair up: then the text is not JSON either).

    >>> nesting('{"a": [[1], "]]]"]}', 5)
    3
    >>> nesting("[[[]]]", 3), nesting("[[[[]]]]", 3), nesting("[[[]]", 3)
    (3, None, None)
    >>> nesting("[" * 100_000 + "]" * 100_000, 5) is None
    True
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    for depth in range(most + 1):
        if not brackets:
            return depth
        if depth == most:
            break
        brackets, found = _INNERMOST.subn("", brackets)  # one level, all through the text
        if not found:
            break  # brackets that do not pair up
    return None


def containers(text: str, most: int) -> int:
    """How many objects and lists a JSON text holds (its ``{`` and ``[`` outside strings), when at
    most ``most``; ``most + 1`` when more. Counted without parsing, one token at a time and no
    further than ``most + 1``: each container costs the parser some 70 bytes, and a ``re.sub``
    over millions of them as much, so a reader bounds the count first (a 39 MB manifest of
    ``{}`` made 13 million dicts, 985 MB).

    >>> containers('{"a": [1, {"b": "[not one]"}], "c": []}', 10), containers("[[[[]]]]", 2)
    (4, 3)
    """
    found = 0
    for token in _CONTAINER_OR_STRING.finditer(text):
        if token.end() - token.start() == 1:  # a bracket: a string is two characters at least
            found += 1
            if found > most:
                break
    return found


def balanced(text: str) -> bool:
    """Whether the brackets outside strings are as many open as closed (a deep text, not a cut one).

    >>> balanced('{"a": ["]"]}'), balanced('{"a": [1, 2')
    (True, False)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    return brackets.count("[") == brackets.count("]") and brackets.count("{") == brackets.count("}")


def loads(text: str, most_nesting: int, measure_first: bool = True) -> Any:
    """``json.loads`` of a text nested at most ``most_nesting`` levels, without ``NaN``,
    ``Infinity`` or infinite numbers. Raises :class:`JSONError` saying what is wrong.

    ``measure_first=False`` leaves the bound to the parser's own (a :class:`JSONError` at about
    a thousand levels, from its recursion check) and to the caller's checks of what it reads:
    for a file of many MB whose measuring would cost a fifth of the reading.

    >>> loads('{"seed": 4}', 2)
    {'seed': 4}
    >>> loads('{"seed": Infinity}', 2)
    Traceback (most recent call last):
    ...
    rushmore_print.readers.jsontext.JSONError: Infinity is not a value a game log or manifest holds
    """
    if measure_first:
        too_deep(text, most_nesting)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite, object_pairs_hook=_each_key_once)
    except JSONError:
        raise
    except RecursionError:
        raise JSONError("nested hundreds of levels deep") from None
    except ValueError:
        raise NotJSON("not JSON") from None


def too_deep(text: str, most_nesting: int) -> None:
    """Raise :class:`JSONError` when the brackets of ``text`` nest deeper than ``most_nesting``
    levels, :class:`NotJSON` when they do not pair up.

    >>> too_deep('{"cards": [{"id": "S01"}]}', 3) is None
    True
    """
    if nesting(text, most_nesting) is None:
        if balanced(text):
            raise JSONError(f"nested more than {most_nesting} levels deep")
        raise NotJSON("not JSON")


def _no_constant(name: str) -> float:
    raise JSONError(f"{name} is not a value a game log or manifest holds")


def _each_key_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    made = dict(pairs)
    if len(made) < len(pairs):
        seen: set[str] = set()
        raise KeyTwice(next(key for key, _ in pairs if key in seen or seen.add(key)))  # type: ignore[func-returns-value]
    return made


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONError(f"{shown(text)} is not a number a game log or manifest holds")
    return value


__all__ = ["JSONError", "KeyTwice", "NotJSON", "balanced", "containers", "loads", "nesting", "too_deep"]
