#define TB_SD_BUS_LOADER_IMPLEMENTATION
#include "sd_bus_loader.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>

#define TB_SD_BUS_DEFINE(f) __typeof__(f) *tb_##f;
TB_SD_BUS_FUNCTIONS(TB_SD_BUS_DEFINE)
const unsigned *tb_sd_bus_vtable_format;

int tb_sd_bus_load(char *error, size_t error_size) {
    static int loaded = 0;
    if (loaded) return 0;
    // Never closed: the connections made with it live as long as the keyboard.
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "cannot load libsystemd.so.0 for D-Bus (%s)", dlerror());
        return -ENOENT;
    }
#define TB_SD_BUS_LOOKUP(f) \
    if (!(tb_##f = (__typeof__(f) *)dlsym(library, #f))) { \
        snprintf(error, error_size, "libsystemd.so.0 lacks %s", #f); \
        return -ENOSYS; \
    }
    TB_SD_BUS_FUNCTIONS(TB_SD_BUS_LOOKUP)
    if (!(tb_sd_bus_vtable_format = dlsym(library, "sd_bus_object_vtable_format"))) {
        snprintf(error, error_size, "libsystemd.so.0 lacks sd_bus_object_vtable_format");
        return -ENOSYS;
    }
    loaded = 1;
    return 0;
}
