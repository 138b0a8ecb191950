// Card: a rank and a suit in one byte.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace talon {

enum Suit : uint8_t { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };
constexpr int kAce = 1, kJack = 11, kQueen = 12, kKing = 13;

// A playing card. code = rank << 2 | suit, rank 1 (ace) .. 13 (king); code 0
// is "no card". Cards compare by code, so equal names are equal cards; in
// three-deck games a card's identity in play is its position, not its name.
class Card {
 public:
  constexpr Card() = default;
  constexpr Card(int rank, Suit suit) : code_(static_cast<uint8_t>(rank << 2 | suit)) {}
  static constexpr Card FromCode(uint8_t code) { Card c; c.code_ = code; return c; }

  constexpr int rank() const { return code_ >> 2; }
  constexpr Suit suit() const { return static_cast<Suit>(code_ & 3); }
  constexpr bool red() const { return suit() == kDiamonds || suit() == kHearts; }
  constexpr bool valid() const { return rank() >= 1 && rank() <= 13; }
  constexpr uint8_t code() const { return code_; }
  // 0..51 in canonical deck order (clubs A..K, diamonds, hearts, spades).
  constexpr int index() const { return suit() * 13 + rank() - 1; }

  friend constexpr bool operator==(Card a, Card b) { return a.code_ == b.code_; }
  friend constexpr auto operator<=>(Card a, Card b) { return a.code_ <=> b.code_; }

 private:
  uint8_t code_ = 0;
};

// "TH", "AS", "7D": the machine form every writer uses. REQUIRES: c.valid().
std::string CardName(Card c);
// "10♥", "A♠": the human form for text tables and printed sheets.
std::string CardLabel(Card c);
// The rank alone as printed ("10", "A", "K") and the suit symbol ("♥").
std::string RankLabel(int rank);
std::string SuitSymbol(Suit s);
char RankChar(int rank);  // 'A' '2' .. 'T' 'J' 'Q' 'K'
char SuitChar(Suit s);    // 'C' 'D' 'H' 'S'

// Reads a card: rank A 2..9 T J Q K or 10, then suit C D H S or ♣ ♦ ♥ ♠
// (also ♧ ♢ ♡ ♤); case-insensitive. Returns nullopt if `text` is not exactly one card.
std::optional<Card> ParseCard(std::string_view text);

}  // namespace talon
