import TapboardStart
import TapboardWayland

// The keyboard with its Wayland backend: what `tapboard` runs when Wayland is
// chosen, so that an X11 start loads no Wayland library. It runs on X11 too
// (WAYLAND_DISPLAY set, but the compositor lacks what the keyboard needs).
WaylandBackend.install()
KeyboardMain.run()
