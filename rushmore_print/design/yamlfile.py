"""The line-tracking YAML reader: a design file's text in, plain values and every key's line out.

This is the only module that imports ``yaml``. It reads safely (no tags beyond plain mappings
and lists, no anchors or aliases, nesting bounded) and turns every failure into a located
:class:`SpecError`. Key paths number list items from 1 (``heads.3.name``), as a designer counts.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml

from ..errors import Problem, SpecError
from ..readers.inputs import shown

MAX_DEPTH = 12  # a design nests 4 levels at most; anything deeper is a mistake or an attack


MAP_TAG = "tag:yaml.org,2002:map"
SEQ_TAG = "tag:yaml.org,2002:seq"
MERGE_TAG = "tag:yaml.org,2002:merge"


def read_yaml(text: str, file: str) -> tuple[Any, dict[tuple, int]]:
    """Parse YAML safely; return the value and the line (1-based) of every key path.

    Raises ``SpecError`` (file, line, key) for what a design may not hold: anchors and aliases,
    tags, nesting past ``MAX_DEPTH``, a NUL character, or YAML that does not parse.

    >>> value, lines = read_yaml("name: Five\\nheads:\\n  - Ann\\n  - {name: Bob}\\n", "five.yaml")
    >>> value
    {'name': 'Five', 'heads': ['Ann', {'name': 'Bob'}]}
    >>> lines[("heads", 2, "name")]
    4
    >>> read_yaml("a: &x 1\\nb: *x\\n", "a.yaml")
    Traceback (most recent call last):
    rushmore_print.errors.SpecError: a.yaml:1: anchors and aliases (&x) are not allowed in a design; write the value out
    """
    import yaml  # here, not at the top: commands that read no design (help, impose) never load it

    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        hint = "; it looks like UTF-16: save it as UTF-8" if text.count("\x00") > len(text) // 4 else ""
        raise SpecError([Problem(file, line, "", f"contains a NUL character, which a design cannot hold{hint}")])
    loader = _loader(yaml, text)
    lines: dict[tuple, int] = {}
    problems: list[Problem] = []
    seen: set[int] = set()

    def construct(node: yaml.Node, path: tuple) -> Any:
        if node.tag == MERGE_TAG:  # PyYAML's safe constructor merges only inside mappings it builds
            message = "merge keys (<<) are not allowed in a design; write the keys out"
            raise SpecError([Problem(file, node.start_mark.line + 1, dotted(path), message)])
        if node.tag not in loader.yaml_constructors:  # a tag of the writer's own (!foo): nothing reads it
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            message = f"the tag {shown(tag)} is not allowed in a design; write a plain value"
            raise SpecError([Problem(file, node.start_mark.line + 1, dotted(path), message)])
        try:
            return loader.construct_object(node, deep=True)
        except ValueError:  # an integer of more than 4300 digits, a date out of range...
            message = "this value cannot be read (a number of more than 4300 digits?); give an ordinary number"
            raise SpecError([Problem(file, node.start_mark.line + 1, dotted(path), message)]) from None

    def walk(node: yaml.Node, path: tuple) -> Any:
        lines.setdefault(path, node.start_mark.line + 1)
        # An alias is the same node met again: refusing it keeps reading in proportion to the
        # file (a "billion laughs" file would otherwise expand each alias again, without end).
        line = node.start_mark.line + 1
        if id(node) in seen:
            message = "aliases (*name) are not allowed in a design; write the value out"
            raise SpecError([Problem(file, line, dotted(path), message)])
        seen.add(id(node))
        if len(path) > MAX_DEPTH:
            message = f"nested more than {MAX_DEPTH} levels deep; a design needs at most 4"
            raise SpecError([Problem(file, line, dotted(path[:MAX_DEPTH]), message)])
        if not isinstance(node, yaml.ScalarNode) and node.tag not in (MAP_TAG, SEQ_TAG):
            # !!omap, !!pairs, !!set...: the safe constructor would build them whole, past the
            # checks here; a design needs only plain mappings and lists.
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            message = f"the tag {shown(tag)} is not allowed in a design; write a plain mapping or list"
            raise SpecError([Problem(file, line, dotted(path), message)])
        if node.tag not in (MAP_TAG, SEQ_TAG):
            # Scalars go through the safe constructor, which refuses tags such as !!python/object
            # with a marked error.
            return construct(node, path)
        if isinstance(node, yaml.MappingNode):
            result: dict = {}
            for key_node, value_node in node.value:
                key = construct(key_node, path)
                if not isinstance(key, (str, int, float, bool)) or key is None:
                    problems.append(
                        Problem(file, key_node.start_mark.line + 1, dotted(path), "keys must be plain words or numbers")
                    )
                    continue
                if key in result:
                    problems.append(
                        Problem(file, key_node.start_mark.line + 1, dotted(path + (key,)), "this key is given twice")
                    )
                lines[path + (key,)] = key_node.start_mark.line + 1
                result[key] = walk(value_node, path + (key,))
            return result
        return [walk(item, path + (i + 1,)) for i, item in enumerate(node.value)]

    try:
        _refuse_anchors(yaml, text, file)
        root = loader.get_single_node()
        value = None if root is None else walk(root, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = mark.line + 1 if mark else None
        column = f" (column {mark.column + 1})" if mark else ""
        what = exc.problem or exc.context or "invalid YAML"
        if mark is not None and _char_at(text, mark.line, mark.column) == "\t":
            what = "a tab; YAML indents with spaces only (set your editor to insert spaces)"
        raise SpecError([Problem(file, where, "", f"not valid YAML{column}: {what}")]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(file, None, "", f"not valid YAML: {exc}")]) from None
    except RecursionError:  # the YAML composer recurses once a level: hundreds of levels end here
        message = f"nested hundreds of levels deep; a design needs at most 4 (at most {MAX_DEPTH} are read)"
        stopped = getattr(loader, "line", None)  # the Python reader's line (libyaml's has none)
        deep_at = _deep_line(text) or (stopped + 1 if stopped is not None else None)
        raise SpecError([Problem(file, deep_at, "", message)]) from None
    finally:
        loader.dispose()
    if problems:
        raise SpecError(problems)
    return value, lines


def _char_at(text: str, line: int, column: int) -> str:
    """The character at a YAML mark's line and column (both from 0), or '' past the text.

    >>> _char_at("a: 1\\n\\tb: 2\\n", 1, 0)
    '\\t'
    """
    lines = text.split("\n")
    return lines[line][column : column + 1] if line < len(lines) else ""


def _refuse_anchors(yaml: Any, text: str, file: str) -> None:
    """No anchor (``&name``) and no alias (``*name``) anywhere, whatever the tags around them: an
    alias makes one value stand for many, so a short file could expand without end. Only a file
    that holds ``&`` or ``*`` at all is scanned (a quick look at its tokens, not a second parse)."""
    if "&" not in text and "*" not in text:
        return
    scanner = _loader(yaml, text)
    try:
        while (token := scanner.get_token()) is not None:
            if isinstance(token, (yaml.AnchorToken, yaml.AliasToken)):
                sign = "&" if isinstance(token, yaml.AnchorToken) else "*"
                message = f"anchors and aliases ({sign}{token.value}) are not allowed in a design; write the value out"
                raise SpecError([Problem(file, token.start_mark.line + 1, "", message)])
    finally:
        scanner.dispose()


_C_PARSER_MOST_DEPTH = 2000  # libyaml's C recursion crashes the process somewhere past 20,000 levels
_FLOW_BRACKET = re.compile(r"[\[\]{}]")


def _loader(yaml: Any, text: str) -> Any:
    """libyaml's loader (the same nodes and marks, 5x faster) for a file that cannot nest deeply;
    else the pure-Python one. libyaml composes nested nodes by C recursion, which crashes the
    process somewhere past 20,000 levels, where the Python loader raises RecursionError."""
    c_loader = getattr(yaml, "CSafeLoader", None)  # PyYAML built without libyaml has none
    if c_loader is not None and nesting_bound(text) <= _C_PARSER_MOST_DEPTH:
        return c_loader(text)
    return yaml.SafeLoader(text)


def nesting_bound(text: str) -> int:
    """At least as deep as the YAML of ``text`` nests, read without parsing it. A block level
    needs a column of indentation or an indicator (``-``, ``?``, ``:``) on its line, a sequence
    under a key may share the key's column (so a column or an indicator holds two levels at
    most), and each flow bracket opens one; a bracket or indicator inside a string counts too,
    which only raises the bound. (Counting every indicator of the file instead sent a list of
    100,000 items to the Python reader: 4 s for a 1 MB design, 0.4 s with libyaml's.)

    >>> nesting_bound("a:\\n- b: [1, [2]]\\n"), nesting_bound("[" * 5000) >= 5000
    (7, True)
    >>> nesting_bound("".join(f"- {i}\\n" for i in range(100_000)))
    3
    """
    block = 0
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip(" "))
        block = max(block, 2 * (indent + line.count("-") + line.count("?") + line.count(":")) + 1)
    flow = deepest = 0
    for bracket in _FLOW_BRACKET.finditer(text):
        flow += 1 if bracket.group() in "[{" else -1
        deepest = max(deepest, flow)
    return block + deepest


def _deep_line(text: str) -> int | None:
    """The line where brackets first nest deeper than anything a design needs (quotes ignored)."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        for char in line:
            depth += (char in "[{") - (char in "]}")
            if depth > MAX_DEPTH:
                return number
    return None


def dotted(path: tuple) -> str:
    """A key path as a designer writes it.

    >>> dotted(("heads", 3, "name"))
    'heads.3.name'
    """
    return ".".join(str(part) for part in path)


__all__ = ["MAX_DEPTH", "dotted", "nesting_bound", "read_yaml"]
