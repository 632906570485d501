// Tapboard's D-Bus objects on the session bus, through sd-bus: sm.puri.OSK0 (as
// squeekboard offers it to phosh and GNOME's mobile shell) and Tapboard's own
// org.tapboard.Keyboard1. C, because sd-bus describes objects with vtable
// macros and replies and signals with variadic calls, which Swift cannot use.
#ifndef TAPBOARD_BUS_H
#define TAPBOARD_BUS_H

#include <stddef.h>
#include <stdint.h>

typedef struct tb_bus tb_bus;

/// What the keyboard answers and does; every function runs on the thread that calls tb_bus_process.
typedef struct {
    void *context;
    /// Every method (SetVisible(b), Show, Hide, Toggle, Type(s)): its interface,
    /// name and argument (a boolean, a string, or neither). Returns 0 to be
    /// answered now, 1 to be answered later with tb_bus_answer_type(call, ...),
    /// or a negative errno (an error reply).
    int (*method)(void *context, const char *interface, const char *member, int flag, const char *text, uint64_t call);
    /// The properties, read when asked.
    int (*visible)(void *context);
    /// Writes the layout's name (NUL-terminated, cut to size).
    void (*layout)(void *context, char *name, size_t size);
    void (*frame)(void *context, int32_t frame[4]);
} tb_bus_handlers;

/// Connects to the session bus, serves the objects and asks for the names
/// (taking them from another keyboard when `replace`). Returns 0, or a negative
/// errno with a line in `error`; -EEXIST when another keyboard holds the names.
int tb_bus_open(tb_bus **bus, const tb_bus_handlers *handlers, int replace, char *error, size_t error_size);
/// The connection's descriptor, for poll().
int tb_bus_fd(tb_bus *bus);
/// Handles everything that has arrived and sends what is queued; negative errno when the connection is gone.
int tb_bus_process(tb_bus *bus);
/// Whether another keyboard took the names (--replace).
int tb_bus_names_lost(tb_bus *bus);
/// The Visible property changed (both objects), or Layout, or Frame: PropertiesChanged.
void tb_bus_property_changed(tb_bus *bus, const char *property);
/// A frame signal of Keyboard1 (WillShow, DidShow, WillHide, DidHide, WillChangeFrame, DidChangeFrame).
void tb_bus_emit_frame(tb_bus *bus, const char *signal, const int32_t start[4], const int32_t end[4], uint32_t milliseconds);
/// A one-string signal of Keyboard1 (PageChanged, LayoutChanged).
void tb_bus_emit_string(tb_bus *bus, const char *signal, const char *value);
/// Answers a Type call with the characters that could not be typed.
void tb_bus_answer_type(tb_bus *bus, uint64_t call, const char *untyped);
/// Gives the names and the connection up.
void tb_bus_close(tb_bus *bus);


/// The panel icon (a StatusNotifierItem, with its menu as com.canonical.dbusmenu)
/// on a keyboard's bus connection.
typedef struct tb_tray tb_tray;

/// One item of the panel icon's menu: flat, each naming its parent (0: the top level).
typedef struct {
    /// Its id, above 0, stable while the menu means the same thing.
    int32_t id;
    /// The item it is in (a submenu), 0 for the top level.
    int32_t parent;
    /// What it says; NULL for a separator.
    const char *label;
    /// 0 none, 1 a checkmark, 2 a radio button.
    int32_t toggle;
    /// Its toggle's state: 1 on, 0 off.
    int32_t state;
    /// Whether it can be clicked.
    int32_t enabled;
} tb_menu_item;

/// What the keyboard does for the panel; every function runs in tb_bus_process.
typedef struct {
    void *context;
    /// The icon was clicked (Activate; `secondary`: SecondaryActivate, the middle button).
    void (*activate)(void *context, int secondary);
    /// A menu item was clicked.
    void (*clicked)(void *context, int32_t id);
    /// A watcher took the icon (1), or there is none or it refused (0).
    void (*registered)(void *context, int registered);
} tb_tray_handlers;

/// Serves the icon and its menu, owns org.kde.StatusNotifierItem-PID-1 and registers
/// with the watcher (again whenever a new one starts). `pixmaps`: for each of `count`
/// sizes, size*size pixels of 4 bytes, A R G B, not premultiplied, rows top down.
/// 0, or a negative errno with a line in `error`.
int tb_tray_open(tb_tray **tray, tb_bus *bus, const tb_tray_handlers *handlers, const uint8_t *pixmaps,
                 const int32_t *sizes, size_t count, char *error, size_t error_size);
/// Replaces the menu (copied): hosts are told its layout changed.
void tb_tray_set_menu(tb_tray *tray, const tb_menu_item *items, size_t count);
/// Replaces the tooltip's text: hosts are told.
void tb_tray_set_tooltip(tb_tray *tray, const char *text);
/// Whether a watcher took the icon.
int tb_tray_registered(tb_tray *tray);
/// Takes the icon off the bus (before the bus is closed).
void tb_tray_close(tb_tray *tray);

/// KWin's tablet mode, followed on a keyboard's bus connection.
typedef struct tb_tablet tb_tablet;

/// What the keyboard hears of it; runs in tb_bus_process.
typedef struct {
    void *context;
    /// Whether KWin has a tablet mode here (a convertible), and whether it is on;
    /// both 0 without KWin.
    void (*changed)(void *context, int available, int tablet);
} tb_tablet_handlers;

/// Reads KWin's tablet mode, and again whenever it changes or KWin starts.
/// 0, or a negative errno with a line in `error`.
int tb_tablet_open(tb_tablet **tablet, tb_bus *bus, const tb_tablet_handlers *handlers, char *error, size_t error_size);
/// Stops following it (before the bus is closed).
void tb_tablet_close(tb_tablet *tablet);

#endif
