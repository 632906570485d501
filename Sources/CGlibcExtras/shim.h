// What Swift's Glibc module does not import: signalfd (the keyboard's loop and
// `tapboard type` read their signals through a descriptor they poll), mallopt
// (one malloc arena when the loop starts a thread), and Unix sockets by path
// (the control socket on Wayland: sockaddr_un is clumsy from Swift).
#ifndef TAPBOARD_CGLIBCEXTRAS_SHIM_H
#define TAPBOARD_CGLIBCEXTRAS_SHIM_H

#include <malloc.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>

/// A Unix stream socket connected to `path` (non-blocking if asked); -1 with errno set when none listens there.
static inline int tb_unix_connect(const char *path, int nonblocking) {
    struct sockaddr_un a = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof a.sun_path) { errno = ENAMETOOLONG; return -1; }
    strcpy(a.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | (nonblocking ? SOCK_NONBLOCK : 0), 0);
    if (fd < 0) return -1;
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) { int e = errno; close(fd); errno = e; return -1; }
    return fd;
}

/// A non-blocking Unix stream socket listening at `path` (which must not exist), readable by its owner only.
static inline int tb_unix_listen(const char *path) {
    struct sockaddr_un a = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof a.sun_path) { errno = ENAMETOOLONG; return -1; }
    strcpy(a.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    mode_t old = umask(077);
    int bound = bind(fd, (struct sockaddr *)&a, sizeof a);
    umask(old);
    if (bound != 0 || listen(fd, 16) != 0) { int e = errno; close(fd); errno = e; return -1; }
    return fd;
}

/// A connection taken from a listening socket, non-blocking and closed on exec; -1 when none waits.
static inline int tb_unix_accept(int listener) {
    int fd = accept(listener, NULL, NULL);
    if (fd < 0) return -1;
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}


#endif
