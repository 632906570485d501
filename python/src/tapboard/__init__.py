"""Drive the Tapboard on-screen keyboard from Python, for UI tests.

Everything goes through the `tapboard` binary's own commands (`type`, `keys`,
`events`, `show`, ...), so a test sees the keyboard exactly as a user's script
would; taps go through the X pointer (xdotool), so they take the same path as
a finger. See docs/python.md.
"""

import contextlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import threading
import time

__all__ = ["Display", "Keyboard", "TapboardError", "headless"]
__version__ = "0.1.0"

# Options with which the keyboard starts hidden: no didShow comes, so start()
# only waits for the keyboard to answer. (An embedded keyboard, --xid, answers
# no control request: its host drives it, not this package.)
_HIDDEN_AT_START = {"--hidden", "--auto-show"}


class TapboardError(Exception):
    """A keyboard command failed, with the keyboard's own words.

    `message` is its one-line message without the "tapboard: " prefix, so a
    test can assert on what a user would read; `status` is the exit status
    (1: no keyboard runs on the display, 2: the request cannot be done), or
    None when the failure was found here (no such key, a timeout).
    """

    def __init__(self, message, status=None):
        super().__init__(message)
        self.message = message
        self.status = status


def _message(stderr):
    lines = [line.strip() for line in stderr.strip().splitlines() if line.strip()]
    return "\n".join(line[len("tapboard: "):] if line.startswith("tapboard: ") else line for line in lines)


def _find_binary(binary):
    found = binary or os.environ.get("TAPBOARD_BIN") or shutil.which("tapboard")
    if not found:
        raise TapboardError("tapboard not found: pass binary=, set $TAPBOARD_BIN or put it on PATH")
    return found


class _Listener:
    """`tapboard events` read on a thread.

    Reading on a thread lets waits have timeouts, and keeping every event in
    a list means none is lost between a test's actions and its reads.
    """

    def __init__(self, command, env):
        self.process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
        self.events = []
        self.ended = False
        self.condition = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            with self.condition:
                self.events.append(event)
                self.condition.notify_all()
        self.process.wait()
        with self.condition:
            self.ended = True
            self.condition.notify_all()

    def wait(self, predicate, timeout):
        """Whether `predicate(self)` came true within `timeout` seconds."""
        with self.condition:
            return self.condition.wait_for(lambda: predicate(self), timeout)

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait()


class Keyboard:
    """A tapboard process on a display, and the commands that talk to it.

    Made by `Keyboard.start()`; a context manager that quits the keyboard.
    """

    def __init__(self, process, display, binary, env, log):
        self.process = process
        self.display = display
        self.binary = binary
        self.env = env
        self._log = log
        self._listener = None
        self._seen = 0

    @classmethod
    def start(cls, display=None, args=(), binary=None, env=None, timeout=20.0):
        """Starts the keyboard and returns once its window is shown.

        Waiting for the didShow a new `tapboard events` listener hears means
        the first tap of a test cannot land before the keys are drawn. With
        --hidden or --auto-show it waits only until the keyboard answers.
        A display name given means X11: $WAYLAND_DISPLAY is dropped, so the
        keyboard does not go to a compositor the test did not ask for.
        Raises TapboardError with the keyboard's stderr if it exits first.
        """
        binary = _find_binary(binary)
        env = dict(os.environ if env is None else env)
        if display is not None:
            env["DISPLAY"] = display
            env.pop("WAYLAND_DISPLAY", None)
        log = tempfile.TemporaryFile()
        command = [binary] + (["--display", display] if display else []) + list(args)
        process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        keyboard = cls(process, display, binary, env, log)
        try:
            keyboard._wait_until_running(time.monotonic() + timeout, hidden=bool(_HIDDEN_AT_START & set(args)),
                                         keys="--publish-keys" in args)
        except BaseException:
            keyboard.quit()
            raise
        return keyboard

    def _wait_until_running(self, deadline, hidden, keys):
        command = [self.binary, "events"] + self._display_args() + (["--keys"] if keys else [])
        while True:
            self._check_alive()
            if time.monotonic() > deadline:
                raise TapboardError(f"the keyboard did not show in time; its output: {self._output()!r}")
            if hidden:
                # Nothing shows: the keyboard is up once it answers `tapboard keys`.
                answered = subprocess.run([self.binary, "keys"] + self._display_args(), env=self.env, stdin=subprocess.DEVNULL,
                                          capture_output=True).returncode == 0
                if answered:
                    self._listener = _Listener(command, self.env)
                    return
                time.sleep(0.05)  # No keyboard answering yet: ask again.
                continue
            listener = _Listener(command, self.env)
            # A new listener hears didShow at once when the keyboard shows.
            while not listener.wait(lambda l: l.ended or any(e.get("event") == "didShow" for e in l.events), 0.1):
                self._check_alive()
                if time.monotonic() > deadline:
                    listener.close()
                    raise TapboardError(f"the keyboard did not show in time; its output: {self._output()!r}")
            if not listener.ended:
                self._listener = listener
                return
            listener.close()
            time.sleep(0.05)  # No keyboard answering yet: ask again.

    def _check_alive(self):
        status = self.process.poll()
        if status is not None:
            raise TapboardError(_message(self._output()) or f"the keyboard exited with status {status}", status)

    def _output(self):
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")

    def _display_args(self):
        return ["--display", self.display] if self.display else []

    def _run(self, subcommand, *args, timeout=120):
        done = subprocess.run([self.binary, subcommand] + self._display_args() + list(args), env=self.env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise TapboardError(_message(done.stderr) or f"tapboard {subcommand} exited with status {done.returncode}",
                                done.returncode)
        return done.stdout

    def _xdotool(self, *args):
        """xdotool moves the real X pointer: the keyboard sees the same events as from a mouse or touch screen."""
        subprocess.run(["xdotool"] + [str(a) for a in args], env=self.env, check=True)

    # Typing and tapping

    def type(self, text, fast=False, delay=None):
        """Types `text` by tapping the keys, as a person would (pages, shift, callouts, layouts).

        Raises TapboardError (status 2, nothing typed) naming the characters
        no key can type, such as controls.
        """
        options = ["--fast"] if fast else []
        if delay is not None:
            options += ["--delay", str(delay)]
        # "--" so a text starting with "-" is not read as an option.
        self._run("type", *options, "--", text)

    def tap(self, key_id):
        """Clicks the key with this id (as `tapboard keys` and `dump-layout` name it) on the page shown now."""
        x, y = self.key_center(key_id)
        self._xdotool("mousemove", x, y, "click", 1)

    def press(self, key_id):
        """Puts the pointer down on a key and keeps it there: for holds (callouts, key repeat) and gestures."""
        x, y = self.key_center(key_id)
        self._xdotool("mousemove", x, y, "mousedown", 1)

    def move(self, key_id):
        """Moves the pointer, down or not, to a key's centre: the path of a swipe between press() and release()."""
        x, y = self.key_center(key_id)
        self._xdotool("mousemove", x, y)

    def release(self):
        """Lifts the pointer pressed by press()."""
        self._xdotool("mouseup", 1)

    def key_center(self, key_id):
        """The screen point at the centre of a key on the page shown now."""
        shown = self.keys()
        for key in shown["keys"]:
            if key["id"] == key_id:
                frame = shown["frame"]
                return frame["x"] + key["x"] + key["width"] // 2, frame["y"] + key["y"] + key["height"] // 2
        raise TapboardError(f"no key {key_id!r} on the page {shown.get('page')!r} shown now")

    # The window

    def show(self):
        self._run("show")

    def hide(self):
        self._run("hide")

    def keys(self):
        """The keys on screen now, parsed from `tapboard keys`: layout, page, frame and keys (in window pixels)."""
        return json.loads(self._run("keys"))

    def frame(self):
        """The window's frame on the screen: a dict with x, y, width and height."""
        return self.keys()["frame"]

    def events(self, timeout=2.0):
        """Iterates over the keyboard's events (dicts) since it started, each once.

        The events are kept from the start, so one that came before the loop
        (the first didShow, the didHide of a hide() just done) is not missed.
        Ends when `timeout` seconds pass with nothing new, or the keyboard quits.
        """
        listener = self._listener
        while listener is not None:
            if not listener.wait(lambda l: len(l.events) > self._seen or l.ended, timeout):
                return
            with listener.condition:
                if len(listener.events) <= self._seen:
                    return
                event = listener.events[self._seen]
                self._seen += 1
            yield event

    def wait_for(self, name, timeout=5.0):
        """The next event called `name` (skipping others); TapboardError if none comes within `timeout`."""
        end = time.monotonic() + timeout
        for event in self.events(timeout=max(0.0, end - time.monotonic())):
            if event.get("event") == name:
                return event
            if time.monotonic() > end:
                break
        raise TapboardError(f"no {name} event within {timeout} s")

    def screenshot(self, path):
        """Saves the whole screen (keyboard and applications) as an image file; needs ImageMagick's `import`."""
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True)
        return path

    # Ending

    def quit(self):
        """Makes the keyboard quit (keys released, keymap restored) and waits for it; safe to call twice."""
        if self.process.poll() is None:
            try:
                self._run("quit", timeout=10)
                self.process.wait(10)
            except (TapboardError, subprocess.TimeoutExpired):
                self.process.terminate()
                try:
                    self.process.wait(5)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
        if self._listener is not None:
            self._listener.close()
        self._log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.quit()


class Display:
    """A private Xvfb server, so tests neither need a desktop nor disturb one.

    The server picks a free display number itself (-displayfd), so parallel
    test runs do not race for one. `name` is the display, like ":3".
    """

    def __init__(self, size="1280x800", depth=24, timeout=10.0):
        read_end, write_end = os.pipe()
        self._log = tempfile.TemporaryFile()
        try:
            self.process = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{size}x{depth}", "-nolisten", "tcp"],
                pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=self._log, stderr=self._log)
        finally:
            os.close(write_end)
        try:
            self.name = ":" + self._read_number(read_end, time.monotonic() + timeout)
        except BaseException:
            self.stop()
            raise
        finally:
            os.close(read_end)

    def _read_number(self, fd, deadline):
        data = b""
        while not data.endswith(b"\n"):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                raise TapboardError("Xvfb did not start in time")
            chunk = os.read(fd, 64)
            if not chunk:
                self._log.seek(0)
                raise TapboardError("Xvfb exited: " + self._log.read().decode("utf-8", "replace").strip())
            data += chunk
        return data.decode().strip()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait()
        self._log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


@contextlib.contextmanager
def headless():
    """Yields a display name: $DISPLAY when set, else a private Xvfb's, stopped afterwards."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    with Display() as display:
        yield display.name
