#include "core/difficulty/grade.h"

#include <algorithm>
#include <cctype>
#include <span>

#include "core/difficulty/calibration.h"

namespace talon {

std::string_view GradeName(int grade) {
  static constexpr std::string_view kNames[] = {"Easy", "Medium", "Hard", "Expert", "Master"};
  return kNames[std::clamp(grade, 1, kGrades) - 1];
}

const GradeCuts* FindGradeCuts(const Game& game, const Options& options, bool* own) {
  const std::string wanted = FormatOptions(options);
  Options defaults;
  for (const OptionSpec& spec : game.option_specs()) defaults[spec.name] = spec.default_value;
  const std::string fallback = FormatOptions(defaults);
  const GradeCuts* found = nullptr;
  for (const GradeCuts& cuts : CalibratedCuts()) {
    if (cuts.game != game.id()) continue;
    if (cuts.options == wanted) {
      if (own) *own = true;
      return &cuts;
    }
    if (cuts.options == fallback) found = &cuts;
  }
  if (own) *own = false;
  return found;
}

int GradeOfScore(const GradeCuts& cuts, double score) {
  int grade = 1;
  for (double cut : cuts.cut) grade += score > cut;
  return grade;
}

std::string_view NoGradeText(NoGrade why) {
  switch (why) {
    case NoGrade::kNone: return "";
    case NoGrade::kNoChoices: return "no choice matters in this game";
    case NoGrade::kNotWinnable: return "the deal cannot be won";
    case NoGrade::kUndecided: return "the solver did not decide the deal";
    case NoGrade::kNotCalibrated: return "the game has no grades";
  }
  return "";
}

DealGrade GradeDeal(const Game& game, const Deal& deal, const SolveResult& solved,
                    const SearchLimits& base) {
  DealGrade g;
  const DifficultyModel* model = game.difficulty();
  if (!model) {
    g.why = NoGrade::kNoChoices;
    return g;
  }
  if (solved.verdict != Verdict::kSolved) {
    g.why = solved.verdict == Verdict::kUnsolvable ? NoGrade::kNotWinnable : NoGrade::kUndecided;
    return g;
  }
  g.measure = model->Measure(deal, solved.moves, base);
  const GradeCuts* cuts = FindGradeCuts(game, deal.options, &g.own_cuts);
  if (!cuts) {
    g.why = NoGrade::kNotCalibrated;
    return g;
  }
  g.grade = GradeOfScore(*cuts, g.measure->score);
  return g;
}

DifficultyNote NoteOf(const DealGrade& g) {
  DifficultyNote note;
  note.grade = g.grade;
  note.name = g.grade ? std::string(GradeName(g.grade)) : "no grade";
  note.reason = std::string(NoGradeText(g.why));
  note.calibrated = g.own_cuts;
  if (g.measure) {
    const DifficultyMeasure& m = *g.measure;
    note.measures = DifficultyNote::Measures{m.score, m.playouts, m.wins, m.progress,
                                             m.choices, m.critical, m.unsure};
  }
  return note;
}

bool ParseGradeRange(std::string_view text, int& lo, int& hi) {
  auto one = [](std::string_view t, int& g) {
    for (int i = 1; i <= kGrades; ++i) {
      const std::string_view name = GradeName(i);
      bool same = t.size() == name.size();
      for (size_t k = 0; same && k < t.size(); ++k)
        same = std::tolower(static_cast<unsigned char>(t[k])) == std::tolower(static_cast<unsigned char>(name[k]));
      if (same || t == std::string(1, static_cast<char>('0' + i))) {
        g = i;
        return true;
      }
    }
    return false;
  };
  const size_t dash = text.find('-');
  if (dash == std::string_view::npos) {
    if (!one(text, lo)) return false;
    hi = lo;
    return true;
  }
  return one(text.substr(0, dash), lo) && one(text.substr(dash + 1), hi) && lo <= hi;
}

std::string GradeText(const DealGrade& grade) {
  if (grade.grade == 0) return "no grade: " + std::string(NoGradeText(grade.why));
  std::string text = std::string(GradeName(grade.grade)) + " (grade " + std::to_string(grade.grade) +
                     " of 5)";
  if (!grade.own_cuts) text += " (cut points of the default rules)";
  return text;
}

}  // namespace talon
