import TapboardStart
import TapboardWayland

// The keyboard on Wayland: what `tapboard` runs when Wayland is chosen, so that
// an X11 start loads no Wayland library, and this binary links no X library.
// When the compositor lacks what the keyboard needs (WAYLAND_DISPLAY set, the
// layer shell missing), or X11 is asked for, it runs `tapboard` in its place.
KeyboardMain.run { _ in WaylandBackend() }
