/// Reads theme files (YAML; the format is in docs/themes.md).
public enum ThemeFile {
    /// Decodes a theme file; every value it leaves out is the default theme's.
    /// Every error names the file, line, column and field.
    public static func decode(_ text: String, file: String) throws(FileError) -> Theme {
        try decode(text, file: file, over: .default)
    }

    /// Decodes a theme file over `base`, which gives the values the file leaves out
    /// (a parameter so tests can show a file sets every value).
    static func decode(_ text: String, file: String, over base: Theme) throws(FileError) -> Theme {
        let root = try YAMLValue.parse(text, file: file)
        let fields = try root.fields(allowed: ["name", "background", "reference-height", "strip-height", "paddings", "keys", "preview", "callout", "highlight"],
                                     "a theme: a mapping with name and the values that differ from the default theme")
        guard let nameValue = fields["name"] else { throw root.error("missing field 'name'") }
        let name = try nameValue.string("a theme name")
        guard !name.isEmpty, !name.contains(where: { $0 == "/" || $0 == " " || $0 == "," }) else {
            throw nameValue.error("expected a theme name without spaces, commas or slashes, found '\(name)'")
        }
        var theme = base
        theme.name = name
        // In file order, so the first mistake in the file is the one reported.
        for (field, value) in try root.entries() {
            switch field {
            case "background": theme.background = try color(value)
            case "reference-height": theme.referenceHeight = try number(value, "a keyboard height in pixels", above: true, atMost: 10_000)
            case "strip-height": theme.stripHeight = try number(value, "the suggestion strip's height as a share of a key row", above: true, atMost: 4)
            case "paddings": try fill(value, paddingFields, into: &theme.paddings, "paddings: a mapping of lengths in points")
            case "keys": theme.styles = try styles(value, over: base)
            case "preview": try fill(value, previewFields, into: &theme.preview, "a preview style: a mapping")
            case "callout": try fill(value, calloutFields, into: &theme.callout, "a callout style: a mapping")
            case "highlight": try fill(value, highlightFields, into: &theme.highlight, "a highlight: a mapping with color and width")
            default: break  // name, done above; fields() rejected anything else
            }
        }
        return theme
    }

    /// The name of a key class in files: `activeModifier` is `active-modifier`.
    static func fileName(_ keyClass: KeyClass) -> String {
        keyClass.rawValue.reduce(into: "") { out, c in out += c.isUppercase ? "-" + c.lowercased() : String(c) }
    }

    /// Each class starts from the base theme's style, then takes `all`, then its own fields.
    private static func styles(_ value: YAMLValue, over base: Theme) throws(FileError) -> [KeyClass: KeyStyle] {
        let given = try value.fields(allowed: ["all"] + KeyClass.allCases.map(fileName),
                                     "a mapping from key classes (or all) to their styles")
        var styles: [KeyClass: KeyStyle] = [:]
        for keyClass in KeyClass.allCases {
            var style = base.style(keyClass)
            for part in [given["all"], given[fileName(keyClass)]] {
                if let part { try fill(part, keyStyleFields, into: &style, "a key style: a mapping") }
            }
            styles[keyClass] = style
        }
        return styles
    }

    /// How one field of a mapping is read and where it goes.
    private enum Field<Target> {
        case color(WritableKeyPath<Target, Color>)
        /// 0 or more, or above 0 when `above`; at most `atMost`.
        case number(WritableKeyPath<Target, Double>, String, above: Bool = false, atMost: Double = ThemeFile.maximumLength)
        case font(WritableKeyPath<Target, String>)
    }

    // Computed, not stored: key paths in a static let would need to be Sendable.
    private static var keyStyleFields: KeyValuePairs<String, Field<KeyStyle>> {
        ["background": .color(\.background), "pressed-background": .color(\.pressedBackground),
         "text-color": .color(\.textColor), "font-family": .font(\.fontFamily),
         "font-size": .number(\.fontSize, "a font size in points", above: true, atMost: 200),
         "corner-radius": .number(\.cornerRadius, "a radius in points"),
         "border-color": .color(\.borderColor), "border-width": .number(\.borderWidth, "a width in points"),
         "shadow-color": .color(\.shadowColor), "shadow-offset": .number(\.shadowOffset, "an offset in points")]
    }
    private static var paddingFields: KeyValuePairs<String, Field<Paddings>> {
        ["top": .number(\.top, "a length in points"), "bottom": .number(\.bottom, "a length in points"),
         "row-spacing": .number(\.rowSpacing, "a length in points"), "leading": .number(\.leading, "a length in points"),
         "trailing": .number(\.trailing, "a length in points"), "key-spacing": .number(\.keySpacing, "a length in points")]
    }
    private static var previewFields: KeyValuePairs<String, Field<PreviewStyle>> {
        ["background": .color(\.background), "text-color": .color(\.textColor),
         "font-scale": .number(\.fontScale, "a scale relative to the key's font, like 1.6", above: true, atMost: 5),
         "border-color": .color(\.borderColor)]
    }
    private static var calloutFields: KeyValuePairs<String, Field<CalloutStyle>> {
        ["background": .color(\.background), "selected-background": .color(\.selectedBackground),
         "text-color": .color(\.textColor), "selected-text-color": .color(\.selectedTextColor),
         "border-color": .color(\.borderColor)]
    }

    private static var highlightFields: KeyValuePairs<String, Field<HighlightStyle>> {
        ["color": .color(\.color), "width": .number(\.width, "a width in points", above: true, atMost: 50)]
    }

    /// Sets the fields a mapping gives, in file order; unknown ones are errors.
    private static func fill<Target>(_ value: YAMLValue, _ table: KeyValuePairs<String, Field<Target>>,
                                     into target: inout Target, _ expected: String) throws(FileError) {
        _ = try value.fields(allowed: table.map(\.key), expected)
        for (name, v) in try value.entries() {
            switch table.first(where: { $0.key == name })!.value {
            case .color(let path): target[keyPath: path] = try color(v)
            case .number(let path, let what, let above, let limit): target[keyPath: path] = try number(v, what, above: above, atMost: limit)
            case .font(let path):
                let family = try v.string("a font family like sans-serif or \"DejaVu Sans\"")
                guard !family.isEmpty else { throw v.error("expected a font family like sans-serif or \"DejaVu Sans\", found ''") }
                target[keyPath: path] = family
            }
        }
    }

    /// The most a length may be, in points: far more than any keyboard needs, and
    /// little enough that lengths in pixels (scaled by at most 8) stay far inside `Int`.
    static let maximumLength = 1000.0

    /// A number of 0 or more (above 0 when `above`) and at most `limit`: lengths never
    /// go negative, and a huge one (`1e300`) would not convert to a pixel count.
    private static func number(_ value: YAMLValue, _ what: String, above: Bool = false,
                               atMost limit: Double = maximumLength) throws(FileError) -> Double {
        let n = try value.number(what)
        guard above ? n > 0 : n >= 0 else {
            throw value.error("expected \(what) \(above ? "above 0" : "of 0 or more"), found \(value.scalar ?? "\(n)")")
        }
        guard n <= limit else { throw value.error("expected \(what) of at most \(Int(limit)), found \(value.scalar ?? "\(n)")") }
        return n
    }

    /// `"#rrggbb"` (opaque) or `"#rrggbbaa"`.
    static func color(_ value: YAMLValue) throws(FileError) -> Color {
        let expected = "expected a colour as \"#rrggbb\" or \"#rrggbbaa\""
        guard let s = value.scalar else { throw value.error("\(expected), found \(value.kind)") }
        // Unquoted, `#1c1c1e` is a YAML comment and the value is left empty.
        if value.isNull { throw value.error("\(expected), found nothing; quote colours, as an unquoted # starts a comment") }
        let digits = s.dropFirst()
        guard s.first == "#", digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let n = UInt32(digits, radix: 16) else {
            throw value.error("\(expected), found '\(s)'")
        }
        if digits.count == 6 { return Color(hex: n) }
        return Color(red: UInt8(n >> 24), green: UInt8(n >> 16 & 0xff), blue: UInt8(n >> 8 & 0xff), alpha: UInt8(n & 0xff))
    }
}
