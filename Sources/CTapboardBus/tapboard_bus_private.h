#ifndef TAPBOARD_BUS_PRIVATE_H
#define TAPBOARD_BUS_PRIVATE_H

#include "sd_bus_loader.h"
#include "tapboard_bus.h"

/// The sd-bus connection of a keyboard's bus, for the panel icon's objects.
sd_bus *tb_bus_connection(tb_bus *bus);

/// libsystemd's vtable format (set once the library is open), for a vtable's start.
#define TB_VTABLE_START { .type = _SD_BUS_VTABLE_START, .flags = 0, \
    .x = { .start = { .element_size = sizeof(sd_bus_vtable), .features = _SD_BUS_VTABLE_PARAM_NAMES } } }

#endif
