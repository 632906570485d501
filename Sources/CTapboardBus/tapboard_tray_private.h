// The panel icon's parts shared by its item (tapboard_tray.c) and its menu (tapboard_tray_menu.c).
#ifndef TAPBOARD_TRAY_PRIVATE_H
#define TAPBOARD_TRAY_PRIVATE_H

#include "tapboard_bus_private.h"

#define ITEM_PATH "/StatusNotifierItem"
#define ITEM_INTERFACE "org.kde.StatusNotifierItem"
#define MENU_PATH "/MenuBar"
#define MENU_INTERFACE "com.canonical.dbusmenu"
#define WATCHER "org.kde.StatusNotifierWatcher"

struct tb_tray {
    sd_bus *bus;
    tb_tray_handlers handlers;
    char name[64];
    uint8_t *pixmaps;
    int32_t *sizes;
    size_t size_count;
    tb_menu_item *items;
    size_t item_count;
    uint32_t revision;
    char *tooltip;
    int registered;
    sd_bus_slot *item_slot, *menu_slot, *owner_slot, *register_slot;
};

/// com.canonical.dbusmenu's methods, properties and signals, served at MENU_PATH.
extern sd_bus_vtable tb_menu_vtable[];

#endif
