// The panel icon: org.kde.StatusNotifierItem at /StatusNotifierItem (what KDE,
// XFCE, MATE, LXQt, Cinnamon and waybar show) and its menu, com.canonical.dbusmenu
// at /MenuBar, on the keyboard's own connection. SNI properties are re-read by
// hosts after its New* signals (it has no PropertiesChanged).
#include "tapboard_tray_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>





// MARK: - The item

static int item_method(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tray *t = userdata;
    const char *member = sd_bus_message_get_member(m);
    // Activate on a click; SecondaryActivate on the middle button; ContextMenu and
    // Scroll only where the host has no menu of its own to show, or a wheel: nothing.
    if (strcmp(member, "Activate") == 0) t->handlers.activate(t->handlers.context, 0);
    else if (strcmp(member, "SecondaryActivate") == 0) t->handlers.activate(t->handlers.context, 1);
    return sd_bus_reply_method_return(m, "");
}

static int item_string(sd_bus *bus, const char *path, const char *interface, const char *property,
                       sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)error; (void)userdata;
    const char *value = "";
    if (strcmp(property, "Category") == 0) value = "ApplicationStatus";
    else if (strcmp(property, "Id") == 0) value = "tapboard";
    else if (strcmp(property, "Title") == 0) value = "Tapboard";
    else if (strcmp(property, "Status") == 0) value = "Active";
    else if (strcmp(property, "IconName") == 0) value = "input-keyboard";
    return sd_bus_message_append(reply, "s", value);
}

// a(iiay): the icon at each size, or none.
static int append_pixmaps(sd_bus_message *reply, const tb_tray *t) {
    int r = sd_bus_message_open_container(reply, 'a', "(iiay)");
    size_t offset = 0;
    for (size_t i = 0; t && r >= 0 && i < t->size_count; i++) {
        int32_t s = t->sizes[i];
        r = sd_bus_message_open_container(reply, 'r', "iiay");
        if (r >= 0) r = sd_bus_message_append(reply, "ii", s, s);
        if (r >= 0) r = sd_bus_message_append_array(reply, 'y', t->pixmaps + offset, (size_t)s * (size_t)s * 4);
        if (r >= 0) r = sd_bus_message_close_container(reply);
        offset += (size_t)s * (size_t)s * 4;
    }
    return r < 0 ? r : sd_bus_message_close_container(reply);
}

static int item_pixmap(sd_bus *bus, const char *path, const char *interface, const char *property,
                       sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)error;
    // The attention and overlay icons: none.
    return append_pixmaps(reply, strcmp(property, "IconPixmap") == 0 ? userdata : NULL);
}

static int item_tooltip(sd_bus *bus, const char *path, const char *interface, const char *property,
                        sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)error;
    tb_tray *t = userdata;
    int r = sd_bus_message_open_container(reply, 'r', "sa(iiay)ss");
    if (r >= 0) r = sd_bus_message_append(reply, "s", "input-keyboard");
    if (r >= 0) r = append_pixmaps(reply, NULL);
    if (r >= 0) r = sd_bus_message_append(reply, "ss", "Tapboard", t->tooltip ? t->tooltip : "");
    return r < 0 ? r : sd_bus_message_close_container(reply);
}

static int item_other(sd_bus *bus, const char *path, const char *interface, const char *property,
                      sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)error; (void)userdata;
    if (strcmp(property, "WindowId") == 0) return sd_bus_message_append(reply, "i", 0);
    if (strcmp(property, "ItemIsMenu") == 0) return sd_bus_message_append(reply, "b", 0);
    return sd_bus_message_append(reply, "o", MENU_PATH);
}

#define ITEM_STRING(name) SD_BUS_PROPERTY(name, "s", item_string, 0, SD_BUS_VTABLE_PROPERTY_CONST)
#define ITEM_PIXMAP(name) SD_BUS_PROPERTY(name, "a(iiay)", item_pixmap, 0, SD_BUS_VTABLE_PROPERTY_CONST)

static sd_bus_vtable item_vtable[] = {
    TB_VTABLE_START,
    ITEM_STRING("Category"), ITEM_STRING("Id"), ITEM_STRING("Title"), ITEM_STRING("Status"), ITEM_STRING("IconName"),
    ITEM_STRING("IconThemePath"), ITEM_STRING("OverlayIconName"), ITEM_STRING("AttentionIconName"), ITEM_STRING("AttentionMovieName"),
    ITEM_PIXMAP("IconPixmap"), ITEM_PIXMAP("OverlayIconPixmap"), ITEM_PIXMAP("AttentionIconPixmap"),
    SD_BUS_PROPERTY("ToolTip", "(sa(iiay)ss)", item_tooltip, 0, 0),
    SD_BUS_PROPERTY("WindowId", "i", item_other, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("ItemIsMenu", "b", item_other, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Menu", "o", item_other, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_METHOD_WITH_NAMES("Activate", "ii", SD_BUS_PARAM(x) SD_BUS_PARAM(y), "", , item_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("SecondaryActivate", "ii", SD_BUS_PARAM(x) SD_BUS_PARAM(y), "", , item_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("ContextMenu", "ii", SD_BUS_PARAM(x) SD_BUS_PARAM(y), "", , item_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Scroll", "is", SD_BUS_PARAM(delta) SD_BUS_PARAM(orientation), "", , item_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("NewTitle", "", 0), SD_BUS_SIGNAL("NewIcon", "", 0), SD_BUS_SIGNAL("NewAttentionIcon", "", 0),
    SD_BUS_SIGNAL("NewOverlayIcon", "", 0), SD_BUS_SIGNAL("NewToolTip", "", 0),
    SD_BUS_SIGNAL_WITH_NAMES("NewStatus", "s", SD_BUS_PARAM(status), 0),
    SD_BUS_VTABLE_END,
};

// MARK: - The watcher

static int registered_reply(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tray *t = userdata;
    t->register_slot = sd_bus_slot_unref(t->register_slot);
    t->registered = !sd_bus_message_is_method_error(m, NULL);
    t->handlers.registered(t->handlers.context, t->registered);
    return 0;
}

static void register_item(tb_tray *t) {
    t->register_slot = sd_bus_slot_unref(t->register_slot);
    int r = sd_bus_call_method_async(t->bus, &t->register_slot, WATCHER, "/StatusNotifierWatcher", WATCHER,
                                     "RegisterStatusNotifierItem", registered_reply, t, "s", t->name);
    if (r < 0) {
        t->registered = 0;
        t->handlers.registered(t->handlers.context, 0);
    }
}

// A watcher came (a panel started or restarted): the icon is registered with it; one went: none.
static int watcher_owner_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tray *t = userdata;
    const char *name = NULL, *old = NULL, *new = NULL;
    if (sd_bus_message_read(m, "sss", &name, &old, &new) < 0 || strcmp(name, WATCHER) != 0) return 0;
    if (new && *new) {
        register_item(t);
    } else if (t->registered) {
        t->registered = 0;
        t->handlers.registered(t->handlers.context, 0);
    }
    return 0;
}

// MARK: - The icon's life

int tb_tray_open(tb_tray **out, tb_bus *bus, const tb_tray_handlers *handlers, const uint8_t *pixmaps,
                 const int32_t *sizes, size_t count, char *error, size_t error_size) {
    *out = NULL;
    item_vtable[0].x.start.vtable_format_reference = tb_sd_bus_vtable_format;
    tb_menu_vtable[0].x.start.vtable_format_reference = tb_sd_bus_vtable_format;
    tb_tray *t = calloc(1, sizeof *t);
    if (!t) return -ENOMEM;
    t->bus = tb_bus_connection(bus);
    t->handlers = *handlers;
    size_t bytes = 0;
    for (size_t i = 0; i < count; i++) bytes += (size_t)sizes[i] * (size_t)sizes[i] * 4;
    t->pixmaps = malloc(bytes ? bytes : 1);
    t->sizes = malloc(count ? count * sizeof *sizes : 1);
    if (!t->pixmaps || !t->sizes) {
        tb_tray_close(t);
        return -ENOMEM;
    }
    memcpy(t->pixmaps, pixmaps, bytes);
    memcpy(t->sizes, sizes, count * sizeof *sizes);
    t->size_count = count;
    snprintf(t->name, sizeof t->name, "org.kde.StatusNotifierItem-%d-1", (int)getpid());
    const char *step = "serve " ITEM_PATH;
    int r = sd_bus_add_object_vtable(t->bus, &t->item_slot, ITEM_PATH, ITEM_INTERFACE, item_vtable, t);
    if (r >= 0) {
        step = "serve " MENU_PATH;
        r = sd_bus_add_object_vtable(t->bus, &t->menu_slot, MENU_PATH, MENU_INTERFACE, tb_menu_vtable, t);
    }
    if (r >= 0) {
        step = "watch for a status notifier watcher";
        r = sd_bus_add_match(t->bus, &t->owner_slot,
                             "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                             "member='NameOwnerChanged',arg0='" WATCHER "'", watcher_owner_changed, t);
    }
    // The objects first, then the name: a watcher checks the name is on the bus.
    if (r >= 0) {
        step = "take the icon's name";
        r = sd_bus_request_name(t->bus, t->name, 0);
    }
    if (r < 0) {
        snprintf(error, error_size, "the panel icon: could not %s on the session bus (%s)", step, strerror(-r));
        tb_tray_close(t);
        return r;
    }
    register_item(t);
    sd_bus_flush(t->bus);
    *out = t;
    return 0;
}

void tb_tray_set_menu(tb_tray *t, const tb_menu_item *items, size_t count) {
    for (size_t i = 0; i < t->item_count; i++) free((char *)t->items[i].label);
    free(t->items);
    t->items = calloc(count ? count : 1, sizeof *items);
    t->item_count = 0;
    if (!t->items) return;
    for (size_t i = 0; i < count; i++) {
        t->items[i] = items[i];
        t->items[i].label = items[i].label ? strdup(items[i].label) : NULL;
    }
    t->item_count = count;
    t->revision++;
    sd_bus_emit_signal(t->bus, MENU_PATH, MENU_INTERFACE, "LayoutUpdated", "ui", t->revision, 0);
    sd_bus_flush(t->bus);
}

void tb_tray_set_tooltip(tb_tray *t, const char *text) {
    free(t->tooltip);
    t->tooltip = strdup(text);
    sd_bus_emit_signal(t->bus, ITEM_PATH, ITEM_INTERFACE, "NewToolTip", NULL);
    sd_bus_flush(t->bus);
}

int tb_tray_registered(tb_tray *t) { return t->registered; }

void tb_tray_close(tb_tray *t) {
    if (!t) return;
    sd_bus_slot_unref(t->item_slot);
    sd_bus_slot_unref(t->menu_slot);
    sd_bus_slot_unref(t->owner_slot);
    sd_bus_slot_unref(t->register_slot);
    for (size_t i = 0; i < t->item_count; i++) free((char *)t->items[i].label);
    free(t->items);
    free(t->tooltip);
    free(t->pixmaps);
    free(t->sizes);
    free(t);
}
