// PDF back end (libharu 2.3). The only file that includes hpdf.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/status.h"
#include "render/fonts.h"
#include "render/scene.h"

namespace talon::render {

struct PdfOptions {
  // Seconds since 1970 for the document's creation and modification dates.
  // nullopt: $SOURCE_DATE_EPOCH when set, else a fixed date (2024-01-01), so
  // that the same input always gives the same bytes.
  std::optional<int64_t> epoch;
};

// Returns the PDF file's bytes: compressed streams, DejaVu Sans embedded
// (UTF-8 text), links, bookmarks, title/subject, the attachment. libharu's
// errors become Status errors (kIoError for a file it cannot read, kInternal
// otherwise) naming the step that failed.
Expected<std::string> WritePdf(const Document& doc, const Fonts& fonts, const PdfOptions& options = {});

// The date written into PDFs: options.epoch, else $SOURCE_DATE_EPOCH, else
// 1704067200 (2024-01-01T00:00:00Z). A malformed $SOURCE_DATE_EPOCH is an error.
Expected<int64_t> PdfEpoch(const PdfOptions& options);

}  // namespace talon::render
