#include "core/difficulty/model.h"

namespace talon {
namespace {

// FNV-1a over bytes, then mixed.
struct Hasher {
  uint64_t h = 0xCBF29CE484222325ULL;
  void Byte(uint8_t b) {
    h ^= b;
    h *= 0x100000001B3ULL;
  }
  void Text(std::string_view s) {
    for (char c : s) Byte(static_cast<uint8_t>(c));
    Byte(0);
  }
  void Number(uint64_t v) {
    for (int i = 0; i < 8; ++i) Byte(static_cast<uint8_t>(v >> (8 * i)));
  }
  void PileOf(const Pile& pile) {
    Number(pile.size());
    for (Card c : pile) Byte(c.code());
  }
};

}  // namespace

uint64_t DealSeed(const Deal& deal) {
  Hasher h;
  h.Text(deal.game);
  h.Text(FormatOptions(deal.options));
  if (deal.number) {
    h.Byte(1);
    h.Number(*deal.number);
    if (!deal.SolutionShuffle().empty()) h.Text(deal.SolutionShuffle());  // "pysol": other deals, other seeds
  } else {
    h.Byte(0);
    for (Area a : kAllAreas) {
      if (AreaHasPiles(a)) {
        h.Number(deal.areas.piles(a).size());
        for (const Pile& p : deal.areas.piles(a)) h.PileOf(p);
      } else {
        h.PileOf(deal.areas.single(a));
      }
    }
    h.Number(deal.areas.face_down.size());
    for (int d : deal.areas.face_down) h.Number(static_cast<uint64_t>(d));
  }
  return Mix64(h.h);
}

SplitMix64 PlayoutRng(uint64_t deal_seed, uint64_t tag, uint64_t index) {
  return SplitMix64(Mix64(deal_seed ^ Mix64(tag << 48 ^ index)));
}

double DifficultyScore(const DifficultyMeasure& m, const DifficultySettings& settings) {
  const double lost = m.playouts ? 100.0 * (m.playouts - m.wins) / m.playouts : 0.0;
  return lost + settings.progress_weight * 100.0 * (1.0 - m.progress) +
         settings.critical_weight * (m.critical + 0.5 * m.unsure);
}

}  // namespace talon
