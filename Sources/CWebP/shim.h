#ifndef TERN_CWEBP_SHIM_H
#define TERN_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/encode.h>
/// WebPInitDecoderConfig is an inline wrapper around a versioned call.
static inline int tern_webp_init_decoder_config(WebPDecoderConfig *config) {
    return WebPInitDecoderConfig(config);
}
#endif
