// The Carpet's sensible player (core/difficulty/player.h). Its options are
// the solver's moves: builds before the first turn are all alike (C2), with
// compulsory patching only "build or turn" matters (C3), with optional
// patching a build is always safe (C4); so it chooses between building (the
// first buildable card), turning, and (optional patching) patching.
// docs/solvers/carpet.md, docs/solvers/difficulty.md.
#include <vector>

#include "core/difficulty/model.h"
#include "core/difficulty/rules_player.h"
#include "core/games/carpet/rules.h"
#include "core/search.h"

namespace talon {
namespace {

using namespace carpet;

// Every move builds or draws: no cycles.
class Player : public difficulty::RulesPlayer<Player, CarpetRules> {
 public:
  bool Load(const Deal& deal, Position& start) {
    LoadDeal(deal, deal_, start);
    rules_.deal = &deal_;
    rules_.prune = true;
    return true;
  }
  const CarpetRules& rules() const { return rules_; }
  uint64_t KeyOf(const Position& p) const { return p.carpet ^ Mix64(p.waste ^ p.drawn); }
  int Progress(const Position& p) const { return p.built; }
  int Value(const Position& p) const { return Progress(p); }

  // The bound (C6) against 51 cuts every position that cannot be won.
  Verdict Decide(const Position& p, const SearchLimits& limits, std::vector<Move>* line) const {
    rules_.best = 51;
    auto outcome = Search(rules_, p, limits);
    if (line && outcome.verdict == Verdict::kSolved) *line = std::move(outcome.line);
    return outcome.verdict;
  }

  LineStep ToMove(const Position&, const MoveSpec& spec, Move& move) const {
    if (spec.from.size() != 1 || spec.cards.size() != 1) return LineStep::kNone;
    const Area from = spec.from[0].area, to = spec.to.area;
    if (from == Area::kTableau && to == Area::kFoundations) move = {Kind::kBuildCarpet, spec.cards[0].code()};
    else if (from == Area::kWaste && to == Area::kFoundations) move = {Kind::kBuildWaste, 0};
    else if (from == Area::kStock) move = {Kind::kTurn, 0};
    else if (from == Area::kWaste && to == Area::kTableau) move = {Kind::kPatch, 0};
    else return LineStep::kNone;
    return LineStep::kMove;
  }

 private:
  CarpetDeal deal_;
  CarpetRules rules_;
};

}  // namespace

const DifficultyModel* CarpetDifficulty() {
  static const PlayerModel<Player> model(
      DifficultySettings{.playouts = 200, .child_nodes = 20000, .max_moves = 200, .critical_weight = 10.0});
  return &model;
}

}  // namespace talon
