import TapboardStart

// The keyboard in a binary without ArgumentParser and Foundation (the other
// command lines go to tapboard-commands), and without the Wayland backend
// (tapboard-wayland carries it: this one hands over when Wayland is chosen).
KeyboardMain.run()
