#ifndef GHSCROLL_CIMAGE_SHIM_H
#define GHSCROLL_CIMAGE_SHIM_H

// Pictures through Debian's maintained libraries: libpng (its simplified API), libjpeg-turbo
// (the TurboJPEG API) and giflib (its low-level reader) decode, stb_image_resize averages down,
// stb_image_write and giflib's writer make the fake server's avatars. Declarations only; the
// implementations are the shared libraries.
#include <stddef.h>
#include <string.h>
#include <png.h>
#include <turbojpeg.h>
#include <gif_lib.h>
#include <stb/stb_image_resize.h>
#include <stb/stb_image_write.h>

// Macros Swift cannot import.
static inline png_uint_32 ghs_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 ghs_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline int ghs_tj_rgb(void) { return TJPF_RGB; }
static inline int ghs_tj_limit_scans(void) {
#ifdef TJFLAG_LIMITSCANS
    return TJFLAG_LIMITSCANS;
#else
    return 0;
#endif
}

#endif
