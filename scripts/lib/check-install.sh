# Part of scripts/test: install into a scratch prefix with the binary just
# tested, check what a user gets, uninstall, check nothing is left.
check_install() {
    local prefix bin
    prefix=$(mktemp -d)
    bin="$(swift build --show-bin-path)/tapboard"
    TAPBOARD_BINARY="$bin" "$ROOT/scripts/install" "$prefix" >/dev/null
    local fail=0
    check() { if ! eval "$1"; then echo "install check failed: $1" >&2; fail=1; fi; }
    check '[ -x "$prefix/bin/tapboard" ] && [ -x "$prefix/bin/tapboard-commands" ] && [ -x "$prefix/bin/tapboard-wayland" ]'
    check '[ "$(ls "$prefix/share/tapboard/layouts" | wc -l)" -eq "$(ls "$ROOT/Layouts"/*.yaml | wc -l)" ]'
    check '[ "$(ls "$prefix/share/tapboard/themes" | wc -l)" -eq "$(ls "$ROOT/Themes"/*.yaml | wc -l)" ]'
    check '[ "$(ls "$prefix/share/tapboard/emoji"/*.txt | wc -l)" -eq "$(ls "$ROOT/Emoji"/*.txt | wc -l)" ]'
    # The installed binary finds the installed emoji (not the checkout's): the page's first screen.
    # (grep reads it all: with -q it would stop at the match, and pipefail would see the writer's SIGPIPE.)
    check 'HOME=/nonexistent XDG_DATA_DIRS=/nonexistent "$prefix/bin/tapboard" dump-layout --size 1280x300 --page emoji | grep -F "\"text:😀\"" >/dev/null'
    check 'grep -q "^\.Sh NAME" "$prefix/share/man/man1/tapboard.1"'
    check 'grep -q "^Exec=tapboard toggle" "$prefix/share/applications/tapboard.desktop"'
    check 'grep -q "^Exec=tapboard --hidden" "$prefix/share/tapboard/autostart/tapboard.desktop"'
    check 'grep -q "^ExecStart=$prefix/bin/tapboard --auto-show$" "$prefix/lib/systemd/user/tapboard.service"'
    check '[ -x "$prefix/share/tapboard/kiosk/xinitrc" ]'
    # The three shells' completions know the options (bash's is sourced: no #! line).
    check 'grep -q -- "--auto-show" "$prefix/share/bash-completion/completions/tapboard" && ! head -1 "$prefix/share/bash-completion/completions/tapboard" | grep -q "^#!"'
    check 'grep -q -- "auto-show" "$prefix/share/zsh/site-functions/_tapboard" && grep -q -- "auto-show" "$prefix/share/fish/vendor_completions.d/tapboard.fish"'
    # An installed layout, edited, is found by name before the built-in one.
    sed -i 's/^description: .*/description: Installed copy/' "$prefix/share/tapboard/layouts/de.yaml"
    check 'HOME=/nonexistent XDG_DATA_DIRS=/nonexistent "$prefix/bin/tapboard" list-layouts | grep -q "^de	Installed copy$"'
    check 'HOME=/nonexistent "$prefix/bin/tapboard" check "$prefix"/share/tapboard/layouts/*.yaml "$prefix"/share/tapboard/themes/*.yaml >/dev/null'
    "$ROOT/scripts/uninstall" "$prefix" >/dev/null
    check '[ -z "$(ls -A "$prefix")" ]'
    rm -rf "$prefix"
    [ $fail -eq 0 ] && echo "install check: ok (scripts/install, the installed files, scripts/uninstall)"
    return $fail
}
