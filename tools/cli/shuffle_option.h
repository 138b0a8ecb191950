// --shuffle NAME: which shuffle turns deal numbers into decks (talon-v1, the
// default, or pysol: PySolFC's game numbers). One declaration and one parser
// for talon-deal, talon-solve, talon-render, talon-book and talon-stats.
#pragma once

#include <boost/program_options.hpp>
#include <string>

#include "core/game.h"
#include "core/options.h"
#include "core/status.h"

namespace talon::cli {

// Declares --shuffle, its text stored in `text` (empty when not given).
void AddShuffleOption(boost::program_options::options_description& options, std::string& text);

// The shuffle named by `text` (talon-v1 when empty). A usage error names
// --shuffle and the known shuffles.
Expected<Shuffle> ParseShuffleOption(const std::string& text);

// A usage error, saying why, when `game` with `options` has no deal of
// `shuffle` (a game PySolFC does not deal as talon does: docs/pysol.md).
Status CheckShuffleFor(const Game& game, const Options& options, Shuffle shuffle);

}  // namespace talon::cli
