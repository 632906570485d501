import TapboardCatalog
import TapboardCore

extension Catalog where Item == LayoutSource {
    /// Layouts, searched in the standard places, keysym names checked against X's.
    public static func layouts(environment: [String: String] = FileLocations.environment) -> Catalog {
        layouts(environment: environment, keysymExists: TapboardX11.keysymExists)
    }
}
