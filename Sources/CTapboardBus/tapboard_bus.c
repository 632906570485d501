#include "tapboard_bus.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include "sd_bus_loader.h"

#define OSK_NAME "sm.puri.OSK0"
#define OSK_PATH "/sm/puri/OSK0"
#define OSK_INTERFACE "sm.puri.OSK0"
#define OWN_NAME "org.tapboard.Keyboard"
#define OWN_PATH "/org/tapboard/Keyboard"
#define OWN_INTERFACE "org.tapboard.Keyboard1"

// Type calls waiting for their answer: the message is kept until then.
typedef struct { uint64_t call; sd_bus_message *message; } pending_call;

struct tb_bus {
    sd_bus *bus;
    tb_bus_handlers handlers;
    int names_lost;
    uint64_t next_call;
    pending_call *pending;
    size_t pending_count;
};

// One handler for every method: which request each makes is the Swift side's table (DBusControl.methods).
static int method_call(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_bus *b = userdata;
    const char *signature = sd_bus_message_get_signature(m, 1);
    int flag = 0;
    const char *text = NULL;
    int r = 0;
    if (signature && strcmp(signature, "b") == 0) r = sd_bus_message_read(m, "b", &flag);
    else if (signature && strcmp(signature, "s") == 0) r = sd_bus_message_read(m, "s", &text);
    if (r < 0) return r;
    pending_call *grown = realloc(b->pending, (b->pending_count + 1) * sizeof *grown);
    if (!grown) return -ENOMEM;
    b->pending = grown;
    uint64_t call = ++b->next_call;
    // Kept before the handler runs: it may answer at once.
    b->pending[b->pending_count++] = (pending_call){call, sd_bus_message_ref(m)};
    r = b->handlers.method(b->handlers.context, sd_bus_message_get_interface(m), sd_bus_message_get_member(m), flag, text, call);
    if (r == 1) return 1;
    // Answered now (or refused): the call is no longer kept.
    for (size_t i = 0; i < b->pending_count; i++) {
        if (b->pending[i].call != call) continue;
        sd_bus_message_unref(b->pending[i].message);
        b->pending[i] = b->pending[--b->pending_count];
        break;
    }
    return r < 0 ? r : sd_bus_reply_method_return(m, "");
}

static int property_visible(sd_bus *bus, const char *path, const char *interface, const char *property,
                            sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)error;
    tb_bus *b = userdata;
    int visible = b->handlers.visible(b->handlers.context) ? 1 : 0;
    return sd_bus_message_append(reply, "b", visible);
}

static int property_layout(sd_bus *bus, const char *path, const char *interface, const char *property,
                           sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)error;
    tb_bus *b = userdata;
    char name[256] = "";
    b->handlers.layout(b->handlers.context, name, sizeof name);
    return sd_bus_message_append(reply, "s", name);
}

static int property_frame(sd_bus *bus, const char *path, const char *interface, const char *property,
                          sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)error;
    tb_bus *b = userdata;
    int32_t f[4] = {0, 0, 0, 0};
    b->handlers.frame(b->handlers.context, f);
    return sd_bus_message_append(reply, "(iiii)", f[0], f[1], f[2], f[3]);
}

// SD_BUS_VTABLE_START would link against libsystemd's sd_bus_object_vtable_format,
// whose address sd-bus checks: the start is written here and that address filled
// in once the library is open (tb_sd_bus_vtable_format).
#define VTABLE_START { .type = _SD_BUS_VTABLE_START, .flags = 0, \
    .x = { .start = { .element_size = sizeof(sd_bus_vtable), .features = _SD_BUS_VTABLE_PARAM_NAMES } } }

static sd_bus_vtable osk_vtable[] = {
    VTABLE_START,
    SD_BUS_METHOD_WITH_NAMES("SetVisible", "b", SD_BUS_PARAM(visible), "", , method_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("Visible", "b", property_visible, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_VTABLE_END,
};

#define FRAME_SIGNAL(name) \
    SD_BUS_SIGNAL_WITH_NAMES(name, "(iiii)(iiii)u", SD_BUS_PARAM(start) SD_BUS_PARAM(end) SD_BUS_PARAM(duration), 0)

static sd_bus_vtable own_vtable[] = {
    VTABLE_START,
    SD_BUS_METHOD("Show", "", "", method_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Hide", "", "", method_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Toggle", "", "", method_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Type", "s", SD_BUS_PARAM(text), "s", SD_BUS_PARAM(untyped), method_call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("Visible", "b", property_visible, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Layout", "s", property_layout, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Frame", "(iiii)", property_frame, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    FRAME_SIGNAL("WillShow"), FRAME_SIGNAL("DidShow"), FRAME_SIGNAL("WillHide"), FRAME_SIGNAL("DidHide"),
    FRAME_SIGNAL("WillChangeFrame"), FRAME_SIGNAL("DidChangeFrame"),
    SD_BUS_SIGNAL_WITH_NAMES("PageChanged", "s", SD_BUS_PARAM(page), 0),
    SD_BUS_SIGNAL_WITH_NAMES("LayoutChanged", "s", SD_BUS_PARAM(layout), 0),
    SD_BUS_VTABLE_END,
};

static int name_lost(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_bus *b = userdata;
    const char *name = NULL;
    if (sd_bus_message_read(m, "s", &name) >= 0 && name && (strcmp(name, OSK_NAME) == 0 || strcmp(name, OWN_NAME) == 0)) {
        b->names_lost = 1;
    }
    return 0;
}

/* Where sd_bus_open_user would look: without either there is no session bus, and
   libsystemd (0.5 MB resident) is not loaded just to say so. */
static int session_bus_named(void) {
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address && *address) return 1;
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (!runtime || !*runtime) return 0;
    char path[4096];
    if (snprintf(path, sizeof path, "%s/bus", runtime) >= (int)sizeof path) return 1;
    return access(path, F_OK) == 0;
}

int tb_bus_open(tb_bus **out, const tb_bus_handlers *handlers, int replace, char *error, size_t error_size) {
    *out = NULL;
    if (!session_bus_named()) {
        snprintf(error, error_size, "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus)");
        return -ENOENT;
    }
    int r = tb_sd_bus_load(error, error_size);
    if (r < 0) return r;
    osk_vtable[0].x.start.vtable_format_reference = tb_sd_bus_vtable_format;
    own_vtable[0].x.start.vtable_format_reference = tb_sd_bus_vtable_format;
    tb_bus *b = calloc(1, sizeof *b);
    if (!b) return -ENOMEM;
    b->handlers = *handlers;
    r = sd_bus_open_user(&b->bus);
    if (r < 0) {
        snprintf(error, error_size, "no D-Bus session bus (%s)", strerror(-r));
        free(b);
        return r;
    }
    const char *step = "serve " OSK_PATH;
    r = sd_bus_add_object_vtable(b->bus, NULL, OSK_PATH, OSK_INTERFACE, osk_vtable, b);
    if (r >= 0) {
        step = "serve " OWN_PATH;
        r = sd_bus_add_object_vtable(b->bus, NULL, OWN_PATH, OWN_INTERFACE, own_vtable, b);
    }
    if (r >= 0) {
        step = "watch for NameLost";
        r = sd_bus_match_signal(b->bus, NULL, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                "NameLost", name_lost, b);
    }
    // Every keyboard lets the next one with --replace take the names over.
    uint64_t flags = SD_BUS_NAME_ALLOW_REPLACEMENT | (replace ? SD_BUS_NAME_REPLACE_EXISTING : 0);
    if (r >= 0) {
        step = "take the name " OSK_NAME;
        r = sd_bus_request_name(b->bus, OSK_NAME, flags);
    }
    if (r >= 0) {
        step = "take the name " OWN_NAME;
        r = sd_bus_request_name(b->bus, OWN_NAME, flags);
    }
    if (r < 0) {
        if (r == -EEXIST) {
            snprintf(error, error_size, "another on-screen keyboard owns %s or %s on the session bus (tapboard --replace takes them over)",
                     OSK_NAME, OWN_NAME);
        } else {
            snprintf(error, error_size, "could not %s on the session bus (%s)", step, strerror(-r));
        }
        sd_bus_flush_close_unref(b->bus);
        free(b);
        return r;
    }
    *out = b;
    return 0;
}

int tb_bus_fd(tb_bus *b) { return sd_bus_get_fd(b->bus); }

sd_bus *tb_bus_connection(tb_bus *b) { return b->bus; }

int tb_bus_process(tb_bus *b) {
    int r;
    while ((r = sd_bus_process(b->bus, NULL)) > 0) {}
    if (r < 0) return r;
    r = sd_bus_flush(b->bus);
    return r < 0 ? r : 0;
}

int tb_bus_names_lost(tb_bus *b) { return b->names_lost; }

void tb_bus_property_changed(tb_bus *b, const char *property) {
    if (strcmp(property, "Visible") == 0) {
        sd_bus_emit_properties_changed(b->bus, OSK_PATH, OSK_INTERFACE, "Visible", NULL);
    }
    sd_bus_emit_properties_changed(b->bus, OWN_PATH, OWN_INTERFACE, property, NULL);
    sd_bus_flush(b->bus);
}

void tb_bus_emit_frame(tb_bus *b, const char *signal, const int32_t s[4], const int32_t e[4], uint32_t ms) {
    sd_bus_emit_signal(b->bus, OWN_PATH, OWN_INTERFACE, signal, "(iiii)(iiii)u", s[0], s[1], s[2], s[3], e[0], e[1], e[2], e[3], ms);
    sd_bus_flush(b->bus);
}

void tb_bus_emit_string(tb_bus *b, const char *signal, const char *value) {
    sd_bus_emit_signal(b->bus, OWN_PATH, OWN_INTERFACE, signal, "s", value);
    sd_bus_flush(b->bus);
}

void tb_bus_answer_type(tb_bus *b, uint64_t call, const char *untyped) {
    for (size_t i = 0; i < b->pending_count; i++) {
        if (b->pending[i].call != call) continue;
        sd_bus_reply_method_return(b->pending[i].message, "s", untyped);
        sd_bus_message_unref(b->pending[i].message);
        b->pending[i] = b->pending[--b->pending_count];
        sd_bus_flush(b->bus);
        return;
    }
}

void tb_bus_close(tb_bus *b) {
    if (!b) return;
    for (size_t i = 0; i < b->pending_count; i++) sd_bus_message_unref(b->pending[i].message);
    free(b->pending);
    sd_bus_flush_close_unref(b->bus);
    free(b);
}
