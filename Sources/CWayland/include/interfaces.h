// The interfaces a client binds, by address: Swift imports the C globals as
// constants and would pass a copy, where libwayland keeps and compares the address.
#ifndef TAPBOARD_CWAYLAND_INTERFACES_H
#define TAPBOARD_CWAYLAND_INTERFACES_H

#include <wayland-client.h>
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"
#include "input-method-unstable-v2-client-protocol.h"
#include "xdg-shell-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"

static inline const struct wl_interface *tb_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *tb_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *tb_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
static inline const struct wl_interface *tb_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *tb_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *tb_layer_shell_interface(void) { return &zwlr_layer_shell_v1_interface; }
static inline const struct wl_interface *tb_virtual_pointer_manager_interface(void) { return &zwlr_virtual_pointer_manager_v1_interface; }
static inline const struct wl_interface *tb_virtual_keyboard_manager_interface(void) { return &zwp_virtual_keyboard_manager_v1_interface; }
static inline const struct wl_interface *tb_input_method_manager_interface(void) { return &zwp_input_method_manager_v2_interface; }
static inline const struct wl_interface *tb_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *tb_xdg_output_manager_interface(void) { return &zxdg_output_manager_v1_interface; }

#endif
