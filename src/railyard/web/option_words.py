"""A title's options as the new-game page tells them: the description in a player's words
(the rule it changes named apart, no engine names, no "False"), and whether the option is
one of 18xx.games' ways of playing (the page keeps those apart, as the import sets them)."""
from __future__ import annotations

import re
from typing import Any

#: the rule reference a description opens with: "26.0", "24.0c, 25.0", "11.2 (b)", "9.6.8
#: variant (Bahnhofsmarker-Kämpfe)", "7.3.4, 18xx.games profile", "6.2.2 original rules"
_LEAD = re.compile(
    r"^(?P<rule>\d+(?:\.\d+)*[a-z]?(?: \([a-z]\))?(?:, \d+(?:\.\d+)*[a-z]?(?: \([a-z]\))?)*)"
    r"(?P<kind> variant| original rules)?(?: \((?P<german>[^)]*)\))?"
    r"(?:, 18xx\.games profile)?: ")
#: "(18xx.games: optional_6_train)", "(18xx.games: finish_on_400; ends right after ...)",
#: "(18xx.games option)"
_SITE_NAME = re.compile(r"\s*\(18xx\.games(?::\s*[a-z0-9_]+)?(?: option)?(?P<rest>;[^)]*)?\)")
_SITE_INNER = re.compile(r";\s*18xx\.games:\s*[a-z0-9_]+")
_OFF = re.compile(r"\((?:False|false): ")


def option_words(name: str, label: str, description: str,
                 labels: dict[str, str] | None = None) -> dict[str, Any]:
    """``{"text", "rule", "site"}`` of one option: ``text`` what it does, ``rule`` the
    rulebook section it changes ("" if none), ``site`` whether it is one of 18xx.games'
    ways of playing (its label says so, or its text: "as 18xx.games plays", "18xx.games
    profile"); ``labels``: the title's option names with their labels, for a description
    that names other options."""
    text, rule = description.strip(), ""
    site = ("(18xx.games)" in label or "18xx.games profile" in description
            or "as 18xx.games plays" in description)
    m = _LEAD.match(text)
    if m:
        rule = m.group("rule")
        if m.group("kind"):
            rule += m.group("kind")
        if m.group("german"):
            rule += f" “{m.group('german')}”"
        text = text[m.end():]

    def keep_rest(match: re.Match[str]) -> str:
        rest = (match.group("rest") or "").lstrip("; ")
        return f" ({rest})" if rest else ""

    text = _SITE_NAME.sub(keep_rest, _SITE_INNER.sub("", text))
    for other, shown in (labels or {}).items():
        text = re.sub(rf"\b{re.escape(other)}\b", f"“{shown}”", text)
    text = _OFF.sub("(unticked: ", text)
    text = re.sub(r"\b(true|True)\b", "ticked", text)
    text = re.sub(r"\b(false|False)\b", "unticked", text)
    if text[:1].islower():
        text = text[0].upper() + text[1:]
    return {"text": text, "rule": rule, "site": site}
