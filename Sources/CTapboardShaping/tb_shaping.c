#include "tb_shaping.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// HarfBuzz's types and functions as its headers declare them (hb-common.h,
// hb-blob.h, hb-face.h, hb-font.h, hb-buffer.h, hb-shape.h; stable since 1.0,
// hb_blob_create_from_file_or_fail since 2.8.2).
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_font_t hb_font_t;
typedef struct hb_buffer_t hb_buffer_t;
typedef struct hb_feature_t hb_feature_t;
typedef uint32_t hb_codepoint_t;
typedef int hb_bool_t;
typedef union { uint32_t u32; int32_t i32; } hb_var_int_t;
typedef struct {
    hb_codepoint_t codepoint;
    uint32_t mask;
    uint32_t cluster;
    hb_var_int_t var1, var2;
} hb_glyph_info_t;
enum {
    HB_BUFFER_FLAG_BOT = 0x1,
    HB_BUFFER_FLAG_EOT = 0x2,
    HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES = 0x8,
    HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE = 0x10,
};

#define TB_HB_FUNCTIONS(X) \
    X(hb_blob_t *, hb_blob_create_from_file_or_fail, (const char *)) \
    X(void, hb_blob_destroy, (hb_blob_t *)) \
    X(hb_face_t *, hb_face_create, (hb_blob_t *, unsigned)) \
    X(void, hb_face_destroy, (hb_face_t *)) \
    X(hb_font_t *, hb_font_create, (hb_face_t *)) \
    X(void, hb_font_destroy, (hb_font_t *)) \
    X(hb_bool_t, hb_font_get_nominal_glyph, (hb_font_t *, hb_codepoint_t, hb_codepoint_t *)) \
    X(hb_buffer_t *, hb_buffer_create, (void)) \
    X(hb_bool_t, hb_buffer_allocation_successful, (hb_buffer_t *)) \
    X(void, hb_buffer_destroy, (hb_buffer_t *)) \
    X(void, hb_buffer_clear_contents, (hb_buffer_t *)) \
    X(void, hb_buffer_set_flags, (hb_buffer_t *, unsigned)) \
    X(void, hb_buffer_add_utf8, (hb_buffer_t *, const char *, int, unsigned, int)) \
    X(void, hb_buffer_guess_segment_properties, (hb_buffer_t *)) \
    X(hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t *, unsigned *)) \
    X(void, hb_shape, (hb_font_t *, hb_buffer_t *, const hb_feature_t *, unsigned))

#define TB_HB_POINTER(type, name, args) static type(*tb_##name) args;
TB_HB_FUNCTIONS(TB_HB_POINTER)

int tb_shaping_load(char *error, size_t error_size) {
    // 1 loaded, -1 failed (not tried again: the error was said once), 0 not tried.
    static int state = 0;
    if (state) {
        if (error_size) error[0] = 0;
        return state > 0;
    }
    state = -1;
    // Never closed: the shapers made with it live as long as the keyboard.
    void *library = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "cannot load libharfbuzz.so.0 (%s)", dlerror());
        return 0;
    }
#define TB_HB_LOOKUP(type, name, args) \
    if (!(tb_##name = (type(*) args)dlsym(library, #name))) { \
        snprintf(error, error_size, "libharfbuzz.so.0 lacks %s", #name); \
        return 0; \
    }
    TB_HB_FUNCTIONS(TB_HB_LOOKUP)
    state = 1;
    if (error_size) error[0] = 0;
    return 1;
}

struct tb_shaper {
    hb_face_t *face;
    hb_font_t *font;
    hb_buffer_t *buffer;
};

tb_shaper *tb_shaper_open(const char *file, unsigned index) {
    char error[1];
    if (!tb_shaping_load(error, 0)) return NULL;
    // Mapped, not read: a colour emoji font is ~10 MB, of which shaping reads the cmap and GSUB.
    hb_blob_t *blob = tb_hb_blob_create_from_file_or_fail(file);
    if (!blob) return NULL;
    tb_shaper *shaper = calloc(1, sizeof *shaper);
    if (!shaper) {
        tb_hb_blob_destroy(blob);
        return NULL;
    }
    shaper->face = tb_hb_face_create(blob, index);
    tb_hb_blob_destroy(blob);
    shaper->font = tb_hb_font_create(shaper->face);
    shaper->buffer = tb_hb_buffer_create();
    if (!tb_hb_buffer_allocation_successful(shaper->buffer)) {
        tb_shaper_close(shaper);
        return NULL;
    }
    return shaper;
}

void tb_shaper_close(tb_shaper *shaper) {
    if (!shaper) return;
    tb_hb_buffer_destroy(shaper->buffer);
    tb_hb_font_destroy(shaper->font);
    tb_hb_face_destroy(shaper->face);
    free(shaper);
}

unsigned tb_shaper_shape(tb_shaper *shaper, const char *utf8, int length, uint32_t *glyphs, uint32_t *clusters,
                         unsigned capacity) {
    hb_buffer_t *buffer = shaper->buffer;
    tb_hb_buffer_clear_contents(buffer);
    tb_hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_BOT | HB_BUFFER_FLAG_EOT | HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES |
                                       HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE);
    tb_hb_buffer_add_utf8(buffer, utf8, length, 0, length);
    tb_hb_buffer_guess_segment_properties(buffer);
    tb_hb_shape(shaper->font, buffer, NULL, 0);
    unsigned count = 0;
    hb_glyph_info_t *infos = tb_hb_buffer_get_glyph_infos(buffer, &count);
    for (unsigned i = 0; i < count && i < capacity; i++) {
        glyphs[i] = infos[i].codepoint;
        clusters[i] = infos[i].cluster;
    }
    return count;
}

uint32_t tb_shaper_glyph(tb_shaper *shaper, uint32_t codepoint) {
    hb_codepoint_t glyph = 0;
    return tb_hb_font_get_nominal_glyph(shaper->font, codepoint, &glyph) ? glyph : 0;
}
