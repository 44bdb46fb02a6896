"""The game server: storage, JSON API, live updates, HTML pages and board renderers."""
