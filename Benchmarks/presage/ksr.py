#!/usr/bin/env python3
"""Keystroke savings rate of Debian's presage under the simulated-user protocol
that Tapboard's own engine implements (see Benchmarks/presage/README.md).

Talks to presage-server (presage_server.cpp, built by scripts/bench-presage),
one fresh server, configuration and empty learning database per file.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CONTEXT_CHARS = 300
WORD_JOINERS = "'-"
SENTENCE_ENDS = (". ", "! ", "? ")


# ---------------------------------------------------------------- the text

def normalise(raw: bytes) -> str:
    """Step 1: UTF-8 (invalid bytes replaced), drop `%` lines, ’ -> ',
    whitespace runs -> one space, trimmed."""
    text = raw.decode("utf-8", errors="replace")
    lines = [line for line in text.split("\n") if line not in ("%", "%\r")]
    text = "\n".join(lines).replace("\u2019", "'")
    return re.sub(r"\s+", " ", text).strip()


def tokenise(text: str):
    """Step 2: (start, token, is_word). A word is a maximal run of letters
    (str.isalpha) in which ' or - may stand between two letters."""
    tokens = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isalpha():
            j = i + 1
            while j < n:
                if text[j].isalpha():
                    j += 1
                elif text[j] in WORD_JOINERS and j + 1 < n and text[j + 1].isalpha():
                    j += 2
                else:
                    break
            tokens.append((i, text[i:j], True))
            i = j
        else:
            tokens.append((i, text[i], False))
            i += 1
    return tokens


def upper_first(s: str) -> str:
    return s[:1].upper() + s[1:]


def display(suggestions, prefix: str, sentence_start: bool, n: int):
    """Step 4: display casing, drop suggestions equal to the prefix and
    duplicates, keep the first n."""
    letters = [c for c in prefix if c.isalpha()]
    if len(prefix) >= 2 and letters and all(c.isupper() for c in letters):
        case = str.upper
    elif prefix and prefix[0].isupper():
        case = upper_first
    elif not prefix and sentence_start:
        case = upper_first
    else:
        case = None
    shown = []
    for s in suggestions:
        if case is not None:
            s = case(s)
        if s == prefix or s in shown:
            continue
        shown.append(s)
        if len(shown) == n:
            break
    return shown


# ---------------------------------------------------------------- presage

# Debian's /etc/presage.xml minus DefaultAbbreviationExpansionPredictor, whose
# suggestions are "\b"-prefixed expansions of abbreviations ("c" -> "\bsee"):
# they can never equal a word and would only take places in the list.
PREDICTORS = "DefaultSmoothedNgramPredictor UserSmoothedNgramPredictor DefaultRecencyPredictor"

PROFILE = """<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<Presage>
  <PredictorRegistry>
    <PREDICTORS>{predictors}</PREDICTORS>
  </PredictorRegistry>
  <ContextTracker>
    <LOWERCASE_MODE>yes</LOWERCASE_MODE>
    <ONLINE_LEARNING>{online}</ONLINE_LEARNING>
  </ContextTracker>
  <Selector>
    <SUGGESTIONS>{ask}</SUGGESTIONS>
    <REPEAT_SUGGESTIONS>yes</REPEAT_SUGGESTIONS>
    <GREEDY_SUGGESTION_THRESHOLD>0</GREEDY_SUGGESTION_THRESHOLD>
  </Selector>
  <ProfileManager>
    <AUTOPERSIST>false</AUTOPERSIST>
  </ProfileManager>
  <Predictors>
    <DefaultSmoothedNgramPredictor>
      <DBFILENAME>{system_db}</DBFILENAME>
      <LEARN>false</LEARN>
    </DefaultSmoothedNgramPredictor>
    <UserSmoothedNgramPredictor>
      <DBFILENAME>{user_db}</DBFILENAME>
      <LEARN>{learn}</LEARN>
    </UserSmoothedNgramPredictor>
  </Predictors>
</Presage>
"""


class Presage:
    """One presage-server with its own temporary HOME, profile and (empty)
    learning database."""

    def __init__(self, server: str, ask: int, learn: bool = True,
                 system_db: str = "/usr/share/presage/database_en.db", keep: bool = False):
        base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
        self.dir = tempfile.mkdtemp(prefix="bench-presage-", dir=base)
        self.keep = keep
        self.user_db = os.path.join(self.dir, "lm.db")
        self.profile = os.path.join(self.dir, "presage.xml")
        with open(self.profile, "w") as f:
            f.write(PROFILE.format(predictors=PREDICTORS, online="yes" if learn else "no", ask=ask,
                                   system_db=system_db, user_db=self.user_db,
                                   learn="true"))
        env = dict(os.environ, HOME=self.dir)  # also hides the caller's ~/.presage
        self.proc = subprocess.Popen([server, self.profile], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env)

    def request(self, line: str) -> str:
        self.proc.stdin.write(line.encode("utf-8") + b"\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError("presage-server exited")
        answer = answer.decode("utf-8", errors="replace").rstrip("\n")
        if answer.startswith("!\t"):
            raise RuntimeError("presage: " + answer[2:])
        return answer

    def predict(self, context: str):
        fields = self.request("P\t" + context).split("\t")
        return float(fields[0]), fields[1:]

    def config(self, variable: str) -> str:
        return self.request("G\t" + variable)

    def close(self):
        try:
            self.proc.stdin.write(b"Q\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
        if not self.keep:
            shutil.rmtree(self.dir, ignore_errors=True)


# ---------------------------------------------------------------- the user

# Presage's own tokens: everything but these separators and blanks is a word
# character (digits and non-ASCII too); see presage 0.9.1 src/lib/core/charsets.h.
PRESAGE_SEPARATORS = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") | set(" \f\n\r\t\v")


def sync_points(text: str):
    """Positions where one of presage's word tokens starts after a separator
    or blank. Presage learns online from the difference between the past
    streams of two predict() calls; its change detector (0.9.1) misses the
    completed token when that difference both contains a separator and ends
    inside a new token (e.g. "Phathote" -> "Phathotep, 24" learns "p", not
    "phathotep", and leaves bigrams without unigrams, which later trips
    assert(numerator <= denominator) in SmoothedNgramPredictor::predict).
    A keyboard calls predict() on every keystroke, so it never sees such a
    difference; the simulated user, who only asks where the protocol says,
    first brings presage to each of these positions it passes."""
    return [q for q in range(1, len(text))
            if text[q - 1] in PRESAGE_SEPARATORS and text[q] not in PRESAGE_SEPARATORS]


def simulate(text: str, presage: Presage, n: int, max_words=None, trace=None):
    """Step 3. Returns (words, characters, keystrokes, times_ms, syncs)."""
    tokens = tokenise(text)
    points = sync_points(text)
    next_point = 0  # index into points
    syncs = 0
    keystrokes = 0
    words = 0
    times = []
    cursor = 0
    end = len(text)
    while cursor < len(tokens):
        start, token, is_word = tokens[cursor]
        if not is_word:
            keystrokes += 1
            cursor += 1
            continue
        if max_words is not None and words >= max_words:
            end = start  # simulated text = everything before this word
            break
        words += 1
        before = text[:start]
        sentence_start = cursor == 0 or before.endswith(SENTENCE_ENDS)
        prefix = ""
        while True:
            if prefix == token:
                break  # typed in full: len(token) keystrokes
            here = start + len(prefix)
            while next_point < len(points) and points[next_point] < here:
                presage.predict(text[: points[next_point]][-CONTEXT_CHARS:])
                syncs += 1
                next_point += 1
            if next_point < len(points) and points[next_point] == here:
                next_point += 1  # this prediction brings presage there
            ms, raw = presage.predict((before + prefix)[-CONTEXT_CHARS:])
            times.append(ms)
            shown = display(raw, prefix, sentence_start, n)
            if token in shown:
                keystrokes += 1
                if trace:
                    trace.write(f"{token!r}: chosen after {prefix!r} from {shown!r}\n")
                if cursor + 1 < len(tokens) and tokens[cursor + 1][1] == " ":
                    cursor += 1  # the inserted space stands for it
                break
            prefix = token[: len(prefix) + 1]
            keystrokes += 1
        if trace and prefix == token:
            trace.write(f"{token!r}: typed\n")
        cursor += 1
    return words, end, keystrokes, times, syncs


def check_learning(server: str) -> bool:
    """Shows that presage's online learning changes its predictions: a fresh
    presage reads an invented phrase as a user would type it (one predict()
    per word), then is asked, in a context that does not contain the phrase
    (so the recency predictor cannot see it), to complete "zorb" and to
    follow "zorblax". The same with learning off must not know the words."""
    phrase = "my zorblax quintessence glows at night. " * 3
    ok = True
    for learn in (True, False):
        presage = Presage(server, ask=6, learn=learn)
        try:
            before = presage.predict("hello zorb")[1]
            for q in [0] + sync_points(phrase) + [len(phrase)]:
                presage.predict(phrase[:q])
            after = presage.predict("well zorb")[1]
            follow = presage.predict("so zorblax ")[1]
            rows = subprocess.run(["sqlite3", presage.user_db, "select count(*) from _1_gram"],
                                  capture_output=True, text=True).stdout.strip() \
                if shutil.which("sqlite3") else "?"
        finally:
            presage.close()
        print(f"learning {'on ' if learn else 'off'}: 'hello zorb' -> {before}, after the phrase "
              f"'well zorb' -> {after}, 'so zorblax ' -> {follow[:3]}; user unigrams: {rows}")
        knows = "zorblax" in after and follow[:1] == ["quintessence"]
        ok = ok and "zorblax" not in before and knows == learn
    print("learning check:", "ok" if ok else "FAILED")
    return ok


def main():
    ap = argparse.ArgumentParser(prog="scripts/bench-presage", description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", metavar="FILE")
    ap.add_argument("--check-learning", action="store_true",
                    help="only show that presage's learning changes its predictions")
    ap.add_argument("--suggestions", type=int, default=3, metavar="N")
    ap.add_argument("--json", action="store_true", help="one JSON object per file")
    ap.add_argument("--max-words", type=int, metavar="M", help="stop after M words")
    ap.add_argument("--no-learn", action="store_true",
                    help="switch presage's learning off (for comparison)")
    ap.add_argument("--keep-db", action="store_true",
                    help="keep each run's temporary directory (learnt lm.db) and print its path")
    ap.add_argument("--trace", metavar="PATH", help="write one line per word")
    ap.add_argument("--server", required=True, help="presage-server binary")
    args = ap.parse_args()
    if args.check_learning:
        sys.exit(0 if check_learning(args.server) else 1)
    if not args.files:
        ap.error("no FILE given")
    if args.suggestions < 1:
        ap.error("--suggestions must be at least 1")

    trace = open(args.trace, "w") if args.trace else None
    for path in args.files:
        with open(path, "rb") as f:
            text = normalise(f.read())
        presage = Presage(args.server, ask=args.suggestions + 3, learn=not args.no_learn,
                          keep=args.keep_db)
        t0 = time.monotonic()
        try:
            words, characters, keystrokes, times, syncs = simulate(
                text, presage, args.suggestions, args.max_words, trace)
        finally:
            presage.close()
        wall = time.monotonic() - t0
        ksr = 1 - keystrokes / characters if characters else 0.0
        median = statistics.median(times) if times else 0.0
        name = os.path.basename(path)
        if args.json:
            print(json.dumps({
                "file": path, "predictor": "presage", "suggestions": args.suggestions,
                "words": words, "characters": characters, "keystrokes": keystrokes,
                "ksr": round(ksr, 6), "median_ms": round(median, 4),
                "learning": not args.no_learn, "predictions": len(times), "sync_predictions": syncs,
                "seconds": round(wall, 1),
            }), flush=True)
        else:
            print(f"{name}: {words} words, {characters} characters, ksr {ksr:.3f}, "
                  f"{keystrokes / characters if characters else 0:.2f} keystrokes/char, "
                  f"predict median {median:.2f} ms ({len(times)} predictions, {wall:.0f} s)",
                  flush=True)
        if args.keep_db:
            print(f"  kept: {presage.dir}", file=sys.stderr)
    if trace:
        trace.close()


if __name__ == "__main__":
    main()
