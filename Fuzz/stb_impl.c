// stb_image_resize compiled into the picture fuzzer itself, with coverage and AddressSanitizer
// (the shared libstb the program links has neither). The decoders are Debian's libpng,
// libjpeg-turbo and giflib, fuzzed upstream (OSS-Fuzz); here they run as the program runs them.
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#include <stb/stb_image_resize.h>
