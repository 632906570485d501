#include <errno.h>
#include <stdlib.h>
#include "tapboard_a11y_private.h"

// Requests sent for the handler, and their replies relayed to it. Every call is
// asynchronous, so no application can stall the keyboard; what is asked, and
// what an answer means, the handler decides.

// AT-SPI's coordinate type for the screen (atspi-constants.h).
#define COORD_TYPE_SCREEN 0

// A request's userdata: what the reply is relayed with. Owned by the reply's
// slot, which frees it when it goes (after the reply, or with the connection).
typedef struct {
    tb_a11y *a11y;
    uint64_t id;
    tb_a11y_question question;
} request;

// Reads a state set (`au`: the first two words make the 64 bits).
static int read_states(sd_bus_message *m, uint64_t *states) {
    int r = sd_bus_message_enter_container(m, 'a', "u");
    if (r <= 0) return r < 0 ? r : -EBADMSG;
    uint32_t word;
    for (int i = 0; i < 2 && sd_bus_message_read(m, "u", &word) > 0; i++) *states |= (uint64_t)word << (32 * i);
    return 0;  // further words (none defined) are left unread
}

// Reads children (`a(so)`) into pairs of pointers into the message, in *list (freed by the caller).
static int read_children(sd_bus_message *m, const char ***list, size_t *count) {
    int r = sd_bus_message_enter_container(m, 'a', "(so)");
    if (r <= 0) return r < 0 ? r : -EBADMSG;
    size_t capacity = 0;
    const char *sender, *path;
    while ((r = sd_bus_message_read(m, "(so)", &sender, &path)) > 0) {
        if (*count == capacity) {
            capacity = capacity ? capacity * 2 : 16;
            const char **grown = realloc(*list, capacity * 2 * sizeof *grown);
            if (!grown) return -ENOMEM;
            *list = grown;
        }
        (*list)[2 * *count] = sender;
        (*list)[2 * *count + 1] = path;
        ++*count;
    }
    return r;
}

// Reads the answer to `question` into the event; negative when it is not of that type.
static int read_answer(sd_bus_message *m, tb_a11y_event *e, const char ***children) {
    switch (e->question) {
    case TB_ASK_PROCESS:
    case TB_ASK_ROLE: return sd_bus_message_read(m, "u", &e->number);
    case TB_ASK_STATES: return read_states(m, &e->states);
    case TB_ASK_EXTENTS: {
        int32_t *x = e->extents;
        return sd_bus_message_read(m, "(iiii)", &x[0], &x[1], &x[2], &x[3]);
    }
    case TB_ASK_CHILDREN: {
        int r = read_children(m, children, &e->child_count);
        e->children = *children;
        return r;
    }
    case TB_ASK_CARET_OFFSET: return sd_bus_message_read(m, "v", "i", &e->offset);
    case TB_ASK_TEXT: return sd_bus_message_read(m, "s", &e->text);
    }
    return -EINVAL;
}

static int on_reply(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    request *q = userdata;
    tb_a11y_event e = {.type = TB_EVENT_REPLY, .request = q->id, .question = q->question};
    const char **children = NULL;
    e.failed = sd_bus_message_is_method_error(m, NULL) || read_answer(m, &e, &children) < 0;
    if (e.failed) e = (tb_a11y_event){.type = TB_EVENT_REPLY, .request = q->id, .question = q->question, .failed = 1};
    q->a11y->handler(q->a11y->context, &e);
    free(children);
    return 0;
}

// Sends the method call a question stands for.
static int call(tb_a11y *a, sd_bus_slot **slot, request *q, const char *sender, const char *path, int32_t start, int32_t end) {
    const char *accessible = "org.a11y.atspi.Accessible";
    switch (q->question) {
    case TB_ASK_PROCESS:
        return sd_bus_call_method_async(a->bus, slot, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                        "GetConnectionUnixProcessID", on_reply, q, "s", sender);
    case TB_ASK_ROLE: return sd_bus_call_method_async(a->bus, slot, sender, path, accessible, "GetRole", on_reply, q, "");
    case TB_ASK_STATES: return sd_bus_call_method_async(a->bus, slot, sender, path, accessible, "GetState", on_reply, q, "");
    case TB_ASK_EXTENTS:
        return sd_bus_call_method_async(a->bus, slot, sender, path, "org.a11y.atspi.Component", "GetExtents", on_reply, q, "u",
                                        (uint32_t)COORD_TYPE_SCREEN);
    case TB_ASK_CHILDREN: return sd_bus_call_method_async(a->bus, slot, sender, path, accessible, "GetChildren", on_reply, q, "");
    case TB_ASK_CARET_OFFSET:
        return sd_bus_call_method_async(a->bus, slot, sender, path, "org.freedesktop.DBus.Properties", "Get", on_reply, q, "ss",
                                        "org.a11y.atspi.Text", "CaretOffset");
    case TB_ASK_TEXT:
        return sd_bus_call_method_async(a->bus, slot, sender, path, "org.a11y.atspi.Text", "GetText", on_reply, q, "ii", start, end);
    }
    return -EINVAL;
}

int tb_a11y_ask(tb_a11y *a, uint64_t id, tb_a11y_question question, const char *sender, const char *path, int32_t start, int32_t end) {
    if (!sender || !path) return -EINVAL;
    request *q = malloc(sizeof *q);
    if (!q) return -ENOMEM;
    *q = (request){.a11y = a, .id = id, .question = question};
    sd_bus_slot *slot = NULL;
    int r = call(a, &slot, q, sender, path, start, end);
    if (r < 0) {
        free(q);
        return r;
    }
    // The slot goes to the connection (floating) and frees the request as it goes:
    // after the reply is handled, or when the connection is closed unanswered.
    sd_bus_slot_set_destroy_callback(slot, free);
    sd_bus_slot_set_floating(slot, 1);
    sd_bus_slot_unref(slot);
    return 0;
}
