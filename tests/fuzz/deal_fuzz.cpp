// Fuzz target: the deal reader (talon-deal/1 JSON Lines, core/deal_io.h).
// Every deal read is written again and read back to the same deal and the
// same bytes; every error is bad input naming the source and line.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/deal_io.h"
#include "core/game.h"
#include "check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace talon;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  DealReader reader(in, "fuzz");
  Deal deal;
  while (reader.Next(deal)) {
    const Game* game = FindGame(deal.game);
    FUZZ_CHECK(game != nullptr, deal.game);
    const std::string json = DealToJson(*game, deal);
    auto back = DealFromJson(json);
    FUZZ_CHECK(back.ok(), json + "\n" + back.status().message());
    FUZZ_CHECK(*back == deal, json);
    FUZZ_CHECK(DealToJson(*game, *back) == json, json);
    const std::string text = DealToText(*game, deal);
    FUZZ_CHECK(!text.empty() && text.back() == '\n', text);
  }
  if (!reader.status().ok())
    fuzz::CheckReaderError(reader.status(), StatusCode::kBadInput,
                           "fuzz:" + std::to_string(reader.line()) + ": ");
  return 0;
}
