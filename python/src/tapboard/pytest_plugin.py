"""The pytest plugin (registered through the pytest11 entry point): fixtures
`tapboard_display` and `tapboard`, and the marker `tapboard_args`."""

import pytest

from . import Keyboard, headless


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "tapboard_args(*args): options the `tapboard` fixture starts the keyboard with")


@pytest.fixture(scope="session")
def tapboard_display():
    """The display the tests run on: $DISPLAY, else one private Xvfb for the
    whole session (a server per test would cost about a second each)."""
    with headless() as display:
        yield display


@pytest.fixture
def tapboard(request, tapboard_display):
    """A keyboard shown on `tapboard_display`, quit after the test, so each
    test starts from the letters page with nothing held.
    Options come from @pytest.mark.tapboard_args("--layouts", "en-US,de")."""
    marker = request.node.get_closest_marker("tapboard_args")
    args = marker.args if marker else ()
    with Keyboard.start(display=tapboard_display, args=args) as keyboard:
        yield keyboard
