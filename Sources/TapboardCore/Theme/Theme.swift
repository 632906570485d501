/// An sRGB colour with alpha.
public struct Color: Hashable, Sendable {
    /// Red, green, blue and alpha, 0...255.
    public var red, green, blue, alpha: UInt8

    /// Makes a colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Makes an opaque colour from `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8(hex >> 16 & 0xff), green: UInt8(hex >> 8 & 0xff), blue: UInt8(hex & 0xff))
    }
}

/// How one class of keys looks.
public struct KeyStyle: Hashable, Sendable {
    /// Fill of the key at rest.
    public var background: Color
    /// Fill while the key is pressed.
    public var pressedBackground: Color
    /// Colour of the label and icon.
    public var textColor: Color
    /// Fontconfig family of the label.
    public var fontFamily: String
    /// Label size in points at scale 1.
    public var fontSize: Double
    /// Corner radius in points at scale 1.
    public var cornerRadius: Double
    /// Border colour; drawn when `borderWidth` is above zero.
    public var borderColor: Color
    /// Border width in points at scale 1.
    public var borderWidth: Double
    /// Colour of the shadow under the key.
    public var shadowColor: Color
    /// How far down the shadow shows, in points at scale 1; zero for none.
    public var shadowOffset: Double

    /// Makes a key style.
    public init(background: Color, pressedBackground: Color, textColor: Color, fontFamily: String = "sans-serif",
                fontSize: Double = 22, cornerRadius: Double = 5, borderColor: Color = Color(hex: 0),
                borderWidth: Double = 0, shadowColor: Color = Color(hex: 0x898a8d), shadowOffset: Double = 1) {
        self.background = background
        self.pressedBackground = pressedBackground
        self.textColor = textColor
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.cornerRadius = cornerRadius
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.shadowColor = shadowColor
        self.shadowOffset = shadowOffset
    }
}

/// Space around and between rows and keys, in points at scale 1.
public struct Paddings: Hashable, Sendable {
    /// Above the first row.
    public var top: Double
    /// Below the last row.
    public var bottom: Double
    /// Between rows.
    public var rowSpacing: Double
    /// Before the first key of a row.
    public var leading: Double
    /// After the last key of a row.
    public var trailing: Double
    /// Between keys of a row.
    public var keySpacing: Double

    /// Makes paddings.
    public init(top: Double, bottom: Double, rowSpacing: Double, leading: Double, trailing: Double, keySpacing: Double) {
        self.top = top; self.bottom = bottom; self.rowSpacing = rowSpacing
        self.leading = leading; self.trailing = trailing; self.keySpacing = keySpacing
    }
}

/// How the magnified preview over a pressed key looks.
public struct PreviewStyle: Hashable, Sendable {
    /// Fill of the balloon.
    public var background: Color
    /// Colour of the magnified character.
    public var textColor: Color
    /// Size of the magnified character relative to the key's font.
    public var fontScale: Double
    /// Colour of the balloon's outline.
    public var borderColor: Color

    /// Makes a preview style.
    public init(background: Color, textColor: Color, fontScale: Double, borderColor: Color) {
        self.background = background; self.textColor = textColor; self.fontScale = fontScale; self.borderColor = borderColor
    }
}

/// How the long-press callout over a key looks.
public struct CalloutStyle: Hashable, Sendable {
    /// Fill of the callout.
    public var background: Color
    /// Fill behind the alternate under the contact.
    public var selectedBackground: Color
    /// Colour of the alternates.
    public var textColor: Color
    /// Colour of the selected alternate.
    public var selectedTextColor: Color
    /// Colour of the callout's outline.
    public var borderColor: Color

    /// Makes a callout style.
    public init(background: Color, selectedBackground: Color, textColor: Color, selectedTextColor: Color, borderColor: Color) {
        self.background = background; self.selectedBackground = selectedBackground
        self.textColor = textColor; self.selectedTextColor = selectedTextColor; self.borderColor = borderColor
    }
}

extension Color {
    /// Half this colour and half another, opaque.
    public func mixed(with other: Color) -> Color {
        Color(red: UInt8((Int(red) + Int(other.red)) / 2), green: UInt8((Int(green) + Int(other.green)) / 2),
              blue: UInt8((Int(blue) + Int(other.blue)) / 2), alpha: 255)
    }
}

/// The ring drawn around the keys switch scanning highlights, and the key dwell is filling.
public struct HighlightStyle: Hashable, Sendable {
    /// The ring's colour.
    public var color: Color
    /// The ring's width, in points.
    public var width: Double

    /// Makes a highlight style.
    public init(color: Color, width: Double) {
        self.color = color; self.width = width
    }
}

/// The look of the keyboard: colours, fonts, paddings, radii, shadows.
public struct Theme: Hashable, Sendable {
    /// The theme's name.
    public var name: String
    /// The keyboard's background colour.
    public var background: Color
    /// Space around and between rows and keys.
    public var paddings: Paddings
    /// The style of each key class.
    public var styles: [KeyClass: KeyStyle]
    /// The preview balloon's style.
    public var preview: PreviewStyle
    /// The long-press callout's style.
    public var callout: CalloutStyle
    /// The keyboard height, in pixels, at which theme lengths are used as given;
    /// other heights scale every length in proportion.
    public var referenceHeight: Double
    /// The suggestion strip's height, as a share of a row of keys.
    public var stripHeight: Double = 0.75
    /// The ring around highlighted keys (switch scanning, dwell): orange, away from every key colour.
    public var highlight = HighlightStyle(color: Color(hex: 0xff9500), width: 3)

    /// Makes a theme.
    public init(name: String, background: Color, paddings: Paddings, styles: [KeyClass: KeyStyle],
                preview: PreviewStyle, callout: CalloutStyle? = nil, referenceHeight: Double = 216) {
        self.name = name
        self.background = background
        self.paddings = paddings
        self.styles = styles
        self.preview = preview
        self.callout = callout ?? CalloutStyle(background: preview.background, selectedBackground: Color(hex: 0x0a84ff),
                                               textColor: preview.textColor, selectedTextColor: Color(hex: 0xffffff),
                                               borderColor: preview.borderColor)
        self.referenceHeight = referenceHeight
    }

    /// The style of a key class; a class the theme leaves out falls back to the default theme's.
    public func style(_ keyClass: KeyClass) -> KeyStyle {
        styles[keyClass] ?? Theme.default.styles[keyClass]!
    }

    /// The factor theme lengths are multiplied by for a keyboard of this height.
    public func scale(forHeight height: Int) -> Double {
        min(max(Double(height) / referenceHeight, 0.25), 8)
    }
}

extension Theme {
    /// The built-in light theme in the style of a phone keyboard.
    public static let `default`: Theme = {
        let black = Color(hex: 0x000000)
        let white = Color(hex: 0xffffff)
        let character = KeyStyle(background: white, pressedBackground: Color(hex: 0xc4c8cf), textColor: black, fontSize: 22)
        let action = KeyStyle(background: Color(hex: 0xabb0ba), pressedBackground: white, textColor: black, fontSize: 15)
        return Theme(
            name: "default",
            background: Color(hex: 0xd1d4d9),
            paddings: Paddings(top: 8, bottom: 4, rowSpacing: 11, leading: 3, trailing: 3, keySpacing: 6),
            styles: [
                .character: character,
                .action: action,
                .space: KeyStyle(background: white, pressedBackground: Color(hex: 0xc4c8cf), textColor: black, fontSize: 15),
                .accent: KeyStyle(background: Color(hex: 0x0a84ff), pressedBackground: Color(hex: 0x0060df), textColor: white, fontSize: 15),
                .activeModifier: KeyStyle(background: white, pressedBackground: Color(hex: 0xc4c8cf), textColor: black, fontSize: 15),
                // Words on the keyboard's own background, like a phone's strip: they are not keys to aim at first.
                .suggestion: KeyStyle(background: Color(hex: 0xd1d4d9), pressedBackground: Color(hex: 0xbcc0c7), textColor: black,
                                      fontSize: 17, shadowOffset: 0),
            ],
            preview: PreviewStyle(background: white, textColor: black, fontScale: 1.6, borderColor: Color(hex: 0xa0a4aa))
        )
    }()
}

extension Theme {
    /// Every theme built into the binary, decoded; the default comes from code.
    public static func builtIn() throws(FileError) -> [Theme] {
        var out: [Theme] = []
        for file in builtInFiles {
            out.append(file.name == Theme.default.name ? .default : try ThemeFile.decode(file.text, file: "(built-in) \(file.name).yaml"))
        }
        return out
    }

    /// The built-in theme with this name, if there is one.
    public static func builtIn(named name: String) throws(FileError) -> Theme? {
        if name == Theme.default.name { return .default }
        guard let file = builtInFiles.first(where: { $0.name == name }) else { return nil }
        return try ThemeFile.decode(file.text, file: "(built-in) \(file.name).yaml")
    }
}
