#include "tools/cli/explain_text.h"

#include "core/words.h"

namespace talon::cli {

size_t CardsLeft(const Table& table) {
  size_t left = table.areas.CardCount() - table.areas.discard.size();
  for (const Pile& p : table.areas.foundations) left -= p.size();
  return left;
}

std::string IllegalStep(const Replay& replay) {
  return "step " + std::to_string(replay.legal_moves + 1) + ": illegal: " + replay.first_error.message();
}

std::string NumberedMove(const Game& game, size_t number, const MoveSpec& move) {
  return std::to_string(number) + ". " + game.FormatMove(move);
}

std::string ExplainText(const Game& game, std::span<const MoveSpec> moves, const LossPoint& loss) {
  switch (loss.kind) {
    case LossPoint::Kind::kNeverWinnable:
      return "the deal cannot be won: no play wins it";
    case LossPoint::Kind::kStillWinnable:
      if (loss.line.empty()) return "won after " + CountOf(moves.size(), "move");
      return "still winnable after " + CountOf(moves.size(), "move") + ": a win takes " +
             CountOf(loss.line.size(), "more move") + ", starting " +
             NumberedMove(game, moves.size() + 1, loss.line.front());
    case LossPoint::Kind::kLostAt: {
      std::string text = "move " + std::to_string(loss.move) + " (" + game.FormatMove(moves[loss.move - 1]) +
                         ") lost the game: no win existed after it";
      if (!loss.line.empty())
        text += "; before it a win remained, starting " + NumberedMove(game, loss.move, loss.line.front());
      return text;
    }
    case LossPoint::Kind::kUndecided:
      break;
  }
  return "not decided: a search stopped at its limit (the game was lost at one of moves " +
         std::to_string(loss.lo + 1) + "-" + std::to_string(loss.hi) + ", if at all)";
}

}  // namespace talon::cli
