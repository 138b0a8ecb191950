// PNG and SVG back end (Cairo). The only file that includes cairo.h.
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

// Pages of a multi-page document are stacked top to bottom in one picture,
// separated by a grey band of kPageGap points.
inline constexpr double kPageGap = 12;

// Returns a PNG file's bytes at `dpi` dots per inch (REQUIRES: 10 <= dpi <= 1200).
Expected<std::string> WritePng(const Document& doc, const Fonts& fonts, double dpi);
// Returns an SVG file's bytes (sizes in points).
Expected<std::string> WriteSvg(const Document& doc, const Fonts& fonts);

// A decoded PNG for tests: 0xAARRGGBB pixels, row by row.
struct Image {
  int width = 0, height = 0;
  std::vector<uint32_t> pixels;
};
Expected<Image> ReadPng(const std::string& bytes);

// How the grey between pages and the white paper are painted: kFast, as
// WritePng does, writes them straight into the pixels and lets Cairo blend
// only the paper's edges; kCairo paints it all with Cairo, the plain way,
// which a test checks gives the same pixels.
enum class Background { kFast, kCairo };
// The picture WritePng encodes (pixels 0xFFRRGGBB), for tests and benchmarks.
Expected<Image> DrawImage(const Document& doc, const Fonts& fonts, double dpi,
                          Background bg = Background::kFast);

}  // namespace talon::render
