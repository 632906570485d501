# Shared by scripts/run and scripts/test: find the repository, install what is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Debian packages for building, for Xvfb-based tests and for the demo. The
# fonts the keys are drawn with come too: DejaVu for the labels, Noto Color
# Emoji for emoji (its tests are skipped without it) and HarfBuzz, which the
# keyboard opens only for a font whose own ligatures leave a sequence (👍🏽,
# 🇩🇪) apart, and which the tests check the ligatures against.
BUILD_PACKAGES=(pkg-config libx11-dev libxtst-dev libxext-dev libxft-dev libxkbcommon-dev libxrandr-dev libxi-dev libxfixes-dev libsystemd-dev libyaml-dev libwayland-dev libfreetype-dev libfontconfig-dev fonts-dejavu-core fonts-noto-color-emoji libharfbuzz0b)
XVFB_PACKAGES=(xvfb x11-utils strace x11-xkb-utils openbox imagemagick xterm python3 xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils xclip dbus-daemon dbus-bin systemd at-spi2-core python3-gi gir1.2-gtk-3.0 python3-pyqt5 xinit fluxbox icewm xdotool)
DEMO_PACKAGES=(xterm xdotool x11-apps imagemagick python3)
# The kiosk table (scripts/bench-kiosk): the applications typed into, the other keyboards, the accessibility bus.
KIOSK_PACKAGES=(xvfb openbox xterm python3 python3-gi gir1.2-gtk-3.0 python3-pyqt5 chromium dbus-daemon systemd at-spi2-core matchbox-keyboard xvkbd onboard)
# Wayland tests: a headless sway, a terminal that shows what it receives, screenshots, and wvkbd beside Tapboard.
WAYLAND_PACKAGES=(sway foot grim wtype wvkbd)
# Korean, Chinese and Japanese layouts: the converters they open (dlopen) and a font with their characters.
INPUT_METHOD_PACKAGES=(libhangul1 librime1 rime-data-luna-pinyin libanthy1 anthy-common fonts-wqy-microhei)
# IBus beside Tapboard (scripts/lib/ibus-check.sh): the daemon, GTK 3's module for it, its Hangul engine, gsettings and gdbus, ps.
IBUS_PACKAGES=(ibus ibus-gtk3 ibus-hangul libglib2.0-bin procps)
# The desktops' window managers: XFCE's, MATE's (its settings schema, which marco needs and does not pull in), KDE's, i3 and awesome;
# and trayer, an XEmbed system tray on its own (the tray icon's tests).
DESKTOP_WM_PACKAGES=(xfwm4 marco mate-settings-daemon-common kwin-x11 i3-wm awesome trayer)
# Building the Debian package and checking it (scripts/package), and reading its manual (scripts/test-package).
PACKAGE_PACKAGES=(debhelper dpkg-dev lintian man-db bash-completion zsh fish)
# Chromium, for the auto-show tests with a web page in kiosk mode (about 10 s of
# tests; its tests are skipped, saying so, where it cannot be installed).
CHROMIUM_PACKAGES=(chromium)

# Installs the Debian packages that are not installed yet (sudo when not root).
ensure_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if [ ! -d /var/lib/apt/lists ] || [ -z "$(ls -A /var/lib/apt/lists 2>/dev/null | grep -v lock)" ] || ! apt-cache show "${missing[0]}" >/dev/null 2>&1; then
        $sudo apt-get update -qq
    fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Release builds carry the Swift runtime inside the binary (--static-swift-stdlib):
# measured 34 -> 22 ms from exec to a mapped window and 17 -> 14 MB resident,
# and a copied binary runs alone.

# The version `tapboard --version` prints, the package's and the tarball's: the
# one place it is written is TapboardVersion in Sources/tapboard-commands/Tapboard.swift.
tapboard_version() {
    sed -n 's/^ *static let string = "\([^"]*\)".*/\1/p' "$ROOT/Sources/tapboard-commands/Tapboard.swift"
}

# Fails with a clear message when Swift is missing.
ensure_swift() {
    command -v swift >/dev/null 2>&1 || { echo "swift is not on PATH: install Swift 6.1 or later (swift.org)" >&2; exit 1; }
}

# Builds tapboard, and tapboard-commands and tapboard-wayland beside it
# (tapboard runs the first for the subcommands, help, version and mistakes in
# the options, the second when the keyboard runs on Wayland); arguments go to
# swift build (-c release --static-swift-stdlib, --scratch-path ...).
build_tapboard() {
    swift build "$@" --product tapboard >&2
    swift build "$@" --product tapboard-commands >&2
    swift build "$@" --product tapboard-wayland >&2
}
