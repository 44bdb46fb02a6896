"""The OpenAPI 3.1 document of the JSON API, served at ``/openapi.json``."""
from __future__ import annotations

import copy
from typing import Any

#: a seat's token, or a logged-in browser's session cookie (it acts for the account's seats)
BEARER = [{"seatToken": []}, {"session": []}]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERR = _json(_ref("Error"), "Error with a machine code and a readable message")
GAME_ID = [{"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}]
#: the largest whole number a query parameter or body field takes (18 digits)
BIG = 10 ** 18 - 1
#: an operation open to everyone that reads a seat's token when one is sent
OPTIONAL_TOKEN = [{}, {"seatToken": []}, {"session": []}]
#: an operation open to everyone that reads the session cookie when one is sent
OPTIONAL_SESSION = [{}, {"session": []}]
#: answers of every operation with a body: malformed JSON, text that cannot be stored,
#: a body not as described (400), too large (413), too slow (408)
BODY_ERRORS = {"400": ERR, "408": _json(_ref("Error"), "The body did not arrive in time "
                                               "(RAILYARD_BODY_TIMEOUT); the connection is "
                                               "closed"),
               "413": ERR}
#: a state-changing request with the session cookie but without its CSRF token (web/auth.py)
CSRF = _json(_ref("Error"), "Forbidden: csrf (the session cookie came without the header "
             "X-CSRF-Token), or the seat or token may not do this")


#: answers every POST may get from the API guard (web/limits.py)
GUARD = {"415": _json(_ref("Error"), "The body was not sent as application/json"),
         "429": {"description": "Too many requests from this client; nothing was changed",
                 "headers": {"Retry-After": {"schema": {"type": "integer"},
                                             "description": "seconds to wait"}},
                 "content": {"application/json": {"schema": _ref("Error")}}}}


def _op(summary: str, responses: dict[str, Any], body: dict[str, Any] | None = None,
        secure: bool = False, params: list[dict[str, Any]] | None = None,
        post: bool = False, optional_token: bool = False,
        refused: str = "") -> dict[str, Any]:
    """``refused``: the 400 codes of rules the schemas cannot state (JSON Schema cannot
    say "names must differ" or "a seat number of this game"), named in the 400 answer's
    description."""
    # every request may carry text that cannot be stored (400 bad_text, web/limits.py)
    responses = {"400": _refused(refused, body is not None or post), **responses}
    if body is not None or post:
        responses = {**responses, **BODY_ERRORS, **GUARD, "400": responses["400"]}
        responses.setdefault("403", CSRF)       # a session cookie without its CSRF token
    op: dict[str, Any] = {"summary": summary, "responses": responses}
    if body is not None:
        op["requestBody"] = {"required": True,
                             "content": {"application/json": {"schema": body}}}
    if secure:
        op["security"] = BEARER
    elif optional_token:
        op["security"] = OPTIONAL_TOKEN
    elif body is not None or post:
        op["security"] = OPTIONAL_SESSION     # a logged-in creator or joiner
    else:
        op["security"] = []
    if params:
        op["parameters"] = params
    return op


def _refused(rules: str, body: bool) -> dict[str, Any]:
    """The 400 answer: the codes every request may get, and ``rules``."""
    words = ("Refused, nothing changed; error.code says why: bad_text (text that cannot be "
             "stored), malformed (a parameter not as described)")
    if body:
        words += (", malformed_json (not JSON), malformed or the field's code (a body not "
                  "as described)")
    if rules:
        words += "; rules the schema cannot state: " + rules
    return _json(_ref("Error"), words)


def _query(name: str, schema: dict[str, Any], description: str = "") -> dict[str, Any]:
    out = {"name": name, "in": "query", "schema": schema}
    if description:
        out["description"] = description
    return out


def _titles() -> list[str]:
    """Every slug the server takes: the available titles and their former slugs
    (``TitleInfo.aliases``, e.g. ``six-companies`` for American Rails)."""
    from ..engine.registry import available
    infos = available()
    return sorted(set(infos) | {a for info in infos.values() for a in info.aliases})


def _schemas() -> dict[str, Any]:
    """The components' schemas (the request bodies' are also what web/api.py checks bodies
    against: :func:`validator`)."""
    out = {
    "Error": {"type": "object", "required": ["error"], "properties": {
        "error": {"type": "object", "required": ["code", "message"], "properties": {
            "code": {"type": "string"}, "message": {"type": "string"}}},
        "reason": {"type": "object", "description": "the engine's IllegalAction as JSON"},
        "state": _ref("GameState")}},
    "Seat": {"type": "object", "required": ["kind"], "properties": {
        "kind": {"enum": ["human", "bot"]},
        "name": {"type": ["string", "null"], "description": "spaces are joined, at most 40 "
                 "characters are kept; empty or null: 'Player N' / 'Bot N'; names must "
                 "differ (400 otherwise)"},
        "bot": {"type": ["string", "null"], "maxLength": 40,
                "description": "a bot seat's kind as /api/titles lists them (bot_kinds) for "
                "the title (400 otherwise), e.g. mcts:hard; default: the title's default "
                "bot; ignored for a human seat"},
        "open": {"type": "boolean", "description": "a human seat without a token: anyone "
                 "may join it from the lobby (POST /api/games/{game_id}/join)"}}},
    "NewGame": {"type": "object", "required": ["title", "seats"], "properties": {
        "title": {"enum": _titles(), "example": "chicago-express"},
        "seats": {"type": "array", "items": _ref("Seat"), "minItems": 1, "maxItems": 16,
                  "description": "as many as the title's players (/api/titles: min_players "
                  "to max_players; 400 otherwise)"},
        "options": {"type": "object", "description": "the title's options (/api/titles), "
                    "each a value of its choices (400 otherwise); uploaded content (a "
                    "custom deck or board) is the option's value: a JSON object or the "
                    "file's text; the whole body is at most 1 MiB"},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2 ** 63 - 1,
                 "description": "refused (400 hidden_information) for titles with hidden "
                 "information: the server picks their seed"},
        "hotseat": {"type": "boolean",
                    "description": "also return a host_token acting for every human seat "
                    "(400 with an open seat)"}}},
    "ImportRequest": {"type": "object", "description": "a railyard save (its 'format' field "
                      "marks it) or {save, seats, hotseat}; the save must replay (400 "
                      "otherwise)", "properties": {
        "save": {"type": "object"},
        "seats": {"type": ["array", "null"], "items": _ref("Seat"), "maxItems": 16},
        "hotseat": {"type": "boolean"}}},
    "Created": {"type": "object", "required": ["id", "title", "tokens", "seats"],
                "properties": {
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
        "version": {"type": "integer", "description": "the version seen (409 stale if the "
                    "game is at another)"},
        "action": {"type": "object", "required": ["type"], "properties": {
            "type": {"type": "string"}, "player": {"type": "integer"}},
            "description": "{type, player, ...} as the engine takes; an action the rules "
            "do not allow is a 422 with the engine's reason"}}},
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
                    "properties": {"version": {"type": "integer", "description": "the "
                                               "version seen (409 stale otherwise)"}}},
    "MineRequest": {"type": "object", "required": ["games"], "properties": {
        "games": {"type": "array", "maxItems": 200, "items": {
            "type": "object", "required": ["id", "token"], "properties": {
                "id": {"type": "string", "minLength": 1, "maxLength": 64},
                "token": {"type": "string", "maxLength": 200}}}}}},
    "JoinRequest": {"type": "object", "required": ["seat"], "properties": {
        "seat": {"type": "integer", "minimum": 0, "maximum": BIG,
                 "description": "a seat number of the game (400 otherwise)"}}},
    "Empty": {"type": "object", "description": "an object; its fields are not read"},
    **CHAT_SCHEMAS,
    }
    # accounts (issue 23, part A): the fields they add to the bodies above
    out["Seat"]["properties"].update(ACCOUNT_SEAT_FIELDS)
    out["JoinRequest"]["properties"].update(ACCOUNT_JOIN_FIELDS)
    return out


# ---- chat (web/chat.py) ------------------------------------------------------------------
#: longest chat message (characters) and messages a seat may send per minute
CHAT_MAX = 500
CHAT_PER_MINUTE = 10
#: a chat message as the server takes it: something not blank, no control character (Cc)
#: but tab, line feed and carriage return
_CC = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
CHAT_PATTERN = rf"^[^{_CC}]*[^\s{_CC}][^{_CC}]*$"
CHAT_SCHEMAS: dict[str, Any] = {
    "ChatPost": {"type": "object", "required": ["text"], "properties": {
        "text": {"type": "string", "minLength": 1, "maxLength": CHAT_MAX,
                 "pattern": CHAT_PATTERN,
                 "description": "the message: not only blanks (400 empty_message), no "
                 "control characters other than line breaks and tabs (400 bad_text)"},
        "seat": {"type": "integer", "minimum": 0, "maximum": BIG,
                 "description": "which of the token's seats speaks (a hotseat host token "
                 "holds several; default: its first)"}}},
    "ChatMessage": {"type": "object", "required": ["id", "seat", "name", "text", "at"],
                    "properties": {
        "id": {"type": "integer", "description": "1, 2, ... per game"},
        "seat": {"type": "integer"}, "name": {"type": "string"},
        "text": {"type": "string"}, "at": {"type": "string", "description": "UTC time"}}},
    "Chat": {"type": "object", "required": ["messages", "last", "can_write"], "properties": {
        "messages": {"type": "array", "items": _ref("ChatMessage")},
        "last": {"type": "integer", "description": "the id of the newest message (0: none)"},
        "can_write": {"type": "boolean", "description": "whether the token holds a seat"},
        "my_seats": {"type": "array", "items": {"type": "integer"},
                     "description": "the token's seats (empty for spectators)"},
        "max_length": {"type": "integer"}}},
}
CHAT_PATHS: dict[str, Any] = {
    "/api/games/{game_id}/chat": {
        "get": _op("The game's chat, oldest first (at most the last 200, or those after "
                   "'since'); everyone may read it",
                   {"200": _json(_ref("Chat"), "Messages"), "404": ERR},
                   params=GAME_ID + [_query("since", {"type": "integer", "minimum": 0,
                                                      "maximum": BIG},
                                            "only messages with a higher id")],
                   optional_token=True),
        "post": _op(f"Say something in the game's chat (a seat's token; at most {CHAT_MAX} "
                    f"characters, {CHAT_PER_MINUTE} messages a minute per seat); every "
                    "reader's live stream gets a 'chat' event",
                    {"201": _json(_ref("ChatMessage"), "Sent"), "401": ERR, "403": ERR,
                     "404": ERR}, _ref("ChatPost"), secure=True, params=GAME_ID,
                    refused="wrong_seat is a 403")},
}


STATE = _json(_ref("GameState"), "Public state of the game")
VERSION_Q = _query("version", {"type": "integer", "minimum": 0, "maximum": BIG},
                   "the version the live stream announced: a worker that has it answers at "
                   "once, one that does not first reads the database")
PATHS: dict[str, Any] = {
    "/api/titles": {"get": _op("Available titles and their options",
                               {"200": _json({"type": "object"}, "Titles")})},
    "/api/games": {
        "get": _op("Games, newest first, with who is to act",
                   {"200": _json({"type": "object"}, "Games")}),
        "post": _op("Create a game; bots act at once",
                    {"201": _json(_ref("Created"), "Created; tokens only here")},
                    _ref("NewGame"), refused=(
                        "bad_players (not as many seats as the title's players), bad_seats "
                        "(two names alike, a bot kind the title lacks, an open seat in a "
                        "hotseat game), bad_options (an option or value the title lacks), "
                        "hidden_information (a seed for a title with hidden information), "
                        "unknown_account (an invited name no account has)"))},
    "/api/games/import": {"post": _op(
        "Import a railyard save ({save, seats} or the bare save), at most 2 MB",
        {"201": _json(_ref("Created"), "Imported")}, _ref("ImportRequest"),
        refused="not_a_save or the rules' own code (the save does not replay: a move the "
        "rules refuse, a title or option unknown, seats not matching its players)")},
    "/api/games/{game_id}": {"get": _op(
        "The state as the token (if any) sees it; legal=1 adds the token's choices",
        {"200": STATE, "403": ERR, "404": ERR, "409": ERR},
        params=GAME_ID + [_query("legal", {"enum": ["0", "1", "true", "false"]}), VERSION_Q],
        optional_token=True)},
    "/api/games/{game_id}/log": {"get": _op("The whole readable log",
                                            {"200": _json({"type": "object"}, "Log"),
                                             "404": ERR, "409": ERR}, params=GAME_ID)},
    "/api/games/{game_id}/legal": {"get": _op(
        "Legal choices for the token's seat(s)",
        {"200": _json(_ref("Legal"), "Choices"), "401": ERR, "403": ERR, "404": ERR,
         "409": ERR}, secure=True, params=GAME_ID)},
    "/api/games/{game_id}/actions": {"post": _op(
        "Act for the token's seat at the version seen; the answer is the new state with "
        "'legal', the token's next choices",
        {"200": STATE, "401": ERR, "403": ERR, "404": ERR,
         "409": _json(_ref("Error"), "Stale version; body holds the current state"),
         "422": _json(_ref("Error"), "Illegal; the engine's reason, nothing changed")},
        _ref("ActionRequest"), secure=True, params=GAME_ID, refused=(
            "malformed (a number not written as a whole number, e.g. 1.0: JSON Schema's "
            "integer takes it, the engine does not; an action field of the wrong kind)"))},
    "/api/games/{game_id}/undo": {"post": _op(
        "Take back the seat's own last action and the bots' answers to it, while the game "
        "is on and no other human acted since; every reader sees a notice",
        {"200": STATE, "401": ERR, "403": ERR, "404": ERR, "409": ERR}, _ref("UndoRequest"),
        secure=True, params=GAME_ID, refused="malformed (a version not written as a whole "
        "number, e.g. 1.0)")},
    "/api/games/mine": {"post": _op(
        "The games of a browser ({games: [{id, token}]}): status, whose turn, my_turn",
        {"200": _json({"type": "object"}, "Games")}, _ref("MineRequest"))},
    "/api/games/{game_id}/join": {"post": _op(
        "Take an open seat ({seat}); its token is returned once",
        {"200": _json({"type": "object"}, "Seat and token"), "404": ERR, "409": ERR},
        _ref("JoinRequest"), params=GAME_ID, refused=(
            "bad_seat (no seat of this game has the number)"))},
    "/api/games/{game_id}/rematch": {
        "get": _op("The id of the finished game's rematch (null: none yet)",
                   {"200": _json({"type": "object"}, "Rematch"), "404": ERR},
                   params=GAME_ID),
        "post": _op("Start (201) or join (200) the finished game's rematch: same seats and "
                    "bot kinds, a new seed; tokens for the caller's seats",
                    {"200": _json(_ref("Created"), "Joined"),
                     "201": _json(_ref("Created"), "Created"), "401": ERR, "403": ERR,
                     "404": ERR, "409": ERR}, _ref("Empty"), secure=True,
                    params=GAME_ID)},
    "/api/games/{game_id}/routes/check": {"post": _op(
        "18xx: check the trains' routes (hexes in click order) by the engine's rules; "
        "changes nothing",
        {"200": _json(_ref("RouteCheck"), "Revenue per train or the rule broken"),
         "401": ERR, "403": ERR, "404": ERR,
         "409": _json(_ref("Error"), "No train of the token's seats runs now")},
        _ref("RoutePicks"), secure=True, params=GAME_ID, refused=(
            "malformed (a route naming a train or hex the game lacks)"))},
    "/api/games/{game_id}/routes/auto": {"post": _op(
        "18xx: the optimal routes (route optimiser), checked like a player's picks",
        {"200": _json(_ref("RouteCheck"), "Optimal routes"), "401": ERR, "403": ERR,
         "404": ERR, "409": ERR}, _ref("Empty"), secure=True, params=GAME_ID)},
    "/api/games/{game_id}/export": {"get": _op(
        "The railyard save JSON", {"200": _json({"type": "object"}, "Save"), "403": ERR,
                                   "404": ERR, "409": ERR},
        params=GAME_ID)},
    "/api/games/{game_id}/events": {"get": _op(
        "Server-Sent Events: 'version' whenever the game changes, 'chat' (data: {last}) "
        "when a chat message arrives",
        {"200": {"description": "text/event-stream",
                 "content": {"text/event-stream": {}}},
         "404": ERR, "409": ERR},
        params=GAME_ID + [_query("since", {"type": "integer", "minimum": -1,
                                           "maximum": BIG}),
                          _query("timeout", {"type": "number", "exclusiveMinimum": 0,
                                             "maximum": 120}),
                          {"name": "Last-Event-ID", "in": "header",
                           "schema": {"type": "string", "pattern": "^-?[0-9]{1,18}$"},
                           "description": "what the browser knows (used when 'since' is "
                           "absent)"}])},
    "/api/games/{game_id}/board.svg": {"get": _op(
        "The board drawn as SVG", {"200": {"description": "image/svg+xml",
                                           "content": {"image/svg+xml": {
                                               "schema": {"type": "string"}}}},
                                   "404": ERR, "409": ERR},
        params=GAME_ID)},
    "/api/games/{game_id}/tile.svg": {"get": _op(
        "One tile drawn in a rotation (titles with tiles), for tile-lay previews",
        {"200": {"description": "image/svg+xml",
                 "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
         "404": ERR, "409": ERR},
        params=GAME_ID + [_query("tile", {"type": "string", "maxLength": 16}),
                          _query("rotation", {"type": "integer", "minimum": 0,
                                              "maximum": 5})])},
    "/api/games/{game_id}/table": {"get": _op(
        "1830/1870: the 18xx table now or after action 'at' (history; the game is not "
        "changed): map SVG, table and market HTML, the story (each action with the "
        "sentences of what happened)",
        {"200": _json({"type": "object"}, "Table"), "404": ERR, "409": ERR},
        params=GAME_ID + [_query("at", {"type": "integer", "minimum": 0, "maximum": BIG},
                                 "an action number from 0 to the log's length (400 "
                                 "beyond)")],
        refused="out_of_range ('at' beyond the log's length)")},
    "/api/games/{game_id}/decisions": {"get": _op(
        "1830/1870: the seat's decisions in the game's words, grouped, with effects and "
        "the engine's reasons for choices not allowed",
        {"200": _json({"type": "object"}, "Decisions"), "403": ERR, "404": ERR,
         "409": ERR}, optional_token=True, params=GAME_ID)},
    "/api/games/{game_id}/panel": {"get": _op(
        "Chicago Express, North American Railways, American Rails: the side panel (the "
        "decision in the game's words, facts, tables) for the token's seats or a spectator",
        {"200": _json({"type": "object"}, "Panel"), "403": ERR, "404": ERR, "409": ERR},
        optional_token=True, params=GAME_ID)},
    **CHAT_PATHS,
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
    "/api/session": {"get": dict(_op(
        "Who is logged in (the session cookie), and the session's CSRF token",
        {"200": _json({"type": "object", "properties": {
            "accounts": {"type": "boolean", "description": "false: accounts are off"},
            "account": {"type": ["object", "null"],
                        "properties": {"name": {"type": "string"}}},
            "csrf": {"type": ["string", "null"]}}}, "Session")}),
        security=OPTIONAL_SESSION)},
    "/api/account/games": {"get": dict(_op(
        "The logged-in account's games, newest first (from any device)",
        {"200": _json({"type": "object", "properties": {"games": {
            "type": "array", "items": ACCOUNT_GAME}}}, "Games"),
         "401": ERR, "404": _json(_ref("Error"), "Accounts are off on this server")}),
        security=SESSION)},
    "/api/open-games": {"get": _op(
        "Active games with a seat anyone may join, filtered (newest first)",
        {"200": _json({"type": "object", "properties": {"games": {"type": "array"}}},
                      "Open games")},
        params=[_query("title", {"type": "string", "maxLength": 60}, "a title's slug"),
                _query("players", {"type": "integer", "minimum": 0, "maximum": 99},
                       "the number of seats"),
                dict(_query("option", {"type": "array", "maxItems": 10, "items": {
                    "type": "string", "maxLength": 60}}, "name or name=value; "
                    "repeatable (at most 10)"), explode=True)])},
    "/api/games/{game_id}/claim": {"post": dict(_op(
        "Keep the seats of a private link (Authorization: Bearer) in the logged-in account; "
        "the link keeps working",
        {"200": _json({"type": "object", "properties": {
            "id": {"type": "string"}, "seats": {"type": "array",
                                                "items": {"type": "integer"}}}}, "Claimed"),
         "401": ERR, "403": CSRF,
         "404": _json(_ref("Error"), "No such game, or accounts are off on this server"),
         "409": _json(_ref("Error"), "A seat belongs to another account")},
        _ref("Empty"), params=GAME_ID), security=[{"session": [], "seatToken": []}])},
}
PATHS.update(ACCOUNT_PATHS)
#: fields accounts add to request bodies of existing endpoints
ACCOUNT_SEAT_FIELDS = {
    "account": {"type": "string", "description": "invite: the seat belongs to the account "
                "of this name (400 unknown_account if none); not with open"},
    "me": {"type": "boolean", "description": "the logged-in creator's seat (default: the "
           "first human seat neither open nor invited)"}}
ACCOUNT_JOIN_FIELDS = {
    "name": {"type": "string", "maxLength": 40, "pattern": r"\S",
             "description": "the joining player's name (not logged in; not blank, else 400 "
             "bad_name); replaces the seat's name while no move was made"}}


def document() -> dict[str, Any]:
    return {"openapi": "3.1.0",
            "info": {"title": "railyard game server", "version": "1", "description":
                     "No text of a request (path, query, headers, any string or key of a "
                     "JSON body) may contain U+0000 or a lone surrogate (U+D800..U+DFFF): "
                     "such a request is a 400 with the code bad_text. A request body must "
                     "arrive within RAILYARD_BODY_TIMEOUT seconds (default 30): 408. Every "
                     "POST is JSON (415 otherwise) and rate-limited per client (429)."},
            "paths": PATHS,
            "components": {"schemas": _schemas(), "securitySchemes": {
                "seatToken": {"type": "http", "scheme": "bearer",
                              "description": "the secret token of a seat (or the host token); "
                              "also accepted as the header X-Railyard-Token"},
                "session": {"type": "apiKey", "in": "cookie", "name": "railyard_session",
                            "description": "a logged-in browser (accounts, /login); with it "
                            "every POST also needs the header X-CSRF-Token (the session's "
                            "token: /api/session or the page's csrf-token meta), else 403 "
                            "csrf. It acts for the account's seats in every game."}}}}


_VALIDATORS: dict[tuple[Any, ...], Any] = {}


def _inline(schema: Any, schemas: dict[str, Any]) -> Any:
    """``schema`` with every ``$ref`` to a component replaced by the component (the
    components do not refer to themselves)."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            return _inline(schemas[ref.rsplit("/", 1)[1]], schemas)
        return {k: _inline(v, schemas) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_inline(v, schemas) for v in schema]
    return schema


def validator(name: str) -> Any:
    """A JSON Schema validator of the component schema ``name`` as the document publishes
    it (references inlined), for checking request bodies; made once per set of titles
    (the title enum follows the registry)."""
    from jsonschema import Draft202012Validator
    from ..engine import registry
    key = (name, len(registry.MODULES), tuple(registry._EXTRA))   # titles registered
    got = _VALIDATORS.get(key)
    if got is None:
        schemas = _schemas()
        got = Draft202012Validator(_inline(schemas[name], schemas))
        _VALIDATORS[key] = got
    return got


def check_body(body: Any, name: str) -> str | None:
    """Why ``body`` is not a ``name`` as the document describes it (the first error, with
    where it is), or ``None``."""
    check = validator(name)
    if check.is_valid(body):
        return None
    error = next(iter(check.iter_errors(body)), None)
    if error is None:
        return None
    path = list(error.absolute_path)
    if error.validator == "required" and isinstance(error.instance, dict):
        path += [k for k in error.validator_value if k not in error.instance][:1]
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    where = where.lstrip(".") or "the body"
    if error.validator == "required":
        return f"'{where}' is missing"
    return f"{where}: {_words(error)}"


def _words(error: Any) -> str:
    kind, value = error.validator, error.validator_value
    if kind == "required":
        missing = [k for k in value if isinstance(error.instance, dict) and
                   k not in error.instance]
        return f"'{missing[0] if missing else value[0]}' is missing"
    if kind == "type":
        kinds = value if isinstance(value, list) else [value]
        return "must be " + " or ".join(_TYPE_WORDS.get(k, k) for k in kinds)
    if kind == "enum":
        shown = ", ".join("null" if v is None else str(v) for v in value[:12])
        return f"must be one of {shown}" + (" ..." if len(value) > 12 else "")
    if kind == "exclusiveMinimum":
        return f"must be more than {value}"
    if kind in ("minimum", "maximum"):
        return f"must be at {'least' if kind == 'minimum' else 'most'} {value}"
    if kind == "minLength":
        return "must not be empty" if value == 1 else f"must have at least {value} characters"
    if kind == "maxLength":
        return f"must have at most {value} characters"
    if kind == "minItems":
        return f"must have at least {value} item(s)"
    if kind == "maxItems":
        return f"must have at most {value} items"
    return error.message


_TYPE_WORDS = {"integer": "a whole number", "string": "text", "object": "a JSON object",
               "array": "a list", "boolean": "true or false", "null": "null",
               "number": "a number"}


_ROUTES: list[tuple[Any, str]] | None = None
#: validators of the documented query parameters' schemas (the schemas live as long as
#: PATHS)
_PARAM_VALIDATORS: dict[int, Any] = {}


def _route_patterns() -> list[tuple[Any, str]]:
    global _ROUTES
    if _ROUTES is None:
        import re
        _ROUTES = [(re.compile("^" + re.sub(r"\{[a-z_]+\}", "[^/]+", p.replace(".", r"\."))
                               + "$"), p)
                   for p in sorted(PATHS, key=lambda t: "{" in t)]
    return _ROUTES


def _query_value(text: str, schema: dict[str, Any]) -> tuple[bool, Any]:
    """The query text as the schema's type: ``(True, value)`` or ``(False, None)``."""
    kind = schema.get("type")
    if kind == "integer":
        digits = text[1:] if text[:1] == "-" else text
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 18):
            return False, None
        return True, int(text)
    if kind == "array":                 # a repeated parameter: each value an item
        ok, value = _query_value(text, schema.get("items", {}))
        return (True, [value]) if ok else (False, None)
    if kind == "number":
        import math
        try:
            value = float(text)
        except ValueError:
            return False, None
        return (True, value) if math.isfinite(value) else (False, None)
    return True, text


def check_query(path: str, method: str, query: list[tuple[str, str]]) -> str | None:
    """Why the query parameters of a request to ``path`` are not as the document describes
    them (the first wrong one), or ``None``.  Parameters the operation does not name are
    ignored; each named one is converted to its schema's type and checked against it."""
    for pattern, template in _route_patterns():
        if pattern.match(path):
            op = PATHS[template].get(method.lower())
            break
    else:
        return None
    if not op:
        return None
    from jsonschema import Draft202012Validator
    params = {p["name"]: p["schema"] for p in op.get("parameters", ()) if p["in"] == "query"}
    for name, text in query:
        schema = params.get(name)
        if schema is None:
            continue
        ok, value = _query_value(text, schema)
        if ok:
            check = _PARAM_VALIDATORS.get(id(schema))
            if check is None:
                check = _PARAM_VALIDATORS[id(schema)] = Draft202012Validator(schema)
            if check.is_valid(value):
                continue
            error = next(iter(check.iter_errors(value)), None)
            if error is None:
                continue
            why = _words(error)
        else:
            why = "must be " + _TYPE_WORDS.get(schema.get("type"), "valid")
        return f"The query parameter '{name}' {why}."
    return None
