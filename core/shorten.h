// Shortening a winning line before it is written (docs/solvers/shortening.md).
//
// A line is edited, never trusted: an edit (a move or a span left out, two
// moves of one card merged, a move played earlier, a game's own shortcut) is
// kept only when the game's checker replays the edited line to a win, and
// only when it is shorter. The work is bounded by a count of checker moves
// played, so the result is the same on every machine and at every thread
// count.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/deal.h"
#include "core/move.h"
#include "core/status.h"

namespace talon {

class Game;
struct Table;

// A proposed edit of a line of kept moves (LineHooks::Derived moves left
// out): kept moves [begin, end) become `moves`.
struct LineEdit {
  size_t begin = 0, end = 0;
  std::vector<MoveSpec> moves;
};

// What a game adds to the generic edits. The defaults add nothing.
class LineHooks {
 public:
  virtual ~LineHooks() = default;
  // Returns true iff every winning line of a deal under complete `options`
  // has the same number of moves (the proof is on the game's solver page):
  // then the line is left as it is.
  virtual bool OneLength(const Options& options) const;
  // Returns true iff `move` is one the game re-derives before the moves that
  // need it (Klondike: draws and redeals). Such moves are left out while the
  // line is edited and put back by Derive.
  virtual bool Derived(const MoveSpec& move) const;
  // Plays on `table` the fewest derived moves that `next` needs first (a
  // Klondike waste card: the draws and redeal that bring it to the top),
  // appends them to `out` (may be null) and returns how many; an error if
  // `next` cannot be made ready (the edit is then rejected).
  virtual Expected<int> Derive(const Game& game, Table& table, const MoveSpec& next,
                               std::vector<MoveSpec>* out) const;
  // Writes to `line` a winning line of `deal` of fewer than `bound` moves
  // found by a search of the game's own (core/short_search.h) making at most
  // about `work` positions, or leaves it empty; returns the positions made.
  // The shortening replays it and edits it if it is shorter.
  virtual uint64_t Replan(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line) const;
  // Appends to `edits` shortcuts found with the game's own knowledge (e.g. a
  // search from a position of the line to a later one) for the kept moves
  // `line` of `deal`, and returns the work spent (positions generated), at
  // most about `work`. Each edit is checked by replay like any other.
  virtual uint64_t Propose(const Deal& deal, std::span<const MoveSpec> line, uint64_t work,
                           std::vector<LineEdit>& edits) const;
};

// The hooks of a game that adds nothing.
const LineHooks& NoLineHooks();

// The hooks of a game whose winning lines all have one length.
const LineHooks& OneLengthHooks();

// The hooks of a game that adds a search for a short line (Replan) and
// nothing else.
class ReplanHooks final : public LineHooks {
 public:
  using Finder = uint64_t (*)(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line);
  explicit ReplanHooks(Finder find) : find_(find) {}
  uint64_t Replan(const Deal& deal, uint64_t bound, uint64_t work, std::vector<MoveSpec>& line) const override {
    return find_(deal, bound, work, line);
  }

 private:
  Finder find_;
};

struct ShortenLimits {
  // The work spent on one line: checker moves played in trying edits plus
  // positions made by the game's searches (each about a microsecond); 0 =
  // no shortening.
  uint64_t max_work = 60000;
  // The share of max_work that LineHooks::Replan may take.
  uint64_t replan_work = 30000;
};

struct ShortenStats {
  size_t moves_before = 0, moves_after = 0;
  uint64_t work = 0;
  bool one_length = false;  // left alone: every winning line has this length
};

// Returns a winning line of `deal` with at most as many moves as `moves`:
// `moves` itself unless edits made it shorter. Every edit is replayed
// through the checker, and the returned line is replayed once more: if that
// ever failed, `moves` would be returned. `force` edits even a game whose
// lines have one length (for the tests). REQUIRES: `moves` replays to a win.
std::vector<MoveSpec> ShortenLine(const Game& game, const Deal& deal, std::vector<MoveSpec> moves,
                                  const ShortenLimits& limits = {}, ShortenStats* stats = nullptr,
                                  bool force = false);

}  // namespace talon
