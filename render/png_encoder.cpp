#include "render/png_encoder.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>

#include <zlib.h>

namespace talon::render {

namespace {

// Bytes R, G, B of pixel v (0x??RRGGBB) in memory order, then a zero byte.
uint32_t RgbInMemoryOrder(uint32_t v) {
  if constexpr (std::endian::native == std::endian::little) return __builtin_bswap32(v) >> 8;
  else return v << 8;
}

// Four bytewise subtractions in one word (Hacker's Delight 2-18).
uint32_t SubBytes(uint32_t a, uint32_t b) {
  return ((a | 0x80808080u) - (b & 0x7F7F7F7Fu)) ^ ((a ^ ~b) & 0x80808080u);
}

// Writes the RGB bytes of four pixels (12 bytes) as three whole words.
void Pack4(uint32_t v0, uint32_t v1, uint32_t v2, uint32_t v3, uint8_t* out) {
  const uint32_t t0 = RgbInMemoryOrder(v0), t1 = RgbInMemoryOrder(v1), t2 = RgbInMemoryOrder(v2),
                 t3 = RgbInMemoryOrder(v3);
  uint32_t w0, w1, w2;
  if constexpr (std::endian::native == std::endian::little) {
    w0 = t0 | t1 << 24;
    w1 = t1 >> 8 | t2 << 16;
    w2 = t2 >> 16 | t3 << 8;
  } else {
    w0 = t0 | t1 >> 24;
    w1 = t1 << 8 | t2 >> 16;
    w2 = t2 << 16 | t3 >> 8;
  }
  // Three stores from registers: a 12-byte array copy would go through the
  // stack and stall the loop on store forwarding.
  std::memcpy(out, &w0, 4);
  std::memcpy(out + 4, &w1, 4);
  std::memcpy(out + 8, &w2, 4);
}

// out[0, 3 * w) = the RGB bytes of cur minus those of prev (bytewise, mod
// 256), or of cur alone when prev is null.
void FilterRow(const uint32_t* cur, const uint32_t* prev, size_t w, uint8_t* out) {
  size_t x = 0;
  if (prev) {
    for (; x + 4 <= w; x += 4, out += 12)
      Pack4(SubBytes(cur[x], prev[x]), SubBytes(cur[x + 1], prev[x + 1]), SubBytes(cur[x + 2], prev[x + 2]),
            SubBytes(cur[x + 3], prev[x + 3]), out);
  } else {
    for (; x + 4 <= w; x += 4, out += 12) Pack4(cur[x], cur[x + 1], cur[x + 2], cur[x + 3], out);
  }
  for (; x < w; ++x, out += 3) {
    const uint32_t t = RgbInMemoryOrder(prev ? SubBytes(cur[x], prev[x]) : cur[x]);
    std::memcpy(out, &t, 3);
  }
}

const uint32_t* Row(const uint32_t* pixels, size_t stride, int y) {
  return reinterpret_cast<const uint32_t*>(reinterpret_cast<const uint8_t*>(pixels) +
                                           static_cast<size_t>(y) * stride);
}

// out[0, 1 + 3 * w) = row y's scanline: filter type 2 (Up), then its bytes.
void FilterScanline(const uint32_t* pixels, size_t w, size_t stride, int y, uint8_t* out) {
  out[0] = 2;
  FilterRow(Row(pixels, stride, y), y == 0 ? nullptr : Row(pixels, stride, y - 1), w, out + 1);
}

// A zlib stream, ended however the encoder leaves.
struct Deflate {
  z_stream s{};
  Deflate() = default;
  Deflate(const Deflate&) = delete;
  Deflate& operator=(const Deflate&) = delete;
  ~Deflate() { deflateEnd(&s); }
};

void AppendU32(std::string& s, uint32_t v) {
  for (int i = 3; i >= 0; --i) s += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// Appends a PNG chunk: length, type, body, CRC-32 of type and body.
void AppendChunk(std::string& png, const char* type, const uint8_t* body, size_t n) {
  AppendU32(png, static_cast<uint32_t>(n));
  png.append(type, 4);
  png.append(reinterpret_cast<const char*>(body), n);
  uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type), 4);
  if (n > 0) crc = crc32_z(crc, body, n);  // (a null body would restart the CRC)
  AppendU32(png, static_cast<uint32_t>(crc));
}

}  // namespace

std::vector<uint8_t> FilterRowsUp(const uint32_t* pixels, int width, int height, size_t stride) {
  const size_t w = static_cast<size_t>(width), row_bytes = 1 + 3 * w;
  std::vector<uint8_t> out(row_bytes * static_cast<size_t>(height));
  for (int y = 0; y < height; ++y) FilterScanline(pixels, w, stride, y, &out[row_bytes * static_cast<size_t>(y)]);
  return out;
}

std::string EncodePngRgb(const uint32_t* pixels, int width, int height, size_t stride) {
  std::string png("\x89PNG\r\n\x1a\n", 8);
  uint8_t ihdr[13];
  for (int i = 0; i < 4; ++i) {
    ihdr[i] = static_cast<uint8_t>((static_cast<uint32_t>(width) >> (24 - 8 * i)) & 0xFF);
    ihdr[4 + i] = static_cast<uint8_t>((static_cast<uint32_t>(height) >> (24 - 8 * i)) & 0xFF);
  }
  std::memcpy(ihdr + 8, "\x08\x02\x00\x00\x00", 5);  // 8-bit RGB, deflate, adaptive filters, no interlace
  AppendChunk(png, "IHDR", ihdr, 13);

  // Rows are filtered a band at a time (about 256 KB) and the stream is
  // written as IDAT chunks of up to 1 MB, so the memory used stays small
  // whatever the picture's size.
  const size_t w = static_cast<size_t>(width), row_bytes = 1 + 3 * w;
  const int band_rows =
      static_cast<int>(std::clamp<size_t>((size_t{1} << 18) / row_bytes, 1, static_cast<size_t>(height)));
  std::vector<uint8_t> band(row_bytes * static_cast<size_t>(band_rows));
  std::vector<uint8_t> idat(size_t{1} << 20);
  // Z_RLE: matches only at distance 1, the runs that "Up" makes of flat
  // colour; memLevel 7: blocks of 8192 symbols. The fastest settings of
  // tests/bench/png_bench.cpp's candidates.
  Deflate z;
  if (deflateInit2(&z.s, Z_BEST_SPEED, Z_DEFLATED, 15, 7, Z_RLE) != Z_OK) throw std::bad_alloc();
  z.s.next_out = idat.data();
  z.s.avail_out = static_cast<uInt>(idat.size());
  for (int y0 = 0; y0 < height; y0 += band_rows) {
    const int n = std::min(band_rows, height - y0);
    for (int k = 0; k < n; ++k) FilterScanline(pixels, w, stride, y0 + k, &band[row_bytes * static_cast<size_t>(k)]);
    z.s.next_in = band.data();
    z.s.avail_in = static_cast<uInt>(row_bytes * static_cast<size_t>(n));
    const int flush = y0 + n == height ? Z_FINISH : Z_NO_FLUSH;
    for (;;) {
      const int rc = deflate(&z.s, flush);
      if (z.s.avail_out == 0 || rc == Z_STREAM_END) {
        AppendChunk(png, "IDAT", idat.data(), idat.size() - z.s.avail_out);
        z.s.next_out = idat.data();
        z.s.avail_out = static_cast<uInt>(idat.size());
      }
      if (flush == Z_FINISH ? rc == Z_STREAM_END : z.s.avail_in == 0) break;
    }
  }
  AppendChunk(png, "IEND", nullptr, 0);
  return png;
}

}  // namespace talon::render
