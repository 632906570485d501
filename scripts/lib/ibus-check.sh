#!/bin/bash
# ibus-check.sh — does IBus turn XTest key events (as an on-screen keyboard
# sends them) into Hangul in a GTK 3 entry (and, optionally, an xterm via XIM,
# and Chinese via ibus-libpinyin)? With -T, the keys are Tapboard's: its en-US
# keyboard runs on the display and `tapboard type` taps them.
#
# usage: ibus-check.sh [-w none|openbox] [-x] [-p] [-d DELAY_MS] [-m hangul|latin]
#                      [-t KEY] [-l XKB_LAYOUT] [-T TAPBOARD] [-k] DISPLAY_NUMBER|auto
#   -w  window manager: none (default; focus is set with XSetInputFocus and the
#       pointer is put over the window) or openbox (focus via _NET_ACTIVE_WINDOW)
#   -x  also check an xterm (XMODIFIERS=@im=ibus, through ibus-x11's XIM server)
#   -p  also check ibus-libpinyin: n i h a o space -> 你好 in the GTK entry
#   -d  xdotool key --delay in ms (default 50)
#   -m  ibus-hangul initial-input-mode (default hangul; latin without -t is
#       the negative control: the entry gets "rksrnr " and the check fails)
#   -t  key to send first to switch ibus-hangul to Hangul (e.g. Hangul or
#       shift+space), as an on-screen keyboard's mode key would
#   -l  setxkbmap this layout (e.g. "us(dvorak)") before the test; the keys
#       are still sent as the keysyms r k s r n r (default: Xvfb's us)
#   -T  tap the keys on Tapboard (this binary) instead of xdotool key
#   -k  keep the temporary directory (logs) instead of deleting it
#   auto: the first display number free (Xvfb picks it)
#
# Starts, on display :N, everything it needs, each isolated from the caller's
# session: Xvfb, a private D-Bus session bus (which can activate only
# dconf-service), ibus-daemon with its XIM server, the test windows; then
# `xdotool key r k s r n r space` (dubeolsik ㄱㅏㄴㄱㅜㄱ) must make the GTK
# entry's text exactly "간국 ". Exit 0 when every selected check passed, 1 when
# one failed, 2 on a setup error. Everything it started is ended on exit, even
# on failure or Ctrl-C: the script makes itself a child subreaper, so daemons
# that double-fork (dbus-daemon, ibus-x11, dconf-service) stay its descendants
# and are killed and reaped with the rest.
#
# Needs (Debian 12): xvfb xdotool x11-utils libglib2.0-bin dbus-daemon
#   python3-gi gir1.2-gtk-3.0 ibus ibus-gtk3 ibus-hangul
#   [-p] ibus-libpinyin  [-x] xterm  [-w openbox] openbox

set -u

# Become a child subreaper (PR_SET_CHILD_SUBREAPER = 36; kept across execve):
# orphans of our children are re-parented to this shell, not to PID 1.
if [ "${IBUS_CHECK_SUBREAPER:-}" != "$$" ]; then
    exec env IBUS_CHECK_SUBREAPER="$$" /usr/bin/python3 -c '
import ctypes, os, sys
if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:
    sys.exit("ibus-check: prctl(PR_SET_CHILD_SUBREAPER) failed")
os.execv("/bin/bash", ["/bin/bash"] + sys.argv[1:])' "$0" "$@"
fi
unset IBUS_CHECK_SUBREAPER

WM=none XTERM=0 PINYIN=0 DELAY=50 KEEP=0 MODE=hangul TOGGLE= LAYOUT= TAPBOARD=
while getopts "w:xpd:m:t:l:T:k" opt; do
    case $opt in
        w) WM=$OPTARG ;;
        x) XTERM=1 ;;
        p) PINYIN=1 ;;
        d) DELAY=$OPTARG ;;
        m) MODE=$OPTARG ;;
        t) TOGGLE=$OPTARG ;;
        l) LAYOUT=$OPTARG ;;
        T) TAPBOARD=$OPTARG ;;
        k) KEEP=1 ;;
        *) sed -n '7,24p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
N=${1:-}
case $N in auto) ;; ''|*[!0-9]*) sed -n '7,24p' "$0" >&2; exit 2 ;; esac
case $MODE in hangul|latin) ;; *) echo "ibus-check: -m hangul|latin" >&2; exit 2 ;; esac
case $WM in none|openbox) ;; *) echo "ibus-check: -w none|openbox" >&2; exit 2 ;; esac

need="Xvfb xdotool xprop gdbus gsettings dbus-daemon ibus ibus-daemon"
[ $XTERM = 1 ] && need="$need xterm"
[ $WM = openbox ] && need="$need openbox"
[ -n "$LAYOUT" ] && need="$need setxkbmap"
for c in $need; do
    command -v "$c" >/dev/null || { echo "ibus-check: missing $c" >&2; exit 2; }
done
[ -e /usr/libexec/ibus-engine-hangul ] || { echo "ibus-check: ibus-hangul not installed" >&2; exit 2; }
[ -e /usr/lib/x86_64-linux-gnu/gtk-3.0/3.0.0/immodules/im-ibus.so ] ||
    ls /usr/lib/*/gtk-3.0/3.0.0/immodules/im-ibus.so >/dev/null 2>&1 ||
    { echo "ibus-check: ibus-gtk3 (GTK 3 IM module) not installed" >&2; exit 2; }
[ $PINYIN = 0 ] || [ -e /usr/libexec/ibus-engine-libpinyin ] ||
    { echo "ibus-check: ibus-libpinyin not installed" >&2; exit 2; }
[ -z "$TAPBOARD" ] || [ -x "$TAPBOARD" ] || { echo "ibus-check: $TAPBOARD is not an executable" >&2; exit 2; }
if [ "$N" != auto ] && { [ -e "/tmp/.X11-unix/X$N" ] || [ -e "/tmp/.X$N-lock" ]; }; then
    echo "ibus-check: display :$N is in use" >&2; exit 2
fi

TMP=$(mktemp -d "/tmp/ibus-check.$N.XXXXXX")
T0=$(date +%s%N)
ms() { echo $(( ($(date +%s%N) - T0) / 1000000 )); }
log() { printf '[%6s ms] %s\n' "$(ms)" "$*"; }

descendants() {   # pids of every descendant of $1, except this very subshell
    local self=$BASHPID   # (expanded here: in the pipeline it would be awk's pid)
    ps -e -o pid=,ppid= | awk -v root="$1" -v self="$self" '
        { parent[$1] = $2 }
        END {
            for (p in parent) {
                q = p
                while (q != root && q != self && q > 1 && (q in parent)) q = parent[q]
                if (q == root && p != root && p != self) print p
            }
        }'
}
cleanup() {
    local rc=$? pids n c0
    trap - EXIT INT TERM HUP
    c0=$(date +%s%N)
    pids=$(descendants $$)
    n=$(echo $pids | wc -w)
    if [ -n "$pids" ]; then
        # shellcheck disable=SC2086
        kill -TERM $pids 2>/dev/null
        # bash reaps its children, adopted orphans included, as they exit.
        # Up to 2 s for them to go: ibus-engine-libpinyin has once in ~50
        # runs ignored SIGTERM, hence the SIGKILL below.
        while [ $(( ($(date +%s%N) - c0) / 1000000 )) -lt 2000 ]; do
            pids=$(descendants $$)
            [ -z "$pids" ] && break
            sleep 0.03
        done
        if [ -n "$pids" ]; then
            echo "cleanup: SIGKILL to: $(ps -o pid=,stat=,args= -p "$(echo $pids | tr ' ' ,)")"
            # shellcheck disable=SC2086
            kill -KILL $pids 2>/dev/null
            for _ in 1 2 3 4 5 6 7 8 9 10; do
                [ -z "$(descendants $$)" ] && break
                sleep 0.1
            done
        fi
    fi
    echo "cleanup: ended $n processes in $(( ($(date +%s%N) - c0) / 1000000 )) ms"
    if [ $KEEP = 1 ]; then echo "logs kept in $TMP"; else rm -rf "$TMP"; fi
    exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

fail() { log "SETUP FAILED: $*"; for f in "$TMP"/*.log; do [ -s "$f" ] && { echo "--- $f"; tail -5 "$f"; }; done; exit 2; }

# wait_until DEADLINE_MS DESCRIPTION COMMAND...: poll COMMAND every 20 ms
wait_until() {
    local limit=$1 what=$2 start
    shift 2
    start=$(date +%s%N)
    until "$@"; do
        if [ $(( ($(date +%s%N) - start) / 1000000 )) -ge "$limit" ]; then
            log "timed out after ${limit} ms waiting for: $what"
            return 1
        fi
        sleep 0.02
    done
}

# ---------------------------------------------------------------- environment
# A private home: dconf, ibus (bus address file, registry cache), GTK and
# libpinyin write there, nothing of the caller's is read or changed.
mkdir -p "$TMP/home" "$TMP/config" "$TMP/cache" "$TMP/data" "$TMP/runtime" "$TMP/services"
chmod 700 "$TMP/runtime"
unset DBUS_SESSION_BUS_ADDRESS IBUS_ADDRESS GTK_IM_MODULE QT_IM_MODULE XMODIFIERS \
      SESSION_MANAGER XAUTHORITY WAYLAND_DISPLAY DESKTOP_SESSION XDG_CURRENT_DESKTOP
export HOME=$TMP/home XDG_CONFIG_HOME=$TMP/config XDG_CACHE_HOME=$TMP/cache \
       XDG_DATA_HOME=$TMP/data XDG_RUNTIME_DIR=$TMP/runtime
export LC_ALL=C.UTF-8          # XIM (xterm <-> ibus-x11) needs a UTF-8 locale
export NO_AT_BRIDGE=1          # no at-spi bus launcher from GTK / ibus
export GTK_USE_PORTAL=0

# --------------------------------------------------------------------- Xvfb
mkfifo "$TMP/xvfb.fifo"
if [ "$N" = auto ]; then at=(); else at=(":$N"); fi
Xvfb "${at[@]}" -noreset -nolisten tcp -screen 0 1024x768x24 -displayfd 3 \
    3>"$TMP/xvfb.fifo" >"$TMP/xvfb.log" 2>&1 &
read -r -t 20 got <"$TMP/xvfb.fifo" || got=
[ -n "$got" ] && { [ "$N" = auto ] || [ "$got" = "$N" ]; } || fail "Xvfb did not start on :$N"
N=$got
export DISPLAY=:$N
log "Xvfb ready on :$N (it wrote its display number to -displayfd)"

if [ -n "$LAYOUT" ]; then
    l=${LAYOUT%%(*}; v=; [ "$l" != "$LAYOUT" ] && { v=${LAYOUT#*(}; v=${v%)}; }
    setxkbmap -layout "$l" ${v:+-variant "$v"} || fail "setxkbmap $LAYOUT failed"
    log "X keymap set to $(setxkbmap -query | awk '/layout|variant/{printf "%s ", $0}')"
fi

if [ $WM = openbox ]; then
    openbox --sm-disable >"$TMP/openbox.log" 2>&1 &
    wait_until 10000 "openbox to set _NET_SUPPORTING_WM_CHECK" \
        sh -c 'xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id"' ||
        fail "openbox did not start"
    log "openbox ready (_NET_SUPPORTING_WM_CHECK set)"
fi

# ------------------------------------------------------------ session D-Bus
# Only dconf-service can be activated on it (no portals, no at-spi, and not
# org.freedesktop.IBus, which would start a second ibus-daemon).
cp /usr/share/dbus-1/services/ca.desrt.dconf.service "$TMP/services/"
cat >"$TMP/session.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir=$TMP</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$TMP/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
# --fork returns once the bus listens; its address is printed before that.
dbus-daemon --config-file="$TMP/session.conf" --fork --print-address=3 \
    3>"$TMP/bus.address" >"$TMP/dbus.log" 2>&1 || fail "dbus-daemon did not start"
DBUS_SESSION_BUS_ADDRESS=$(head -n1 "$TMP/bus.address")
export DBUS_SESSION_BUS_ADDRESS
log "session bus ready: $DBUS_SESSION_BUS_ADDRESS"

# ibus-hangul reads its GSettings when its process starts: start in Hangul
# mode (unless -m latin), dubeolsik ("2") layout.
gsettings set org.freedesktop.ibus.engine.hangul initial-input-mode "'$MODE'" &&
gsettings set org.freedesktop.ibus.engine.hangul hangul-keyboard '2' ||
    fail "gsettings set (dconf) failed"
[ "$(gsettings get org.freedesktop.ibus.engine.hangul initial-input-mode)" = "'$MODE'" ] ||
    fail "initial-input-mode did not stick"
log "ibus-hangul settings written (initial-input-mode '$MODE', hangul-keyboard '2')"

# -------------------------------------------------------------- ibus-daemon
IBUS_T0=$(ms)
ibus-daemon --xim --panel=disable --emoji-extension=disable >"$TMP/ibus-daemon.log" 2>&1 &
IBUS_PID=$!
ibus_addr() { IBUS_ADDR=$(ibus address 2>/dev/null); case $IBUS_ADDR in unix:*) return 0 ;; esac; return 1; }
ibus_call() {   # method args...
    local m=$1; shift
    gdbus call --address "$IBUS_ADDR" --dest org.freedesktop.IBus \
        --object-path /org/freedesktop/IBus --method "org.freedesktop.IBus.$m" "$@" 2>/dev/null
}
# Set the engine with the D-Bus call, not with `ibus engine hangul`: the CLI
# also runs `setxkbmap -layout kr -variant kr104`, changing the X keymap.
global_engine_is() {
    gdbus call --address "$IBUS_ADDR" --dest org.freedesktop.IBus \
        --object-path /org/freedesktop/IBus --method org.freedesktop.DBus.Properties.Get \
        org.freedesktop.IBus GlobalEngine 2>/dev/null | grep -q "'IBusEngineDesc', @a{sv} {}, '$1'"
}
set_engine() {
    kill -0 $IBUS_PID 2>/dev/null || fail "ibus-daemon exited"
    ibus_addr && ibus_call SetGlobalEngine "$1" >/dev/null && global_engine_is "$1"
}
wait_until 20000 "ibus-daemon to accept SetGlobalEngine hangul" set_engine hangul ||
    fail "ibus-daemon not ready"
IBUS_READY=$(( $(ms) - IBUS_T0 ))
log "ibus-daemon ready in ${IBUS_READY} ms (SetGlobalEngine hangul accepted; GlobalEngine = hangul): $IBUS_ADDR"

current_ic() { ibus_call CurrentInputContext | sed -n "s/.*'\(.*\)'.*/\1/p"; }

# ------------------------------------------------------------- GTK 3 window
cat >"$TMP/gtk-entry.py" <<'EOF'
import json, os, signal, sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import GLib, Gdk, Gtk

log = open(sys.argv[1], "a", buffering=1, encoding="utf-8")
def emit(**kw):
    log.write(json.dumps(kw, ensure_ascii=False) + "\n")

win = Gtk.Window(title="ibus-check-gtk")
win.set_default_size(400, 60)
win.move(0, 0)
entry = Gtk.Entry()
win.add(entry)
entry.connect("changed", lambda e: emit(ev="text", text=e.get_text()))
entry.connect("preedit-changed", lambda e, s: emit(ev="preedit", text=s))
win.connect("focus-in-event", lambda w, e: emit(ev="focus", **{"in": True}) or False)
win.connect("focus-out-event", lambda w, e: emit(ev="focus", **{"in": False}) or False)
# Only keys the IM does not consume reach this handler.
win.connect("key-press-event", lambda w, e: emit(ev="key", keyval=Gdk.keyval_name(e.keyval)) or False)
win.connect("destroy", Gtk.main_quit)
def on_map(*_):
    entry.grab_focus()
    emit(ev="ready", xid=win.get_window().get_xid(), im=os.environ.get("GTK_IM_MODULE", ""))
    return False
def on_usr1():
    entry.set_text("")
    emit(ev="cleared")
    return True
win.connect("map-event", on_map)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, on_usr1)
win.show_all()
Gtk.main()
EOF
# Tapboard's keyboard, when it taps the keys: its en-US layout, in this session.
if [ -n "$TAPBOARD" ]; then
    "$TAPBOARD" --display ":$N" --layouts en-US >"$TMP/tapboard.log" 2>&1 &
    wait_until 20000 "Tapboard to answer 'tapboard keys'" sh -c '"$0" keys --display "$1" >/dev/null 2>&1' "$TAPBOARD" ":$N" ||
        fail "Tapboard did not start"
    log "Tapboard's keyboard shows"
fi

# send KEY...: xdotool's key names, sent by xdotool or tapped on Tapboard's keys.
send() {
    if [ -n "$TAPBOARD" ]; then
        local text="" k
        for k in "$@"; do case $k in space) text+=" " ;; *) text+=$k ;; esac; done
        log "tapboard type --delay $DELAY '$text'"
        "$TAPBOARD" type --display ":$N" --delay "$DELAY" "$text" || log "tapboard type failed"
    else
        log "xdotool key --delay $DELAY $*"
        xdotool key --delay "$DELAY" "$@"
    fi
}

IC0=$(current_ic)
: >"$TMP/gtk-events.log"
GTK_IM_MODULE=ibus /usr/bin/python3 "$TMP/gtk-entry.py" "$TMP/gtk-events.log" >"$TMP/gtk.log" 2>&1 &
GTK_PID=$!
wait_until 20000 "the GTK window to map" grep -q '"ev": "ready"' "$TMP/gtk-events.log" || fail "GTK window did not map"
GTK_XID=$(sed -n 's/.*"ev": "ready", "xid": \([0-9]*\).*/\1/p' "$TMP/gtk-events.log" | head -n1)
log "GTK window mapped, xid $GTK_XID"

# focus_window XID: give it the keyboard focus the way a user would have it.
focus_window() {
    if [ $WM = openbox ]; then
        xdotool windowactivate --sync "$1"
    else
        xdotool mousemove --window "$1" 20 20 && xdotool windowfocus --sync "$1"
    fi
}
ic_changed() { local ic; ic=$(current_ic); [ -n "$ic" ] && [ "$ic" != "$1" ]; }
ic_is() { [ "$(current_ic)" = "$1" ]; }

focus_window "$GTK_XID" || fail "could not focus the GTK window"
wait_until 5000 "the GTK window's focus-in" grep -q '"ev": "focus", "in": true' "$TMP/gtk-events.log" ||
    fail "GTK window got no focus"
# The IBus input context of the GTK IM module is created asynchronously; keys
# sent before it exists are typed as plain Latin. Ready = a new input context
# is the daemon's focused one.
if [ -z "${IBUS_CHECK_NO_IC_WAIT:-}" ]; then   # (set it only to see the race)
    wait_until 10000 "the GTK window's IBus input context to be focused" ic_changed "$IC0" ||
        fail "no IBus input context for the GTK window"
fi
GTK_IC=$(current_ic)
log "GTK window focused; its IBus input context $GTK_IC is the focused one"

RESULTS=() FAILED=0
# check_gtk NAME EXPECTED KEYS...
check_gtk() {
    local name=$1 want=$2 got pre
    shift 2
    kill -USR1 $GTK_PID
    wait_until 5000 "the entry to be cleared" grep -q '"ev": "cleared"' "$TMP/gtk-events.log" || fail "entry not cleared"
    : >"$TMP/gtk-events.log"
    if [ -n "$TOGGLE" ] && [ "$name" = gtk-hangul ]; then
        log "$name: xdotool key $TOGGLE (switch to Hangul)"
        xdotool key "$TOGGLE"
    fi
    send "$@"
    local line
    line=$(/usr/bin/python3 -c 'import json,sys; print(json.dumps({"ev": "text", "text": sys.argv[1]}, ensure_ascii=False))' "$want")
    wait_until 5000 "entry text '$want'" grep -qxF "$line" "$TMP/gtk-events.log"
    got=$(/usr/bin/python3 - "$TMP/gtk-events.log" <<'EOF'
import json, sys
text, pre = "", []
for l in open(sys.argv[1], encoding="utf-8"):
    e = json.loads(l)
    if e["ev"] == "text": text = e["text"]
    if e["ev"] == "preedit": pre.append(e["text"] or "∅")
print(repr(text) + "\t" + ",".join(pre))
EOF
)
    pre=${got#*$'\t'}; got=${got%%$'\t'*}
    if [ "$got" = "'$want'" ]; then
        RESULTS+=("PASS $name: entry text $got (preedit steps: $pre)")
    else
        RESULTS+=("FAIL $name: entry text $got, wanted '$want' (preedit steps: $pre)")
        FAILED=1
    fi
    log "${RESULTS[-1]}"
}

check_gtk gtk-hangul "간국 " r k s r n r space

# --------------------------------------------------------- xterm through XIM
if [ $XTERM = 1 ]; then
    wait_until 10000 "ibus-x11 to register XIM_SERVERS @server=ibus" \
        sh -c 'xprop -root XIM_SERVERS 2>/dev/null | grep -q "@server=ibus"' || fail "no ibus XIM server"
    IC0=$(current_ic)
    XMODIFIERS=@im=ibus xterm -T ibus-check-xterm -geometry 60x6+0+120 \
        -e /bin/sh -c 'stty -icanon -echo; exec cat >"$0"' "$TMP/xterm.out" >"$TMP/xterm.log" 2>&1 &
    wait_until 10000 "xterm's cat to start" test -e "$TMP/xterm.out" || fail "xterm did not start"
    XT_XID=$(timeout 10 xdotool search --sync --limit 1 --name '^ibus-check-xterm$') || fail "no xterm window"
    focus_window "$XT_XID" || fail "could not focus xterm"
    wait_until 10000 "xterm's IBus input context (via ibus-x11) to be focused" ic_changed "$IC0" ||
        fail "no IBus input context for xterm"
    log "xterm focused; input context $(current_ic)"
    send r k s r n r space
    xt_ok() { [ "$(cat "$TMP/xterm.out")" = "간국 " ]; }
    wait_until 5000 "xterm to receive '간국 '" xt_ok
    got=$(od -An -c "$TMP/xterm.out" | tr -s ' ' | tr -d '\n')
    if xt_ok; then RESULTS+=("PASS xterm-hangul: bytes read by cat: '$(cat "$TMP/xterm.out")'")
    else RESULTS+=("FAIL xterm-hangul: bytes read by cat:$got, wanted '간국 '"); FAILED=1; fi
    log "${RESULTS[-1]}"
    focus_window "$GTK_XID" || fail "could not focus the GTK window again"
    wait_until 5000 "the GTK input context to be focused again" ic_is "$GTK_IC" || fail "GTK IC not refocused"
fi

# ----------------------------------------------------------------- pinyin
if [ $PINYIN = 1 ]; then
    PY_T0=$(ms)
    wait_until 20000 "SetGlobalEngine libpinyin" set_engine libpinyin || fail "could not select libpinyin"
    log "libpinyin selected in $(( $(ms) - PY_T0 )) ms"
    check_gtk gtk-libpinyin "你好" n i h a o space
fi

echo
echo "ibus-check :$N keys=$([ -n "$TAPBOARD" ] && echo tapboard || echo xdotool) wm=$WM delay=${DELAY}ms initial-mode=$MODE toggle=${TOGGLE:-none} layout=${LAYOUT:-us} ibus-ready=${IBUS_READY}ms"
printf '%s\n' "${RESULTS[@]}"
exit $FAILED
