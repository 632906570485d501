/// Hears about presses and contacts on the keyboard; every method has an empty default.
public protocol KeyboardDelegate: AnyObject {
    /// A press started on a key.
    func keyPressStarted(_ key: Key)
    /// A press ended on a key.
    func keyPressEnded(_ key: Key)
    /// A held press slid from one key onto another.
    func keyDraggedIn(from: Key, to: Key)
    /// A contact went down.
    func touchesBegan(at point: Point)
    /// A contact moved.
    func touchesMoved(to point: Point)
    /// A contact lifted.
    func touchesEnded(at point: Point)
    /// A contact was cancelled.
    func touchesCancelled()
    /// Another page is shown.
    func pageChanged(to page: PageName)
    /// Another layout is shown.
    func layoutChanged(to layout: String)
}

extension KeyboardDelegate {
    public func keyPressStarted(_ key: Key) {}
    public func keyPressEnded(_ key: Key) {}
    public func keyDraggedIn(from: Key, to: Key) {}
    public func touchesBegan(at point: Point) {}
    public func touchesMoved(to point: Point) {}
    public func touchesEnded(at point: Point) {}
    public func touchesCancelled() {}
    public func pageChanged(to page: PageName) {}
    public func layoutChanged(to layout: String) {}

    /// Calls the method that matches the event.
    public func dispatch(_ event: KeyboardEvent) {
        switch event {
        case .pressStarted(let k): keyPressStarted(k)
        case .pressEnded(let k): keyPressEnded(k)
        case .draggedIn(let a, let b): keyDraggedIn(from: a, to: b)
        case .touchesBegan(let p): touchesBegan(at: p)
        case .touchesMoved(let p): touchesMoved(to: p)
        case .touchesEnded(let p): touchesEnded(at: p)
        case .touchesCancelled: touchesCancelled()
        case .pageChanged(let p): pageChanged(to: p)
        case .layoutChanged(let l): layoutChanged(to: l)
        }
    }
}
