// Fuzz target: the solution reader (core/solution_io.h), JSON Lines and the
// numbered text form, with every game's move notation (Game::ParseMove).
// Every solution read is written again as JSON and read back to the same
// solution; its moves are replayed through the game's checker (as
// talon-verify does with moves from a file), and its legal moves written
// in the text form read back the same (the JSON reader checks a move's
// shape, not its legality, and the notation leaves out what the rules fix,
// such as a Carpet foundation's number: an illegal move may have no text
// form, or read back as another). Every error is bad input naming the
// source and line.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/game.h"
#include "core/solution_io.h"
#include "check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace talon;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  auto read = ReadSolutions(in, "fuzz");
  if (!read) {
    fuzz::CheckReaderError(read.status(), StatusCode::kBadInput, "fuzz:");
    return 0;
  }
  for (const Solution& s : *read) {
    const Game* game = FindGame(s.game);
    FUZZ_CHECK(game != nullptr, s.game);
    const std::string json = SolutionToJson(s);
    auto from_json = SolutionFromJson(json);
    FUZZ_CHECK(from_json.ok(), json + "\n" + from_json.status().message());
    FUZZ_CHECK(*from_json == s, json);
    FUZZ_CHECK(SolutionToJson(*from_json) == json, json);
    // The checker takes any well-formed move: it must refuse, never crash.
    auto deal = MakeDeal(*game, s.deal.value_or(1), s.options);
    FUZZ_CHECK(deal.ok(), deal.status().message());
    Replay replay = ReplayMoves(*game, *deal, s.moves);
    FUZZ_CHECK(replay.legal_moves <= s.moves.size(), json);
    FUZZ_CHECK(replay.first_error.ok() == (replay.legal_moves == s.moves.size()), json);
    if (!replay.first_error.ok()) FUZZ_CHECK(!replay.first_error.message().empty(), json);
    Solution legal = s;
    legal.moves.resize(replay.legal_moves);
    const std::string text = SolutionToText(*game, legal);
    std::istringstream text_in(text);
    auto from_text = ReadSolutions(text_in, "text");
    FUZZ_CHECK(from_text.ok(), text + "\n" + from_text.status().message());
    FUZZ_CHECK(from_text->size() == 1 && (*from_text)[0] == legal, text);
  }
  return 0;
}
