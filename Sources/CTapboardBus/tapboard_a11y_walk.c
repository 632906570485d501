#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tapboard_a11y_private.h"

// The object that has the focus when the keyboard starts: no event says so, so the
// active windows of the applications the registry knows are walked for it (AT-SPI
// has no call that asks). Every step is asynchronous; a focus event before the
// walk ends makes its answer stale.
enum { WALK_LIMIT = 4000 };  // objects asked at most: a huge document is not walked to its end

// The walk's first level: the registry's desktop (its applications are the next).
enum { WALK_DESKTOP = 0 };

typedef struct {
    tb_a11y *a11y;
    uint64_t generation;  // the newest focus event when the walk began
    int pending;          // objects whose answers have not all come
    int asked;            // objects asked, against WALK_LIMIT
    int best_depth;       // how deep the focused object found lies (a web page's document is focused around its field)
    char best_sender[256];
    char best_path[256];
} walk;

// One object on the way: its state set and its children, answered in any order.
typedef struct {
    walk *w;
    int depth;
    int answers;
    uint64_t states;
    sd_bus_message *children;
    char sender[256];
    char path[256];
} walk_node;

static void walk_object(walk *w, const char *sender, const char *path, int depth);

// Asks for the object focused now (see above).
void tb_a11y_walk_for_focus(tb_a11y *a) {
    walk *w = calloc(1, sizeof *w);
    if (!w) return;
    w->a11y = a;
    w->generation = a->generation;
    w->pending = 1;  // the walk itself, until the desktop is asked
    walk_object(w, "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root", WALK_DESKTOP);
    if (--w->pending == 0) free(w);
}

static void walk_node_done(walk_node *n) {
    walk *w = n->w;
    tb_a11y *a = w->a11y;
    // Which objects are walked into and which one is the focus: the handler decides from the states.
    int step = a->handlers.walk_step(a->handlers.context, n->depth, n->states, w->best_depth);
    if (step & TB_WALK_FOCUSED) {
        w->best_depth = n->depth;
        snprintf(w->best_sender, sizeof w->best_sender, "%s", n->sender);
        snprintf(w->best_path, sizeof w->best_path, "%s", n->path);
    }
    if ((step & TB_WALK_DESCEND) && n->children && sd_bus_message_enter_container(n->children, 'a', "(so)") > 0) {
        const char *sender, *path;
        while (sd_bus_message_read(n->children, "(so)", &sender, &path) > 0) {
            if (strcmp(path, "/org/a11y/atspi/null") != 0) walk_object(w, sender, path, n->depth + 1);
        }
    }
    sd_bus_message_unref(n->children);
    free(n);
    // The last answer: the deepest focused object is asked about as a focus event's is.
    if (--w->pending == 0) {
        if (w->best_sender[0] && w->generation == a->generation) tb_a11y_ask_about(a, w->best_sender, w->best_path);
        free(w);
    }
}

static int on_walk_state(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    walk_node *n = userdata;
    if (!sd_bus_message_is_method_error(m, NULL) && sd_bus_message_enter_container(m, 'a', "u") > 0) {
        uint32_t word;
        for (int i = 0; i < 2 && sd_bus_message_read(m, "u", &word) > 0; i++) n->states |= (uint64_t)word << (32 * i);
        sd_bus_message_exit_container(m);
    }
    if (++n->answers == 2) walk_node_done(n);
    return 0;
}

static int on_walk_children(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    walk_node *n = userdata;
    if (!sd_bus_message_is_method_error(m, NULL)) n->children = sd_bus_message_ref(m);
    if (++n->answers == 2) walk_node_done(n);
    return 0;
}

// Asks an object's state set and children; the walk goes on from their answers.
static void walk_object(walk *w, const char *sender, const char *path, int depth) {
    if (w->asked >= WALK_LIMIT) return;
    walk_node *n = calloc(1, sizeof *n);
    if (!n) return;
    w->asked++;
    w->pending++;
    n->w = w;
    n->depth = depth;
    snprintf(n->sender, sizeof n->sender, "%s", sender);
    snprintf(n->path, sizeof n->path, "%s", path);
    // A call that cannot be made counts as answered with nothing.
    if (sd_bus_call_method_async(w->a11y->bus, NULL, sender, path, "org.a11y.atspi.Accessible", "GetState", on_walk_state, n, "") < 0) {
        n->answers++;
    }
    if (sd_bus_call_method_async(w->a11y->bus, NULL, sender, path, "org.a11y.atspi.Accessible", "GetChildren", on_walk_children, n,
                                 "") < 0 && ++n->answers == 2) {
        walk_node_done(n);
    }
}
