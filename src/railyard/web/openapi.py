"""The OpenAPI 3.1 document of the JSON API, served at ``/openapi.json``."""
from __future__ import annotations

import copy
from typing import Any

BEARER = [{"seatToken": []}]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERR = _json(_ref("Error"), "Error with a machine code and a readable message")
GAME_ID = [{"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}]


#: answers every POST may get from the API guard (web/limits.py)
GUARD = {"415": _json(_ref("Error"), "The body was not sent as application/json"),
         "429": {"description": "Too many requests from this client; nothing was changed",
                 "headers": {"Retry-After": {"schema": {"type": "integer"},
                                             "description": "seconds to wait"}},
                 "content": {"application/json": {"schema": _ref("Error")}}}}


def _op(summary: str, responses: dict[str, Any], body: dict[str, Any] | None = None,
        secure: bool = False, params: list[dict[str, Any]] | None = None,
        post: bool = False) -> dict[str, Any]:
    if body is not None or post:
        responses = {**responses, **GUARD}
    op: dict[str, Any] = {"summary": summary, "responses": responses}
    if body is not None:
        op["requestBody"] = {"required": True,
                             "content": {"application/json": {"schema": body}}}
    if secure:
        op["security"] = BEARER
    if params:
        op["parameters"] = params
    return op


SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error"], "properties": {
        "error": {"type": "object", "properties": {"code": {"type": "string"},
                                                   "message": {"type": "string"}}},
        "reason": {"type": "object", "description": "the engine's IllegalAction as JSON"},
        "state": _ref("GameState")}},
    "Seat": {"type": "object", "required": ["kind"], "properties": {
        "kind": {"enum": ["human", "bot"]}, "name": {"type": "string", "maxLength": 40},
        "bot": {"type": "string", "description": "a bot seat's kind as /api/titles lists "
                "them (bot_kinds), e.g. mcts:hard; default: the title's default bot"},
        "open": {"type": "boolean", "description": "a human seat without a token: anyone "
                 "may join it from the lobby (POST /api/games/{game_id}/join)"}}},
    "NewGame": {"type": "object", "required": ["title", "seats"], "properties": {
        "title": {"type": "string", "example": "chicago-express"},
        "seats": {"type": "array", "items": _ref("Seat")},
        "options": {"type": "object", "description": "uploaded content (a custom deck or "
                    "board) is the option's value: a JSON object or the file's text; the "
                    "whole body is at most 1 MiB"},
        "seed": {"type": "integer", "description": "refused (400 hidden_information) for "
                 "titles with hidden information: the server picks their seed"},
        "hotseat": {"type": "boolean",
                    "description": "also return a host_token acting for every human seat"}}},
    "Created": {"type": "object", "properties": {
        "id": {"type": "string"}, "title": {"type": "string"},
        "tokens": {"type": "array", "items": {"type": "object", "properties": {
            "seat": {"type": "integer"}, "name": {"type": "string"},
            "token": {"type": "string"}}}},
        "host_token": {"type": "string"}, "seats": {"type": "array"}}},
    "GameState": {"type": "object", "properties": {
        "id": {"type": "string"}, "title": {"type": "string"},
        "status": {"enum": ["active", "finished"]},
        "version": {"type": "integer", "description": "entries in the log; send it back"},
        "current_player": {"type": ["integer", "null"]},
        "to_act": {"type": "array", "items": {"type": "string"}},
        "players": {"type": "array"}, "seats": {"type": "array"},
        "view": {"type": "object", "description": "the title's public view; for a seat's "
                 "token of a title with hidden information its private_view(seat)"},
        "viewer": {"type": "integer", "description": "the seat whose private view this is"},
        "my_seats": {"type": "array", "items": {"type": "integer"}},
        "legal": _ref("Legal"),
        "log": {"type": "array", "items": {"type": "string"}},
        "notices": {"type": "array", "description": "undos, for every reader: {after: "
                    "actions in the log then, text}", "items": {"type": "object"}},
        "story": {"type": "array", "description": "the last entries of the game's story: "
                  "one per action and per automatic event", "items": _ref("StoryEntry")},
        "story_count": {"type": "integer", "description": "entries of the whole story"},
        "end": {"type": ["object", "null"], "description": "once the game is over: 'reason' "
                "(why it ended) and 'players' (seat, name, score, winner, parts: [label, "
                "amount] pairs summing to the score)"},
        "result": {"type": ["object", "null"]}}},
    "StoryEntry": {"type": "object", "properties": {
        "i": {"type": "integer", "description": "index of the action that caused it"},
        "seat": {"type": ["integer", "null"], "description": "the acting seat; null for an "
                 "automatic event"},
        "text": {"type": "string"}, "auto": {"type": "boolean"}}},
    "Choice": {"type": "object", "properties": {
        "type": {"type": "string"}, "player": {"type": "integer"}, "fixed": {"type": "object"},
        "ranges": {"type": "object"}, "label": {"type": "string"}}},
    "Legal": {"type": "object", "properties": {
        "version": {"type": "integer"}, "seats": {"type": "array"},
        "choices": {"type": "array", "items": _ref("Choice")},
        "undo": {"type": "boolean", "description": "whether the token may undo now"}}},
    "ActionRequest": {"type": "object", "required": ["version", "action"], "properties": {
        "version": {"type": "integer"},
        "action": {"type": "object", "description": "{type, player, ...} as the engine takes"}}},
    "RoutePicks": {"type": "object", "required": ["routes"], "properties": {
        "routes": {"type": "array", "items": {"type": "object", "properties": {
            "train": {"type": "string"},
            "hexes": {"type": "array", "items": {"type": "string"},
                      "description": "the route's hexes in order, stop to stop"}}}}}},
    "RouteCheck": {"type": "object", "properties": {
        "corporation": {"type": "string"}, "version": {"type": "integer"},
        "trains": {"type": "array", "items": {"type": "object", "properties": {
            "train": {"type": "string"}, "distance": {"type": ["integer", "null"]},
            "hexes": {"type": "array"}, "revenue": {"type": ["integer", "null"]},
            "error": {"type": ["string", "null"]}}}},
        "total": {"type": ["integer", "null"]}, "error": {"type": ["string", "null"]},
        "ok": {"type": "boolean"},
        "routes": {"type": "array", "description": "run_routes' routes ({train, chains})"}}},
    "UndoRequest": {"type": "object", "required": ["version"],
                    "properties": {"version": {"type": "integer"}}},
}

STATE = _json(_ref("GameState"), "Public state of the game")
PATHS: dict[str, Any] = {
    "/api/titles": {"get": _op("Available titles and their options",
                               {"200": _json({"type": "object"}, "Titles")})},
    "/api/games": {
        "get": _op("Games, newest first, with who is to act",
                   {"200": _json({"type": "object"}, "Games")}),
        "post": _op("Create a game; bots act at once",
                    {"201": _json(_ref("Created"), "Created; tokens only here"), "400": ERR,
                     "413": ERR}, _ref("NewGame"))},
    "/api/games/import": {"post": _op(
        "Import a railyard save ({save, seats} or the bare save), at most 2 MB",
        {"201": _json(_ref("Created"), "Imported"), "400": ERR, "413": ERR},
        {"type": "object"})},
    "/api/games/{game_id}": {"get": _op(
        "The state as the token (if any) sees it; legal=1 adds the token's choices",
        {"200": STATE, "404": ERR},
        params=GAME_ID + [{"name": "legal", "in": "query", "schema": {"enum": ["1", "true"]}},
                          {"name": "version", "in": "query", "schema": {"type": "integer"},
                           "description": "the version the live stream announced: a "
                           "worker that has it answers at once, one that does not first "
                           "reads the database"}])},
    "/api/games/{game_id}/log": {"get": _op("The whole readable log",
                                            {"200": _json({"type": "object"}, "Log"),
                                             "404": ERR}, params=GAME_ID)},
    "/api/games/{game_id}/legal": {"get": _op(
        "Legal choices for the token's seat(s)",
        {"200": _json(_ref("Legal"), "Choices"), "401": ERR, "403": ERR, "404": ERR},
        secure=True, params=GAME_ID)},
    "/api/games/{game_id}/actions": {"post": _op(
        "Act for the token's seat at the version seen; the answer is the new state with "
        "'legal', the token's next choices",
        {"200": STATE, "400": ERR, "401": ERR, "403": ERR, "404": ERR,
         "409": _json(_ref("Error"), "Stale version; body holds the current state"),
         "413": ERR, "422": _json(_ref("Error"), "Illegal; the engine's reason, nothing changed")},
        _ref("ActionRequest"), secure=True, params=GAME_ID)},
    "/api/games/{game_id}/undo": {"post": _op(
        "Take back the seat's own last action and the bots' answers to it, while the game "
        "is on and no other human acted since; every reader sees a notice",
        {"200": STATE, "401": ERR, "403": ERR, "409": ERR}, _ref("UndoRequest"), secure=True,
        params=GAME_ID)},
    "/api/games/mine": {"post": _op(
        "The games of a browser ({games: [{id, token}]}): status, whose turn, my_turn",
        {"200": _json({"type": "object"}, "Games"), "400": ERR}, {"type": "object"})},
    "/api/games/{game_id}/join": {"post": _op(
        "Take an open seat ({seat}); its token is returned once",
        {"200": _json({"type": "object"}, "Seat and token"), "400": ERR, "404": ERR,
         "409": ERR}, {"type": "object"}, params=GAME_ID)},
    "/api/games/{game_id}/rematch": {
        "get": _op("The id of the finished game's rematch (null: none yet)",
                   {"200": _json({"type": "object"}, "Rematch"), "404": ERR},
                   params=GAME_ID),
        "post": _op("Start (201) or join (200) the finished game's rematch: same seats and "
                    "bot kinds, a new seed; tokens for the caller's seats",
                    {"200": _json(_ref("Created"), "Joined"),
                     "201": _json(_ref("Created"), "Created"), "401": ERR, "403": ERR,
                     "404": ERR, "409": ERR}, {"type": "object"}, secure=True,
                    params=GAME_ID)},
    "/api/games/{game_id}/routes/check": {"post": _op(
        "18xx: check the trains' routes (hexes in click order) by the engine's rules; "
        "changes nothing",
        {"200": _json(_ref("RouteCheck"), "Revenue per train or the rule broken"),
         "400": ERR, "401": ERR, "403": ERR, "404": ERR,
         "409": _json(_ref("Error"), "No train of the token's seats runs now")},
        _ref("RoutePicks"), secure=True, params=GAME_ID)},
    "/api/games/{game_id}/routes/auto": {"post": _op(
        "18xx: the optimal routes (route optimiser), checked like a player's picks",
        {"200": _json(_ref("RouteCheck"), "Optimal routes"), "401": ERR, "403": ERR,
         "404": ERR, "409": ERR}, secure=True, params=GAME_ID, post=True)},
    "/api/games/{game_id}/export": {"get": _op(
        "The railyard save JSON", {"200": _json({"type": "object"}, "Save"), "404": ERR},
        params=GAME_ID)},
    "/api/games/{game_id}/events": {"get": _op(
        "Server-Sent Events: 'version' whenever the game changes",
        {"200": {"description": "text/event-stream"}, "400": ERR, "404": ERR},
        params=GAME_ID + [{"name": "since", "in": "query", "schema": {"type": "integer"}},
                          {"name": "timeout", "in": "query",
                           "schema": {"type": "number", "exclusiveMinimum": 0,
                                      "maximum": 120}}])},
    "/api/games/{game_id}/board.svg": {"get": _op(
        "The board drawn as SVG", {"200": {"description": "image/svg+xml"}, "404": ERR},
        params=GAME_ID)},
    "/api/games/{game_id}/tile.svg": {"get": _op(
        "One tile drawn in a rotation (titles with tiles), for tile-lay previews",
        {"200": {"description": "image/svg+xml"}, "404": ERR},
        params=GAME_ID + [{"name": "tile", "in": "query", "schema": {"type": "string"}},
                          {"name": "rotation", "in": "query", "schema": {"type": "integer"}}])},
    "/api/games/{game_id}/table": {"get": _op(
        "1830/1870: the 18xx table now or after action 'at' (history; the game is not "
        "changed): map SVG, table and market HTML, the story (each action with the "
        "sentences of what happened)",
        {"200": _json({"type": "object"}, "Table"), "400": ERR, "404": ERR},
        params=GAME_ID + [{"name": "at", "in": "query", "schema": {"type": "integer"}}])},
    "/api/games/{game_id}/decisions": {"get": _op(
        "1830/1870: the seat's decisions in the game's words, grouped, with effects and "
        "the engine's reasons for choices not allowed",
        {"200": _json({"type": "object"}, "Decisions"), "403": ERR, "404": ERR},
        secure=True, params=GAME_ID)},
}


# ---- accounts (issue 23: web/auth.py, web/accounts.py) ----------------------------------
#: a logged-in browser: the session cookie (its state-changing requests also need the
#: session's CSRF token in the header X-CSRF-Token, else 403 "csrf")
SESSION = [{"session": []}]
ACCOUNT_GAME = {"type": "object", "description": "a game as the lobby lists it, with the "
                "account's seats (my_seats), opponents, my_turn, thinking (bots to act), "
                "last_move (ISO time the log last grew) and, when finished, result "
                "(winners, scores, won, place)",
                "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                               "my_seats": {"type": "array", "items": {"type": "integer"}},
                               "opponents": {"type": "array", "items": {"type": "string"}},
                               "my_turn": {"type": "boolean"},
                               "last_move": {"type": "string"},
                               "result": {"type": ["object", "null"]}}}
ACCOUNT_PATHS: dict[str, Any] = {
    "/api/session": {"get": _op(
        "Who is logged in (the session cookie), and the session's CSRF token",
        {"200": _json({"type": "object", "properties": {
            "accounts": {"type": "boolean", "description": "false: accounts are off"},
            "account": {"type": ["object", "null"],
                        "properties": {"name": {"type": "string"}}},
            "csrf": {"type": ["string", "null"]}}}, "Session")})},
    "/api/account/games": {"get": dict(_op(
        "The logged-in account's games, newest first (from any device)",
        {"200": _json({"type": "object", "properties": {"games": {
            "type": "array", "items": ACCOUNT_GAME}}}, "Games"),
         "401": ERR, "404": _json(_ref("Error"), "Accounts are off on this server")}),
        security=SESSION)},
    "/api/open-games": {"get": _op(
        "Active games with a seat anyone may join, filtered (newest first)",
        {"200": _json({"type": "object", "properties": {"games": {"type": "array"}}},
                      "Open games"), "400": ERR},
        params=[{"name": "title", "in": "query", "schema": {"type": "string",
                                                             "maxLength": 60}},
                {"name": "players", "in": "query", "schema": {"type": "integer",
                                                               "minimum": 0,
                                                               "maximum": 99}},
                {"name": "option", "in": "query", "description": "name or name=value; "
                 "repeatable (at most 10)", "schema": {"type": "array", "items": {
                     "type": "string", "maxLength": 60}}, "explode": True}])},
    "/api/games/{game_id}/claim": {"post": dict(_op(
        "Keep the seats of a private link (Authorization: Bearer) in the logged-in account; "
        "the link keeps working",
        {"200": _json({"type": "object", "properties": {
            "id": {"type": "string"}, "seats": {"type": "array",
                                                "items": {"type": "integer"}}}}, "Claimed"),
         "400": ERR, "401": ERR, "403": ERR, "404": ERR,
         "409": _json(_ref("Error"), "A seat belongs to another account"),
         "413": ERR},
        body={"type": "object"}, params=GAME_ID), security=[{"session": [], "seatToken": []}])},
}
#: fields accounts add to request bodies of existing endpoints
ACCOUNT_SEAT_FIELDS = {
    "account": {"type": "string", "description": "invite: the seat belongs to the account "
                "of this name (400 unknown_account if none); not with open"},
    "me": {"type": "boolean", "description": "the logged-in creator's seat (default: the "
           "first human seat neither open nor invited)"}}
ACCOUNT_JOIN_FIELDS = {
    "name": {"type": "string", "maxLength": 40, "description": "the joining player's name "
             "(not logged in); replaces the seat's name while no move was made"}}


def document() -> dict[str, Any]:
    schemas = dict(SCHEMAS)
    seat = dict(schemas["Seat"])
    seat["properties"] = {**seat["properties"], **ACCOUNT_SEAT_FIELDS}
    schemas["Seat"] = seat
    paths = copy.deepcopy({**PATHS, **ACCOUNT_PATHS})
    join = paths.get("/api/games/{game_id}/join", {}).get("post", {})
    body = join.get("requestBody", {}).get("content", {}).get("application/json", {})
    if isinstance(body.get("schema"), dict) and "$ref" not in body["schema"]:
        body["schema"].setdefault("properties", {}).update(ACCOUNT_JOIN_FIELDS)
    return {"openapi": "3.1.0",
            "info": {"title": "railyard game server", "version": "1"},
            "paths": paths,
            "components": {"schemas": schemas, "securitySchemes": {
                "seatToken": {"type": "http", "scheme": "bearer",
                              "description": "the secret token of a seat (or the host token)"},
                "session": {"type": "apiKey", "in": "cookie", "name": "railyard_session",
                            "description": "a logged-in browser (accounts, /login); with it "
                            "every POST also needs the header X-CSRF-Token (the session's "
                            "token: /api/session or the page's csrf-token meta), else 403 "
                            "csrf. It acts for the account's seats in every game."}}}}
