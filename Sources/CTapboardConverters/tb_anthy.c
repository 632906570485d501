#include "tb_converters.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// Anthy's API as anthy.h declares it (unchanged since 9100; Debian's 0.4 keeps it).
typedef struct anthy_context *anthy_context_t;
struct anthy_conv_stat {
    int nr_segment;
};
struct anthy_segment_stat {
    int nr_candidate;
    int seg_len;
};
enum { TB_ANTHY_UTF8 = 2 };

#define TB_ANTHY_FUNCTIONS(X) \
    X(int, anthy_init, (void)) \
    X(void, anthy_conf_override, (const char *, const char *)) \
    X(anthy_context_t, anthy_create_context, (void)) \
    X(void, anthy_release_context, (anthy_context_t)) \
    X(int, anthy_context_set_encoding, (anthy_context_t, int)) \
    X(int, anthy_set_string, (anthy_context_t, const char *)) \
    X(int, anthy_get_stat, (anthy_context_t, struct anthy_conv_stat *)) \
    X(int, anthy_get_segment_stat, (anthy_context_t, int, struct anthy_segment_stat *)) \
    X(int, anthy_get_segment, (anthy_context_t, int, int, char *, int)) \
    X(int, anthy_commit_segment, (anthy_context_t, int, int))

#define TB_ANTHY_POINTER(type, name, args) static type(*tb_##name) args;
TB_ANTHY_FUNCTIONS(TB_ANTHY_POINTER)

// 1 started, -1 failed (the error kept, said each time), 0 not tried.
static int tb_anthy_state = 0;
static char tb_anthy_error[256];

static int tb_anthy_load(const char *home) {
    if (tb_anthy_state) return tb_anthy_state > 0;
    tb_anthy_state = -1;
    void *library = dlopen("libanthy.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(tb_anthy_error, sizeof tb_anthy_error, "cannot load libanthy.so.1 (%s); install libanthy1", dlerror());
        return 0;
    }
#define TB_ANTHY_LOOKUP(type, name, args) \
    if (!(tb_##name = (type(*) args)dlsym(library, #name))) { \
        snprintf(tb_anthy_error, sizeof tb_anthy_error, "libanthy.so.1 lacks %s", #name); \
        return 0; \
    }
    TB_ANTHY_FUNCTIONS(TB_ANTHY_LOOKUP)
    // Anthy keeps what it learns in HOME/.anthy: the keyboard's own folder, not the user's home.
    if (home) tb_anthy_conf_override("HOME", home);
    if (tb_anthy_init() != 0) {
        snprintf(tb_anthy_error, sizeof tb_anthy_error, "Anthy did not start (its dictionary missing? install anthy-common)");
        return 0;
    }
    tb_anthy_state = 1;
    return 1;
}

struct tb_anthy {
    anthy_context_t context;
};

tb_anthy *tb_anthy_new(const char *home, char *error, size_t error_size) {
    if (!tb_anthy_load(home)) {
        snprintf(error, error_size, "%s", tb_anthy_error);
        return NULL;
    }
    anthy_context_t context = tb_anthy_create_context();
    if (!context) {
        snprintf(error, error_size, "Anthy could not make a context");
        return NULL;
    }
    tb_anthy_context_set_encoding(context, TB_ANTHY_UTF8);
    tb_anthy *anthy = calloc(1, sizeof *anthy);
    if (!anthy) {
        tb_anthy_release_context(context);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    anthy->context = context;
    return anthy;
}

void tb_anthy_free(tb_anthy *anthy) {
    if (!anthy) return;
    tb_anthy_release_context(anthy->context);
    free(anthy);
}

int tb_anthy_convert(tb_anthy *anthy, const char *reading) {
    if (tb_anthy_set_string(anthy->context, reading) != 0) return 0;
    struct anthy_conv_stat stat;
    if (tb_anthy_get_stat(anthy->context, &stat) != 0) return 0;
    return stat.nr_segment;
}

int tb_anthy_segment(tb_anthy *anthy, int segment, int *length) {
    struct anthy_segment_stat stat;
    if (tb_anthy_get_segment_stat(anthy->context, segment, &stat) != 0) {
        *length = 0;
        return 0;
    }
    *length = stat.seg_len;
    return stat.nr_candidate;
}

int tb_anthy_candidate(tb_anthy *anthy, int segment, int candidate, char *text, size_t size) {
    return tb_anthy_get_segment(anthy->context, segment, candidate, text, (int)size) >= 0;
}

void tb_anthy_learn(tb_anthy *anthy, int segment, int candidate) {
    tb_anthy_commit_segment(anthy->context, segment, candidate);
}
