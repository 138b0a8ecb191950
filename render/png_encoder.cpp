#include "render/png_encoder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include <zlib.h>

namespace talon::render {

namespace {

// Tokens are flushed as one dynamic-Huffman block once this many are queued
// (at the end of a Write, so a block holds whole rows).
constexpr size_t kBlockTokens = size_t{1} << 15;
// A huge Write flushes a block whenever this many tokens are queued, so
// they never take much memory.
constexpr size_t kMaxTokens = size_t{1} << 18;
constexpr uint32_t kAdlerMod = 65521;

// RFC 1951 3.2.5: length codes 257..285.
constexpr int kLenBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                              31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr int kLenExtraBits[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                   2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
// The order in which code length code lengths are written (RFC 1951 3.2.7).
constexpr int kClOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

// Token of a match of each length 3..258: symbol | extra bits value << 9.
struct LengthTable {
  std::array<uint32_t, 259> token{};
  LengthTable() {
    for (int code = 0; code < 29; ++code) {
      const int span = code == 28 ? 1 : 1 << kLenExtraBits[code];
      for (int k = 0; k < span && kLenBase[code] + k <= 258; ++k)
        token[static_cast<size_t>(kLenBase[code] + k)] =
            static_cast<uint32_t>(257 + code) | static_cast<uint32_t>(k) << 9;
    }
  }
};
const LengthTable kLengths;

uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// Index of the first differing byte of two words whose xor is x (x != 0).
size_t FirstDiffByte(uint64_t x) {
  if constexpr (std::endian::native == std::endian::little) return static_cast<size_t>(std::countr_zero(x)) / 8;
  else return static_cast<size_t>(std::countl_zero(x)) / 8;
}

// Returns how many bytes q[k], k < cap, in a row equal q[k - d].
// REQUIRES: q[-d, 0) readable.
size_t RunLength(const uint8_t* q, size_t d, size_t cap) {
  size_t k = 0;
  for (; k + 8 <= cap; k += 8)
    if (uint64_t x = Load64(q + k) ^ Load64(q + k - d)) return k + FirstDiffByte(x);
  while (k < cap && q[k] == q[k - d]) ++k;
  return k;
}

// Sets len[0, n) to code lengths of at most `limit` bits for frequencies
// freq[0, n): a Huffman code built from (frequency, symbol)-sorted leaves, so
// ties always break the same way; when too deep, frequencies are halved
// (rounding up) and the code rebuilt. Unused symbols get 0, except that at
// least two symbols always get a code, so every code is complete.
void BuildLengths(const uint32_t* freq_in, int n, int limit, uint8_t* len) {
  std::array<uint32_t, 286> freq{};
  std::copy(freq_in, freq_in + n, freq.begin());
  int used = static_cast<int>(std::count_if(freq.begin(), freq.begin() + n, [](uint32_t f) { return f != 0; }));
  for (int s = 0; used < 2; ++s)
    if (freq[static_cast<size_t>(s)] == 0) {
      freq[static_cast<size_t>(s)] = 1;
      ++used;
    }
  std::array<uint16_t, 286> leaf{};
  std::array<uint64_t, 2 * 286> weight{};
  std::array<int, 2 * 286> parent{}, depth{};
  for (;;) {
    int m = 0;
    for (int s = 0; s < n; ++s)
      if (freq[static_cast<size_t>(s)] != 0) leaf[static_cast<size_t>(m++)] = static_cast<uint16_t>(s);
    std::sort(leaf.begin(), leaf.begin() + m, [&](uint16_t a, uint16_t b) {
      return freq[a] != freq[b] ? freq[a] < freq[b] : a < b;
    });
    // Nodes 0..m-1 are the sorted leaves, m.. the internal nodes in the
    // order made, whose weights never decrease: two queues, no heap.
    for (int i = 0; i < m; ++i) weight[static_cast<size_t>(i)] = freq[leaf[static_cast<size_t>(i)]];
    int li = 0, ni = m;
    const int root = 2 * m - 2;
    for (int next = m; next <= root; ++next) {
      int kids[2];
      for (int& k : kids) {
        if (li < m && (ni == next || weight[static_cast<size_t>(li)] <= weight[static_cast<size_t>(ni)])) k = li++;
        else k = ni++;
      }
      weight[static_cast<size_t>(next)] = weight[static_cast<size_t>(kids[0])] + weight[static_cast<size_t>(kids[1])];
      parent[static_cast<size_t>(kids[0])] = parent[static_cast<size_t>(kids[1])] = next;
    }
    depth[static_cast<size_t>(root)] = 0;
    int max_depth = 0;
    for (int i = root - 1; i >= 0; --i) {
      depth[static_cast<size_t>(i)] = depth[static_cast<size_t>(parent[static_cast<size_t>(i)])] + 1;
      if (i < m) max_depth = std::max(max_depth, depth[static_cast<size_t>(i)]);
    }
    if (max_depth <= limit) {
      std::fill(len, len + n, uint8_t{0});
      for (int i = 0; i < m; ++i) len[leaf[static_cast<size_t>(i)]] = static_cast<uint8_t>(depth[static_cast<size_t>(i)]);
      return;
    }
    for (int s = 0; s < n; ++s) freq[static_cast<size_t>(s)] = (freq[static_cast<size_t>(s)] + 1) / 2;
  }
}

// Canonical codes (RFC 1951 3.2.2), bit-reversed because deflate writes
// Huffman codes starting from their most significant bit.
void MakeCodes(const uint8_t* len, int n, uint16_t* code) {
  int count[16] = {};
  for (int s = 0; s < n; ++s) ++count[len[s]];
  count[0] = 0;
  int next[16] = {};
  for (int bits = 1, c = 0; bits < 16; ++bits) {
    c = (c + count[bits - 1]) << 1;
    next[bits] = c;
  }
  for (int s = 0; s < n; ++s) {
    if (len[s] == 0) continue;
    uint32_t c = static_cast<uint32_t>(next[len[s]]++), r = 0;
    for (int b = 0; b < len[s]; ++b, c >>= 1) r = r << 1 | (c & 1);
    code[s] = static_cast<uint16_t>(r);
  }
}

// Deflate's bits, least significant first, into memory with room for them.
// Kept in locals while a block is written, so the compiler holds it in
// registers (stores through a char pointer could alias a member).
struct BitSink {
  uint8_t* p;
  uint64_t buf;
  int count;
  // REQUIRES: n <= 32.
  void Put(uint32_t bits, int n) {
    buf |= static_cast<uint64_t>(bits) << count;
    count += n;
    if (count >= 32) {
      const uint8_t b[4] = {static_cast<uint8_t>(buf), static_cast<uint8_t>(buf >> 8), static_cast<uint8_t>(buf >> 16),
                            static_cast<uint8_t>(buf >> 24)};
      std::memcpy(p, b, 4);
      p += 4;
      buf >>= 32;
      count -= 32;
    }
  }
};

}  // namespace

Deflater::Deflater() {
  tokens_.reserve(kBlockTokens + 4096);
  out_ = "\x78\x01";  // deflate, 32 KB window, "fastest" (RFC 1950)
  out_len_ = out_.size();
}

void Deflater::Literal(uint8_t b) {
  tokens_.push_back(b);
  ++lit_freq_[b];
  if (tokens_.size() >= kMaxTokens) EmitBlock(false);
}

void Deflater::Match(size_t length, size_t distance) {
  const uint32_t t = kLengths.token[length];
  tokens_.push_back(t | static_cast<uint32_t>(distance - 1) << 14);
  ++lit_freq_[t & 511];
  ++dist_freq_[distance - 1];
  if (tokens_.size() >= kMaxTokens) EmitBlock(false);
}

void Deflater::EndOfWrite() {
  if (tokens_.size() >= kBlockTokens) EmitBlock(false);
}

void Deflater::Write(const uint8_t* p, size_t n) {
  if (n == 0) return;
  // Adler-32 as the tokens are chosen, reduced mod 65521 once per call (or
  // every MB): a run of one byte value adds to a and b in O(1).
  uint64_t a = adler_ & 0xFFFF, b = adler_ >> 16;
  size_t since_mod = 0;
  a += p[0];
  b += a;
  Literal(p[0]);
  size_t i = 1;
  while (i < n) {
    const size_t cap = std::min<size_t>(258, n - i);
    size_t len = p[i] == p[i - 1] ? RunLength(p + i, 1, cap) : 0;
    if (len >= 3) {
      Match(len, 1);
      const uint64_t v = p[i - 1];
      b += len * a + v * (len * (len + 1) / 2);
      a += v * len;
    } else if (i >= 3 && p[i] == p[i - 3] && (len = RunLength(p + i, 3, cap)) >= 3) {
      Match(len, 3);
      for (size_t k = i; k < i + len; ++k) {
        a += p[k];
        b += a;
      }
    } else {
      len = 1;
      Literal(p[i]);
      a += p[i];
      b += a;
    }
    i += len;
    // a < 2^16 + 255 * 2^20 and b < 2^16 + 2^20 * a: far from overflowing.
    if ((since_mod += len) >= (size_t{1} << 20)) {
      a %= kAdlerMod;
      b %= kAdlerMod;
      since_mod = 0;
    }
  }
  adler_ = static_cast<uint32_t>(b % kAdlerMod) << 16 | static_cast<uint32_t>(a % kAdlerMod);
  EndOfWrite();
}

void Deflater::WriteByteThenZeros(uint8_t first, size_t zeros) {
  // The same tokens Write would choose for these bytes.
  uint32_t a = adler_ & 0xFFFF, b = adler_ >> 16;
  a = (a + first) % kAdlerMod;
  b = (b + a) % kAdlerMod;
  // Each zero adds nothing to a and a to b.
  b = static_cast<uint32_t>((b + static_cast<uint64_t>(a) * (zeros % kAdlerMod)) % kAdlerMod);
  adler_ = b << 16 | a;
  Literal(first);
  size_t left = zeros;
  if (first != 0 && left > 0) {
    Literal(0);
    --left;
  }
  for (; left >= 3; left -= std::min<size_t>(left, 258)) Match(std::min<size_t>(left, 258), 1);
  for (; left > 0; --left) Literal(0);
  EndOfWrite();
}

void Deflater::EmitBlock(bool last) {
  ++lit_freq_[256];  // end of block
  // Room for the header (at most 19 * 3 + 316 * 14 bits) and every token
  // (at most 15 + 5 + 15 bits), plus the 4 bytes a Put may write.
  out_.resize(out_len_ + 1024 + 5 * (tokens_.size() + 1));
  uint8_t lit_len[286], dist_len[30];
  BuildLengths(lit_freq_, 286, 15, lit_len);
  BuildLengths(dist_freq_, 30, 15, dist_len);
  uint16_t lit_code[286] = {}, dist_code[30] = {};
  MakeCodes(lit_len, 286, lit_code);
  MakeCodes(dist_len, 30, dist_code);
  int hlit = 286, hdist = 30;
  while (lit_len[hlit - 1] == 0) --hlit;
  while (dist_len[hdist - 1] == 0) --hdist;

  // The code lengths, run-length coded with symbols 16 (repeat the previous
  // length 3-6 times), 17 (3-10 zeros) and 18 (11-138 zeros).
  uint8_t lens[286 + 30];
  std::copy(lit_len, lit_len + hlit, lens);
  std::copy(dist_len, dist_len + hdist, lens + hlit);
  const int total = hlit + hdist;
  struct ClSym {
    uint8_t sym, extra;
  };
  ClSym cl[286 + 30];
  int ncl = 0;
  uint32_t cl_freq[19] = {};
  auto add = [&](int sym, int extra) {
    cl[ncl++] = {static_cast<uint8_t>(sym), static_cast<uint8_t>(extra)};
    ++cl_freq[sym];
  };
  for (int i = 0; i < total;) {
    const uint8_t v = lens[i];
    int run = 1;
    while (i + run < total && lens[i + run] == v) ++run;
    i += run;
    if (v == 0) {
      while (run >= 11) {
        const int k = std::min(run, 138);
        add(18, k - 11);
        run -= k;
      }
      if (run >= 3) {
        add(17, run - 3);
        run = 0;
      }
    } else {
      add(v, 0);
      --run;
      while (run >= 3) {
        const int k = std::min(run, 6);
        add(16, k - 3);
        run -= k;
      }
    }
    for (; run > 0; --run) add(v, 0);
  }
  uint8_t cl_len[19];
  uint16_t cl_code[19] = {};
  BuildLengths(cl_freq, 19, 7, cl_len);
  MakeCodes(cl_len, 19, cl_code);
  int hclen = 19;
  while (hclen > 4 && cl_len[kClOrder[hclen - 1]] == 0) --hclen;

  BitSink out{reinterpret_cast<uint8_t*>(out_.data()) + out_len_, bit_buf_, bit_count_};
  out.Put(last ? 1 : 0, 1);
  out.Put(2, 2);  // dynamic Huffman codes
  out.Put(static_cast<uint32_t>(hlit - 257), 5);
  out.Put(static_cast<uint32_t>(hdist - 1), 5);
  out.Put(static_cast<uint32_t>(hclen - 4), 4);
  for (int i = 0; i < hclen; ++i) out.Put(cl_len[kClOrder[i]], 3);
  static constexpr int kClExtraBits[3] = {2, 3, 7};
  for (int i = 0; i < ncl; ++i) {
    out.Put(cl_code[cl[i].sym], cl_len[cl[i].sym]);
    if (cl[i].sym >= 16) out.Put(cl[i].extra, kClExtraBits[cl[i].sym - 16]);
  }

  for (const uint32_t t : tokens_) {
    const uint32_t sym = t & 511;
    if (sym < 256) {
      out.Put(lit_code[sym], lit_len[sym]);
      continue;
    }
    const int extra_bits = kLenExtraBits[sym - 257];
    out.Put(lit_code[sym] | ((t >> 9) & 31) << lit_len[sym], lit_len[sym] + extra_bits);
    const uint32_t d = t >> 14;  // distances 1..4 have no extra bits
    out.Put(dist_code[d], dist_len[d]);
  }
  out.Put(lit_code[256], lit_len[256]);
  out_len_ = static_cast<size_t>(out.p - reinterpret_cast<uint8_t*>(out_.data()));
  bit_buf_ = out.buf;
  bit_count_ = out.count;

  tokens_.clear();
  std::fill(std::begin(lit_freq_), std::end(lit_freq_), 0u);
  std::fill(std::begin(dist_freq_), std::end(dist_freq_), 0u);
}

std::string Deflater::Finish() {
  EmitBlock(true);
  out_.resize(out_len_);
  for (; bit_count_ > 0; bit_count_ -= 8, bit_buf_ >>= 8) out_ += static_cast<char>(bit_buf_ & 0xFF);
  bit_count_ = 0;
  for (int i = 3; i >= 0; --i) out_ += static_cast<char>((adler_ >> (8 * i)) & 0xFF);
  return std::move(out_);
}

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
  // Three stores from registers (one 12-byte copy of an array went through
  // the stack and stalled the loop on store forwarding).
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

}  // namespace

std::vector<uint8_t> FilterRowsUp(const uint32_t* pixels, int width, int height, size_t stride) {
  const size_t w = static_cast<size_t>(width), row_bytes = 1 + 3 * w;
  std::vector<uint8_t> out(row_bytes * static_cast<size_t>(height));
  for (int y = 0; y < height; ++y) {
    uint8_t* r = &out[row_bytes * static_cast<size_t>(y)];
    r[0] = 2;  // Up
    FilterRow(Row(pixels, stride, y), y == 0 ? nullptr : Row(pixels, stride, y - 1), w, r + 1);
  }
  return out;
}

std::string EncodePngRgb(const uint32_t* pixels, int width, int height, size_t stride) {
  const size_t w = static_cast<size_t>(width), row_bytes = 1 + 3 * w;
  std::vector<uint8_t> row(row_bytes);
  row[0] = 2;  // Up
  Deflater z;
  for (int y = 0; y < height; ++y) {
    const uint32_t* cur = Row(pixels, stride, y);
    const uint32_t* prev = y == 0 ? nullptr : Row(pixels, stride, y - 1);
    // A row like the one above filters to zeros: no need to look at it.
    if (prev && std::memcmp(cur, prev, 4 * w) == 0) {
      z.WriteByteThenZeros(2, 3 * w);
      continue;
    }
    FilterRow(cur, prev, w, row.data() + 1);
    z.Write(row.data(), row_bytes);
  }
  const std::string idat = z.Finish();

  std::string png("\x89PNG\r\n\x1a\n", 8);
  png.reserve(idat.size() + idat.size() / (1 << 20) * 12 + 64);
  auto u32 = [&png](uint32_t v) {
    for (int i = 3; i >= 0; --i) png += static_cast<char>((v >> (8 * i)) & 0xFF);
  };
  auto chunk = [&](const char* type, const char* body, size_t n) {
    u32(static_cast<uint32_t>(n));
    png.append(type, 4);
    png.append(body, n);
    uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type), 4);
    crc = crc32_z(crc, reinterpret_cast<const Bytef*>(body), n);
    u32(static_cast<uint32_t>(crc));
  };
  char ihdr[13];
  for (int i = 0; i < 4; ++i) {
    ihdr[i] = static_cast<char>((static_cast<uint32_t>(width) >> (24 - 8 * i)) & 0xFF);
    ihdr[4 + i] = static_cast<char>((static_cast<uint32_t>(height) >> (24 - 8 * i)) & 0xFF);
  }
  std::memcpy(ihdr + 8, "\x08\x02\x00\x00\x00", 5);  // 8-bit RGB, deflate, adaptive filters, no interlace
  chunk("IHDR", ihdr, 13);
  // PNG chunks hold at most 2^31 - 1 bytes; split a (huge) stream.
  constexpr size_t kMaxChunk = size_t{1} << 30;
  for (size_t at = 0; at < idat.size(); at += kMaxChunk)
    chunk("IDAT", idat.data() + at, std::min(kMaxChunk, idat.size() - at));
  chunk("IEND", "", 0);
  return png;
}

}  // namespace talon::render
