import Glibc
import TapboardStart
import TapboardWayland

// The keyboard with its Wayland backend: what `tapboard` runs when Wayland is
// chosen, so that an X11 start loads no Wayland library. It runs on X11 too
// (WAYLAND_DISPLAY set, but the compositor lacks what the keyboard needs).
WaylandBackend.install()
let arguments = CommandLine.arguments
if let options = QuickStart.parse(Array(arguments.dropFirst())) {
    do {
        exit(try options.showKeyboard())
    } catch {
        StartFailure.exitIfOwn(error)
        StartFailure.exit("\(error)", status: 1)
    }
}
let problem = Commands.replaceProcess(arguments: arguments)
StartFailure.exit(problem.description, status: 2)
