// Determinization of a Gan Deng Yan deal for one seat (Deal::sample_world).
#include <vector>

#include "ganzdy/gdy_deal.h"
#include "ganzdy/random.h"

namespace ganzdy::gdy {

namespace {

std::vector<Face> faces_of(const Cards& cards) {
  std::vector<Face> faces;
  faces.reserve(static_cast<std::size_t>(cards.size()));
  for (int f = 0; f < kNumFaces; ++f)
    for (int n = cards.count(f); n > 0; --n) faces.push_back(static_cast<Face>(f));
  return faces;
}

}  // namespace

Deal Deal::sample_world(int seat, std::uint64_t seed) const {
  Deal world(*this, 0);
  world.root_ply_ = ply();
  world.has_seed_ = false;
  world.seed_ = 0;

  // Under a uniform shuffle, given what the seat saw, the unseen cards are
  // exchangeable over the unseen places: one shuffle of them, cut into the other
  // hands (by their known sizes) and the stock, samples the posterior exactly.
  const Cards full = rules_->deck();
  std::vector<Face> unseen = faces_of(full - hand(seat) - played_);
  Random rng(seed);
  rng.shuffle(unseen.data(), unseen.size());

  std::size_t next = 0;
  for (int s = 0; s < cfg_->players; ++s) {
    if (s == seat) continue;
    Cards h;
    for (int n = hand_size(s); n > 0; --n) h.add(unseen[next++]);
    world.hands_[static_cast<std::size_t>(s)] = h;
  }
  Cards stock;
  for (std::size_t i = next; i < unseen.size(); ++i) stock.add(unseen[i]);
  std::vector<Face> deck = faces_of(full - stock);
  deck.insert(deck.end(), unseen.begin() + static_cast<std::ptrdiff_t>(next), unseen.end());
  world.deck_ = std::make_shared<const std::vector<Face>>(std::move(deck));
  return world;
}

}  // namespace ganzdy::gdy
