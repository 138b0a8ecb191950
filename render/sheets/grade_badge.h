// A deal's grade on a page: its word and five stars, as many filled as the
// grade (drawn as paths, not font glyphs), or "no grade" when it has none.
// Internal to the sheets (render/sheets/*.cpp).
#pragma once

#include <string>

#include "core/solution.h"
#include "render/scene.h"
#include "render/sheets/composer.h"

namespace talon::render {

// The badge's width at type size `size`.
double GradeBadgeWidth(const Composer& cx, const DifficultyNote& note, double size);
// Draws the badge ending at `right`, its text's baseline at `baseline`.
void DrawGradeBadge(Page& page, Composer& cx, double right, double baseline, const DifficultyNote& note,
                    double size, Color color);
// The word a contents line shows: "Hard", or "no grade".
std::string GradeWord(const DifficultyNote& note);

}  // namespace talon::render
