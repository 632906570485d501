#!/usr/bin/env python3
"""Types text by tapping Tapboard's keys with xdotool, as a person would:
switching pages, shifting, following auto-shift. Key positions come from
`tapboard dump-layout`, so they are the ones the running keyboard uses.

usage: tap.py TAPBOARD_BINARY WINDOW_ID TEXT [--no-auto-shift]
"""
import json
import subprocess
import sys

PAGES = ["letters", "symbols", "more-symbols"]
# Which page key leads from one page towards another.
ROUTE = {
    ("letters", "symbols"): "page:symbols", ("letters", "more-symbols"): "page:symbols",
    ("symbols", "letters"): "page:letters", ("symbols", "more-symbols"): "page:more-symbols",
    ("more-symbols", "letters"): "page:letters", ("more-symbols", "symbols"): "page:symbols",
}
NEXT = {("letters", "more-symbols"): "symbols"}


def window_geometry(win):
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", win], check=True,
                         capture_output=True, text=True).stdout
    g = dict(line.split("=", 1) for line in out.split())
    return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])


def main():
    binary, win, text = sys.argv[1], sys.argv[2], sys.argv[3]
    auto = "--no-auto-shift" not in sys.argv
    x0, y0, w, h = window_geometry(win)
    keys = {}
    for page in PAGES:
        dump = subprocess.run([binary, "dump-layout", "--size", f"{w}x{h}", "--page", page],
                              check=True, capture_output=True, text=True).stdout
        keys[page] = {k["id"]: k for k in json.loads(dump)["keys"]}

    def tap(page, key_id):
        k = keys[page][key_id]
        x, y = x0 + k["x"] + k["width"] // 2, y0 + k["y"] + k["height"] // 2
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)

    page, shift, context = "letters", auto, ""
    for ch in text:
        key_id = {" ": "space", "\n": "return"}.get(ch, ch.lower())
        target = next((p for p in PAGES if key_id in keys[p] and (p == page or key_id not in keys[page])), None)
        if target is None:
            sys.exit(f"tap.py: no key types {ch!r}")
        while page != target:
            step = NEXT.get((page, target), target)
            tap(page, ROUTE[(page, step)])
            page = step
        if ch.isalpha() and ch.isupper() != shift:
            tap(page, "shift")
            shift = not shift
        tap(page, key_id)
        if ch.isalpha() or ch not in " \n":
            shift = False
        context = "" if ch == "\n" else (context + ch)[-2:]
        if auto and (context == "" or (len(context) == 2 and context[1] == " " and context[0] in ".!?")):
            shift = True


if __name__ == "__main__":
    main()
