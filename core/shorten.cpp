#include "core/shorten.h"

#include <algorithm>
#include <iterator>
#include <unordered_map>
#include <utility>

#include "core/game.h"
#include "core/hash.h"

namespace talon {

bool LineHooks::OneLength(const Options&) const { return false; }
bool LineHooks::Derived(const MoveSpec&) const { return false; }
Expected<int> LineHooks::Derive(const Game&, Table&, const MoveSpec&, std::vector<MoveSpec>*) const { return 0; }
uint64_t LineHooks::Replan(const Deal&, uint64_t, uint64_t, std::vector<MoveSpec>&) const { return 0; }
uint64_t LineHooks::Propose(const Deal&, std::span<const MoveSpec>, uint64_t, std::vector<LineEdit>&) const { return 0; }

const LineHooks& NoLineHooks() {
  static const LineHooks hooks;
  return hooks;
}

const LineHooks& OneLengthHooks() {
  class Hooks final : public LineHooks {
   public:
    bool OneLength(const Options&) const override { return true; }
  };
  static const Hooks hooks;
  return hooks;
}

namespace {

// The most kept moves between the two moves of a merge or an undone pair,
// and the farthest a move is played earlier.
constexpr size_t kPairWindow = 64;
constexpr size_t kShiftWindow = 48;

bool SameTable(const Table& a, const Table& b) { return a.counters == b.counters && a.areas == b.areas; }

uint64_t TableHash(const Table& t) {
  uint64_t h = 0x9E3779B97F4A7C15ULL;
  auto add = [&](uint64_t x) { h = Mix64(h ^ x) + 0x632BE59BD9B4E019ULL; };
  auto pile = [&](const Pile& p) {
    add(p.size());
    for (Card c : p) add(c.code());
  };
  for (Area a : kAllAreas) {
    if (AreaHasPiles(a)) {
      add(t.areas.piles(a).size());
      for (const Pile& p : t.areas.piles(a)) pile(p);
    } else {
      pile(t.areas.single(a));
    }
  }
  for (int d : t.areas.face_down) add(static_cast<uint64_t>(d));
  for (int64_t c : t.counters) add(static_cast<uint64_t>(c));
  return h;
}

// The line of kept moves, the table before each and the checker moves
// (derived ones included) played before each.
class Editor {
 public:
  Editor(const Game& game, const Deal& deal, const LineHooks& hooks, uint64_t budget, uint64_t used)
      : game_(game), deal_(deal), hooks_(hooks), budget_(budget), used_(used) {}

  // Loads a winning line. Returns false if its kept moves do not replay to a
  // win with the derived moves put back.
  bool Load(std::span<const MoveSpec> moves) {
    for (const MoveSpec& m : moves) {
      if (hooks_.Derived(m)) {
        has_derived_ = true;
      } else {
        plays_.push_back(m);
      }
    }
    before_.assign(1, game_.StartTable(deal_));
    cost_.assign(1, 0);
    return Rebuild(0) && game_.Won(before_.back());
  }

  // Runs rounds of edits until a round finds none or the budget is spent.
  void Run() {
    for (bool better = true; better && !Spent();) {
      better = CutCycles();
      better = DeleteSingles() || better;
      better = Pairs() || better;
      if (has_derived_) better = Shifts() || better;
      better = Proposals() || better;
    }
  }

  uint64_t Cost() const { return cost_.back(); }
  uint64_t used() const { return used_; }

  // The line with the derived moves put back.
  std::vector<MoveSpec> Line() const {
    std::vector<MoveSpec> out;
    Table t = before_[0];
    for (const MoveSpec& m : plays_) {
      if (!hooks_.Derive(game_, t, m, &out).ok() || !game_.Play(t, m).ok()) return {};
      out.push_back(m);
    }
    return out;
  }

 private:
  bool Spent() const { return used_ >= budget_; }

  // Plays `m` on t, derived moves first. Returns the checker moves played,
  // or -1 if it is illegal.
  int Step(Table& t, const MoveSpec& m) {
    const Expected<int> derived = hooks_.Derive(game_, t, m, nullptr);
    if (!derived.ok()) return -1;
    used_ += static_cast<uint64_t>(*derived) + 1;
    if (!game_.Play(t, m).ok()) return -1;
    return *derived + 1;
  }

  // Recomputes before_ and cost_ after kept move `from`. Returns false if a
  // move is illegal.
  bool Rebuild(size_t from) {
    before_.resize(from + 1);
    cost_.resize(from + 1);
    Table t = before_[from];
    for (size_t k = from; k < plays_.size(); ++k) {
      const int c = Step(t, plays_[k]);
      if (c < 0) return false;
      cost_.push_back(cost_.back() + static_cast<uint64_t>(c));
      before_.push_back(t);
    }
    return true;
  }

  // Tries the line plays_[0, begin) + repl + plays_[end, n): keeps it iff it
  // replays to a win in fewer checker moves. The replay stops where it
  // meets the old line's table again (the rest is known).
  bool Try(size_t begin, std::span<const MoveSpec> repl, size_t end) {
    if (Spent()) return false;
    const size_t n = plays_.size();
    const uint64_t best = cost_[n];
    // Every kept move costs at least one checker move.
    if (cost_[begin] + repl.size() + (n - end) >= best) return false;
    trial_.clear();
    trial_cost_.clear();
    Table t = before_[begin];
    uint64_t c = cost_[begin];
    auto step = [&](const MoveSpec& m) {
      const int s = Step(t, m);
      if (s < 0) return false;
      c += static_cast<uint64_t>(s);
      trial_.push_back(t);
      trial_cost_.push_back(c);
      return true;
    };
    for (const MoveSpec& m : repl)
      if (!step(m)) return false;
    size_t k = end;
    bool joined = false;
    for (; k < n; ++k) {
      if (c + (n - k) >= best) return false;
      if (SameTable(t, before_[k])) {
        joined = true;
        break;
      }
      if (!step(plays_[k])) return false;
    }
    if (joined ? c + (best - cost_[k]) >= best : (c >= best || !game_.Won(t))) return false;
    // Keep it: the tables and costs of the trial, then (if it joined) the
    // old line's from plays_[k] on, its costs shifted.
    std::vector<MoveSpec> line(plays_.begin(), plays_.begin() + static_cast<std::ptrdiff_t>(begin));
    line.insert(line.end(), repl.begin(), repl.end());
    line.insert(line.end(), plays_.begin() + static_cast<std::ptrdiff_t>(end), plays_.end());
    std::vector<Table> tables(std::make_move_iterator(before_.begin()),
                              std::make_move_iterator(before_.begin() + static_cast<std::ptrdiff_t>(begin) + 1));
    std::vector<uint64_t> costs(cost_.begin(), cost_.begin() + static_cast<std::ptrdiff_t>(begin) + 1);
    tables.insert(tables.end(), std::make_move_iterator(trial_.begin()), std::make_move_iterator(trial_.end()));
    costs.insert(costs.end(), trial_cost_.begin(), trial_cost_.end());
    if (joined) {
      for (size_t i = k + 1; i <= n; ++i) {
        tables.push_back(std::move(before_[i]));
        costs.push_back(cost_[i] - cost_[k] + c);
      }
    }
    plays_ = std::move(line);
    before_ = std::move(tables);
    cost_ = std::move(costs);
    return true;
  }

  // A table met twice: the moves between are left out, every such span at
  // once (from the first table, to the last time it is met), then the line
  // replayed. The hashing is counted as work.
  bool CutCycles() {
    const size_t n = plays_.size();
    used_ += n + 1;
    std::vector<uint64_t> hash(n + 1);
    std::unordered_map<uint64_t, size_t> last;
    for (size_t i = 0; i <= n; ++i) last[hash[i] = TableHash(before_[i])] = i;
    std::vector<MoveSpec> line;
    bool cut = false;
    for (size_t i = 0; i < n;) {
      const size_t j = last[hash[i]];
      if (j > i && SameTable(before_[i], before_[j])) {
        i = j;
        cut = true;
      } else {
        line.push_back(plays_[i++]);
      }
    }
    return cut && Try(0, line, n);
  }

  bool DeleteSingles() {
    bool any = false;
    for (size_t j = 0; j < plays_.size() && !Spent();) {
      if (Try(j, {}, j + 1)) {
        any = true;
      } else {
        ++j;
      }
    }
    return any;
  }

  // Two moves of the same cards, the second from where the first put them:
  // left out both if the second takes them back, else merged into one move
  // (from the first's place to the second's), played at either time.
  bool Pairs() {
    bool any = false;
    for (size_t j = 0; j < plays_.size() && !Spent(); ++j) {
      for (size_t k = j + 1; k < plays_.size() && k <= j + kPairWindow && !Spent(); ++k) {
        const MoveSpec& a = plays_[j];
        const MoveSpec& b = plays_[k];
        if (b.from.size() != 1 || a.from.empty() || !(b.from[0] == a.to) || b.cards != a.cards) continue;
        std::vector<MoveSpec> between(plays_.begin() + static_cast<std::ptrdiff_t>(j + 1),
                                      plays_.begin() + static_cast<std::ptrdiff_t>(k));
        bool done = false;
        if (a.from.size() == 1 && a.from[0] == b.to) {
          done = Try(j, between, k + 1);
        } else {
          MoveSpec merged = a;
          merged.to = b.to;
          between.insert(between.begin(), merged);
          done = Try(j, between, k + 1);
          if (!done) {
            std::rotate(between.begin(), between.begin() + 1, between.end());
            done = Try(j, between, k + 1);
          }
        }
        if (done) {
          any = true;
          break;
        }
      }
    }
    return any;
  }

  // A kept move that needed derived moves, played earlier (the derived
  // moves then differ).
  bool Shifts() {
    bool any = false;
    for (size_t j = 1; j < plays_.size() && !Spent(); ++j) {
      if (cost_[j + 1] - cost_[j] <= 1) continue;
      for (size_t i = j > kShiftWindow ? j - kShiftWindow : 0; i < j && !Spent(); ++i) {
        std::vector<MoveSpec> repl;
        repl.reserve(j - i + 1);
        repl.push_back(plays_[j]);
        repl.insert(repl.end(), plays_.begin() + static_cast<std::ptrdiff_t>(i),
                    plays_.begin() + static_cast<std::ptrdiff_t>(j));
        if (Try(i, repl, j + 1)) {
          any = true;
          break;
        }
      }
    }
    return any;
  }

  bool Proposals() {
    if (Spent()) return false;
    std::vector<LineEdit> edits;
    used_ += hooks_.Propose(deal_, plays_, budget_ - used_, edits);
    bool any = false;
    // Edits are for the line as it was: take them from the last, so that
    // a kept one leaves the earlier ones' places as they were.
    std::sort(edits.begin(), edits.end(), [](const LineEdit& x, const LineEdit& y) { return x.begin > y.begin; });
    size_t limit = plays_.size() + 1;
    for (const LineEdit& e : edits) {
      if (e.end > limit || e.end > plays_.size() || e.begin > e.end) continue;
      if (Try(e.begin, e.moves, e.end)) {
        any = true;
        limit = e.begin;
      }
    }
    return any;
  }

  const Game& game_;
  const Deal& deal_;
  const LineHooks& hooks_;
  const uint64_t budget_;
  uint64_t used_;
  bool has_derived_ = false;
  std::vector<MoveSpec> plays_;
  std::vector<Table> before_;  // before_[k]: the table before plays_[k]'s derived moves
  std::vector<uint64_t> cost_;  // cost_[k]: checker moves before them
  std::vector<Table> trial_;  // the tables after each move of a trial
  std::vector<uint64_t> trial_cost_;
};

}  // namespace

std::vector<MoveSpec> ShortenLine(const Game& game, const Deal& deal, std::vector<MoveSpec> moves,
                                  const ShortenLimits& limits, ShortenStats* stats, bool force) {
  ShortenStats local;
  ShortenStats& s = stats ? *stats : local;
  s = ShortenStats{};
  s.moves_before = s.moves_after = moves.size();
  const LineHooks& hooks = game.line_hooks();
  if (!force && hooks.OneLength(deal.options)) {
    s.one_length = true;
    return moves;
  }
  if (limits.max_work == 0 || moves.empty()) return moves;
  // A whole new line from the game's own search, if it is shorter.
  std::vector<MoveSpec> line;
  uint64_t used = hooks.Replan(deal, moves.size(), std::min(limits.replan_work, limits.max_work), line);
  const std::vector<MoveSpec>* from = &moves;
  if (!line.empty() && line.size() < moves.size()) {
    const Replay r = ReplayMoves(game, deal, line);
    used += line.size();
    if (r.first_error.ok() && r.won) from = &line;
  }
  Editor editor(game, deal, hooks, limits.max_work, used);
  if (!editor.Load(*from)) return moves;
  editor.Run();
  s.work = editor.used();
  if (editor.Cost() >= moves.size()) return moves;
  std::vector<MoveSpec> shorter = editor.Line();
  const Replay check = ReplayMoves(game, deal, shorter);
  if (!check.first_error.ok() || !check.won || shorter.size() >= moves.size()) return moves;
  s.moves_after = shorter.size();
  return shorter;
}

}  // namespace talon
