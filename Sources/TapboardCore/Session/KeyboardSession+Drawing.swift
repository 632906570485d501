/// The keys placed for the page shown and how they are drawn: all of them or
/// those that changed, the preview and the callout.
extension KeyboardSession {
    /// Places the keys of the state's page for the window's size, if anything they
    /// depend on changed; whether it did.
    @discardableResult
    mutating func refreshFrames() -> Bool {
        // Compared first: the page and the theme are not copied at every contact, only when placed again.
        let basis = placementBasis
        guard !core.placed.isPlaced(for: basis) else { return false }
        return core.placed.place(core.state.page, for: basis, theme: theme)
    }

    /// What the keys of the page shown are placed for now.
    private var placementBasis: PlacedKeys.Basis {
        PlacedKeys.Basis(page: core.state.pageIndex, generation: core.state.layoutGeneration, size: frame.size, theme: core.choice.themeGeneration)
    }

    /// How keys look now: all of them, or those given; `highlightMarks` when known (`KeyboardSession+Scanning`).
    func appearances(_ indices: [Int]? = nil, highlightMarks known: [Int: KeyHighlight]? = nil) -> [KeyAppearance] {
        let chosen = indices.map { $0.filter { $0 < keyFrames.count }.map { keyFrames[$0] } } ?? keyFrames
        let marks = known ?? highlightMarks()
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
    func onScreen(_ index: Int) -> Rect {
        var r = keyFrames[index].rect
        r.x += frame.x
        r.y += frame.y
        return r
    }

    /// The preview balloon for a key of the page shown, if it shows one (a text label).
    public func previewDrawing(forKey index: Int) -> PreviewDrawing? {
        guard index < keyFrames.count, case .text(let text) = core.state.label(of: keyFrames[index].key) else { return nil }
        let scale = theme.scale(forHeight: frame.height)
        return PreviewDrawing(text: text, geometry: PreviewGeometry(key: onScreen(index), screen: screen.size, scale: scale),
                              styleClass: core.state.styleClass(of: keyFrames[index].key), scale: scale)
    }

    /// Where an open callout's alternates are on the screen.
    func calloutGeometry(for open: Callout) -> CalloutGeometry? {
        guard open.key < keyFrames.count else { return nil }
        let scale = theme.scale(forHeight: frame.height)
        return CalloutGeometry(count: open.items.count, key: onScreen(open.key), screen: screen.size, padding: Int((4 * scale).rounded()))
    }

    /// Draws a batch's drawing: a relayout or the changed keys, then the preview and the callout.
    mutating func drawNow(_ plan: EffectPlan) {
        _ = core.pacing.takeDrawing()
        // Every change of page, layout, size or theme comes with a relayout; frames found
        // out of date here all the same are drawn in full.
        let marks = highlightMarks()
        if refreshFrames() || plan.relayout {
            emit(.draw(.all(appearances(highlightMarks: marks), size: frame.size)))
            if handsFree.isOn { handsFree.drawnMarks = marks }
        } else if !plan.redraw.isEmpty {
            emit(.draw(.keys(appearances(plan.redraw, highlightMarks: marks))))
            if handsFree.isOn { for i in plan.redraw { handsFree.drawnMarks[i] = marks[i] } }
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
}
