// The panel icon's menu: com.canonical.dbusmenu at /MenuBar, from the flat list
// of items the keyboard gives (tb_tray_set_menu), as KDE, XFCE, MATE and GNOME's
// AppIndicator extension read it.
#include "tapboard_tray_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - The menu

static const tb_menu_item *find_item(const tb_tray *t, int32_t id) {
    for (size_t i = 0; i < t->item_count; i++) if (t->items[i].id == id) return &t->items[i];
    return NULL;
}

static int has_children(const tb_tray *t, int32_t id) {
    for (size_t i = 0; i < t->item_count; i++) if (t->items[i].parent == id) return 1;
    return 0;
}

// Whether a property is asked for: every one when the list is empty.
static int wanted(char **names, const char *name) {
    if (!names || !names[0]) return 1;
    for (size_t i = 0; names[i]; i++) if (strcmp(names[i], name) == 0) return 1;
    return 0;
}

// a{sv}: an item's properties (the root's, id 0, only that it has children); defaults left out.
static int append_properties(sd_bus_message *m, const tb_tray *t, int32_t id, char **names) {
    int r = sd_bus_message_open_container(m, 'a', "{sv}");
    const tb_menu_item *item = id == 0 ? NULL : find_item(t, id);
    if (r >= 0 && (id == 0 || has_children(t, id)) && wanted(names, "children-display"))
        r = sd_bus_message_append(m, "{sv}", "children-display", "s", "submenu");
    if (item && r >= 0) {
        if (!item->label) {
            if (wanted(names, "type")) r = sd_bus_message_append(m, "{sv}", "type", "s", "separator");
        } else if (wanted(names, "label")) {
            r = sd_bus_message_append(m, "{sv}", "label", "s", item->label);
        }
        if (r >= 0 && !item->enabled && wanted(names, "enabled")) r = sd_bus_message_append(m, "{sv}", "enabled", "b", 0);
        if (r >= 0 && item->toggle && wanted(names, "toggle-type"))
            r = sd_bus_message_append(m, "{sv}", "toggle-type", "s", item->toggle == 2 ? "radio" : "checkmark");
        if (r >= 0 && item->toggle && wanted(names, "toggle-state"))
            r = sd_bus_message_append(m, "{sv}", "toggle-state", "i", item->state ? 1 : 0);
    }
    return r < 0 ? r : sd_bus_message_close_container(m);
}

// (ia{sv}av): an item, and its children to `depth` levels (-1: all).
static int append_node(sd_bus_message *m, const tb_tray *t, int32_t id, int depth, char **names) {
    int r = sd_bus_message_open_container(m, 'r', "ia{sv}av");
    if (r >= 0) r = sd_bus_message_append(m, "i", id);
    if (r >= 0) r = append_properties(m, t, id, names);
    if (r >= 0) r = sd_bus_message_open_container(m, 'a', "v");
    for (size_t i = 0; r >= 0 && depth != 0 && i < t->item_count; i++) {
        if (t->items[i].parent != id) continue;
        r = sd_bus_message_open_container(m, 'v', "(ia{sv}av)");
        if (r >= 0) r = append_node(m, t, t->items[i].id, depth < 0 ? -1 : depth - 1, names);
        if (r >= 0) r = sd_bus_message_close_container(m);
    }
    if (r >= 0) r = sd_bus_message_close_container(m);
    return r < 0 ? r : sd_bus_message_close_container(m);
}

// An `as` argument, NULL-terminated (freed by the caller with free_strings).
static int read_strings(sd_bus_message *m, char ***out) {
    *out = NULL;
    size_t count = 0;
    char **list = calloc(1, sizeof *list);
    if (!list) return -ENOMEM;
    int r = sd_bus_message_enter_container(m, 'a', "s");
    const char *s;
    while (r >= 0 && (r = sd_bus_message_read(m, "s", &s)) > 0) {
        char **grown = realloc(list, (count + 2) * sizeof *list);
        if (!grown) { r = -ENOMEM; break; }
        list = grown;
        list[count++] = strdup(s);
        list[count] = NULL;
    }
    if (r >= 0) r = sd_bus_message_exit_container(m);
    *out = list;
    return r;
}

static void free_strings(char **list) {
    for (size_t i = 0; list && list[i]; i++) free(list[i]);
    free(list);
}

static int reply_and_send(sd_bus_message *reply, int r) {
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int menu_get_layout(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tray *t = userdata;
    int32_t parent = 0, depth = -1;
    char **names = NULL;
    int r = sd_bus_message_read(m, "ii", &parent, &depth);
    if (r >= 0) r = read_strings(m, &names);
    sd_bus_message *reply = NULL;
    if (r >= 0) r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_append(reply, "u", t->revision);
    if (r >= 0) r = append_node(reply, t, parent == 0 || find_item(t, parent) ? parent : 0, depth, names);
    free_strings(names);
    return reply ? reply_and_send(reply, r) : r;
}

static int menu_group_properties(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tray *t = userdata;
    int32_t *ids = NULL;
    size_t count = 0;
    int r = sd_bus_message_enter_container(m, 'a', "i");
    int32_t id;
    while (r >= 0 && (r = sd_bus_message_read(m, "i", &id)) > 0) {
        int32_t *grown = realloc(ids, (count + 1) * sizeof *ids);
        if (!grown) { r = -ENOMEM; break; }
        ids = grown;
        ids[count++] = id;
    }
    if (r >= 0) r = sd_bus_message_exit_container(m);
    char **names = NULL;
    if (r >= 0) r = read_strings(m, &names);
    sd_bus_message *reply = NULL;
    if (r >= 0) r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_open_container(reply, 'a', "(ia{sv})");
    // None asked for: every item.
    size_t n = count ? count : t->item_count;
    for (size_t i = 0; r >= 0 && i < n; i++) {
        int32_t which = count ? ids[i] : t->items[i].id;
        if (which != 0 && !find_item(t, which)) continue;
        r = sd_bus_message_open_container(reply, 'r', "ia{sv}");
        if (r >= 0) r = sd_bus_message_append(reply, "i", which);
        if (r >= 0) r = append_properties(reply, t, which, names);
        if (r >= 0) r = sd_bus_message_close_container(reply);
    }
    if (r >= 0) r = sd_bus_message_close_container(reply);
    free(ids);
    free_strings(names);
    return reply ? reply_and_send(reply, r) : r;
}

static int menu_get_property(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    tb_tray *t = userdata;
    int32_t id = 0;
    const char *name = NULL;
    int r = sd_bus_message_read(m, "is", &id, &name);
    if (r < 0) return r;
    const tb_menu_item *item = find_item(t, id);
    if (strcmp(name, "label") == 0 && item && item->label) return sd_bus_reply_method_return(m, "v", "s", item->label);
    if (strcmp(name, "enabled") == 0) return sd_bus_reply_method_return(m, "v", "b", item ? item->enabled : 1);
    if (strcmp(name, "toggle-state") == 0 && item) return sd_bus_reply_method_return(m, "v", "i", item->state ? 1 : 0);
    return sd_bus_reply_method_return(m, "v", "s", "");
}

static void clicked(tb_tray *t, int32_t id, const char *event) {
    const tb_menu_item *item = find_item(t, id);
    if (item && item->label && item->enabled && strcmp(event, "clicked") == 0) t->handlers.clicked(t->handlers.context, id);
}

static int menu_event(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    int32_t id = 0;
    const char *event = NULL;
    int r = sd_bus_message_read(m, "is", &id, &event);
    if (r < 0) return r;
    // Copied: the handler may change the menu, and the message's strings stay valid anyway.
    char name[32];
    snprintf(name, sizeof name, "%s", event);
    r = sd_bus_reply_method_return(m, "");
    clicked(userdata, id, name);
    return r;
}

static int menu_event_group(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    int32_t ids[16];
    char events[16][32];
    size_t count = 0;
    int r = sd_bus_message_enter_container(m, 'a', "(isvu)");
    while (r >= 0 && (r = sd_bus_message_enter_container(m, 'r', "isvu")) > 0) {
        int32_t id = 0;
        const char *event = NULL;
        r = sd_bus_message_read(m, "is", &id, &event);
        if (r >= 0 && count < 16) {
            ids[count] = id;
            snprintf(events[count++], sizeof events[0], "%s", event);
        }
        if (r >= 0) r = sd_bus_message_skip(m, "vu");
        if (r >= 0) r = sd_bus_message_exit_container(m);
    }
    if (r >= 0) r = sd_bus_message_exit_container(m);
    if (r < 0) return r;
    r = sd_bus_reply_method_return(m, "ai", 0);
    for (size_t i = 0; i < count; i++) clicked(userdata, ids[i], events[i]);
    return r;
}

static int menu_about_to_show(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    // The menu is always up to date.
    if (strcmp(sd_bus_message_get_member(m), "AboutToShow") == 0) return sd_bus_reply_method_return(m, "b", 0);
    return sd_bus_reply_method_return(m, "aiai", 0, 0);
}

static int menu_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                         sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)error; (void)userdata;
    if (strcmp(property, "Version") == 0) return sd_bus_message_append(reply, "u", 3);
    if (strcmp(property, "TextDirection") == 0) return sd_bus_message_append(reply, "s", "ltr");
    if (strcmp(property, "Status") == 0) return sd_bus_message_append(reply, "s", "normal");
    return sd_bus_message_append(reply, "as", 0);
}

sd_bus_vtable tb_menu_vtable[] = {
    TB_VTABLE_START,
    SD_BUS_PROPERTY("Version", "u", menu_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("TextDirection", "s", menu_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Status", "s", menu_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("IconThemePath", "as", menu_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_METHOD_WITH_NAMES("GetLayout", "iias", SD_BUS_PARAM(parentId) SD_BUS_PARAM(recursionDepth) SD_BUS_PARAM(propertyNames),
                             "u(ia{sv}av)", SD_BUS_PARAM(revision) SD_BUS_PARAM(layout), menu_get_layout, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("GetGroupProperties", "aias", SD_BUS_PARAM(ids) SD_BUS_PARAM(propertyNames),
                             "a(ia{sv})", SD_BUS_PARAM(properties), menu_group_properties, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("GetProperty", "is", SD_BUS_PARAM(id) SD_BUS_PARAM(name), "v", SD_BUS_PARAM(value),
                             menu_get_property, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Event", "isvu", SD_BUS_PARAM(id) SD_BUS_PARAM(eventId) SD_BUS_PARAM(data) SD_BUS_PARAM(timestamp),
                             "", , menu_event, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("EventGroup", "a(isvu)", SD_BUS_PARAM(events), "ai", SD_BUS_PARAM(idErrors),
                             menu_event_group, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("AboutToShow", "i", SD_BUS_PARAM(id), "b", SD_BUS_PARAM(needUpdate), menu_about_to_show,
                             SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("AboutToShowGroup", "ai", SD_BUS_PARAM(ids), "aiai", SD_BUS_PARAM(updatesNeeded) SD_BUS_PARAM(idErrors),
                             menu_about_to_show, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL_WITH_NAMES("LayoutUpdated", "ui", SD_BUS_PARAM(revision) SD_BUS_PARAM(parent), 0),
    SD_BUS_SIGNAL_WITH_NAMES("ItemsPropertiesUpdated", "a(ia{sv})a(ias)", SD_BUS_PARAM(updatedProps) SD_BUS_PARAM(removedProps), 0),
    SD_BUS_SIGNAL_WITH_NAMES("ItemActivationRequested", "iu", SD_BUS_PARAM(id) SD_BUS_PARAM(timestamp), 0),
    SD_BUS_VTABLE_END,
};

