/// The folds the session makes over its parts, one for each kind of input.
extension SessionParts {
    /// A contact: whether a part took it.
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool {
        struct Fold: PartVisitor {
            let contact: PartContact
            var taken = false
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                taken = part.contact(contact, &core)
                return taken
            }
        }
        var fold = Fold(contact: contact)
        visit(&fold, &core)
        return fold.taken
    }

    /// An input the hub leaves to the parts.
    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {
        struct Fold: PartVisitor {
            let input: SessionInput
            let showing: [Bool]
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                part.take(input, &core, showing: showing)
                return false
            }
        }
        var fold = Fold(input: input, showing: showing)
        visit(&fold, &core)
    }

    /// The state machine handled an input: its effects from `first`.
    mutating func stateActed(from first: Int, _ core: inout SessionCore) {
        struct Fold: PartVisitor {
            let first: Int
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                part.stateActed(from: first, &core)
                return false
            }
        }
        var fold = Fold(first: first)
        visit(&fold, &core)
    }

    /// Time passed: each part whose deadline came (before `limit`, when given).
    mutating func runDue(_ core: inout SessionCore, before limit: Duration?) {
        struct Fold: PartVisitor {
            let limit: Duration?
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                if let due = part.nextDeadline(core), due <= core.now, limit.map({ due < $0 }) ?? true { part.runDue(&core, before: limit) }
                return false
            }
        }
        var fold = Fold(limit: limit)
        visit(&fold, &core)
    }

    /// The batch's inputs are handled: each part brings what the keys show up to date.
    mutating func settle(_ core: inout SessionCore) {
        struct Fold: PartVisitor {
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                part.settle(&core)
                return false
            }
        }
        var fold = Fold()
        visit(&fold, &core)
    }

    /// A keystroke the state machine decided on: whether a part took it.
    mutating func typed(_ keystroke: Keystroke, _ core: inout SessionCore) -> Bool {
        struct Fold: PartVisitor {
            let keystroke: Keystroke
            var taken = false
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                taken = part.typed(keystroke, &core)
                return taken
            }
        }
        var fold = Fold(keystroke: keystroke)
        visit(&fold, &core)
        return fold.taken
    }

    /// The batch's inputs are handled.
    mutating func batchHandled(_ core: inout SessionCore, showing: [Bool]) {
        struct Fold: PartVisitor {
            let showing: [Bool]
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                part.batchHandled(&core, showing: showing)
                return false
            }
        }
        var fold = Fold(showing: showing)
        visit(&fold, &core)
    }

    /// The marks drawn.
    mutating func marksDrawn(_ marks: [Int: KeyHighlight], keys: [Int]?, _ core: inout SessionCore) {
        struct Fold: PartVisitor {
            let marks: [Int: KeyHighlight]
            let keys: [Int]?
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                part.marksDrawn(marks, keys: keys)
                return false
            }
        }
        var fold = Fold(marks: marks, keys: keys)
        visit(&fold, &core)
    }

    /// The earliest of the parts' deadlines.
    func nextDeadline(_ core: SessionCore) -> Duration? {
        struct Earliest: PartReader {
            var earliest = EarliestDeadline()
            mutating func inspect<P: SessionPart>(_ part: P, _ core: SessionCore) { earliest.consider(part.nextDeadline(core)) }
        }
        var reader = Earliest()
        inspect(&reader, core)
        return reader.earliest.value
    }

    /// Whether a part takes what the keys type now.
    func takesKeystrokes(_ core: SessionCore) -> Bool {
        struct Takes: PartReader {
            var any = false
            mutating func inspect<P: SessionPart>(_ part: P, _ core: SessionCore) { any = any || part.takesKeystrokes(core) }
        }
        var reader = Takes()
        inspect(&reader, core)
        return reader.any
    }

    /// Whether a part needs to know which keys show something.
    func wantsShownKeys(_ core: SessionCore) -> Bool {
        struct Wants: PartReader {
            var any = false
            mutating func inspect<P: SessionPart>(_ part: P, _ core: SessionCore) { any = any || part.wantsShownKeys }
        }
        var reader = Wants()
        inspect(&reader, core)
        return reader.any
    }

    /// The marks the parts draw on keys now, by index.
    func highlightMarks(_ core: SessionCore) -> [Int: KeyHighlight] {
        struct Marks: PartReader {
            var marks: [Int: KeyHighlight] = [:]
            mutating func inspect<P: SessionPart>(_ part: P, _ core: SessionCore) {
                let more = part.highlightMarks(core)
                if marks.isEmpty { marks = more } else { marks.merge(more) { _, new in new } }
            }
        }
        var reader = Marks()
        inspect(&reader, core)
        return reader.marks
    }

    /// What the parts make these keys show now (nil where a key shows its own label).
    func labels(of frames: [KeyFrame], _ core: SessionCore) -> [KeyLabel?] {
        struct Labels: PartReader {
            let frames: [KeyFrame]
            var labels: [KeyLabel?]
            mutating func inspect<P: SessionPart>(_ part: P, _ core: SessionCore) {
                guard part.labelsKeys else { return }
                for (i, frame) in frames.enumerated() where labels[i] == nil { labels[i] = part.label(of: frame, core) }
            }
        }
        var reader = Labels(frames: frames, labels: Array(repeating: nil, count: frames.count))
        inspect(&reader, core)
        return reader.labels
    }
}
