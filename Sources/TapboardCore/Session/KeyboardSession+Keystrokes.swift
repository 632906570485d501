/// What the session does when the injector answers a `.type`.
enum AfterTyping: Sendable {
    /// The rest of a batch's effects: notifications, timers, hiding, drawing.
    case plan(EffectPlan)
    /// Keystrokes that had waited for a keycode: nothing follows them.
    case queued
    /// Quitting, after everything queued is typed.
    case shutdown
}

extension KeyboardSession {
    /// How long drawing that types nothing may wait: well under a 60 Hz frame,
    /// and long enough that the press and release of a quick tap (or a test
    /// driving the keyboard through XTest) meet, so its highlight and preview,
    /// undone at once, are never drawn and never delay the keystroke.
    public static let drawingDelay: Duration = .milliseconds(3)

    /// Whether queued keystrokes can be tried again now.
    var keystrokesDue: Bool {
        !queue.isEmpty && (keystrokeDeadline.map { $0 <= now } ?? true)
    }

    /// Carries out a batch's effects. Keystrokes go out first: the X server
    /// hands a client its events only when it has finished the requests it has
    /// read, so drawing sent right behind a keystroke would hold the key back
    /// from the application. The rest waits for the injector's answer.
    mutating func apply(_ batch: [Effect], typeAhead: ((Keystroke) -> Bool)? = nil) {
        // Out before the strip's and the plan's work, when nothing can change it.
        var ahead: Keystroke?
        if let typeAhead, let keystroke = keystrokeToTypeAhead(batch), typeAhead(keystroke) { ahead = keystroke }
        // Layout switches were carried out as their events were handled.
        let batch = throughSuggestions(batch)
        let plan = EffectPlan(deferredDrawing + batch)
        queue += plan.keystrokes.flatMap(Self.oneCharacterEach)
        if let ahead, queue.first == ahead {
            // Out already: answered as the injector answers a `.type`.
            if queue.count == 1 {
                afterTyping = .plan(plan)
                injected(typed: 1, readyAt: nil)
                return
            }
            queue.removeFirst()
            focus.sent(ahead)
        }
        if keystrokesDue {
            afterTyping = plan.keystrokes.isEmpty && batch.isEmpty ? .queued : .plan(plan)
            emit(.type(queue, waitingForKeycodes: true))
            return
        }
        finishApply(plan)
    }

    /// The injector's answer: `typed` keystrokes of the queue went out; the next waits until `readyAt`.
    mutating func injected(typed: Int, readyAt: Duration?) {
        guard let after = afterTyping else { return }
        afterTyping = nil
        let sent = queue.prefix(min(max(typed, 0), queue.count))
        queue.removeFirst(sent.count)
        for keystroke in sent { focus.sent(keystroke) }
        keystrokeDeadline = queue.isEmpty ? nil : readyAt ?? now
        // Never what is typed into a password field.
        if configuration.publishKeys && !isSecure {
            for keystroke in sent {
                switch keystroke {
                case .text(let text): emit(.publish(.typed(text)))
                case .keysym(let symbol): emit(.publish(.typedKeysym(symbol.name)))
                case .chord: break
                }
            }
        }
        switch after {
        case .plan(let plan): finishApply(plan)
        case .queued: break
        case .shutdown:
            // Whatever could not be typed at all is given up.
            queue = []
        }
        // What waited for the answer (`tapboard type` answers, a new place, quitting)
        // follows at the end of this input's batch.
    }

    /// The effects after the keystrokes: timers, hiding, programs, notifications
    /// in their order; then the drawing, at once after the keystrokes (in the
    /// server by now) or, when nothing was typed, a few milliseconds later.
    private mutating func finishApply(_ plan: EffectPlan) {
        var plan = plan
        // The keystrokes are out: the strip's words may be looked for now, unless keys come too fast to read them.
        if !holdSuggestions(after: plan) {
            suggestionsDeadline = nil
            refreshSuggestions(&plan)
        }
        for effect in plan.others {
            switch effect {
            case .startTimer(let id, let deadline): timers[id] = deadline
            case .cancelTimer(let id): timers[id] = nil
            case .hide: userHides()
            case .run(let argv): emit(.run(argv))
            case .notify(let event):
                emit(.notify(event))
                switch event {
                case .pageChanged(let page): emit(.publish(.pageChanged(page)))
                case .layoutChanged(let layout): emit(.publish(.layoutChanged(layout)))
                case .pressStarted, .pressEnded, .draggedIn, .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled: break
                }
            case .switchLayout, .type, .redraw, .redrawAll, .showPreview, .hidePreview, .showCallout, .hideCallout, .chooseSuggestion:
                // Carried out as the events were handled, or sorted into the plan's other parts.
                break
            }
        }
        guard plan.draws else { return }
        if plan.keystrokes.isEmpty || !queue.isEmpty {
            deferredDrawing = Self.drawingEffects(of: plan)
            if drawDeadline == nil { drawDeadline = now + Self.drawingDelay }
        } else {
            // The keystrokes are in the server (`.type` is answered synced): drawn at once.
            drawNow(plan)
        }
    }

    /// Text split into one keystroke per character, so each waits only for itself.
    static func oneCharacterEach(_ keystroke: Keystroke) -> [Keystroke] {
        guard case .text(let text) = keystroke, text.unicodeScalars.count > 1 else { return [keystroke] }
        return text.unicodeScalars.map { .text(String($0)) }
    }

    /// The drawing of a plan as effects, to be merged with the next batch.
    static func drawingEffects(of plan: EffectPlan) -> [Effect] {
        var out: [Effect] = plan.relayout ? [.redrawAll] : (plan.redraw.isEmpty ? [] : [.redraw(plan.redraw)])
        switch plan.preview {
        case .show(let key)?: out.append(.showPreview(key: key))
        case .hide?: out.append(.hidePreview)
        case nil: break
        }
        switch plan.callout {
        case .some(.some(let open)): out.append(.showCallout(open))
        case .some(.none): out.append(.hideCallout)
        case .none: break
        }
        return out
    }
}
