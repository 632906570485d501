import Glibc
import TapboardStart

// The keyboard, its options read through their table (QuickStart), in a
// binary without ArgumentParser and Foundation; every other command line
// (help, version, a subcommand, a mistake) goes to tapboard-commands beside it.
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
