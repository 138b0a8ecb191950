// Card art: card faces, backs and suit pips as scene items. Pips are paths
// (no bitmaps, no font glyphs), so they print sharply at any size.
#pragma once

#include <string>

#include "core/card.h"
#include "render/fonts.h"
#include "render/scene.h"

namespace talon::render {

// two: red hearts and diamonds, black clubs and spades.
// four: the common four-colour deck (colour-blind friendly): spades black,
//   hearts red, diamonds blue, clubs green.
// mono: pure black and white: hearts and diamonds drawn outlined, clubs and
//   spades solid, so a black-and-white printer keeps every suit apart.
enum class ColourScheme { kTwo, kFour, kMono };
// "two", "four", "mono"; nullopt for anything else.
std::optional<ColourScheme> ParseColourScheme(const std::string& name);

struct CardStyle {
  ColourScheme scheme = ColourScheme::kTwo;
  Color black = kBlack;
  Color red{0.80, 0.05, 0.12};
  Color blue{0.05, 0.30, 0.75};   // diamonds in the four-colour scheme
  Color green{0.05, 0.50, 0.15};  // clubs in the four-colour scheme
  Color border{0.35, 0.35, 0.35};
  Color back{0.12, 0.30, 0.48};
  Color face_down{0.82, 0.82, 0.82};  // the face of a card dealt face down
};

// The colour a suit's pips and index are drawn in.
Color SuitColor(const CardStyle& style, Suit suit);
// True when the suit's pips are drawn as outlines (mono, red suits).
bool SuitOutlined(const CardStyle& style, Suit suit);

// The suit's shape in a box of `size` points centred on (cx, cy).
Path SuitPath(Suit suit, double cx, double cy, double size);
// Adds a painted pip.
void DrawPip(Page& page, const CardStyle& style, Suit suit, double cx, double cy, double size);

// The height a card of width w has (poker cards: 88.9 / 63.5 mm).
inline constexpr double kCardAspect = 1.4;
// The height of the strip at the top of a face that shows its index; a fan of
// cards must show at least this much of each covered card.
double CardIndexHeight(double card_width);

// A card face filling `box`: rounded border, the index (rank and pip) at the
// top left, and a large rank and pip in the middle. `face_down` shades it (a
// card the deal puts face down). `covered`: another card will be drawn over
// all but the index strip, so the middle is left out (smaller files). The
// rank labels need glyphs for A 2-10 J Q K.
void DrawCardFace(Page& page, const Fonts& fonts, const CardStyle& style, Card card, const Rect& box,
                  bool face_down = false, bool covered = false);
// Card faces and small faces are each marked as one group of items
// (ItemGroup, render/scene.h).
// A small face for move lists: rank and pip side by side.
void DrawMiniCard(Page& page, const Fonts& fonts, const CardStyle& style, Card card, const Rect& box);
// A card back filling `box`.
void DrawCardBack(Page& page, const CardStyle& style, const Rect& box);

}  // namespace talon::render
