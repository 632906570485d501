import Testing
import TapboardCore

/// Which binary runs the keyboard: `tapboard` (X11) and `tapboard-wayland`
/// hand the command line to each other, never in a loop.
struct BackendChoiceTests {
    /// What the keyboard's start is told: `--backend`, `--display`, whether `WAYLAND_DISPLAY` is set.
    struct Asked: CustomTestStringConvertible {
        var chosen: KeyboardBackend?
        var displayName: String?
        var waylandDisplay: Bool
        var testDescription: String { "--backend \(chosen?.rawValue ?? "-") --display \(displayName ?? "-") WAYLAND_DISPLAY \(waylandDisplay)" }
    }

    static let everything: [Asked] = [nil, KeyboardBackend.x11, .wayland].flatMap { chosen in
        [nil, ":1"].flatMap { display in [false, true].map { Asked(chosen: chosen, displayName: display, waylandDisplay: $0) } }
    }

    /// A start in the binary carrying `first`, followed through its hand-overs (the reason
    /// given in the environment, as `KeyboardBinary` passes it) to where the keyboard runs.
    private func follow(_ asked: Asked, from first: KeyboardBackend, compositorLacks lack: String?)
        -> (runsOn: KeyboardBackend, passedOver: String?, handOvers: Int, looks: Int)? {
        var binary = first, passedOver: String?, handOvers = 0, looks = 0
        while handOvers <= 4 {
            let choice = BackendChoice.of(carried: binary, chosen: asked.chosen, displayName: asked.displayName,
                                          waylandDisplay: asked.waylandDisplay, passedOver: passedOver,
                                          waylandUnavailable: { looks += 1; return lack })
            switch choice {
            case .run(let reason): return (binary, reason, handOvers, looks)
            case .handOver(let other, let reason):
                binary = other
                passedOver = reason
                handOvers += 1
            }
        }
        return nil
    }

    @Test("From either binary, whatever is asked and whatever the compositor offers: at most two hand-overs, one look at the compositor",
          arguments: everything)
    func noLoop(_ asked: Asked) throws {
        for first in KeyboardBackend.allCases {
            for lack in [nil, "the Wayland compositor offers no zwlr_layer_shell_v1"] {
                let end = try #require(follow(asked, from: first, compositorLacks: lack), "a loop from \(first), compositor lacking \(lack ?? "nothing")")
                #expect(end.handOvers <= 2 && end.looks <= 1)
                // Where it ends: the backend named; X11 for a display named or no WAYLAND_DISPLAY; else Wayland if it will do.
                let expected: KeyboardBackend = asked.chosen ?? (asked.displayName != nil || !asked.waylandDisplay || lack != nil ? .x11 : .wayland)
                #expect(end.runsOn == expected, "from \(first), compositor lacking \(lack ?? "nothing")")
                // The reason reaches X11 only when Wayland was looked at and would not do.
                #expect(end.passedOver == (asked.chosen == nil && asked.displayName == nil && asked.waylandDisplay ? lack : nil))
            }
        }
    }

    @Test("tapboard hands Wayland over unlooked; tapboard-wayland hands X11 back with the compositor's reason; told why, tapboard runs on X11")
    func handOvers() {
        let lack = "the Wayland compositor offers no zwlr_layer_shell_v1"
        #expect(BackendChoice.of(carried: .x11, chosen: nil, displayName: nil, waylandDisplay: true, passedOver: nil,
                                 waylandUnavailable: { Issue.record("the X11 binary looked"); return nil }) == .handOver(.wayland, passedOver: nil))
        #expect(BackendChoice.of(carried: .wayland, chosen: nil, displayName: nil, waylandDisplay: true, passedOver: nil,
                                 waylandUnavailable: { lack }) == .handOver(.x11, passedOver: lack))
        #expect(BackendChoice.of(carried: .x11, chosen: nil, displayName: nil, waylandDisplay: true, passedOver: lack,
                                 waylandUnavailable: { nil }) == .run(passedOver: lack))
        #expect(BackendChoice.of(carried: .wayland, chosen: .x11, displayName: nil, waylandDisplay: true, passedOver: nil,
                                 waylandUnavailable: { nil }) == .handOver(.x11, passedOver: nil))
        #expect(BackendChoice.of(carried: .x11, chosen: .wayland, displayName: nil, waylandDisplay: false, passedOver: lack,
                                 waylandUnavailable: { nil }) == .handOver(.wayland, passedOver: nil))
    }
}
