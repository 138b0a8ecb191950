// PNG back end (Cairo). The only file that includes cairo.h.
// Text is drawn from DejaVu Sans's own glyph outlines (render/fonts.h), so the
// pictures do not depend on the machine's fontconfig setup.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"
#include "render/fonts.h"
#include "render/scene.h"

namespace talon::render {

// Pages of a multi-page document are stacked top to bottom in one picture
// (render/page_stack.h).

// Returns a PNG file's bytes at `dpi` dots per inch (REQUIRES: 10 <= dpi <= 1200).
Expected<std::string> WritePng(const Document& doc, const Fonts& fonts, double dpi);

// A decoded PNG for tests: 0xAARRGGBB pixels, row by row.
struct Image {
  int width = 0, height = 0;
  std::vector<uint32_t> pixels;
};
Expected<Image> ReadPng(const std::string& bytes);

// How the white under the pages is painted: kFast, as WritePng does, writes
// it straight into the pixels; kCairo paints it with Cairo, the plain way,
// which a test checks gives the same pixels.
enum class Background { kFast, kCairo };
// The picture WritePng encodes (pixels 0xFFRRGGBB), for tests and benchmarks.
Expected<Image> DrawImage(const Document& doc, const Fonts& fonts, double dpi,
                          Background bg = Background::kFast);

}  // namespace talon::render
