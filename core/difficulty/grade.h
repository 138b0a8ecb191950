// Grades 1-5 (Easy, Medium, Hard, Expert, Master): a deal's difficulty score
// placed among the cut points calibrated for its game and options
// (core/difficulty/calibration.cpp; docs/solvers/difficulty.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/difficulty/model.h"
#include "core/game.h"

namespace talon {

inline constexpr int kGrades = 5;
// "Easy", "Medium", "Hard", "Expert", "Master". REQUIRES: 1 <= grade <= 5.
std::string_view GradeName(int grade);

// One option set's cut points: a deal whose score is at most cut[0] is Easy,
// at most cut[1] Medium, ..., above cut[3] Master.
struct GradeCuts {
  std::string_view game;     // the game id
  std::string_view options;  // FormatOptions of the complete options
  std::string_view range;    // the deals calibrated on, e.g. "1-10000"
  double cut[kGrades - 1];
};
// The cut points for `game` under complete `options`: the option set's own,
// or else (`own` false) those of the game's default options; null when the
// game has none.
const GradeCuts* FindGradeCuts(const Game& game, const Options& options, bool* own);
// The grade of `score` under `cuts`.
int GradeOfScore(const GradeCuts& cuts, double score);

// Why a deal has no grade.
enum class NoGrade : uint8_t {
  kNone,           // it has one
  kNoChoices,      // the game's choices never matter (or it has none)
  kNotWinnable,    // proved unwinnable
  kUndecided,      // the solver did not decide it
  kNotCalibrated,  // the game has no cut points
};
std::string_view NoGradeText(NoGrade why);  // "no choice matters in this game", ...

struct DealGrade {
  int grade = 0;  // 1-5; 0: none (see why)
  NoGrade why = NoGrade::kNone;
  bool own_cuts = true;  // the option set's own cut points (else the default options')
  std::optional<DifficultyMeasure> measure;  // for a winnable deal of a game with a model
};

// Grades `deal` given its verdict and line (`solved`). The measure's
// children are decided with `base`'s memory and cancel flag.
// REQUIRES: CheckDeal(deal).ok() for `game`.
DealGrade GradeDeal(const Game& game, const Deal& deal, const SolveResult& solved,
                    const SearchLimits& base);

// The note a solution line carries (Solution::difficulty).
DifficultyNote NoteOf(const DealGrade& grade);

// Reads "A-B" or "A" (grades 1-5, or their names) into [lo, hi]; false if
// it is neither.
bool ParseGradeRange(std::string_view text, int& lo, int& hi);

// One line for people: "Hard (grade 3 of 5)", with " (cut points of the
// default rules)" when not its own, or "no grade: " and the reason.
std::string GradeText(const DealGrade& grade);

}  // namespace talon
