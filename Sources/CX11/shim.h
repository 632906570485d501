// Xlib, XTest, XInput2, XFixes, Xft, XShape and xkbcommon for Swift, with inline functions
// standing in for the C macros and variadic calls Swift cannot import.
#ifndef TAPBOARD_CX11_SHIM_H
#define TAPBOARD_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/shape.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xfixes.h>
#include <X11/Xft/Xft.h>
#include <xkbcommon/xkbcommon.h>
// The event loop waits on signals through a descriptor, next to the X connection.
#include <sys/signalfd.h>
// One malloc arena for the font set-up thread too (mallopt).
#include <malloc.h>
// FreeType's functions for colour glyphs, found in the library Xft loaded.
#include <dlfcn.h>

static inline int tb_default_screen(Display *d) { return DefaultScreen(d); }
static inline Window tb_root_window(Display *d, int s) { return RootWindow(d, s); }
static inline int tb_display_width(Display *d, int s) { return DisplayWidth(d, s); }
static inline int tb_display_height(Display *d, int s) { return DisplayHeight(d, s); }
static inline Visual *tb_default_visual(Display *d, int s) { return DefaultVisual(d, s); }
static inline Colormap tb_default_colormap(Display *d, int s) { return DefaultColormap(d, s); }
static inline int tb_default_depth(Display *d, int s) { return DefaultDepth(d, s); }
static inline int tb_connection_number(Display *d) { return ConnectionNumber(d); }
static inline unsigned long tb_black_pixel(Display *d, int s) { return BlackPixel(d, s); }
static inline unsigned long tb_white_pixel(Display *d, int s) { return WhitePixel(d, s); }
static inline unsigned long tb_get_pixel(XImage *i, int x, int y) { return XGetPixel(i, x, y); }
static inline void tb_destroy_image(XImage *i) { XDestroyImage(i); }
/// XISetMask, a macro: sets an event's bit in an XInput2 event mask.
static inline void tb_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
/// What XftFontOpen does before it opens a font: the pattern fontconfig and
/// Xft's defaults match for this family at this pixel size (nil when none),
/// kept so a later start can open it with XftFontOpenPattern (FontMatches).
/// The request is built field by field, not a name parsed ("family:pixelsize=N"):
/// a family with ':', '-' or ',' in it stays whole, and no number is printed for it.
static inline FcPattern *tb_font_match(Display *d, int s, const char *family, double pixel_size) {
    FcPattern *asked = FcPatternBuild(NULL, FC_FAMILY, FcTypeString, family, FC_PIXEL_SIZE, FcTypeDouble, pixel_size, (char *)0);
    if (!asked) return NULL;
    FcResult result;
    FcPattern *match = XftFontMatch(d, s, asked, &result);
    FcPatternDestroy(asked);
    return match;
}
/// A pattern's font file (FC_FILE), or nil.
static inline const char *tb_pattern_file(FcPattern *p) {
    FcChar8 *file = NULL;
    return FcPatternGetString(p, FC_FILE, 0, &file) == FcResultMatch ? (const char *)file : NULL;
}
static inline int tb_display_width_mm(Display *d, int s) { return DisplayWidthMM(d, s); }
/// Loads a glyph of a face Xft locked (XftLockFace) in colour (FT_LOAD_COLOR),
/// rendered to a bitmap: BGRA for an emoji font's pictures. FreeType's
/// functions are looked up at the first call in the libfreetype Xft has
/// loaded, so the keyboard links none of its own (nothing new at start).
/// 0, or FreeType's error (-1 when its functions are not found).
static inline int tb_load_colour_glyph(FT_Face face, FT_UInt glyph) {
    static FT_Error (*load)(FT_Face, FT_UInt, FT_Int32);
    static FT_Error (*render)(FT_GlyphSlot, FT_Render_Mode);
    static int looked;
    if (!looked) {
        looked = 1;
        void *library = dlopen("libfreetype.so.6", RTLD_NOW | RTLD_NOLOAD);
        if (library) {
            load = (FT_Error(*)(FT_Face, FT_UInt, FT_Int32))dlsym(library, "FT_Load_Glyph");
            render = (FT_Error(*)(FT_GlyphSlot, FT_Render_Mode))dlsym(library, "FT_Render_Glyph");
        }
    }
    if (!load || !render) return -1;
    FT_Error error = load(face, glyph, FT_LOAD_COLOR);
    if (!error && face->glyph->format != FT_GLYPH_FORMAT_BITMAP) error = render(face->glyph, FT_RENDER_MODE_NORMAL);
    return error;
}
/// Whether a glyph slot holds a colour (BGRA) bitmap.
static inline int tb_slot_is_colour(FT_GlyphSlot slot) { return slot->bitmap.pixel_mode == FT_PIXEL_MODE_BGRA; }
/// Whether a face has outlines (else bitmap strikes only, drawn at their size and scaled).
static inline int tb_face_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
/// Where FreeType holds a face's file (its stream: a mapping of the file, or memory), and its size.
static inline const void *tb_face_file_bytes(FT_Face face) { return face->stream ? face->stream->base : NULL; }
static inline unsigned long tb_face_file_size(FT_Face face) { return face->stream ? face->stream->size : 0; }
static inline int tb_display_height_mm(Display *d, int s) { return DisplayHeightMM(d, s); }

#endif
