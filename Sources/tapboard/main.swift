import TapboardStart
import TapboardX11

// The keyboard on X11, in a binary without ArgumentParser and Foundation (the
// other command lines go to tapboard-commands), and without the Wayland backend
// (tapboard-wayland carries it: this one hands over when Wayland is chosen, and
// it hands back saying why when its compositor will not do).
KeyboardMain.run { X11Backend(waylandPassedOver: $0) }
