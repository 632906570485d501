/// The keys placed for the page shown and how they are drawn: all of them or
/// those that changed, the preview and the callout.
extension KeyboardSession {
    /// Places the keys of the state's page for the window's size, if anything they
    /// depend on changed; whether it did.
    @discardableResult
    mutating func refreshFrames() -> Bool { core.refreshFrames() }

    /// How keys look now: all of them, or those given; the parts' marks (`highlightMarks`) when known.
    func appearances(_ indices: [Int]? = nil, highlightMarks known: [Int: KeyHighlight]? = nil) -> [KeyAppearance] {
        let chosen = indices.map { $0.filter { $0 < keyFrames.count }.map { keyFrames[$0] } } ?? keyFrames
        let marks = known ?? parts.highlightMarks(core)
        return chosen.map {
            var label = core.state.label(of: $0.key)
            if case .suggestion(let rank) = $0.key.action { label = suggestionLabel(rank: rank) }
            if case .emoji(let key) = $0.key.action, let shown = searchLabel(key) { label = shown }
            if case .clipboard(let key) = $0.key.action { label = clipboardLabel(key, in: $0.rect.size) }
            return KeyAppearance(frame: $0, label: label, styleClass: core.state.styleClass(of: $0.key), pressed: core.state.isPressed($0.index),
                                 highlight: marks[$0.index] ?? .none)
        }
    }

    /// A key's rectangle on the screen.
    func onScreen(_ index: Int) -> Rect { core.onScreen(index) }

    /// The preview balloon for a key of the page shown, if it shows one (a text label).
    public func previewDrawing(forKey index: Int) -> PreviewDrawing? {
        guard index < keyFrames.count, case .text(let text) = core.state.label(of: keyFrames[index].key) else { return nil }
        let scale = theme.scale(forHeight: frame.height)
        return PreviewDrawing(text: text, geometry: PreviewGeometry(key: onScreen(index), screen: screen.size, scale: scale),
                              styleClass: core.state.styleClass(of: keyFrames[index].key), scale: scale)
    }

    /// Where an open callout's alternates are on the screen.
    func calloutGeometry(for open: Callout) -> CalloutGeometry? { core.calloutGeometry(for: open) }

    /// Draws a batch's drawing: a relayout or the changed keys, then the preview and the callout.
    mutating func drawNow(_ plan: EffectPlan) {
        _ = core.pacing.takeDrawing()
        // Every change of page, layout, size or theme comes with a relayout; frames found
        // out of date here all the same are drawn in full.
        let marks = parts.highlightMarks(core)
        if refreshFrames() || plan.relayout {
            emit(.draw(.all(appearances(highlightMarks: marks), size: frame.size)))
            parts.marksDrawn(marks, keys: nil, &core)
        } else if !plan.redraw.isEmpty {
            emit(.draw(.keys(appearances(plan.redraw, highlightMarks: marks))))
            parts.marksDrawn(marks, keys: plan.redraw, &core)
        }
        switch plan.preview {
        case .show(let key)?:
            // Over a password field the pressed key is not magnified for anyone looking on.
            if !isSecure, let drawing = previewDrawing(forKey: key) { emit(.draw(.showPreview(drawing))) }
        case .hide?: emit(.draw(.hidePreview))
        case nil: break
        }
        switch plan.callout {
        case .some(.some(let open)):
            if let geometry = calloutGeometry(for: open) {
                let scale = theme.scale(forHeight: frame.height)
                emit(.draw(.showCallout(CalloutDrawing(callout: open, geometry: geometry,
                                                       styleClass: keyFrames[open.key].key.styleClass, scale: scale))))
            }
        case .some(.none): emit(.draw(.hideCallout))
        case .none: break
        }
    }

    /// Drawing every key of the page shown as it looks now.
    public mutating func drawingOfAll() -> Drawing {
        refreshFrames()
        return .all(appearances(), size: frame.size)
    }

    /// The keys switch scanning highlights now, by id (none when no scan runs; for benchmarks and tools).
    public var scanHighlighted: [String] { parts.handsFree.scanner?.highlighted.map(\.id) ?? [] }
}
