#include "tb_converters.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

// libhangul's input context as hangul.h declares it (stable since 0.1).
typedef struct HangulInputContext HangulInputContext;
typedef uint32_t ucschar;

#define TB_HANGUL_FUNCTIONS(X) \
    X(HangulInputContext *, hangul_ic_new, (const char *)) \
    X(void, hangul_ic_delete, (HangulInputContext *)) \
    X(bool, hangul_ic_process, (HangulInputContext *, int)) \
    X(void, hangul_ic_reset, (HangulInputContext *)) \
    X(bool, hangul_ic_backspace, (HangulInputContext *)) \
    X(const ucschar *, hangul_ic_get_preedit_string, (HangulInputContext *)) \
    X(const ucschar *, hangul_ic_get_commit_string, (HangulInputContext *)) \
    X(const ucschar *, hangul_ic_flush, (HangulInputContext *)) \
    X(const void *, hangul_keyboard_list_get_keyboard, (const char *))

#define TB_HANGUL_POINTER(type, name, args) static type(*tb_##name) args;
TB_HANGUL_FUNCTIONS(TB_HANGUL_POINTER)

static int tb_hangul_load(char *error, size_t error_size) {
    // 1 loaded, -1 failed (said once), 0 not tried.
    static int state = 0;
    if (state) {
        if (error_size) error[0] = 0;
        return state > 0;
    }
    state = -1;
    void *library = dlopen("libhangul.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "cannot load libhangul.so.1 (%s); install libhangul1", dlerror());
        return 0;
    }
#define TB_HANGUL_LOOKUP(type, name, args) \
    if (!(tb_##name = (type(*) args)dlsym(library, #name))) { \
        snprintf(error, error_size, "libhangul.so.1 lacks %s", #name); \
        return 0; \
    }
    TB_HANGUL_FUNCTIONS(TB_HANGUL_LOOKUP)
    state = 1;
    if (error_size) error[0] = 0;
    return 1;
}

struct tb_hangul {
    HangulInputContext *context;
};

tb_hangul *tb_hangul_new(const char *keyboard, char *error, size_t error_size) {
    if (!tb_hangul_load(error, error_size)) return NULL;
    if (!tb_hangul_keyboard_list_get_keyboard(keyboard)) {
        snprintf(error, error_size, "libhangul has no keyboard '%s'", keyboard);
        return NULL;
    }
    HangulInputContext *context = tb_hangul_ic_new(keyboard);
    if (!context) {
        snprintf(error, error_size, "libhangul could not make an input context for keyboard '%s'", keyboard);
        return NULL;
    }
    tb_hangul *hangul = calloc(1, sizeof *hangul);
    if (!hangul) {
        tb_hangul_ic_delete(context);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    hangul->context = context;
    return hangul;
}

void tb_hangul_free(tb_hangul *hangul) {
    if (!hangul) return;
    tb_hangul_ic_delete(hangul->context);
    free(hangul);
}

int tb_hangul_process(tb_hangul *hangul, int ascii) { return tb_hangul_ic_process(hangul->context, ascii); }
int tb_hangul_backspace(tb_hangul *hangul) { return tb_hangul_ic_backspace(hangul->context); }
void tb_hangul_reset(tb_hangul *hangul) { tb_hangul_ic_reset(hangul->context); }
const uint32_t *tb_hangul_preedit(tb_hangul *hangul) { return tb_hangul_ic_get_preedit_string(hangul->context); }
const uint32_t *tb_hangul_commit(tb_hangul *hangul) { return tb_hangul_ic_get_commit_string(hangul->context); }
const uint32_t *tb_hangul_flush(tb_hangul *hangul) { return tb_hangul_ic_flush(hangul->context); }
