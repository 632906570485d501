#!/usr/bin/env python3
"""Tap to composition drawn, and memory, for the layouts with an input method.

For each layout, a fresh Xvfb and keyboard (a fresh data folder: Rime builds
its schema first, which the warm-up word waits for): the letters of its words
are tapped through XTest, each release timed to the first drawing the X server
reports (Damage) in the strip, where what is composed and the candidates show.
Each word is then committed with space (not timed). A tap after which the strip
is not drawn again within 2 s is counted apart (`same`: en-US's suggestions can
stay as they were). Memory (VmRSS, RssAnon) is read from /proc after the taps;
a Rime layout is run twice on the same data folder (its first start builds the
schema).

usage: bench_input_methods.py TAPBOARD [--layouts en-US,ko,zh-pinyin,ja] [--words N] [--json FILE]
"""
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

from Xlib import X, display as xdisplay
from Xlib.ext import damage, xtest

# Each layout's words as the keys that type them (ids of the letters page).
WORDS = {
    "en-US": ["hello", "world", "keyboard", "typing", "quickly", "people", "sentence", "morning"],
    "ko": ["ㅇㅏㄴㄴㅕㅇ", "ㅎㅏㄱㅛ", "ㄱㅏㅁㅅㅏ", "ㅎㅏㄴㄱㅜㄱ", "ㅅㅏㄹㅏㅁ", "ㅇㅣㅂㄹㅕㄱ", "ㅁㅜㄴㅈㅏ", "ㅈㅣㅂ"],
    "zh-pinyin": ["nihao", "shijie", "zhongguo", "pengyou", "xuexi", "women", "jintian", "tianqi"],
    "ja": ["nihongo", "kyouha", "tenki", "watashi", "sakura", "arigatou", "denwa", "kaimono"],
}



def free_display():
    for n in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            return n
    sys.exit("bench_input_methods: no free display")


def start_xvfb():
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", f":{free_display()}", "-screen", "0", "1280x720x24", "-nolisten", "tcp",
                             "-displayfd", str(write)], pass_fds=[write], stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            sys.exit("bench_input_methods: Xvfb did not start")
        number += chunk
    os.close(read)
    return xvfb, ":" + number.decode().strip()


def shown_keys(tapboard, name, deadline):
    while time.monotonic() < deadline:
        out = subprocess.run([tapboard, "keys", "--display", name], capture_output=True, text=True)
        if out.returncode == 0:
            return json.loads(out.stdout)
        time.sleep(0.05)
    sys.exit("bench_input_methods: the keyboard did not answer `tapboard keys`")


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon"):
                fields[key] = int(value.split()[0])
    return fields


def percentile(samples, p):
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def run_layout(tapboard, layout, words, data):
    xvfb, name = start_xvfb()
    env = dict(os.environ, XDG_DATA_HOME=data, DISPLAY=name)
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    kb = subprocess.Popen([tapboard, "--display", name, "--layouts", layout], env=env, stderr=subprocess.PIPE, text=True)
    try:
        shown = shown_keys(tapboard, name, time.monotonic() + 20)
        frame = shown["frame"]
        keys = {}
        strip = None
        for k in shown["keys"]:
            keys.setdefault(k["label"], k)
            keys.setdefault(k["id"], k)
            if k["id"].startswith("suggestion-"):
                top, bottom = k["y"], k["y"] + k["height"]
                strip = (min(strip[0], top), max(strip[1], bottom)) if strip else (top, bottom)
        d = xdisplay.Display(name)
        d.damage_query_version()  # before any other request of the extension
        # The root's damage: it reports what is drawn in the windows on it (a window's own reported nothing under Xvfb).
        d.screen().root.damage_create(damage.DamageReportRawRectangles)
        strip = (frame["y"] + strip[0], frame["y"] + strip[1])
        d.sync()
        damage_event = d.extension_event.DamageNotify

        def centre(label):
            k = keys[label]
            return frame["x"] + k["x"] + k["width"] // 2, frame["y"] + k["y"] + k["height"] // 2

        def drain(quiet):
            """Reads drawing reports until none came for `quiet` seconds."""
            while True:
                if not d.pending_events() and not select.select([d.fileno()], [], [], quiet)[0]:
                    return
                while d.pending_events():
                    d.next_event()

        def tap(label):
            x, y = centre(label)
            xtest.fake_input(d, X.MotionNotify, x=x, y=y)
            xtest.fake_input(d, X.ButtonPress, 1)
            d.sync()
            # The press drawn first (its key pressed), so the release's drawing is told apart.
            drain(0.03)
            # Timed from the flush that sends the release (after a sync the drawing may be in already).
            xtest.fake_input(d, X.ButtonRelease, 1)
            d.flush()
            return time.monotonic()

        def strip_drawn(t0, timeout):
            """Seconds from t0 to the first drawing in the strip after it; None if none came."""
            deadline = t0 + timeout
            while True:
                while d.pending_events():
                    e = d.next_event()
                    if e.type == damage_event and e.area.y < strip[1] and e.area.y + e.area.height > strip[0]:
                        return time.monotonic() - t0
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([d.fileno()], [], [], left)[0]:
                    if not d.pending_events():
                        return None

        samples, unchanged = [], 0
        # A warm-up word, not timed: the converter opened (Rime builds its schema the first time).
        warm = words[0]
        started = time.monotonic()
        for letter in warm:
            strip_drawn(tap(letter), 60)
        first_word = time.monotonic() - started
        tap("space")
        drain(0.2)
        for word in words:
            for letter in word:
                t = strip_drawn(tap(letter), 2.0)
                if t is None:
                    unchanged += 1
                else:
                    samples.append(t * 1000)
                drain(0.05)
            tap("space")
            drain(0.2)
        result = {"layout": layout, "taps": len(samples), "unchanged": unchanged,
                  "p50_ms": round(percentile(samples, 50), 2), "p95_ms": round(percentile(samples, 95), 2),
                  "max_ms": round(max(samples), 2), "first_word_s": round(first_word, 2)}
        result.update({k + "_kB": v for k, v in memory(kb.pid).items()})
        d.close()
        return result
    finally:
        kb.terminate()
        try:
            kb.wait(10)
        except subprocess.TimeoutExpired:
            kb.kill()
            kb.wait()
        xvfb.terminate()
        xvfb.wait()
        if kb.returncode not in (0, None):
            print(f"bench_input_methods: the keyboard ({layout}) exited with {kb.returncode}: {kb.stderr.read()}", file=sys.stderr)


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return
    tapboard = args[0]
    layouts = ["en-US", "ko", "zh-pinyin", "ja"]
    rounds = 3
    out = None
    i = 1
    while i < len(args):
        if args[i] == "--layouts":
            layouts = args[i + 1].split(",")
            i += 1
        elif args[i] == "--words":
            rounds = int(args[i + 1])
            i += 1
        elif args[i] == "--json":
            out = args[i + 1]
            i += 1
        else:
            sys.exit(f"bench_input_methods: unknown argument {args[i]}")
        i += 1
    results = []
    print(f"{'layout':<22} {'taps':>5} {'same':>4} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'1st word s':>10} {'VmRSS MB':>8} {'RssAnon MB':>10}")
    runs = []
    for layout in layouts:
        # Rime's first start for a user builds its schema (memory it keeps); its next starts do not.
        runs += [(layout, layout + " (first start)"), (layout, layout + " (next start)")] if layout.startswith("zh") else [(layout, layout)]
    data = {}
    for layout, label in runs:
        words = (WORDS[layout] * rounds)[: len(WORDS[layout]) * rounds]
        if layout not in data:
            data[layout] = tempfile.mkdtemp(prefix="tapboard-bench-im-")
        r = run_layout(tapboard, layout, words, data[layout])
        r["layout"] = label
        results.append(r)
        print(f"{r['layout']:<22} {r['taps']:>5} {r['unchanged']:>4} {r['p50_ms']:>7} {r['p95_ms']:>7} {r['max_ms']:>7} "
              f"{r['first_word_s']:>10} {r['VmRSS_kB'] / 1024:>8.1f} {r['RssAnon_kB'] / 1024:>10.1f}", flush=True)
    for folder in data.values():
        shutil.rmtree(folder, ignore_errors=True)
    if out:
        with open(out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
