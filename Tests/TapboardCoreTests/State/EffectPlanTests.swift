import Testing
import TapboardCore

@Suite("EffectPlan")
struct EffectPlanTests {
    @Test("a quick tap read in one batch: the keystroke first, each key drawn once, the preview hidden")
    func quickTapBatch() {
        var state = KeyboardState(layout: .enUS, options: InteractionOptions(autoShift: false))
        let q = state.page.keyIdentifiers.firstIndex(of: "q")!
        let p = Point(x: 1, y: 1)
        let effects = state.handle(.touch(.began, point: p, key: q), at: .zero)
            + state.handle(.touch(.ended, point: p, key: q), at: .milliseconds(1))
        let plan = EffectPlan(effects)
        #expect(plan.keystrokes == [.text("q")])
        #expect(plan.redraw == [q])
        #expect(!plan.relayout)
        #expect(plan.preview == .hide)
        #expect(plan.others == [.notify(.touchesBegan(p)), .notify(.pressStarted(state.page.keys[q])),
                                .notify(.pressEnded(state.page.keys[q])), .notify(.touchesEnded(p))])
    }

    @Test("a relayout covers every redraw; the last preview change wins; timers keep their order")
    func merging() {
        let plan = EffectPlan([.redraw([3, 1]), .showPreview(key: 1), .startTimer(.keyRepeat, deadline: .seconds(1)),
                               .redrawAll, .redraw([2]), .hidePreview, .showPreview(key: 2), .cancelTimer(.keyRepeat)])
        #expect(plan.relayout)
        #expect(plan.redraw == [])
        #expect(plan.preview == .show(key: 2))
        #expect(plan.others == [.startTimer(.keyRepeat, deadline: .seconds(1)), .cancelTimer(.keyRepeat)])
        #expect(plan.draws)
    }

    @Test("keys are drawn once each, in order; a batch without drawing says so")
    func dedup() {
        #expect(EffectPlan([.redraw([5, 2]), .redraw([2, 9])]).redraw == [2, 5, 9])
        let quiet = EffectPlan([.type(.text("a")), .notify(.touchesCancelled)])
        #expect(!quiet.draws)
        #expect(quiet.preview == nil)
    }
}
