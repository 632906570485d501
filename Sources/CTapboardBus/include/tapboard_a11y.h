// The focus as the accessibility bus (AT-SPI) tells it, read with sd-bus: no
// GLib and no libatspi, so its one descriptor goes into the keyboard's poll()
// and nothing is loaded unless --auto-show asks for it.
#ifndef TAPBOARD_A11Y_H
#define TAPBOARD_A11Y_H

#include <stddef.h>
#include <stdint.h>

typedef struct tb_a11y tb_a11y;

/// Kinds of focused object reported.
enum { TB_FOCUS_AWAY = -1, TB_FOCUS_TEXT = 0, TB_FOCUS_TERMINAL = 1, TB_FOCUS_PASSWORD = 2 };

typedef struct {
    void *context;
    /// The kind of field (TB_FOCUS_*) an object with this AT-SPI role and state set
    /// (bit n for state n) is; TB_FOCUS_AWAY when it is none.
    int (*classify)(void *context, uint32_t role, uint64_t states);
    /// The focus moved to a field of a kind (its id: bus name and object path; its
    /// extents on the screen when `has_extents`), or away from every field (TB_FOCUS_AWAY).
    void (*focus)(void *context, int kind, const char *id, int has_extents, const int32_t extents[4]);
    /// The caret of the focused text field (never a password field) is at `offset`
    /// characters, with `before` (UTF-8) the text before it, TB_CARET_TEXT
    /// characters at most: when the field takes the focus, and after each caret move.
    void (*caret)(void *context, const char *id, int32_t offset, const char *before);
    /// What the walk for the object focused at start does at an object `depth` levels
    /// below the registry's desktop with this state set, the focused object found so far
    /// lying at `best_depth` (0: none): TB_WALK_* bits.
    int (*walk_step)(void *context, int depth, uint64_t states, int best_depth);
} tb_a11y_handlers;

/// What `walk_step` answers: ask the object's children; it is the focused object found.
enum { TB_WALK_DESCEND = 1, TB_WALK_FOCUSED = 2 };

/// How many characters before the caret are read.
enum { TB_CARET_TEXT = 120 };

/// Finds the accessibility bus through the session bus (org.a11y.Bus), turns
/// org.a11y.Status IsEnabled on if it is off, connects, asks the registry for focus
/// events, and starts looking for the object focused already (reported as a focus
/// event's would be). Returns 0, or a negative errno with a line in `error`.
int tb_a11y_open(tb_a11y **a11y, const tb_a11y_handlers *handlers, char *error, size_t error_size);
/// The accessibility bus's address, as the session bus gave it.
const char *tb_a11y_address(tb_a11y *a11y);
/// The connection's descriptor, for poll().
int tb_a11y_fd(tb_a11y *a11y);
/// Handles what has arrived; negative errno when the connection is gone.
int tb_a11y_process(tb_a11y *a11y);
/// Closes the connection.
void tb_a11y_close(tb_a11y *a11y);

#endif
