// What the accessibility client's two files share: the connection and the
// handler events go to. The connection (tapboard_a11y.c) relays signals, the
// requests (tapboard_a11y_ask.c) relay replies.
#ifndef TAPBOARD_A11Y_PRIVATE_H
#define TAPBOARD_A11Y_PRIVATE_H

#include "tapboard_a11y.h"
#include "sd_bus_loader.h"

struct tb_a11y {
    sd_bus *bus;
    tb_a11y_handler handler;
    void *context;
    char address[1024];  // the accessibility bus's address
};

#endif
