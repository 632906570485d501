// What the accessibility client's two files share: the connection's state, and
// asking about an object as a focus event does (tapboard_a11y.c), and the walk for
// the object focused before the keyboard started (tapboard_a11y_walk.c).
#ifndef TAPBOARD_A11Y_PRIVATE_H
#define TAPBOARD_A11Y_PRIVATE_H

#include "tapboard_a11y.h"
#include "sd_bus_loader.h"

struct tb_a11y {
    sd_bus *bus;
    tb_a11y_handlers handlers;
    uint64_t generation;   // the newest focus event: older queries are dropped
    char current[512];     // the field reported focused, if any
    int current_kind;      // its kind
    char address[1024];    // the accessibility bus's address
};

/// Asks what an object is (its process, role, states and extents) and reports it as a newly focused one.
void tb_a11y_ask_about(tb_a11y *a, const char *sender, const char *path);
/// Starts walking the registry's applications for the object focused now; asynchronous.
void tb_a11y_walk_for_focus(tb_a11y *a);

#endif
