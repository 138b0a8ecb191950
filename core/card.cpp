#include "core/card.h"

#include <cctype>

namespace talon {

namespace {
constexpr std::string_view kRankChars = "A23456789TJQK";
constexpr std::string_view kSuitChars = "CDHS";
constexpr const char* kSuitSymbols[] = {"\u2663", "\u2666", "\u2665", "\u2660"};
// White (outline) suit symbols are accepted on input too.
constexpr const char* kWhiteSuitSymbols[] = {"\u2667", "\u2662", "\u2661", "\u2664"};
}  // namespace

char RankChar(int rank) { return kRankChars[static_cast<size_t>(rank - 1)]; }
char SuitChar(Suit s) { return kSuitChars[s]; }
std::string SuitSymbol(Suit s) { return kSuitSymbols[s]; }

std::string CardName(Card c) { return {RankChar(c.rank()), SuitChar(c.suit())}; }

std::string RankLabel(int rank) {
  if (rank == 10) return "10";
  return std::string(1, RankChar(rank));
}

std::string CardLabel(Card c) { return RankLabel(c.rank()) + SuitSymbol(c.suit()); }

std::optional<Card> ParseCard(std::string_view text) {
  int rank = 0;
  if (text.size() >= 2 && text.substr(0, 2) == "10") {
    rank = 10;
    text.remove_prefix(2);
  } else if (!text.empty()) {
    char r = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    size_t pos = kRankChars.find(r);
    if (pos == std::string_view::npos) return std::nullopt;
    rank = static_cast<int>(pos) + 1;
    text.remove_prefix(1);
  } else {
    return std::nullopt;
  }
  if (text.size() == 1) {
    char s = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    size_t pos = kSuitChars.find(s);
    if (pos == std::string_view::npos) return std::nullopt;
    return Card(rank, static_cast<Suit>(pos));
  }
  for (int s = 0; s < 4; ++s) {
    if (text == kSuitSymbols[s] || text == kWhiteSuitSymbols[s]) return Card(rank, static_cast<Suit>(s));
  }
  return std::nullopt;
}

}  // namespace talon
