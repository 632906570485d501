// KWin's tablet mode (org.kde.KWin.TabletModeManager at /org/kde/KWin): whether
// a convertible is folded, which neither the X server nor XInput passes on.
// Read once KWin is on the bus, and followed by its PropertiesChanged.
#include "tapboard_bus_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KWIN "org.kde.KWin"
#define KWIN_PATH "/org/kde/KWin"
#define TABLET_INTERFACE "org.kde.KWin.TabletModeManager"

struct tb_tablet {
    sd_bus *bus;
    tb_tablet_handlers handlers;
    int available, tablet;
    sd_bus_slot *owner_slot, *changed_slot, *read_slot;
};

// Reads the a{sv} of GetAll or PropertiesChanged: the two booleans, each if there.
static void read_properties(tb_tablet *t, sd_bus_message *m) {
    if (sd_bus_message_enter_container(m, 'a', "{sv}") < 0) return;
    while (sd_bus_message_enter_container(m, 'e', "sv") > 0) {
        const char *name = NULL;
        int value = 0;
        if (sd_bus_message_read(m, "s", &name) < 0) return;
        int *field = strcmp(name, "tabletModeAvailable") == 0 ? &t->available : strcmp(name, "tabletMode") == 0 ? &t->tablet : NULL;
        if (field && sd_bus_message_enter_container(m, 'v', "b") > 0) {
            if (sd_bus_message_read(m, "b", &value) >= 0) *field = value != 0;
            sd_bus_message_exit_container(m);
        } else if (sd_bus_message_skip(m, "v") < 0) {
            return;
        }
        sd_bus_message_exit_container(m);
    }
    sd_bus_message_exit_container(m);
}

static void tell(tb_tablet *t) { t->handlers.changed(t->handlers.context, t->available, t->tablet); }

static int read_reply(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tablet *t = userdata;
    t->read_slot = sd_bus_slot_unref(t->read_slot);
    // No KWin, or a KWin without the manager: no tablet mode to follow.
    if (sd_bus_message_is_method_error(m, NULL)) t->available = t->tablet = 0;
    else read_properties(t, m);
    tell(t);
    return 0;
}

// KWin is asked only when it is there: a call to its name could start it (D-Bus activation).
static int owner_reply(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tablet *t = userdata;
    t->read_slot = sd_bus_slot_unref(t->read_slot);
    int there = 0;
    if (!sd_bus_message_is_method_error(m, NULL) && sd_bus_message_read(m, "b", &there) >= 0 && there &&
        sd_bus_call_method_async(t->bus, &t->read_slot, KWIN, KWIN_PATH, "org.freedesktop.DBus.Properties", "GetAll",
                                 read_reply, t, "s", TABLET_INTERFACE) >= 0) {
        return 0;
    }
    t->available = t->tablet = 0;
    tell(t);
    return 0;
}

static void read_all(tb_tablet *t) {
    t->read_slot = sd_bus_slot_unref(t->read_slot);
    if (sd_bus_call_method_async(t->bus, &t->read_slot, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                 "NameHasOwner", owner_reply, t, "s", KWIN) < 0) {
        t->available = t->tablet = 0;
        tell(t);
    }
}

static int properties_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tablet *t = userdata;
    const char *interface = NULL;
    if (sd_bus_message_read(m, "s", &interface) < 0 || strcmp(interface, TABLET_INTERFACE) != 0) return 0;
    read_properties(t, m);
    tell(t);
    return 0;
}

// KWin started (again) or went.
static int owner_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tablet *t = userdata;
    const char *name = NULL, *old = NULL, *new = NULL;
    if (sd_bus_message_read(m, "sss", &name, &old, &new) < 0 || strcmp(name, KWIN) != 0) return 0;
    if (new && *new) {
        read_all(t);
    } else {
        t->available = t->tablet = 0;
        tell(t);
    }
    return 0;
}

int tb_tablet_open(tb_tablet **out, tb_bus *bus, const tb_tablet_handlers *handlers, char *error, size_t error_size) {
    *out = NULL;
    tb_tablet *t = calloc(1, sizeof *t);
    if (!t) return -ENOMEM;
    t->bus = tb_bus_connection(bus);
    t->handlers = *handlers;
    int r = sd_bus_add_match(t->bus, &t->owner_slot,
                             "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                             "member='NameOwnerChanged',arg0='" KWIN "'", owner_changed, t);
    if (r >= 0) {
        r = sd_bus_add_match(t->bus, &t->changed_slot,
                             "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
                             "path='" KWIN_PATH "',arg0='" TABLET_INTERFACE "'", properties_changed, t);
    }
    if (r < 0) {
        snprintf(error, error_size, "tablet mode: could not watch KWin on the session bus (%s)", strerror(-r));
        tb_tablet_close(t);
        return r;
    }
    read_all(t);
    sd_bus_flush(t->bus);
    *out = t;
    return 0;
}

void tb_tablet_close(tb_tablet *t) {
    if (!t) return;
    sd_bus_slot_unref(t->owner_slot);
    sd_bus_slot_unref(t->changed_slot);
    sd_bus_slot_unref(t->read_slot);
    free(t);
}
