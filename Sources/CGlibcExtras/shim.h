// What Swift's Glibc module does not import: signalfd (the keyboard's loop and
// `tapboard type` read their signals through a descriptor they poll) and
// mallopt (one malloc arena when the loop starts a thread).
#ifndef TAPBOARD_CGLIBCEXTRAS_SHIM_H
#define TAPBOARD_CGLIBCEXTRAS_SHIM_H

#include <malloc.h>
#include <sys/signalfd.h>

#endif
