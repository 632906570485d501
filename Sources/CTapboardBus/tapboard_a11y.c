#include "tapboard_a11y.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sd_bus_loader.h"
#include "tapboard_a11y_private.h"

// The connection to the accessibility bus: found, opened, registered for the
// signals that follow the focus, which are relayed to the handler. Requests and
// their replies are in tapboard_a11y_ask.c.

// Signals are relayed as they come, with the object that sent them: whether it
// is the focused field, and what to ask of it, the handler decides.
static void relay_signal(tb_a11y *a, sd_bus_message *m, tb_a11y_event_type type, int32_t detail) {
    tb_a11y_event e = {.type = type, .sender = sd_bus_message_get_sender(m), .path = sd_bus_message_get_path(m), .detail = detail};
    if (e.sender && e.path) a->handler(a->context, &e);
}

// StateChanged's arguments: the state, whether gained, and a third unused here.
static int on_state_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    const char *state = NULL;
    int32_t gained = 0, unused = 0;
    if (sd_bus_message_read(m, "sii", &state, &gained, &unused) >= 0 && state && strcmp(state, "focused") == 0) {
        relay_signal(userdata, m, TB_EVENT_FOCUSED_STATE, gained);
    }
    return 0;
}

static int on_focus(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    relay_signal(userdata, m, TB_EVENT_FOCUS, 0);
    return 0;
}

static int on_bounds_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    relay_signal(userdata, m, TB_EVENT_BOUNDS_CHANGED, 0);
    return 0;
}

// TextCaretMoved's arguments: an unused string, the new offset, an unused number.
static int on_caret_moved(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    const char *unused = NULL;
    int32_t offset = -1, unused2 = 0;
    if (sd_bus_message_read(m, "sii", &unused, &offset, &unused2) >= 0) relay_signal(userdata, m, TB_EVENT_CARET_MOVED, offset);
    return 0;
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

int tb_a11y_open(tb_a11y **out, tb_a11y_handler handler, void *context, char *error, size_t error_size) {
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
    if (!a) {
        snprintf(error, error_size, "the accessibility bus: out of memory");
        sd_bus_message_unref(reply);
        sd_bus_flush_close_unref(session);
        return -ENOMEM;
    }
    a->handler = handler;
    a->context = context;
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
