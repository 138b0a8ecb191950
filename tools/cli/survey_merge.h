// Merging surveys: the per-deal tables of several runs (the shards of one
// survey, or surveys of further deals) combined into the groups that one
// run over the same deals reports, so that SurveyText/SurveyJson give the
// same bytes. docs/scale.md describes the rules; in short:
//  - a group (game and options) takes its deals from runs of one kind
//    (numbered deals, or deals read from files) with the same limits;
//  - numbered deals are ordered by number and the heading gives the ranges
//    they cover; deals read from files by run (first met) and index;
//  - a deal given twice must have the same result (it then counts once);
//  - every shard of a run must be there (no deal of a range, no index of a
//    run over files may be missing).
#pragma once

#include <vector>

#include "core/status.h"
#include "tools/cli/per_deal.h"
#include "tools/cli/survey_format.h"

namespace talon::cli {

// Errors are kBadInput naming FILE:LINE (or FILE) and what disagrees.
Expected<std::vector<SurveyGroup>> MergePerDeal(const std::vector<PerDealTable>& tables);

}  // namespace talon::cli
