import pytest
from click.testing import CliRunner

from railyard.engine import registry

from cli_dummy_titles import BROKEN, RACE


@pytest.fixture(autouse=True)
def dummy_titles():
    registry.register(RACE)
    registry.register(BROKEN)
    yield
    registry.unregister(RACE.slug)
    registry.unregister(BROKEN.slug)


@pytest.fixture
def run():
    """Invoke ``railyard`` with arguments (and optional stdin text)."""
    from railyard.cli.main import main

    def invoke(*args: str, input: str | None = None):
        return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)
    return invoke

