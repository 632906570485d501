/*
 * The floor: the least an XTest on-screen keyboard can do. One window that,
 * on the release of button 1, types one fixed key (a press and a release
 * through XTest, then XFlush) and does nothing else: no drawing, no state.
 * scripts/bench compiles it (gcc -O2 floor.c -lX11 -lXtst) and measures it
 * like every other keyboard, so each figure also reads as a ratio to what
 * this machine and X server allow.
 *
 * Usage: tapbench-floor [-display :N] [-geometry WxH+X+Y] [-key KEYSYM]
 * The window's WM_CLASS is tapbench-floor; it never takes the input focus.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>

int main(int argc, char **argv)
{
    const char *display_name = NULL, *geometry = "200x100+0+0", *key_name = "a";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-display") == 0) display_name = argv[i + 1];
        else if (strcmp(argv[i], "-geometry") == 0) geometry = argv[i + 1];
        else if (strcmp(argv[i], "-key") == 0) key_name = argv[i + 1];
        else { fprintf(stderr, "tapbench-floor: unknown option %s\n", argv[i]); return 2; }
    }
    Display *d = XOpenDisplay(display_name);
    if (!d) { fprintf(stderr, "tapbench-floor: cannot open display %s\n", XDisplayName(display_name)); return 1; }
    int event, error, major, minor;
    if (!XTestQueryExtension(d, &event, &error, &major, &minor)) { fprintf(stderr, "tapbench-floor: no XTEST\n"); return 1; }
    KeySym sym = XStringToKeysym(key_name);
    KeyCode code = sym == NoSymbol ? 0 : XKeysymToKeycode(d, sym);
    if (!code) { fprintf(stderr, "tapbench-floor: no keycode for %s\n", key_name); return 1; }

    int x = 0, y = 0;
    unsigned int w = 200, h = 100;
    int mask = XParseGeometry(geometry, &x, &y, &w, &h);
    int screen = DefaultScreen(d);
    XSetWindowAttributes attributes = { .background_pixel = WhitePixel(d, screen),
                                        .event_mask = ButtonPressMask | ButtonReleaseMask };
    Window win = XCreateWindow(d, RootWindow(d, screen), x, y, w, h, 0, CopyFromParent, InputOutput,
                               CopyFromParent, CWBackPixel | CWEventMask, &attributes);
    XSizeHints size = { .flags = USSize | ((mask & (XValue | YValue)) ? USPosition : 0), .x = x, .y = y,
                        .width = (int)w, .height = (int)h };
    XWMHints hints = { .flags = InputHint, .input = False };
    XClassHint class_hint = { .res_name = "tapbench-floor", .res_class = "TapbenchFloor" };
    XSetWMProperties(d, win, NULL, NULL, argv, argc, &size, &hints, &class_hint);
    XStoreName(d, win, "tapbench floor");
    XMapWindow(d, win);
    XFlush(d);

    for (;;) {
        XEvent e;
        XNextEvent(d, &e);
        if (e.type == ButtonRelease && e.xbutton.button == Button1) {
            XTestFakeKeyEvent(d, code, True, CurrentTime);
            XTestFakeKeyEvent(d, code, False, CurrentTime);
            XFlush(d);
        }
    }
}
