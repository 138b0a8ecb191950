// Fonts: DejaVu Sans (Debian's fonts-dejavu-core), found at known paths and
// read directly from its TrueType file, so that layout (text widths), the
// check that every character can be shown, and the Cairo back end's glyph
// outlines all come from the very file the PDF embeds.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "render/scene.h"

namespace talon::render {

// Decodes UTF-8. Returns false on malformed input.
bool DecodeUtf8(std::string_view text, std::vector<char32_t>& out);

class Font {
 public:
  // Reads a TrueType font. Errors: kIoError (unreadable), kBadInput (not a
  // TrueType font with a Unicode cmap and glyf outlines).
  static Expected<std::shared_ptr<const Font>> Load(const std::string& path);

  const std::string& path() const { return path_; }
  bool HasGlyph(char32_t cp) const { return GlyphIndex(cp) != 0; }
  // Advance width of `cp` in ems (0 when missing).
  double Advance(char32_t cp) const;
  // Width of UTF-8 `text` at `size` points (malformed input counts as 0).
  double TextWidth(std::string_view text, double size) const;
  double ascent() const { return ascent_; }    // ems above the baseline (> 0)
  double descent() const { return descent_; }  // ems below the baseline (> 0)
  // The outline of `cp` at size 1 point, origin on the baseline, y down.
  const Path& GlyphPath(char32_t cp) const;

 private:
  Font() = default;
  uint16_t GlyphIndex(char32_t cp) const;
  void AddGlyph(Path& out, uint16_t glyph, const double m[6], int depth) const;

  std::string path_;
  std::string data_;
  double units_ = 2048;
  double ascent_ = 0.9, descent_ = 0.25;
  bool long_loca_ = false;
  uint32_t glyf_ = 0, loca_ = 0, hmtx_ = 0;
  uint16_t num_glyphs_ = 0, num_hmetrics_ = 0;
  std::map<char32_t, uint16_t> cmap_;
  mutable std::map<char32_t, Path> outlines_;
};

// The two faces every sheet uses.
class Fonts {
 public:
  Fonts(std::shared_ptr<const Font> regular, std::shared_ptr<const Font> bold)
      : regular_(std::move(regular)), bold_(std::move(bold)) {}
  const Font& Get(FontFace face) const { return face == FontFace::kBold ? *bold_ : *regular_; }
  // OK iff `text` is valid UTF-8 and every character has a glyph in `face`.
  // Errors are kBadInput: "WHERE: the font DejaVu Sans cannot show U+1F600 ('😀')".
  Status Check(std::string_view text, FontFace face, std::string_view where) const;

 private:
  std::shared_ptr<const Font> regular_, bold_;
};

// The directories searched for DejaVuSans.ttf and DejaVuSans-Bold.ttf: only
// $TALON_FONT_DIR when that is set, else Debian's and other usual places.
std::vector<std::string> FontSearchDirs();
// Finds and loads DejaVu Sans. When it is missing the error (kIoError) names
// the places searched and says to install Debian's fonts-dejavu-core.
Expected<Fonts> FindFonts();

}  // namespace talon::render
