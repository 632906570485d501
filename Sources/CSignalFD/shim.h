// signalfd, which Swift's Glibc module does not import: the keyboard's loop and
// `tapboard type` read their signals through a descriptor they poll.
#ifndef TAPBOARD_CSIGNALFD_SHIM_H
#define TAPBOARD_CSIGNALFD_SHIM_H

#include <sys/signalfd.h>

#endif
