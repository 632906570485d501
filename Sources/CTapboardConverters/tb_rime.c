#include "tb_converters.h"

#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// librime's C API as rime_api.h declares it (its plain functions, exported
// since 1.0; the structures start with their size, so older and newer
// libraries read them alike).
typedef uintptr_t RimeSessionId;
typedef int Bool;
typedef struct {
    int data_size;
    const char *shared_data_dir;
    const char *user_data_dir;
    const char *distribution_name;
    const char *distribution_code_name;
    const char *distribution_version;
    const char *app_name;
    const char **modules;
    int min_log_level;
    const char *log_dir;
    const char *prebuilt_data_dir;
    const char *staging_dir;
} RimeTraits;
typedef struct {
    int length;
    int cursor_pos;
    int sel_start;
    int sel_end;
    char *preedit;
} RimeComposition;
typedef struct {
    char *text;
    char *comment;
    void *reserved;
} RimeCandidate;
typedef struct {
    int page_size;
    int page_no;
    Bool is_last_page;
    int highlighted_candidate_index;
    int num_candidates;
    RimeCandidate *candidates;
    char *select_keys;
} RimeMenu;
typedef struct {
    int data_size;
    char *text;
} RimeCommit;
typedef struct {
    int data_size;
    RimeComposition composition;
    RimeMenu menu;
    char *commit_text_preview;
    char **select_labels;
} RimeContext;

#define TB_RIME_FUNCTIONS(X) \
    X(void, RimeSetup, (RimeTraits *)) \
    X(void, RimeSetNotificationHandler, (void *, void *)) \
    X(void, RimeInitialize, (RimeTraits *)) \
    X(Bool, RimeStartMaintenance, (Bool)) \
    X(void, RimeJoinMaintenanceThread, (void)) \
    X(RimeSessionId, RimeCreateSession, (void)) \
    X(Bool, RimeDestroySession, (RimeSessionId)) \
    X(Bool, RimeSelectSchema, (RimeSessionId, const char *)) \
    X(Bool, RimeGetCurrentSchema, (RimeSessionId, char *, size_t)) \
    X(Bool, RimeProcessKey, (RimeSessionId, int, int)) \
    X(void, RimeClearComposition, (RimeSessionId)) \
    X(Bool, RimeGetCommit, (RimeSessionId, RimeCommit *)) \
    X(Bool, RimeFreeCommit, (RimeCommit *)) \
    X(Bool, RimeGetContext, (RimeSessionId, RimeContext *)) \
    X(Bool, RimeFreeContext, (RimeContext *)) \
    X(void, RimeCleanupAllSessions, (void)) \
    X(void, RimeFinalize, (void))

#define TB_RIME_POINTER(type, name, args) static type(*tb_##name) args;
TB_RIME_FUNCTIONS(TB_RIME_POINTER)

// A start begun on a thread of its own (`tb_rime_start_soon`), and what it said.
static pthread_t starter;
static int starting;
static char starter_dirs[2][1024];
static char starter_error[512];
static __thread int on_starter;

static void *start_on_thread(void *unused) {
    (void)unused;
    on_starter = 1;
    tb_rime_start(starter_dirs[0], starter_dirs[1], starter_error, sizeof starter_error);
    return NULL;
}

void tb_rime_start_soon(const char *shared_dir, const char *user_dir) {
    if (starting) return;
    snprintf(starter_dirs[0], sizeof starter_dirs[0], "%s", shared_dir);
    snprintf(starter_dirs[1], sizeof starter_dirs[1], "%s", user_dir);
    starting = pthread_create(&starter, NULL, start_on_thread, NULL) == 0;
}

// Rime stopped before the process ends: left running, its own static
// destructors at exit crash on what its engines still hold.
static void stop_at_exit(void) {
    if (starting && !on_starter) pthread_join(starter, NULL);
    tb_RimeCleanupAllSessions();
    tb_RimeFinalize();
}

int tb_rime_start(const char *shared_dir, const char *user_dir, char *error, size_t error_size) {
    // 1 running, -1 failed (said once), 0 not tried.
    static int state = 0;
    // Begun on a thread: finished there (its error said here).
    if (starting && !on_starter) {
        pthread_join(starter, NULL);
        starting = 0;
        if (state < 0 && error_size) snprintf(error, error_size, "%s", starter_error);
        return state > 0;
    }
    if (state) {
        if (error_size) error[0] = 0;
        return state > 0;
    }
    state = -1;
    void *library = dlopen("librime.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "cannot load librime.so.1 (%s); install librime1 and a schema (rime-data-luna-pinyin)", dlerror());
        return 0;
    }
#define TB_RIME_LOOKUP(type, name, args) \
    if (!(tb_##name = (type(*) args)dlsym(library, #name))) { \
        snprintf(error, error_size, "librime.so.1 lacks %s", #name); \
        return 0; \
    }
    TB_RIME_FUNCTIONS(TB_RIME_LOOKUP)
    static char prebuilt[1024], staging[1024];
    snprintf(prebuilt, sizeof prebuilt, "%s/build", shared_dir);
    snprintf(staging, sizeof staging, "%s/build", user_dir);
    RimeTraits traits;
    memset(&traits, 0, sizeof traits);
    traits.data_size = (int)(sizeof traits - sizeof traits.data_size);
    traits.shared_data_dir = shared_dir;
    traits.user_data_dir = user_dir;
    traits.distribution_name = "Tapboard";
    traits.distribution_code_name = "tapboard";
    traits.distribution_version = "1";
    traits.app_name = "rime.tapboard";
    // Errors only, and none written to files: the keyboard says what fails itself.
    traits.min_log_level = 3;
    traits.log_dir = "";
    traits.prebuilt_data_dir = prebuilt;
    traits.staging_dir = staging;
    tb_RimeSetup(&traits);
    tb_RimeSetNotificationHandler(NULL, NULL);
    tb_RimeInitialize(&traits);
    atexit(stop_at_exit);
    // The schemas built for this user when out of date (the first time: their dictionaries compiled).
    if (tb_RimeStartMaintenance(0)) {
        tb_RimeJoinMaintenanceThread();
        // Building a user's schema takes hundreds of megabytes, freed after: given back to the system.
        malloc_trim(0);
    }
    state = 1;
    if (error_size) error[0] = 0;
    return 1;
}

uint64_t tb_rime_session(const char *schema) {
    if (!tb_RimeCreateSession) return 0;
    RimeSessionId session = tb_RimeCreateSession();
    if (!session) return 0;
    char current[128] = {0};
    if (!tb_RimeSelectSchema(session, schema) || !tb_RimeGetCurrentSchema(session, current, sizeof current) || strcmp(current, schema) != 0) {
        tb_RimeDestroySession(session);
        return 0;
    }
    return session;
}

void tb_rime_end_session(uint64_t session) {
    if (session && tb_RimeDestroySession) tb_RimeDestroySession((RimeSessionId)session);
}

int tb_rime_key(uint64_t session, int keysym, int mask) { return tb_RimeProcessKey((RimeSessionId)session, keysym, mask); }

void tb_rime_clear(uint64_t session) { tb_RimeClearComposition((RimeSessionId)session); }

static void copy(char *to, size_t size, const char *from) {
    if (!size) return;
    snprintf(to, size, "%s", from ? from : "");
}

void tb_rime_read(uint64_t session, tb_rime_state *state) {
    memset(state, 0, sizeof *state);
    RimeCommit commit;
    memset(&commit, 0, sizeof commit);
    commit.data_size = (int)(sizeof commit - sizeof commit.data_size);
    if (tb_RimeGetCommit((RimeSessionId)session, &commit)) {
        copy(state->committed, sizeof state->committed, commit.text);
        tb_RimeFreeCommit(&commit);
    }
    RimeContext context;
    memset(&context, 0, sizeof context);
    context.data_size = (int)(sizeof context - sizeof context.data_size);
    if (!tb_RimeGetContext((RimeSessionId)session, &context)) return;
    copy(state->preedit, sizeof state->preedit, context.composition.preedit);
    size_t used = 0;
    for (int i = 0; i < context.menu.num_candidates; i++) {
        const char *text = context.menu.candidates[i].text ? context.menu.candidates[i].text : "";
        size_t length = strlen(text);
        if (used + length + 1 > sizeof state->candidates) break;
        memcpy(state->candidates + used, text, length + 1);
        used += length + 1;
        state->candidate_count++;
    }
    state->page_number = context.menu.page_no;
    state->is_last_page = context.menu.is_last_page;
    tb_RimeFreeContext(&context);
}
