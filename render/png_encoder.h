// PNG files of Cairo pictures: 8-bit RGB, every row with PNG's "Up" filter
// (a page of flat colour turns into long runs of zero bytes), compressed by
// zlib with the Z_RLE strategy; tests/bench/png_bench.cpp compares it with
// zlib's other settings, libdeflate and libpng.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace talon::render {

// Returns a PNG file (8-bit RGB, no interlace) of `height` rows of `width`
// pixels 0x??RRGGBB (the top byte is ignored, as in Cairo's RGB24), row y
// starting at byte y * stride of `pixels`. Throws std::bad_alloc when zlib
// cannot have its memory.
// REQUIRES: width, height >= 1; stride >= 4 * width and a multiple of 4.
std::string EncodePngRgb(const uint32_t* pixels, int width, int height, size_t stride);

// The PNG scanlines EncodePngRgb compresses: per row, filter type 2 (Up)
// and the byte differences from the row above. For tests and benchmarks.
std::vector<uint8_t> FilterRowsUp(const uint32_t* pixels, int width, int height, size_t stride);

}  // namespace talon::render
