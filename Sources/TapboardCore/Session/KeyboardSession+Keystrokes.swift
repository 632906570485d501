extension KeyboardSession {
    /// How long drawing that types nothing may wait: well under a 60 Hz frame,
    /// and long enough that the press and release of a quick tap (or a test
    /// driving the keyboard through XTest) meet, so its highlight and preview,
    /// undone at once, are never drawn and never delay the keystroke.
    public static let drawingDelay = KeystrokePacing.drawingDelay

    /// Whether queued keystrokes can be tried again now.
    var keystrokesDue: Bool { core.pacing.keystrokesDue(at: now) }

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
        let plan = EffectPlan(core.pacing.deferredDrawing + batch)
        core.pacing.enqueue(plan.keystrokes, privately: &core.unpublished)
        if ahead != nil {
            // Out already, the batch's only keystroke (the strip's letters path leaves it as it is):
            // answered as the injector answers a `.type`.
            core.pacing.expectAnswer(.plan(plan))
            injected(typed: 1, readyAt: nil)
            return
        }
        if keystrokesDue {
            core.pacing.expectAnswer(plan.keystrokes.isEmpty && batch.isEmpty ? .queued : .plan(plan))
            emit(.type(core.pacing.queue, waitingForKeycodes: true))
            return
        }
        finishApply(plan)
    }

    /// The injector's answer: `typed` keystrokes of the queue went out; the next waits until `readyAt`.
    mutating func injected(typed: Int, readyAt: Duration?) {
        guard let (sent, hidden, after) = core.pacing.answered(typed: typed, readyAt: readyAt, now: now) else { return }
        for keystroke in sent { core.focus.sent(keystroke) }
        // Never what is typed into a password field, nor a clipboard entry typed again.
        if configuration.publishKeys && !isSecure {
            for (i, keystroke) in sent.enumerated() where hidden.isEmpty || !hidden.contains(where: { $0.contains(i) }) {
                switch keystroke {
                case .text(let text): emit(.publish(.typed(text)))
                case .keysym(let symbol): emit(.publish(.typedKeysym(symbol.name)))
                case .chord:
                    let (modifiers, key) = keystroke.chordParts
                    switch key {
                    case .text(let text): emit(.publish(.typedChord(modifiers, text: text, keysym: nil)))
                    case .keysym(let symbol): emit(.publish(.typedChord(modifiers, text: nil, keysym: symbol.name)))
                    case .chord: break
                    }
                }
            }
        }
        if case .plan(let plan) = after { finishApply(plan) }
        // What waited for the answer (`tapboard type` answers, a new place, quitting)
        // follows at the end of this input's batch.
    }

    /// The effects after the keystrokes: timers, hiding, programs, notifications
    /// in their order; then the drawing, at once after the keystrokes (in the
    /// server by now) or a part's result of one (what is composed), or, when
    /// nothing was typed, a few milliseconds later.
    private mutating func finishApply(_ plan: EffectPlan) {
        var plan = plan
        // The keystrokes are out: the strip's words may be looked for now, unless keys come too fast to read them.
        if !core.strip.hold(after: plan, now: now) {
            core.strip.stopHolding()
            refreshSuggestions(&plan)
        }
        for effect in plan.others {
            switch effect {
            case .startTimer(let id, let deadline): core.timers[id] = deadline
            case .cancelTimer(let id): core.timers[id] = nil
            case .hide: userHides()
            case .run(let argv):
                // At a login screen a key must not start a program as the greeter's user.
                if configuration.secure { emit(.log("keys that run programs do nothing in secure mode (--secure, --xid)")) } else { emit(.run(argv)) }
            case .notify(let event):
                emit(.notify(event))
                switch event {
                case .pageChanged(let page): emit(.publish(.pageChanged(page)))
                case .layoutChanged(let layout): emit(.publish(.layoutChanged(layout)))
                case .pressStarted, .pressEnded, .draggedIn, .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled: break
                }
            case .switchLayout, .type, .redraw, .redrawAll, .showPreview, .hidePreview, .showCallout, .hideCallout, .chooseSuggestion, .emoji, .clipboard,
                 .settings:
                // Carried out as the events were handled, or sorted into the plan's other parts.
                break
            }
        }
        let shown = core.pacing.takeKeystrokeShown()
        guard plan.draws else { return }
        if plan.keystrokes.isEmpty && !shown || !core.pacing.queue.isEmpty {
            core.pacing.holdDrawing(Self.drawingEffects(of: plan), replacing: true, now: now)
        } else {
            // The keystrokes are in the server (`.type` is answered synced): drawn at once.
            drawNow(plan)
        }
    }

    /// The drawing of a plan as effects, to be merged with the next batch.
    static func drawingEffects(of plan: EffectPlan) -> [Effect] {
        var drawing: [Effect] = plan.relayout ? [.redrawAll] : (plan.redraw.isEmpty ? [] : [.redraw(plan.redraw)])
        switch plan.preview {
        case .show(let key)?: drawing.append(.showPreview(key: key))
        case .hide?: drawing.append(.hidePreview)
        case nil: break
        }
        switch plan.callout {
        case .some(.some(let open)): drawing.append(.showCallout(open))
        case .some(.none): drawing.append(.hideCallout)
        case .none: break
        }
        return drawing
    }
}
