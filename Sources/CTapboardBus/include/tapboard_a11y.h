// The accessibility bus (AT-SPI) read with sd-bus: no GLib and no libatspi, so
// its one descriptor goes into the keyboard's poll() and nothing is loaded
// unless --auto-show asks for it. This side decides nothing: it sends the
// requests it is given and relays what arrives (focus, bounds and caret
// signals; replies to requests, by the id they were asked with) to one handler
// as plain events. Which object is the focus, and what to ask of it, is decided
// in TapboardCore (AccessibleFocusTracker).
#ifndef TAPBOARD_A11Y_H
#define TAPBOARD_A11Y_H

#include <stddef.h>
#include <stdint.h>

typedef struct tb_a11y tb_a11y;

/// What can be asked of an object (`tb_a11y_ask`); its reply says which it answers.
typedef enum {
    TB_ASK_PROCESS = 0,   // the process behind the object's bus name (asked of the bus): `number`
    TB_ASK_ROLE,          // Accessible.GetRole: `number`
    TB_ASK_STATES,        // Accessible.GetState: `states`, bit n for state n
    TB_ASK_EXTENTS,       // Component.GetExtents on the screen: `extents` (x, y, width, height)
    TB_ASK_CHILDREN,      // Accessible.GetChildren: `children`
    TB_ASK_CARET_OFFSET,  // the Text interface's CaretOffset property: `offset`
    TB_ASK_TEXT,          // Text.GetText(start, end): `text`
} tb_a11y_question;

/// What arrived.
typedef enum {
    TB_EVENT_FOCUSED_STATE = 0,  // Object:StateChanged "focused": `detail` nonzero gained, 0 lost
    TB_EVENT_FOCUS,              // Focus:Focus (some toolkits, Qt, send it rather than a state change)
    TB_EVENT_BOUNDS_CHANGED,     // Object:BoundsChanged
    TB_EVENT_CARET_MOVED,        // Object:TextCaretMoved: `detail` the caret's new offset
    TB_EVENT_REPLY,              // the reply to the request `request`, which asked `question`
} tb_a11y_event_type;

/// One relayed event; its strings live only while the handler runs.
typedef struct {
    tb_a11y_event_type type;
    const char *sender, *path;     // signals: the object that sent it
    int32_t detail;                // signals: see the type
    uint64_t request;              // replies: the id given to tb_a11y_ask
    tb_a11y_question question;     // replies: what was asked
    int failed;                    // replies: an error came back, or the answer was not of the type asked
    uint32_t number;               // TB_ASK_PROCESS, TB_ASK_ROLE
    int32_t offset;                // TB_ASK_CARET_OFFSET
    uint64_t states;               // TB_ASK_STATES
    int32_t extents[4];            // TB_ASK_EXTENTS
    const char *text;              // TB_ASK_TEXT (UTF-8)
    const char *const *children;   // TB_ASK_CHILDREN: each child's bus name and path, in pairs
    size_t child_count;            // TB_ASK_CHILDREN: how many children (pairs)
} tb_a11y_event;

/// Called with each event, on the thread that calls tb_a11y_process (or tb_a11y_open).
typedef void (*tb_a11y_handler)(void *context, const tb_a11y_event *event);

/// Finds the accessibility bus through the session bus (org.a11y.Bus), turns
/// org.a11y.Status IsEnabled on if it is off, connects, and asks the registry for
/// the signals relayed. Returns 0, or a negative errno with a line in `error`.
int tb_a11y_open(tb_a11y **a11y, tb_a11y_handler handler, void *context, char *error, size_t error_size);
/// Sends a request about the object `sender` `path`, without waiting; its reply comes
/// to the handler with `request`. `start` and `end` only for TB_ASK_TEXT. Returns 0,
/// or a negative errno when it could not be sent (then no reply comes).
int tb_a11y_ask(tb_a11y *a11y, uint64_t request, tb_a11y_question question, const char *sender, const char *path, int32_t start,
                int32_t end);
/// The accessibility bus's address, as the session bus gave it.
const char *tb_a11y_address(tb_a11y *a11y);
/// The connection's descriptor, for poll().
int tb_a11y_fd(tb_a11y *a11y);
/// Handles what has arrived and sends what was asked; negative errno when the connection is gone.
int tb_a11y_process(tb_a11y *a11y);
/// Closes the connection; requests not yet answered are dropped (no handler is called).
void tb_a11y_close(tb_a11y *a11y);

#endif
