// What frames every page of a sheet or booklet: the template's header and
// footer ({title}, {page}, {pages} expanded).
//
// Internal to the sheets (render/sheets/*.cpp).
#pragma once

#include <string>
#include <vector>

#include "render/scene.h"
#include "render/sheets/composer.h"

namespace talon::render {

// Adds the header and footer to every page; the header is left out on page
// `skip_header` (e.g. a cover; -1 for none).
void AddHeadersAndFooters(std::vector<Page>& pages, Composer& cx, const std::string& title, int skip_header);

}  // namespace talon::render
