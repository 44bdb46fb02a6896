"""The 18xx family core shared by 1830 and 1870: board and tiles (:mod:`.board`), the track
graph and routes (:mod:`.graph`), the stock market (:mod:`.market`), certificates and
presidency (:mod:`.shares`) and the train depot (:mod:`.trains`).

Static facts (map, tile manifest, chart) are immutable objects shared by every state;
everything that changes during a game is plain data (dicts, lists, ints, strings) so a state
clones cheaply."""
