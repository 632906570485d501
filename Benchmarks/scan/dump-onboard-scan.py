#!/usr/bin/python3
"""Run the installed onboard with a hook that dumps the scanner's chunk
hierarchy (GroupChunker) and every highlight change to a JSONL log.
Does not modify onboard; patches classes at import time.
Usage: DISPLAY=:77 dbus-run-session -- python3 dump_onboard_scan.py OUT.jsonl
"""
import sys, json, time
OUT = sys.argv[1] if len(sys.argv) > 1 else "/tmp/onboard_scan.jsonl"
sys.argv = sys.argv[:1]
from Onboard.Exceptions import chain_handler
sys.excepthook = chain_handler
import Onboard.Scanner as S

T0 = time.monotonic()
def log(rec):
    rec["t"] = round(time.monotonic() - T0, 3)
    with open(OUT, "a") as f:
        f.write(json.dumps(rec) + "\n")

def kinfo(k):
    r = k.get_border_rect()
    return {"id": k.get_id(), "theme_id": k.theme_id, "label": k.get_label(),
            "labels": {str(m): l for m, l in (k.labels or {}).items()},
            "type": k.type, "action": k.action, "code": k.code,
            "modifier": k.modifier, "sticky": k.sticky,
            "layer_button": k.is_layer_button(),
            "prio": k.get_path_scan_priority(),
            "rect": [r.x, r.y, r.w, r.h], "rect_int": list(r.int())[:4]}

def tree(obj):
    if isinstance(obj, list):
        return [tree(o) for o in obj]
    return kinfo(obj)

orig_chunk = S.GroupChunker.chunk
def chunk(self, layout, layer):
    orig_chunk(self, layout, layer)
    log({"ev": "chunk", "layer": layer, "chunks": tree(self._chunks)})
S.GroupChunker.chunk = chunk

orig_redraw = S.ScanMode.redraw
def redraw(self, keys=None):
    if keys:
        log({"ev": "redraw", "on": [k.get_id() for k in keys if k.scanned],
             "off": [k.get_id() for k in keys if not k.scanned],
             "running": self.is_running()})
    return orig_redraw(self, keys)
S.ScanMode.redraw = redraw

orig_act = S.AutoScan.do_action
def do_action(self, action):
    log({"ev": "action", "action": action, "running": self.is_running()})
    return orig_act(self, action)
S.AutoScan.do_action = do_action

from Onboard.OnboardGtk import OnboardGtk as Onboard
ob = Onboard()
