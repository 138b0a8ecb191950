// Fuzz target: the page-template reader (render/template.h). A template
// read is checked again and written out; every error is bad input naming
// the source.
#include <cstddef>
#include <cstdint>
#include <string>

#include "render/template.h"
#include "check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace talon;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto t = render::ParseTemplate(text, "fuzz.json");
  if (!t) {
    fuzz::CheckReaderError(t.status(), StatusCode::kBadInput, "fuzz.json:");  // "fuzz.json:LINE: "
    return 0;
  }
  FUZZ_CHECK(render::CheckTemplate(*t, "fuzz.json").ok(), text);
  const render::Rect c = t->Content();
  FUZZ_CHECK(c.w > 0 && c.h > 0 && t->paper_w > 0 && t->paper_h > 0, text);
  const std::string json = render::TemplateToJson(*t);
  FUZZ_CHECK(!json.empty(), text);
  (void)render::ExpandPageText(t->header, "Title", 1, 2);
  (void)render::ExpandPageText(t->footer, "Title", 1, 2);
  return 0;
}
