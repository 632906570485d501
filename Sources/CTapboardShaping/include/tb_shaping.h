// HarfBuzz for emoji sequences (👍🏽, 👨‍👩‍👧, 🇩🇪, 1️⃣): libharfbuzz.so.0 is opened
// with dlopen when the first emoji is drawn or the emoji are counted, never at
// start, so a keyboard without emoji maps nothing new (HarfBuzz and the GLib it
// pulls in). No HarfBuzz headers are needed: the few functions used are
// declared in tb_shaping.c from its stable ABI.
#ifndef TAPBOARD_SHAPING_H
#define TAPBOARD_SHAPING_H

#include <stddef.h>
#include <stdint.h>

/// A font file's face as HarfBuzz shapes it, with a buffer to shape in.
typedef struct tb_shaper tb_shaper;

/// Opens libharfbuzz.so.0 and finds its functions, once: 1 when it is usable,
/// 0 when not (then `error` says why, the first time).
int tb_shaping_load(char *error, size_t error_size);

/// A shaper for face `index` of a font file, its tables mapped from the file
/// (not copied); NULL when HarfBuzz is not loaded or the file does not open.
tb_shaper *tb_shaper_open(const char *file, unsigned index);

/// Frees a shaper.
void tb_shaper_close(tb_shaper *shaper);

/// Shapes UTF-8 text left to right: the glyphs' indices and their clusters
/// (the byte offset of the text each comes from), up to `capacity` of them.
/// Joiners and variation selectors left over after the font's substitutions
/// are removed, not drawn as blanks. Returns how many glyphs there are (more
/// than `capacity`: call again with room for them).
unsigned tb_shaper_shape(tb_shaper *shaper, const char *utf8, int length, uint32_t *glyphs, uint32_t *clusters,
                         unsigned capacity);

/// The font's glyph for a code point (its cmap), or 0 when it has none.
uint32_t tb_shaper_glyph(tb_shaper *shaper, uint32_t codepoint);

#endif
