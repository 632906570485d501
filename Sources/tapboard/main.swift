import Glibc
import TapboardStart

// The keyboard from the plain forms of its options (QuickStart), in a binary
// without ArgumentParser and Foundation; every other command line goes to
// tapboard-commands beside it, which parses it with ArgumentParser.
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
