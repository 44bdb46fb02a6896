"""`railyard play` passes text that is not an action number to the game's own command
parser where it has one (1830: ``buy SV``, ``bid CA 170``, ...)."""
from railyard.engine import Game


def test_1830_text_commands_in_play(run, tmp_path):
    path = tmp_path / "g.json"
    result = run("play", "1830", "--seats", "human:Ann,human:Bob,human:Cy", "--seed", "1",
                 "--save", str(path), input="fly away\nbuy SV\nbid CA 999\ns\nq\nn\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Not understood:" in out               # the parser's reason for 'fly away'
    assert "Not allowed:" in out                  # the engine refuses a $999 bid
    log = Game.load(str(path)).log
    assert len(log) == 1 and log[0]["player"] == 0


def test_text_without_parser_is_explained(run):
    result = run("play", "dummy-race", "--seats", "human:Ann,human:Bob", "--seed", "1",
                 input="lay 57\nq\nn\n")
    assert "'lay' is not an action number" in result.output
