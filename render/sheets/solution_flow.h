// Solutions on pages: each move a row (a tick box, its number, its notation
// and small faces of the cards moved), the rows of a block in columns as
// wide as its moves need, blocks flowed over as many pages as they take. A
// row whose cards do not fit beside its notation draws them on lines of
// their own below it.
//
// Internal to the sheets (render/sheets/*.cpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/card.h"
#include "core/game.h"
#include "core/solution.h"
#include "render/scene.h"
#include "render/sheets/composer.h"

namespace talon::render {

struct MoveRow {
  std::string number;    // "12."
  std::string notation;  // "3+9  K♠ A♥"
  std::vector<Card> cards;
};

// A headed list of moves: one deal's solution.
struct SolutionBlock {
  std::string heading;  // e.g. the deal name
  std::string note;     // right of the heading, e.g. "deal on page 7"
  std::vector<MoveRow> rows;
};

// The rows of a solution, numbered from 1, in the game's notation.
std::vector<MoveRow> MoveRows(const Game& game, const Solution& s);

// Where a flowed block landed: its first page and, per page it uses, the
// rows [first_row, end_row) drawn there.
struct Placed {
  int first_page = 0;
  double y = 0;  // top of its heading on the first page
  struct Part {
    int page = 0;
    size_t first_row = 0, end_row = 0;
  };
  std::vector<Part> parts;
};

// Flows solution blocks over pages from `pages.size()`, in columns. new_page()
// appends a page and returns the y where content starts. A block is moved to
// the next page rather than leaving only its heading behind; a long block
// continues on further pages, its heading marked "(continued)". A row wider
// than the page fails cx (kBadInput naming the block and the template).
std::vector<Placed> FlowSolutions(std::vector<Page>& pages, Composer& cx, const std::vector<SolutionBlock>& blocks,
                                  const std::function<double()>& new_page);

}  // namespace talon::render
