"""Fixtures of the American Rails tests."""
import pytest

from .helpers import make


@pytest.fixture
def three():
    """Rick (banker), Mike, Mary; seed 0 removes Liberty."""
    return make(3, 0)
