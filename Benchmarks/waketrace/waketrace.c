/*
 * waketrace: an LD_PRELOAD library that times, in an X client, each tap from
 * the wake-up that read its press to the write of its XTest key press
 * (the tap latency target). scripts/wake-trace runs tapbench's latency taps
 * with it on tapboard and the floor and sums the lines up.
 *
 * One line per event, to $WAKETRACE_OUT.<program>.<pid>: microseconds, then
 *   W  poll() (reading only, not Xlib's wait to write) returned
 *   m  recvmsg() read data: the core event types read, one character each
 *      (4 ButtonPress, 5 ButtonRelease, 6 MotionNotify, ...)
 *   X  a write holding an XTest FakeInput of a KeyPress (told by the
 *      request's minor opcode and event type; the analysis takes the first
 *      after a press was read, and a keyboard types before it draws)
 * The file is flushed after each X, so a keyboard killed at the end loses nothing.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static FILE *out;

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void note(char tag, const char *info) {
    if (!out) {
        const char *base = getenv("WAKETRACE_OUT");
        char path[512];
        snprintf(path, sizeof path, "%s.%s.%d", base ? base : "/tmp/waketrace", program_invocation_short_name, getpid());
        out = fopen(path, "w");
        if (!out) return;
        setvbuf(out, NULL, _IOFBF, 1 << 16);
    }
    fprintf(out, "%.1f %c %s\n", now_us(), tag, info);
    if (tag == 'X') fflush(out);
}

int poll(struct pollfd *fds, nfds_t n, int timeout) {
    static int (*real)(struct pollfd *, nfds_t, int);
    if (!real) real = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
    int writing = 0;
    for (nfds_t i = 0; i < n; i++) writing |= fds[i].events & POLLOUT;
    int r = real(fds, n, timeout);
    if (!writing && timeout != 0 && r > 0) note('W', "");
    return r;
}

ssize_t recvmsg(int fd, struct msghdr *msg, int flags) {
    static ssize_t (*real)(int, struct msghdr *, int);
    if (!real) real = (ssize_t (*)(int, struct msghdr *, int))dlsym(RTLD_NEXT, "recvmsg");
    ssize_t r = real(fd, msg, flags);
    if (r <= 0 || msg->msg_iovlen == 0) return r;
    // X packets are 32 bytes, replies (1) and generic events (35) longer by their length field.
    const unsigned char *b = msg->msg_iov[0].iov_base;
    size_t len = msg->msg_iov[0].iov_len < (size_t)r ? msg->msg_iov[0].iov_len : (size_t)r;
    char types[16] = {0};
    int k = 0;
    for (size_t p = 0; p + 32 <= len && k < 15;) {
        int type = b[p] & 0x7f;
        types[k++] = type < 10 ? '0' + type : 'a' + (type - 10) % 26;
        size_t size = 32;
        if (type == 1 || type == 35) size += 4 * (b[p + 4] | b[p + 5] << 8 | b[p + 6] << 16 | (size_t)b[p + 7] << 24);
        p += size;
    }
    note('m', types);
    return r;
}

ssize_t writev(int fd, const struct iovec *iov, int count) {
    static ssize_t (*real)(int, const struct iovec *, int);
    if (!real) real = (ssize_t (*)(int, const struct iovec *, int))dlsym(RTLD_NEXT, "writev");
    unsigned char buf[4096];
    size_t have = 0;
    for (int i = 0; i < count && have < sizeof buf; i++) {
        size_t l = iov[i].iov_len < sizeof buf - have ? iov[i].iov_len : sizeof buf - have;
        memcpy(buf + have, iov[i].iov_base, l);
        have += l;
    }
    // An extension request (major >= 128) with minor 2 (XTest FakeInput) whose event type is 2 (KeyPress).
    for (size_t p = 0; p + 5 <= have;) {
        size_t size = 4 * (size_t)(buf[p + 2] | buf[p + 3] << 8);
        if (size == 0) break;
        if (buf[p] >= 128 && buf[p + 1] == 2 && buf[p + 4] == 2) {
            note('X', "");
            break;
        }
        p += size;
    }
    return real(fd, iov, count);
}
