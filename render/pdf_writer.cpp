#include "render/pdf_writer.h"

#include <hpdf.h>
#include <hpdf_namedict.h>
#include <stdlib.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace talon::render {

namespace {

// libharu reports errors through a callback; we remember the first one and
// check it after each step (libharu refuses further work once it has failed).
struct HaruError {
  HPDF_STATUS code = HPDF_OK;
  HPDF_STATUS detail = 0;
};

void OnHaruError(HPDF_STATUS code, HPDF_STATUS detail, void* user) {
  auto* e = static_cast<HaruError*>(user);
  if (e->code == HPDF_OK) {
    e->code = code;
    e->detail = detail;
  }
}

std::string Hex(unsigned v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04X", v);
  return buf;
}

// A scratch directory for the attachment file (HPDF_AttachFile reads a
// named file); removed with its file on destruction.
class ScratchFile {
 public:
  ~ScratchFile() {
    if (!file_.empty()) std::remove(file_.c_str());
    if (!dir_.empty()) rmdir(dir_.c_str());
  }
  Status Create(const std::string& name, const std::string& bytes) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/talon-pdf-XXXXXX";
    if (!mkdtemp(pattern.data())) return Status::IoError(pattern + ": cannot create a scratch directory");
    dir_ = pattern;
    file_ = dir_ + "/" + name;
    std::ofstream out(file_, std::ios::binary);
    out << bytes;
    if (!out.flush()) return Status::IoError(file_ + ": cannot write the attachment");
    return Status::Ok();
  }
  const std::string& path() const { return file_; }

 private:
  std::string dir_, file_;
};

HPDF_Date ToDate(int64_t epoch) {
  std::time_t t = static_cast<std::time_t>(epoch);
  std::tm tm{};
  gmtime_r(&t, &tm);
  HPDF_Date d{};
  d.year = tm.tm_year + 1900;
  d.month = tm.tm_mon + 1;
  d.day = tm.tm_mday;
  d.hour = tm.tm_hour;
  d.minutes = tm.tm_min;
  d.seconds = tm.tm_sec;
  d.ind = 'Z';
  return d;
}

// libharu 2.3 gives a UTF-8 font a ToUnicode "CMap" holding a cidrange
// (every code to CID 0), which is not a ToUnicode map at all: poppler warns
// "Invalid 'begincidrange' operator" and copying text out of a viewer can give
// nothing. With the UTF-8 encoder the codes in the page text are the UTF-16
// units themselves (Identity-H), so the right map is the identity: one
// bfrange per high byte (a bfrange may not cross a high-byte boundary), at
// most 100 to a block, the surrogate block left out.
bool ReplaceToUnicode(HPDF_Doc pdf, HPDF_Font font) {
  std::string cmap =
      "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
      "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
      "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n";
  std::vector<int> highs;
  for (int h = 0; h < 256; ++h)
    if (h < 0xD8 || h > 0xDF) highs.push_back(h);
  char line[32];
  for (size_t at = 0; at < highs.size(); at += 100) {
    const size_t n = std::min<size_t>(100, highs.size() - at);
    cmap += std::to_string(n) + " beginbfrange\n";
    for (size_t k = at; k < at + n; ++k) {
      std::snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", highs[k], highs[k], highs[k]);
      cmap += line;
    }
    cmap += "endbfrange\n";
  }
  cmap += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n";
  HPDF_Dict stream = HPDF_DictStream_New(pdf->mmgr, pdf->xref);
  if (!stream) return false;
  stream->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
  if (HPDF_Stream_WriteStr(stream->stream, cmap.c_str()) != HPDF_OK) return false;
  HPDF_Dict_RemoveElement(font, "ToUnicode");
  HPDF_ResetError(pdf);
  return HPDF_Dict_Add(font, "ToUnicode", stream) == HPDF_OK;
}

// Sets dict[key] to a PDF text string holding `utf8`: a plain string when it
// is ASCII, else UTF-16BE with a byte-order mark, written as a hex string.
// libharu 2.3's own text strings go through its encoders, which cannot make
// UTF-16 (non-ASCII titles came out as '?'); a binary object is written as
// <hex> bytes untouched, which PDF readers take as a text string. Returns
// false if `utf8` is not valid UTF-8 (the caller reports it).
bool SetTextString(HPDF_Doc pdf, HPDF_Dict dict, const char* key, const std::string& utf8) {
  std::vector<char32_t> cps;
  if (!DecodeUtf8(utf8, cps)) return false;
  bool ascii = true;
  for (char32_t c : cps) ascii = ascii && c < 0x80;
  HPDF_Dict_RemoveElement(dict, key);  // HPDF_ERR_DICT_ITEM_NOT_FOUND is fine
  HPDF_ResetError(pdf);
  if (ascii) return HPDF_Dict_Add(dict, key, HPDF_String_New(pdf->mmgr, utf8.c_str(), nullptr)) == HPDF_OK;
  std::vector<HPDF_BYTE> bytes = {0xFE, 0xFF};
  auto unit = [&](uint32_t u) {
    bytes.push_back(static_cast<HPDF_BYTE>(u >> 8));
    bytes.push_back(static_cast<HPDF_BYTE>(u & 0xFF));
  };
  for (char32_t c : cps) {
    if (c < 0x10000) {
      unit(c);
    } else {  // a surrogate pair
      unit(0xD800 + ((c - 0x10000) >> 10));
      unit(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
  }
  return HPDF_Dict_Add(dict, key, HPDF_Binary_New(pdf->mmgr, bytes.data(), static_cast<HPDF_UINT>(bytes.size()))) == HPDF_OK;
}

}  // namespace

Expected<int64_t> PdfEpoch(const PdfOptions& options) {
  if (options.epoch) return *options.epoch;
  if (const char* s = std::getenv("SOURCE_DATE_EPOCH"); s && *s) {
    char* end = nullptr;
    long long v = std::strtoll(s, &end, 10);
    if (*end || v < 0 || v > 253402300799LL)
      return Status::Usage(std::string("SOURCE_DATE_EPOCH='") + s +
                           "' is not a number of seconds since 1970");
    return static_cast<int64_t>(v);
  }
  return int64_t{1704067200};
}

Expected<std::string> WritePdf(const Document& doc, const Fonts& fonts, const PdfOptions& options) {
  auto epoch = PdfEpoch(options);
  if (!epoch) return epoch.status();
  HaruError err;
  HPDF_Doc pdf = HPDF_NewEx(OnHaruError, nullptr, nullptr, 0, &err);
  if (!pdf) return Status::Internal("libharu: cannot create a PDF document (out of memory?)");
  struct Closer {
    HPDF_Doc p;
    ~Closer() { HPDF_Free(p); }
  } closer{pdf};
  auto failed = [&](const std::string& step) -> Status {
    return Status::Internal("libharu error " + Hex(static_cast<unsigned>(err.code)) + " (detail " +
                            std::to_string(err.detail) + ") while " + step);
  };
#define TALON_HARU_STEP(step)               \
  do {                                      \
    if (err.code != HPDF_OK) return failed(step); \
  } while (0)

  HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL);
  HPDF_UseUTFEncodings(pdf);
  TALON_HARU_STEP("setting up compression and UTF-8");
  const char* names[2];
  const Font* files[2] = {&fonts.Get(FontFace::kRegular), &fonts.Get(FontFace::kBold)};
  HPDF_Font font[2];
  for (int i = 0; i < 2; ++i) {
    names[i] = HPDF_LoadTTFontFromFile(pdf, files[i]->path().c_str(), HPDF_TRUE);
    if (err.code != HPDF_OK || !names[i])
      return Status::IoError(files[i]->path() + ": libharu cannot load this TrueType font (error " +
                             Hex(static_cast<unsigned>(err.code)) + ")");
    font[i] = HPDF_GetFont(pdf, names[i], "UTF-8");
    TALON_HARU_STEP("selecting the font " + files[i]->path());
    if (!ReplaceToUnicode(pdf, font[i])) return failed("writing the ToUnicode map of " + files[i]->path());
  }

  HPDF_Date date = ToDate(*epoch);
  HPDF_SetInfoDateAttr(pdf, HPDF_INFO_CREATION_DATE, date);
  HPDF_SetInfoDateAttr(pdf, HPDF_INFO_MOD_DATE, date);
  HPDF_SetInfoAttr(pdf, HPDF_INFO_CREATOR, "talon " TALON_VERSION);
  TALON_HARU_STEP("writing the document info");
  // The info dictionary exists now (libharu makes it on the first attribute).
  if (!doc.title.empty() && !SetTextString(pdf, pdf->info, "Title", doc.title))
    return Status::BadInput("the title is not valid UTF-8");
  if (!doc.subject.empty() && !SetTextString(pdf, pdf->info, "Subject", doc.subject))
    return Status::BadInput("the subject is not valid UTF-8");
  if (!doc.author.empty() && !SetTextString(pdf, pdf->info, "Author", doc.author))
    return Status::BadInput("the author is not valid UTF-8");
  TALON_HARU_STEP("writing the title, subject and author");

  std::vector<HPDF_Page> pages;
  for (const Page& page : doc.pages) {
    HPDF_Page p = HPDF_AddPage(pdf);
    HPDF_Page_SetWidth(p, static_cast<HPDF_REAL>(page.width));
    HPDF_Page_SetHeight(p, static_cast<HPDF_REAL>(page.height));
    pages.push_back(p);
  }
  TALON_HARU_STEP("adding pages");

  for (size_t pi = 0; pi < doc.pages.size(); ++pi) {
    const Page& page = doc.pages[pi];
    HPDF_Page p = pages[pi];
    const double h = page.height;
    // Content is drawn in tenths of a point (one "0.1 0 0 0.1 0 0 cm" per
    // page) with whole-number coordinates: about half the bytes of libharu's
    // five-decimal floats, and 0.035 mm is far below what a printer shows.
    // Pages too large for libharu's number range, or text too large for its
    // font-size limit, are drawn in points.
    double max_text = 0;
    for (const Item& item : page.items)
      if (const auto* t = std::get_if<TextItem>(&item)) max_text = std::max(max_text, t->size);
    const double s = std::max(page.width, page.height) * 10 < HPDF_LIMIT_MAX_REAL - 100 &&
                             max_text * 10 <= HPDF_MAX_FONTSIZE
                         ? 10
                         : 1;
    auto R = [s](double v) { return static_cast<HPDF_REAL>(s == 10 ? std::round(v * s) : v); };
    auto X = [&](double x) { return R(x); };
    auto Y = [&](double y) { return R(h - y); };
    HPDF_Page_SetLineJoin(p, HPDF_ROUND_JOIN);
    if (s == 10) HPDF_Page_Concat(p, 0.1f, 0, 0, 0.1f, 0, 0);
    // libharu writes every operator it is given; skip repeated state.
    std::optional<Color> fill, stroke;
    double width = -1;
    auto set_fill = [&](const Color& c) {
      if (fill && *fill == c) return;
      HPDF_Page_SetRGBFill(p, static_cast<HPDF_REAL>(c.r), static_cast<HPDF_REAL>(c.g), static_cast<HPDF_REAL>(c.b));
      fill = c;
    };
    bool in_text = false;
    HPDF_Font cur_font = nullptr;
    double cur_size = -1;
    for (const Item& item : page.items) {
      if (const auto* t = std::get_if<TextItem>(&item)) {
        if (!in_text) {
          HPDF_Page_BeginText(p);
          in_text = true;
          cur_font = nullptr;
        }
        set_fill(t->color);
        HPDF_Font f = font[t->face == FontFace::kBold ? 1 : 0];
        if (f != cur_font || t->size != cur_size) {
          HPDF_Page_SetFontAndSize(p, f, R(t->size));
          cur_font = f;
          cur_size = t->size;
        }
        HPDF_Page_TextOut(p, X(t->x), Y(t->y), t->text.c_str());
        continue;
      }
      if (in_text) {
        HPDF_Page_EndText(p);
        in_text = false;
      }
      const auto& pi_item = std::get<PathItem>(item);
      const Paint& paint = pi_item.paint;
      if (!paint.fill && !paint.stroke) continue;
      if (paint.fill) set_fill(*paint.fill);
      if (paint.stroke) {
        if (!stroke || !(*stroke == *paint.stroke)) {
          HPDF_Page_SetRGBStroke(p, static_cast<HPDF_REAL>(paint.stroke->r), static_cast<HPDF_REAL>(paint.stroke->g),
                                 static_cast<HPDF_REAL>(paint.stroke->b));
          stroke = *paint.stroke;
        }
        const double lw = std::min(paint.line_width * s, static_cast<double>(HPDF_MAX_LINEWIDTH));
        if (lw != width) {
          HPDF_Page_SetLineWidth(p, static_cast<HPDF_REAL>(lw));
          width = lw;
        }
      }
      for (const PathSeg& seg : pi_item.path.segs()) {
        switch (seg.op) {
          case PathSeg::kMove: HPDF_Page_MoveTo(p, X(seg.p[0].x), Y(seg.p[0].y)); break;
          case PathSeg::kLine: HPDF_Page_LineTo(p, X(seg.p[0].x), Y(seg.p[0].y)); break;
          case PathSeg::kCurve:
            HPDF_Page_CurveTo(p, X(seg.p[0].x), Y(seg.p[0].y), X(seg.p[1].x), Y(seg.p[1].y), X(seg.p[2].x),
                              Y(seg.p[2].y));
            break;
          case PathSeg::kClose: HPDF_Page_ClosePath(p); break;
        }
      }
      if (paint.fill && paint.stroke) HPDF_Page_FillStroke(p);
      else if (paint.fill) HPDF_Page_Fill(p);
      else HPDF_Page_Stroke(p);
    }
    if (in_text) HPDF_Page_EndText(p);
    TALON_HARU_STEP("drawing page " + std::to_string(pi + 1));
    for (const Link& link : page.links) {
      if (link.target_page < 0 || static_cast<size_t>(link.target_page) >= pages.size())
        return Status::Internal("link to page " + std::to_string(link.target_page + 1) + " of " +
                                std::to_string(pages.size()));
      HPDF_Destination dst = HPDF_Page_CreateDestination(pages[static_cast<size_t>(link.target_page)]);
      HPDF_Rect r{static_cast<HPDF_REAL>(link.area.x), static_cast<HPDF_REAL>(h - link.area.bottom()),
                  static_cast<HPDF_REAL>(link.area.right()), static_cast<HPDF_REAL>(h - link.area.y)};
      HPDF_Annotation a = HPDF_Page_CreateLinkAnnot(p, r, dst);
      HPDF_LinkAnnot_SetBorderStyle(a, 0, 0, 0);
    }
    TALON_HARU_STEP("adding the links of page " + std::to_string(pi + 1));
  }

  // Bookmarks: a level-n entry hangs under the latest entry of level n-1.
  std::vector<HPDF_Outline> parents;
  for (const Bookmark& b : doc.bookmarks) {
    if (b.page < 0 || static_cast<size_t>(b.page) >= pages.size())
      return Status::Internal("bookmark '" + b.title + "' points to a missing page");
    const size_t level = std::min(static_cast<size_t>(std::max(b.level, 0)), parents.size());
    parents.resize(level);
    HPDF_Outline o = HPDF_CreateOutline(pdf, level ? parents.back() : nullptr, "", nullptr);
    if (o && !SetTextString(pdf, o, "Title", b.title))
      return Status::BadInput("bookmark '" + b.title + "' is not valid UTF-8");
    if (o) {
      HPDF_Outline_SetDestination(o, HPDF_Page_CreateDestination(pages[static_cast<size_t>(b.page)]));
      HPDF_Outline_SetOpened(o, HPDF_FALSE);
      parents.push_back(o);
    }
  }
  if (!doc.bookmarks.empty()) HPDF_SetPageMode(pdf, HPDF_PAGE_MODE_USE_OUTLINE);
  TALON_HARU_STEP("adding bookmarks");

  ScratchFile scratch;
  if (doc.attachment) {
    for (char c : doc.attachment->name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_')
        return Status::Internal("attachment name '" + doc.attachment->name + "': use letters, digits, '.', '-', '_'");
    TALON_RETURN_IF_ERROR(scratch.Create(doc.attachment->name, doc.attachment->bytes));
    HPDF_EmbeddedFile spec = HPDF_AttachFile(pdf, scratch.path().c_str());
    if (!spec || err.code != HPDF_OK) return failed("attaching " + doc.attachment->name);
    // libharu 2.3 writes the file specification as "/Type /F" and names it by
    // the path it read: make it a /Filespec (PDF 32000 7.11.3, which qpdf
    // and other readers require) named by the file name alone.
    const char* name = doc.attachment->name.c_str();
    for (const char* key : {"Type", "F", "UF"}) {
      HPDF_Dict_RemoveElement(spec, key);  // HPDF_ERR_DICT_ITEM_NOT_FOUND is fine
      HPDF_ResetError(pdf);
    }
    HPDF_Dict_AddName(spec, "Type", "Filespec");
    HPDF_Dict_Add(spec, "F", HPDF_String_New(pdf->mmgr, name, nullptr));
    HPDF_Dict_Add(spec, "UF", HPDF_String_New(pdf->mmgr, name, nullptr));
    if (HPDF_Dict ef = static_cast<HPDF_Dict>(HPDF_Dict_GetItem(spec, "EF", HPDF_OCLASS_DICT)))
      if (HPDF_Dict stream = static_cast<HPDF_Dict>(HPDF_Dict_GetItem(ef, "F", HPDF_OCLASS_DICT)))
        HPDF_Dict_AddName(stream, "Type", "EmbeddedFile");
    // The EmbeddedFiles name tree holds it under the path too.
    if (HPDF_NameDict name_dict = HPDF_Catalog_GetNames(pdf->catalog))
      if (HPDF_NameTree tree = HPDF_NameDict_GetNameTree(name_dict, HPDF_NAME_EMBEDDED_FILES))
        if (HPDF_Array keys = static_cast<HPDF_Array>(HPDF_Dict_GetItem(tree, "Names", HPDF_OCLASS_ARRAY)))
          if (HPDF_String key = static_cast<HPDF_String>(HPDF_Array_GetItem(keys, 0, HPDF_OCLASS_STRING)))
            HPDF_String_SetValue(key, name);
    TALON_HARU_STEP("naming the attachment " + doc.attachment->name);
  }

  HPDF_SaveToStream(pdf);
  TALON_HARU_STEP("saving the PDF");
  std::string out;
  out.resize(HPDF_GetStreamSize(pdf));
  HPDF_UINT32 size = static_cast<HPDF_UINT32>(out.size());
  HPDF_ReadFromStream(pdf, reinterpret_cast<HPDF_BYTE*>(out.data()), &size);
  if (err.code != HPDF_OK && err.code != HPDF_STREAM_EOF) return failed("reading the saved PDF");
  out.resize(size);
  return out;
#undef TALON_HARU_STEP
}

}  // namespace talon::render
