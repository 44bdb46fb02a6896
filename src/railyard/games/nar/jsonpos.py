"""A small JSON reader that remembers on which line every object, field and array item starts.

Python's ``json`` module reports the line of a syntax error but not of a field, so a deck file
with a wrong value could only be blamed as a whole.  This reader returns ordinary ``dict`` and
``list`` subclasses carrying ``line`` (where the value starts), ``key_lines`` (objects: field
name -> line) and ``item_lines`` (arrays: index -> line).
"""
from __future__ import annotations

import bisect
import json
import re
from typing import Any

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"')
_LITERALS = (("true", True), ("false", False), ("null", None))


class JsonPosError(ValueError):
    """A syntax error at ``line`` (1-based)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


class Obj(dict):
    line: int = 0
    key_lines: dict[str, int]


class Arr(list):
    line: int = 0
    item_lines: list[int]


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line(self, pos: int | None = None) -> int:
        return bisect.bisect_right(self.newlines, (self.pos if pos is None else pos) - 1) + 1

    def fail(self, message: str) -> JsonPosError:
        return JsonPosError(self.line(), message)

    def skip(self) -> None:
        self.pos = _WS.match(self.text, self.pos).end()

    def peek(self) -> str:
        return self.text[self.pos:self.pos + 1]

    def value(self, depth: int = 0) -> Any:
        if depth > 64:
            raise self.fail("the data is nested too deeply")
        self.skip()
        ch = self.peek()
        if ch == "{":
            return self.obj(depth)
        if ch == "[":
            return self.arr(depth)
        if ch == '"':
            return self.string()
        m = _NUMBER.match(self.text, self.pos)
        if m:
            if len(m.group()) > 40:
                raise self.fail("a number of more than 40 characters")
            self.pos = m.end()
            return json.loads(m.group())
        for word, val in _LITERALS:
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return val
        if not ch:
            raise self.fail("the text ends where a value was expected")
        raise self.fail(f"unexpected character {ch!r} where a value was expected")

    def string(self) -> str:
        m = _STRING.match(self.text, self.pos)
        if not m:
            raise self.fail("a text in double quotes is not closed or holds a bad escape")
        self.pos = m.end()
        return json.loads(m.group())

    def obj(self, depth: int) -> Obj:
        out = Obj()
        out.line = self.line()
        out.key_lines = {}
        self.pos += 1
        self.skip()
        if self.peek() == "}":
            self.pos += 1
            return out
        while True:
            self.skip()
            if self.peek() != '"':
                raise self.fail("a field name in double quotes was expected")
            key_line = self.line()
            key = self.string()
            if key in out:
                raise JsonPosError(key_line, f"the field '{key}' appears twice")
            self.skip()
            if self.peek() != ":":
                raise self.fail(f"':' was expected after the field name '{key}'")
            self.pos += 1
            out[key] = self.value(depth + 1)
            out.key_lines[key] = key_line
            end_line = self.line()
            self.skip()
            ch = self.peek()
            self.pos += 1
            if ch == "}":
                return out
            if ch != ",":
                self.pos -= 1
                raise self.fail("',' or '}' was expected after the value ending on "
                                f"line {end_line}")

    def arr(self, depth: int) -> Arr:
        out = Arr()
        out.line = self.line()
        out.item_lines = []
        self.pos += 1
        self.skip()
        if self.peek() == "]":
            self.pos += 1
            return out
        while True:
            self.skip()
            out.item_lines.append(self.line())
            out.append(self.value(depth + 1))
            end_line = self.line()
            self.skip()
            ch = self.peek()
            self.pos += 1
            if ch == "]":
                return out
            if ch != ",":
                self.pos -= 1
                raise self.fail(f"',' or ']' was expected after the value ending on "
                                f"line {end_line}")


def loads(text: str) -> Any:
    """Parse JSON text; raises :class:`JsonPosError` naming the line of a syntax error."""
    reader = _Reader(text)
    value = reader.value()
    reader.skip()
    if reader.pos != len(text):
        raise reader.fail("unexpected text after the end of the data")
    return value
