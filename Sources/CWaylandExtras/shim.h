// What the Wayland backend draws and types with besides libwayland: FreeType
// and fontconfig for the labels' glyphs (what Xft draws with on X), xkbcommon
// for keysyms and the virtual keyboard's keymap, and memfd for shared memory.
#ifndef TAPBOARD_CWAYLAND_EXTRAS_H
#define TAPBOARD_CWAYLAND_EXTRAS_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
#include <xkbcommon/xkbcommon.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <errno.h>
#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/un.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

/// memfd_create, declared by glibc only with _GNU_SOURCE (which would make
/// this module's libc types differ from the other modules').
extern int memfd_create(const char *name, unsigned int flags);
static inline int tb_memfd(const char *name) { return memfd_create(name, 1u /* MFD_CLOEXEC */); }

/// A pattern for a family at a pixel size, built field by field (FcPatternBuild is variadic).
static inline FcPattern *tb_font_request(const char *family, double pixel_size) {
    FcPattern *p = FcPatternCreate();
    if (!p) return NULL;
    FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddDouble(p, FC_PIXEL_SIZE, pixel_size);
    return p;
}
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

/// FreeType's load flags for a label: hinted lightly (fontconfig's default
/// hint style, which Xft follows), colour glyphs as they are.
static inline FT_Int32 tb_glyph_load_flags(void) { return FT_LOAD_TARGET_LIGHT | FT_LOAD_COLOR; }
#endif
