#include "render/sheets/page_frame.h"

#include "render/template.h"

namespace talon::render {

void AddHeadersAndFooters(std::vector<Page>& pages, Composer& cx, const std::string& title, int skip_header) {
  const Template& t = cx.t();
  const int n = static_cast<int>(pages.size());
  for (int i = 0; i < n; ++i) {
    Page& p = pages[static_cast<size_t>(i)];
    if (i != skip_header && !t.header.empty()) {
      std::string h = ExpandPageText(t.header, title, i + 1, n);
      cx.Text(p, t.margin_left, t.margin_top - t.small_pt * 0.8, h, FontFace::kRegular, t.small_pt, kGrey);
    }
    if (!t.footer.empty()) {
      std::string f = ExpandPageText(t.footer, title, i + 1, n);
      cx.TextCentred(p, t.margin_left + (t.paper_w - t.margin_left - t.margin_right) / 2,
                     t.paper_h - t.margin_bottom + t.small_pt * 1.4, f, FontFace::kRegular, t.small_pt, kGrey);
    }
  }
}

}  // namespace talon::render
