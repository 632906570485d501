// What the Wayland backend draws and types with besides libwayland: FreeType
// and fontconfig for the labels' glyphs (what Xft draws with on X), xkbcommon
// for keysyms and the virtual keyboard's keymap, and memfd for shared memory.
#ifndef TAPBOARD_CWAYLAND_EXTRAS_H
#define TAPBOARD_CWAYLAND_EXTRAS_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
#include <xkbcommon/xkbcommon.h>
#include <sys/mman.h>
#include <sys/epoll.h>

/// memfd_create, declared by glibc only with _GNU_SOURCE (which would make
/// this module's libc types differ from the other modules').
extern int memfd_create(const char *name, unsigned int flags);
static inline int tb_memfd(const char *name) { return memfd_create(name, 1u /* MFD_CLOEXEC */); }

/// A pattern for a family at a pixel size, built field by field (FcPatternBuild is variadic).
static inline FcPattern *tb_font_request(const char *family, double pixel_size) {
    FcPattern *p = FcPatternCreate();
    if (!p) return NULL;
    FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddDouble(p, FC_PIXEL_SIZE, pixel_size);
    return p;
}
/// FreeType's load flags for a label: hinted lightly (fontconfig's default
/// hint style, which Xft follows), colour glyphs as they are.
static inline FT_Int32 tb_glyph_load_flags(void) { return FT_LOAD_TARGET_LIGHT | FT_LOAD_COLOR; }
/// FT_IS_SCALABLE, a macro: whether a face has outlines (a colour emoji font may have bitmap strikes only).
static inline int tb_face_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
/// Where FreeType holds a face's file (its stream: a mapping of the file, or memory), and its size.
static inline const void *tb_face_file_bytes(FT_Face face) { return face->stream ? face->stream->base : NULL; }
static inline unsigned long tb_face_file_size(FT_Face face) { return face->stream ? face->stream->size : 0; }
#endif
