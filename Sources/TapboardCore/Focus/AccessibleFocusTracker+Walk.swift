/// The walk for the object that has the focus when the keyboard starts: no
/// event says so, and AT-SPI has no call that asks, so the tree is walked from
/// the registry's desktop through the applications and their active windows
/// (`FocusWalk` decides where it goes and which object it settles on). Each
/// object is asked its state set and its children together; the walk ends when
/// every object asked has answered, and the deepest focused object found is then
/// asked about as a focus event's would be. A focus event before then wins: the
/// walk is abandoned.
extension AccessibleFocusTracker {
    /// The registry's desktop, where the walk begins (its children are the applications).
    public static let desktop = AccessibleObject(sender: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/accessible/root")
    /// The path of the null object, which some children lists hold.
    public static let nullPath = "/org/a11y/atspi/null"
    /// Objects asked at most: a huge document is not walked to its end.
    public static let walkLimit = 4000

    /// The walk going on.
    struct Walk: Sendable {
        /// The generation it began under: a focus event since makes its answer stale.
        var generation: UInt64
        /// Objects asked, against `walkLimit`.
        var visited = 0
        /// The objects whose answers have not all come, by the id of their first request.
        var nodes: [UInt64: Node] = [:]
        /// The deepest focused object found so far.
        var best: Node?
    }

    /// One object on the way: its state set and its children, answered in any order.
    struct Node: Sendable {
        var object: AccessibleObject
        /// Levels below the desktop (the desktop 0, an application 1, its windows 2).
        var depth: Int
        var waiting = 2
        var states: UInt64 = 0
        var children: [AccessibleObject] = []
    }

    /// Starts the walk for the object focused now: what to ask first.
    public mutating func start() -> Outcome {
        var out = Outcome()
        walk = Walk(generation: generation)
        visit(Self.desktop, depth: 0, &out)
        return out
    }

    /// Whether the walk for the focus at start is still going on.
    public var walking: Bool { walk != nil }

    /// Asks an object's state set and children; the walk goes on from their answers.
    private mutating func visit(_ object: AccessibleObject, depth: Int, _ out: inout Outcome) {
        // Changed in place (`walk?.`): a copy of its nodes at each answer would make a long walk quadratic.
        guard let visited = walk?.visited, visited < Self.walkLimit else { return }
        let node = nextRequest
        walk?.visited += 1
        walk?.nodes[node] = Node(object: object, depth: depth)
        request(.states, of: object, for: .walk(node: node), &out)
        request(.children, of: object, for: .walk(node: node), &out)
    }

    /// One answer about an object of the walk (a failed one counts as one with nothing in it).
    mutating func walked(_ id: UInt64, _ answer: AccessibleAnswer, _ out: inout Outcome) {
        guard walk?.generation == generation, var node = walk?.nodes[id] else { return }
        switch answer {
        case .states(let states): node.states = states
        case .children(let children): node.children = children
        default: break
        }
        node.waiting -= 1
        guard node.waiting == 0 else {
            walk?.nodes[id] = node
            return
        }
        walk?.nodes[id] = nil
        let step = FocusWalk.step(depth: node.depth, states: node.states, bestDepth: walk?.best?.depth ?? 0)
        if step.focused { walk?.best = node }
        if step.descend {
            for child in node.children where child.path != Self.nullPath { visit(child, depth: node.depth + 1, &out) }
        }
        // The last answer: the deepest focused object is asked about as a focus event's is.
        guard walk?.nodes.isEmpty == true else { return }
        let best = walk?.best
        walk = nil
        if let best { ask(about: best.object, &out) }
    }
}
