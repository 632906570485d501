"""The example of docs/python.md: typing into a small GTK 3 application.

The application is Debian's /usr/bin/python3 with python3-gi (GTK 3), run as a
child process, and says what happens in its window as JSON lines on stdout:
where its entry is, when it has the focus, and its text after each change.
"""

import json
import os
import queue
import subprocess
import threading
import time

import pytest

from tapboard import TapboardError

APP = r'''
import json
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk

def say(**fields):
    print(json.dumps(fields), flush=True)

window = Gtk.Window(title="tapboard example")
window.set_default_size(400, 60)
window.move(100, 100)  # held, with no window manager, well above the keyboard
entry = Gtk.Entry()
window.add(entry)
entry.connect("changed", lambda e: say(text=e.get_text()))
window.connect("focus-in-event", lambda *_: say(focus=True))

def mapped(*_):
    _, x, y = window.get_window().get_origin()
    a = entry.get_allocation()
    say(entry={"x": x + a.x, "y": y + a.y, "width": a.width, "height": a.height})

window.connect("map-event", lambda *_: GLib.idle_add(mapped))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
'''


class App:
    """The GTK application, its lines read on a thread so waits have timeouts."""

    def __init__(self, display, script):
        env = dict(os.environ, DISPLAY=display, NO_AT_BRIDGE="1")
        env.pop("WAYLAND_DISPLAY", None)
        self.display = display
        self.process = subprocess.Popen(["/usr/bin/python3", str(script)], env=env, stdout=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(json.loads(l)) for l in self.process.stdout], daemon=True).start()
        self.text = ""

    def wait(self, key, timeout=10.0, until=lambda value: True):
        """The first value of `key` the application says that `until` accepts."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                break
            if "text" in line:
                self.text = line["text"]
            if key in line and until(line[key]):
                return line[key]
        raise AssertionError(f"the application never said {key} (its text: {self.text!r})")

    def click_entry(self):
        """Clicks the entry: with no window manager the keyboard gives the focus to the window clicked."""
        e = self.wait("entry")
        x, y = e["x"] + e["width"] // 2, e["y"] + e["height"] // 2
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"],
                       env=dict(os.environ, DISPLAY=self.display), check=True)
        self.wait("focus")

    def stop(self):
        self.process.terminate()
        self.process.wait()


@pytest.fixture
def app(tapboard_display, tmp_path):
    script = tmp_path / "entry.py"
    script.write_text(APP)
    app = App(tapboard_display, script)
    yield app
    app.stop()


def test_types_into_a_gtk_entry(tapboard, app):
    app.click_entry()
    tapboard.type("Hello, Wörld 42")
    tapboard.tap("a")
    assert app.wait("text", until=lambda text: text == "Hello, Wörld 42a") == "Hello, Wörld 42a"


def test_a_control_character_is_an_error_naming_it(tapboard):
    with pytest.raises(TapboardError) as raised:
        tapboard.type("bell\x07")
    assert raised.value.status == 2
    assert "U+0007" in raised.value.message


def test_frame_and_events(tapboard):
    shown = next(e for e in tapboard.events(timeout=5) if e["event"] == "didShow")
    assert tapboard.frame() == shown["endFrame"]
    tapboard.hide()
    assert any(e["event"] == "didHide" for e in tapboard.events(timeout=5))
