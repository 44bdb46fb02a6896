"""The phases of a round (rulebook section 5), as ``NarState.phase`` holds them.  In their
own module so that the phase rules (``shares.py``, ``cities.py``) import them at load time
instead of inside every handler call."""
SHARES = "shares"        # phase I, a player's turn to pick a share
RESPOND = "respond"      # phase I, a director answers a proposed price (case 3)
CITIES = "cities"        # phase II
OVER = "over"
