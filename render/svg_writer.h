// SVG back end, written directly (docs/printing.md, "SVG"): the pages stacked
// as the PNG writer stacks them (render/page_stack.h), each glyph of DejaVu
// Sans and each piece drawn more than once (a card face: ItemGroup, or a
// shape repeated elsewhere) defined once in <defs> and placed with <use>.
// The text is glyph outlines, so the picture does not depend on the
// viewer's fonts.
#pragma once

#include <string>

#include "core/status.h"
#include "render/fonts.h"
#include "render/scene.h"

namespace talon::render {

// Returns an SVG 1.1 file's bytes (sizes in points); the same document
// gives the same bytes.
Expected<std::string> WriteSvg(const Document& doc, const Fonts& fonts);

}  // namespace talon::render
