// libsystemd is opened when the D-Bus interface or --auto-show first needs it,
// not linked: a keyboard started with --no-dbus maps none of it (libsystemd and
// the six libraries it pulls in cost about 1 MB of resident memory at start).
// Every sd-bus function used is called through a pointer looked up once.
#ifndef TAPBOARD_SD_BUS_LOADER_H
#define TAPBOARD_SD_BUS_LOADER_H

#include <systemd/sd-bus.h>

#define TB_SD_BUS_FUNCTIONS(X) \
    X(sd_bus_add_match) X(sd_bus_add_object_vtable) X(sd_bus_call_method) X(sd_bus_call_method_async) \
    X(sd_bus_emit_properties_changed) X(sd_bus_emit_signal) X(sd_bus_error_free) X(sd_bus_flush) \
    X(sd_bus_flush_close_unref) X(sd_bus_get_fd) X(sd_bus_match_signal) X(sd_bus_message_append) \
    X(sd_bus_message_enter_container) X(sd_bus_message_exit_container) X(sd_bus_message_get_path) \
    X(sd_bus_message_get_interface) X(sd_bus_message_get_member) X(sd_bus_message_get_signature) \
    X(sd_bus_message_get_sender) X(sd_bus_message_is_method_error) X(sd_bus_message_read) X(sd_bus_message_ref) \
    X(sd_bus_message_unref) X(sd_bus_new) X(sd_bus_open_user) X(sd_bus_process) X(sd_bus_reply_method_return) \
    X(sd_bus_request_name) X(sd_bus_set_address) X(sd_bus_set_bus_client) X(sd_bus_slot_set_destroy_callback) \
    X(sd_bus_slot_set_floating) X(sd_bus_slot_unref) X(sd_bus_start) \
    X(sd_bus_message_open_container) X(sd_bus_message_close_container) X(sd_bus_message_append_array) \
    X(sd_bus_message_skip) X(sd_bus_message_new_method_return) X(sd_bus_send) X(sd_bus_message_at_end)

#define TB_SD_BUS_DECLARE(f) extern __typeof__(f) *tb_##f;
TB_SD_BUS_FUNCTIONS(TB_SD_BUS_DECLARE)
#undef TB_SD_BUS_DECLARE

/// libsystemd's sd_bus_object_vtable_format, which every vtable's start points to (set by tb_sd_bus_load).
extern const unsigned *tb_sd_bus_vtable_format;

/// Opens libsystemd and finds every function above; 0, or a negative errno with a line in `error`.
int tb_sd_bus_load(char *error, size_t error_size);

#ifndef TB_SD_BUS_LOADER_IMPLEMENTATION
// Calls below go through the pointers.
#define sd_bus_add_match (*tb_sd_bus_add_match)
#define sd_bus_add_object_vtable (*tb_sd_bus_add_object_vtable)
#define sd_bus_call_method (*tb_sd_bus_call_method)
#define sd_bus_call_method_async (*tb_sd_bus_call_method_async)
#define sd_bus_emit_properties_changed (*tb_sd_bus_emit_properties_changed)
#define sd_bus_emit_signal (*tb_sd_bus_emit_signal)
#define sd_bus_error_free (*tb_sd_bus_error_free)
#define sd_bus_flush (*tb_sd_bus_flush)
#define sd_bus_flush_close_unref (*tb_sd_bus_flush_close_unref)
#define sd_bus_get_fd (*tb_sd_bus_get_fd)
#define sd_bus_match_signal (*tb_sd_bus_match_signal)
#define sd_bus_message_append (*tb_sd_bus_message_append)
#define sd_bus_message_enter_container (*tb_sd_bus_message_enter_container)
#define sd_bus_message_exit_container (*tb_sd_bus_message_exit_container)
#define sd_bus_message_get_path (*tb_sd_bus_message_get_path)
#define sd_bus_message_get_interface (*tb_sd_bus_message_get_interface)
#define sd_bus_message_get_member (*tb_sd_bus_message_get_member)
#define sd_bus_message_get_signature (*tb_sd_bus_message_get_signature)
#define sd_bus_message_get_sender (*tb_sd_bus_message_get_sender)
#define sd_bus_message_is_method_error (*tb_sd_bus_message_is_method_error)
#define sd_bus_message_read (*tb_sd_bus_message_read)
#define sd_bus_message_ref (*tb_sd_bus_message_ref)
#define sd_bus_message_unref (*tb_sd_bus_message_unref)
#define sd_bus_new (*tb_sd_bus_new)
#define sd_bus_open_user (*tb_sd_bus_open_user)
#define sd_bus_process (*tb_sd_bus_process)
#define sd_bus_reply_method_return (*tb_sd_bus_reply_method_return)
#define sd_bus_request_name (*tb_sd_bus_request_name)
#define sd_bus_set_address (*tb_sd_bus_set_address)
#define sd_bus_set_bus_client (*tb_sd_bus_set_bus_client)
#define sd_bus_slot_set_destroy_callback (*tb_sd_bus_slot_set_destroy_callback)
#define sd_bus_slot_set_floating (*tb_sd_bus_slot_set_floating)
#define sd_bus_slot_unref (*tb_sd_bus_slot_unref)
#define sd_bus_start (*tb_sd_bus_start)
#define sd_bus_message_open_container (*tb_sd_bus_message_open_container)
#define sd_bus_message_close_container (*tb_sd_bus_message_close_container)
#define sd_bus_message_append_array (*tb_sd_bus_message_append_array)
#define sd_bus_message_skip (*tb_sd_bus_message_skip)
#define sd_bus_message_new_method_return (*tb_sd_bus_message_new_method_return)
#define sd_bus_send (*tb_sd_bus_send)
#define sd_bus_message_at_end (*tb_sd_bus_message_at_end)
#endif

#endif
