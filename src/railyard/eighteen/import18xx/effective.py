"""Section 4 of the export notes: which entries of an export are in force after undo and
redo."""
from __future__ import annotations

from .errors import ExportError


def effective_actions(entries: list[dict]) -> list[dict]:
    live: dict[int, bool] = {}
    stack: list[list[int]] = []
    by_id = {}
    for i, e in enumerate(entries):
        if "id" in e:
            by_id[e["id"]] = i
    for i, e in enumerate(entries):
        t = e.get("type")
        if t == "message":
            live[i] = True
            continue
        if t == "undo":
            # the last action in force, all of them (``action_id`` 0), or those after one
            target = e.get("action_id")
            if target not in (None, 0) and target not in by_id:
                raise ExportError(f"Action {e.get('id')}: undo to unknown action {target}.")
            first = 0 if target in (None, 0) else by_id[target] + 1
            group = [j for j in range(first, i)
                     if live.get(j) and entries[j].get("type") != "message"]
            if target is None:
                group = group[-1:]
            for j in group:
                live[j] = False
            stack.append(group)
            continue
        if t == "redo":
            if not stack:
                raise ExportError(f"Action {e.get('id')}: redo with nothing to redo.")
            for j in stack.pop():
                live[j] = True
            continue
        live[i] = True
        stack.clear()
    return [entries[i] for i in range(len(entries)) if live.get(i)]
