import Testing
@testable import TapboardCore

@Suite("The library's observers of published events")
struct EventObserversTests {
    final class Heard { var events: [String] = [] }

    @Test("Each hears the names it asked for, in order; a removed one hears nothing more")
    func namesAndRemoval() {
        var observers = EventObservers(keysAllowed: false)
        let all = Heard(), pages = Heard()
        let first = observers.add(names: nil) { all.events.append($0.name) }
        _ = observers.add(names: ["pageChanged"]) { pages.events.append($0.name) }
        observers.publish(.pageChanged("letters"))
        observers.publish(.layoutChanged("de"))
        observers.remove(first)
        observers.publish(.pageChanged("letters"))
        #expect(all.events == ["pageChanged", "layoutChanged"])
        #expect(pages.events == ["pageChanged", "pageChanged"])
    }

    @Test("What was typed reaches them only when the keyboard allows keys")
    func privateEvents() {
        for allowed in [false, true] {
            var observers = EventObservers(keysAllowed: allowed)
            let heard = Heard()
            _ = observers.add(names: nil) { heard.events.append($0.name) }
            observers.publish(.typed("secret"))
            observers.publish(.suggestions(["secret"]))
            #expect(heard.events == (allowed ? ["key", "suggestions"] : []))
        }
    }
}
