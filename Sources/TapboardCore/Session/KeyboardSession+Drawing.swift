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
        let partLabels = parts.labels(of: chosen, core)
        return chosen.enumerated().map { i, frame in
            var label = partLabels[i] ?? core.state.label(of: frame.key)
            if partLabels[i] == nil, case .suggestion(let rank) = frame.key.action { label = suggestionLabel(rank: rank) }
            return KeyAppearance(frame: frame, label: label, styleClass: core.state.styleClass(of: frame.key),
                                 pressed: core.state.isPressed(frame.index), highlight: marks[frame.index] ?? .none)
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

    // MARK: - The clipboard history (its part: `ClipboardPart`)

    /// Whether and where the history is kept (`--clipboard-history`).
    public var clipboardHistoryMode: ClipboardHistoryMode { parts.clipboard.keeping.mode }

    /// The history's entries, newest first (in disk mode, only those copied in
    /// this run until the file was read: see `needClipboardHistory`).
    public var clipboardEntries: [ClipboardEntry] { parts.clipboard.keeping.history.entries }

    /// Whether `clipboardEntries` holds every entry kept (in disk mode, once the file was read).
    public var clipboardHistoryComplete: Bool { parts.clipboard.keeping.complete }
}
