#include "tapboard_a11y.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sd_bus_loader.h"
#include "tapboard_a11y_private.h"

// AT-SPI's numbers (atspi-constants.h).
#define COORD_TYPE_SCREEN 0

// What is learnt of a newly focused object, from three calls answered in any order.
typedef struct {
    tb_a11y *a11y;
    uint64_t generation;
    char id[512];
    int answers;
    int own;        // the keyboard's own process
    uint32_t role;
    uint64_t states;
    int has_extents;
    int32_t extents[4];
} query;


// A read of the text before a caret, for the focus it was asked under.
typedef struct {
    tb_a11y *a11y;
    char id[512];
    int32_t offset;
} caret_read;

static void read_caret_offset(tb_a11y *a, const char *id);

static void finish(query *q) {
    tb_a11y *a = q->a11y;
    if (q->generation == a->generation) {
        int kind = q->own ? -2 /* ignored */ : a->handlers.classify(a->handlers.context, q->role, q->states);
        if (kind >= 0) {
            int again = strcmp(a->current, q->id) == 0;
            snprintf(a->current, sizeof a->current, "%s", q->id);
            a->current_kind = kind;
            a->handlers.focus(a->handlers.context, kind, q->id, q->has_extents, q->extents);
            // A field newly focused: what is before its caret (a field moving only keeps what the keyboard knows).
            if (kind == TB_FOCUS_TEXT && !again) read_caret_offset(a, q->id);
        } else if (kind == TB_FOCUS_AWAY) {
            a->current[0] = 0;
            a->current_kind = TB_FOCUS_AWAY;
            a->handlers.focus(a->handlers.context, TB_FOCUS_AWAY, q->id, 0, q->extents);
        }
    }
    free(q);
}

static int answered(query *q) {
    if (++q->answers == 4) finish(q);
    return 0;
}

static int on_pid(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    query *q = userdata;
    uint32_t pid = 0;
    if (!sd_bus_message_is_method_error(m, NULL) && sd_bus_message_read(m, "u", &pid) >= 0 && pid == (uint32_t)getpid()) q->own = 1;
    return answered(q);
}

static int on_role(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    query *q = userdata;
    if (!sd_bus_message_is_method_error(m, NULL)) sd_bus_message_read(m, "u", &q->role);
    return answered(q);
}

static int on_state(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    query *q = userdata;
    if (!sd_bus_message_is_method_error(m, NULL) && sd_bus_message_enter_container(m, 'a', "u") > 0) {
        uint32_t word;
        for (int i = 0; i < 2 && sd_bus_message_read(m, "u", &word) > 0; i++) q->states |= (uint64_t)word << (32 * i);
        sd_bus_message_exit_container(m);
    }
    return answered(q);
}

static int on_extents(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    query *q = userdata;
    int32_t *e = q->extents;
    if (!sd_bus_message_is_method_error(m, NULL) && sd_bus_message_read(m, "(iiii)", &e[0], &e[1], &e[2], &e[3]) >= 0 && e[2] > 0 && e[3] > 0) {
        q->has_extents = 1;
    }
    return answered(q);
}

// Splits an id (bus name and object path) back into its two parts.
static int split_id(const char *id, char *sender, size_t size, const char **path) {
    const char *slash = strchr(id, '/');
    if (!slash || (size_t)(slash - id) >= size) return -1;
    memcpy(sender, id, (size_t)(slash - id));
    sender[slash - id] = 0;
    *path = slash;
    return 0;
}

static int on_text(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    caret_read *c = userdata;
    tb_a11y *a = c->a11y;
    const char *text = NULL;
    // Only while its field has the focus (one focus change can bring several focus events: not the generation).
    if (a->current_kind == TB_FOCUS_TEXT && strcmp(c->id, a->current) == 0 &&
        !sd_bus_message_is_method_error(m, NULL) && sd_bus_message_read(m, "s", &text) >= 0 && text && a->handlers.caret) {
        a->handlers.caret(a->handlers.context, c->id, c->offset, text);
    }
    free(c);
    return 0;
}

// Asks for the text before the caret at `offset`; the answer comes to on_text.
static void read_before(tb_a11y *a, const char *id, int32_t offset) {
    char sender[256];
    const char *path;
    if (offset < 0 || split_id(id, sender, sizeof sender, &path) < 0) return;
    caret_read *c = calloc(1, sizeof *c);
    if (!c) return;
    c->a11y = a;
    c->offset = offset;
    snprintf(c->id, sizeof c->id, "%s", id);
    int32_t start = offset > TB_CARET_TEXT ? offset - TB_CARET_TEXT : 0;
    if (sd_bus_call_method_async(a->bus, NULL, sender, path, "org.a11y.atspi.Text", "GetText", on_text, c, "ii", start, offset) < 0) free(c);
}

static int on_caret_offset(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    caret_read *c = userdata;
    int32_t offset = -1;
    if (strcmp(c->id, c->a11y->current) == 0 && !sd_bus_message_is_method_error(m, NULL) &&
        sd_bus_message_read(m, "v", "i", &offset) >= 0) {
        read_before(c->a11y, c->id, offset);
    }
    free(c);
    return 0;
}

// Asks a newly focused field where its caret is, then what is before it.
static void read_caret_offset(tb_a11y *a, const char *id) {
    char sender[256];
    const char *path;
    if (split_id(id, sender, sizeof sender, &path) < 0) return;
    caret_read *c = calloc(1, sizeof *c);
    if (!c) return;
    c->a11y = a;
    snprintf(c->id, sizeof c->id, "%s", id);
    if (sd_bus_call_method_async(a->bus, NULL, sender, path, "org.freedesktop.DBus.Properties", "Get", on_caret_offset, c, "ss",
                                 "org.a11y.atspi.Text", "CaretOffset") < 0) {
        free(c);
    }
}

// The focused field's caret moved (typing, a click, an arrow key): the text before it is read.
static int on_caret_moved(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_a11y *a = userdata;
    const char *sender = sd_bus_message_get_sender(m), *path = sd_bus_message_get_path(m), *detail = NULL;
    int32_t offset = -1, detail2 = 0;
    if (!sender || !path || a->current_kind != TB_FOCUS_TEXT || sd_bus_message_read(m, "sii", &detail, &offset, &detail2) < 0) return 0;
    char id[512];
    snprintf(id, sizeof id, "%s%s", sender, path);
    if (a->current[0] && strcmp(id, a->current) == 0) read_before(a, id, offset);
    return 0;
}

static int focus_changed(tb_a11y *a, sd_bus_message *m, int gained);

static int on_state_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    const char *detail = NULL;
    int32_t gained = 0, detail2 = 0;
    if (sd_bus_message_read(m, "sii", &detail, &gained, &detail2) < 0 || !detail || strcmp(detail, "focused") != 0) return 0;
    return focus_changed(userdata, m, gained);
}

// Some toolkits (Qt) say "focus:" rather than a focused state change.
static int on_focus(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    return focus_changed(userdata, m, 1);
}

// The focused field moved or changed size: its extents are asked again.
static int on_bounds_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_a11y *a = userdata;
    const char *sender = sd_bus_message_get_sender(m), *path = sd_bus_message_get_path(m);
    char id[512];
    snprintf(id, sizeof id, "%s%s", sender ? sender : "", path ? path : "");
    return a->current[0] && strcmp(id, a->current) == 0 ? focus_changed(a, m, 1) : 0;
}

static int focus_changed(tb_a11y *a, sd_bus_message *m, int gained) {
    const char *sender = sd_bus_message_get_sender(m), *path = sd_bus_message_get_path(m);
    if (!sender || !path) return 0;
    char id[512];
    snprintf(id, sizeof id, "%s%s", sender, path);
    if (!gained) {
        // The field lost the focus; where it went may say nothing (an application without accessibility).
        if (strcmp(id, a->current) == 0) {
            a->generation++;
            a->current[0] = 0;
            a->current_kind = TB_FOCUS_AWAY;
            int32_t none[4] = {0, 0, 0, 0};
            a->handlers.focus(a->handlers.context, TB_FOCUS_AWAY, id, 0, none);
        }
        return 0;
    }
    tb_a11y_ask_about(a, sender, path);
    return 0;
}

// Asks what a newly focused object is: its process, role, states and extents.
void tb_a11y_ask_about(tb_a11y *a, const char *sender, const char *path) {
    query *q = calloc(1, sizeof *q);
    if (!q) return;
    q->a11y = a;
    q->generation = ++a->generation;
    snprintf(q->id, sizeof q->id, "%s%s", sender, path);
    // Asked at once and answered in any order: nothing here waits for an application.
    int r = sd_bus_call_method_async(a->bus, NULL, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                     "GetConnectionUnixProcessID", on_pid, q, "s", sender);
    if (r < 0) q->answers++;
    r = sd_bus_call_method_async(a->bus, NULL, sender, path, "org.a11y.atspi.Accessible", "GetRole", on_role, q, "");
    if (r < 0) q->answers++;
    r = sd_bus_call_method_async(a->bus, NULL, sender, path, "org.a11y.atspi.Accessible", "GetState", on_state, q, "");
    if (r < 0) q->answers++;
    r = sd_bus_call_method_async(a->bus, NULL, sender, path, "org.a11y.atspi.Component", "GetExtents", on_extents, q, "u",
                                 (uint32_t)COORD_TYPE_SCREEN);
    if (r < 0) q->answers++;
    if (q->answers >= 4) finish(q);
}

// Says on the session bus that an assistive technology wants applications' accessibility
// (org.a11y.Status IsEnabled): Chromium puts its windows on the accessibility bus only
// when that is true as it starts (or ACCESSIBILITY_ENABLED=1 is in its environment), and
// never looks again. at-spi-bus-launcher keeps it in GSettings (toolkit-accessibility),
// so it stays on, as it would after turning on any assistive technology. A failure
// leaves toolkits that load their bridge anyway (GTK) followed as before: not an error.
static void ask_for_accessibility(sd_bus *session) {
    sd_bus_message *reply = NULL;
    int enabled = 0;
    int r = sd_bus_call_method(session, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get", NULL, &reply,
                               "ss", "org.a11y.Status", "IsEnabled");
    if (r >= 0) r = sd_bus_message_read(reply, "v", "b", &enabled);
    sd_bus_message_unref(reply);
    // Only when off: nothing is written to the user's settings when it is already on.
    if (r >= 0 && !enabled) {
        sd_bus_call_method(session, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set", NULL, NULL, "ssv",
                           "org.a11y.Status", "IsEnabled", "b", 1);
    }
}

int tb_a11y_open(tb_a11y **out, const tb_a11y_handlers *handlers, char *error, size_t error_size) {
    *out = NULL;
    int r = tb_sd_bus_load(error, error_size);
    if (r < 0) return r;
    sd_bus *session = NULL;
    r = sd_bus_open_user(&session);
    if (r < 0) {
        snprintf(error, error_size, "no accessibility bus: no D-Bus session bus to ask for it (%s)", strerror(-r));
        return r;
    }
    sd_bus_error e = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    const char *address = NULL;
    r = sd_bus_call_method(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", &e, &reply, "");
    if (r >= 0) r = sd_bus_message_read(reply, "s", &address);
    if (r < 0 || !address || !*address) {
        snprintf(error, error_size, "no accessibility bus (%s): install at-spi2-core and turn accessibility on",
                 e.message ? e.message : strerror(r < 0 ? -r : EINVAL));
        sd_bus_error_free(&e);
        sd_bus_message_unref(reply);
        sd_bus_flush_close_unref(session);
        return r < 0 ? r : -EINVAL;
    }
    ask_for_accessibility(session);
    tb_a11y *a = calloc(1, sizeof *a);
    if (!a) return -ENOMEM;
    a->handlers = *handlers;
    a->current_kind = TB_FOCUS_AWAY;
    snprintf(a->address, sizeof a->address, "%s", address);
    const char *step = "connect to it";
    r = sd_bus_new(&a->bus);
    if (r >= 0) r = sd_bus_set_address(a->bus, address);
    if (r >= 0) r = sd_bus_set_bus_client(a->bus, 1);
    if (r >= 0) r = sd_bus_start(a->bus);
    sd_bus_message_unref(reply);
    sd_bus_flush_close_unref(session);
    if (r >= 0) {
        step = "listen for focus changes";
        r = sd_bus_add_match(a->bus, NULL,
                             "type='signal',interface='org.a11y.atspi.Event.Object',member='StateChanged',arg0='focused'",
                             on_state_changed, a);
    }
    if (r >= 0) r = sd_bus_add_match(a->bus, NULL, "type='signal',interface='org.a11y.atspi.Event.Focus',member='Focus'", on_focus, a);
    if (r >= 0) {
        r = sd_bus_add_match(a->bus, NULL, "type='signal',interface='org.a11y.atspi.Event.Object',member='BoundsChanged'",
                             on_bounds_changed, a);
    }
    if (r >= 0) {
        r = sd_bus_add_match(a->bus, NULL, "type='signal',interface='org.a11y.atspi.Event.Object',member='TextCaretMoved'",
                             on_caret_moved, a);
    }
    // Applications send events only for those a listener registered.
    static const char *events[] = {"object:state-changed:focused", "focus:", "object:bounds-changed", "object:text-caret-moved"};
    for (size_t i = 0; r >= 0 && i < sizeof events / sizeof *events; i++) {
        step = "register with the registry";
        r = sd_bus_call_method_async(a->bus, NULL, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry",
                                     "RegisterEvent", NULL, NULL, "sass", events[i], 0, "");
    }
    if (r < 0) {
        snprintf(error, error_size, "the accessibility bus: could not %s (%s)", step, strerror(-r));
        sd_bus_flush_close_unref(a->bus);
        free(a);
        return r;
    }
    // What has the focus already (the kiosk's application usually starts first).
    tb_a11y_walk_for_focus(a);
    *out = a;
    return 0;
}

const char *tb_a11y_address(tb_a11y *a) { return a->address; }

int tb_a11y_fd(tb_a11y *a) { return sd_bus_get_fd(a->bus); }

int tb_a11y_process(tb_a11y *a) {
    int r;
    while ((r = sd_bus_process(a->bus, NULL)) > 0) {}
    if (r < 0) return r;
    r = sd_bus_flush(a->bus);
    return r < 0 ? r : 0;
}

void tb_a11y_close(tb_a11y *a) {
    if (!a) return;
    sd_bus_flush_close_unref(a->bus);
    free(a);
}
