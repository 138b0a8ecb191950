#include "core/games/arrow_move.h"

#include <vector>

#include "core/game.h"
#include "core/text.h"

namespace talon {

std::string FormatArrowMove(const MoveSpec& move, std::string (*label)(const Place&)) {
  std::string out = (move.from.empty() ? "?" : label(move.from[0])) + ">" + label(move.to) + " ";
  for (Card c : move.cards) out += " " + CardLabel(c);
  return out;
}

Expected<MoveSpec> ParseArrowMove(std::string_view text, std::string_view example, std::string_view places,
                                  bool (*read_place)(std::string_view word, Card card, Place& out)) {
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() != 2)
    return Status::BadInput("move '" + Excerpt(text) + "' is not FROM>TO and one card (e.g. " + std::string(example) +
                            ")");
  auto card = ParseCard(words[1]);
  if (!card) return Status::BadInput("'" + Excerpt(words[1]) + "' is not a card (e.g. 7H, 10H, 7♥)");
  const size_t gt = words[0].find('>');
  MoveSpec m;
  m.from.resize(1);
  if (gt == std::string_view::npos || !read_place(words[0].substr(0, gt), *card, m.from[0]) ||
      !read_place(words[0].substr(gt + 1), *card, m.to))
    return Status::BadInput("'" + Excerpt(words[0]) + "' is not FROM>TO with " + std::string(places));
  m.cards = {*card};
  return m;
}

bool ParseSmallNumber(std::string_view word, int& out) {
  if (word.empty() || word.size() > 2) return false;
  out = 0;
  for (char c : word) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

}  // namespace talon
