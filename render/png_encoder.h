// A PNG encoder specialised for printed pages: flat colour, sharp edges.
//
// Rows use PNG's "Up" filter, so a page turns into long runs of zero bytes.
// zlib's Z_RLE strategy finds those runs a byte at a time and checksums every
// byte; Deflater compares eight bytes at a time, matches runs at distance 1
// (one repeated byte) or 3 (one repeated RGB difference), and treats a row
// equal to the one above as a known run of zeros, Adler-32 included, so it
// never looks at it (BM_PngDeflate in tests/bench/render_bench.cpp
// shows the difference). Output is plain RFC 1950/1951 that any inflater
// reads, and depends only on the input bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace talon::render {

// A zlib-format compressor (RFC 1950 around RFC 1951 dynamic-Huffman blocks).
class Deflater {
 public:
  Deflater();
  // Compresses data[0, n). Matches refer only to bytes of this same call, so
  // `data` need not outlive it (PNG rows are written one call each).
  void Write(const uint8_t* data, size_t n);
  // Same as Write of the byte `first` followed by `zeros` zero bytes, in
  // O(zeros / 258) time.
  void WriteByteThenZeros(uint8_t first, size_t zeros);
  // Ends the stream; returns it all (header, blocks, Adler-32). Call once.
  std::string Finish();

 private:
  void Literal(uint8_t b);
  void Match(size_t length, size_t distance);  // REQUIRES: 3 <= length <= 258, distance 1..4
  void EmitBlock(bool last);
  void EndOfWrite();

  std::vector<uint32_t> tokens_;  // literal/length symbol | length extra << 9 | dist code << 14
  uint32_t lit_freq_[286] = {};
  uint32_t dist_freq_[30] = {};
  uint32_t adler_ = 1;  // Adler-32 of all bytes so far
  std::string out_;  // out_[0, out_len_) is written; the rest is room
  size_t out_len_ = 0;
  uint64_t bit_buf_ = 0;
  int bit_count_ = 0;
};

// Returns a PNG file (8-bit RGB, no interlace) of `height` rows of `width`
// pixels 0x??RRGGBB (the top byte is ignored, as in Cairo's RGB24), row y
// starting at byte y * stride of `pixels`.
// REQUIRES: width, height >= 1; stride >= 4 * width and a multiple of 4.
std::string EncodePngRgb(const uint32_t* pixels, int width, int height, size_t stride);

// The PNG filter bytes EncodePngRgb compresses: per row, filter type 2 (Up)
// and the byte differences from the row above. For tests and benchmarks.
std::vector<uint8_t> FilterRowsUp(const uint32_t* pixels, int width, int height, size_t stride);

}  // namespace talon::render
