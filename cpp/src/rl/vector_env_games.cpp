#include "ganzdy/rl/vector_env_games.h"

#include "ganzdy/guandan/agents.h"
#include "ganzdy/guandan/observation.h"
#include "ganzdy/gan_deng_yan/agents.h"
#include "ganzdy/gan_deng_yan/ids.h"
#include "ganzdy/gan_deng_yan/observation.h"
#include "ganzdy/gouji/agents.h"
#include "ganzdy/gouji/observation.h"

namespace ganzdy {

namespace {

std::shared_ptr<const Rules> require_game(std::shared_ptr<const Rules> rules, Game game, const char* name) {
  if (!rules) throw RulesError("VectorEnv: no rules given");
  if (rules->game() != game)
    throw RulesError(std::string("this VectorEnv plays ") + name + " only, not " + rules->describe());
  return rules;
}

}  // namespace

// -- Gan Deng Yan ---------------------------------------------------------------

std::shared_ptr<const Rules> GanDengYanGame::require(std::shared_ptr<const Rules> rules) {
  return require_game(std::move(rules), Game::gan_deng_yan, kName);
}
int GanDengYanGame::players(const Rules& rules) { return rules.players(); }
int GanDengYanGame::observation_size(const Rules& rules) { return gdy::observation_size(rules.players(), false); }
std::int32_t GanDengYanGame::num_moves(const Rules& rules) { return gdy::move_index(rules).size(); }

gdy::Deal GanDengYanGame::deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t env,
                               std::int64_t episode) {
  const auto players = static_cast<std::uint64_t>(rules->players());
  return gdy::Deal(rules, seed, static_cast<int>((env + static_cast<std::uint64_t>(episode)) % players));
}

int GanDengYanGame::seat_after(const Rules& rules, int seat, int k) {
  const int players = rules.players();
  return gdy::config(rules).direction == gdy::Direction::counter_clockwise ? (seat + k) % players
                                                                    : (seat - k + players) % players;
}

int GanDengYanGame::greedy(const Deal& deal, const MoveList& legal) {
  return gdy::greedy_choice(deal.config(), gdy::view_of(deal), legal);
}
void GanDengYanGame::observe(const Deal& deal, int seat, float* out) { gdy::encode_observation(deal, seat, false, out); }
std::int64_t GanDengYanGame::points(const Deal& deal, int seat) {
  return deal.outcome().points[static_cast<std::size_t>(seat)];
}
std::int32_t GanDengYanGame::id(const Rules& rules, const Move& move) { return gdy::move_index(rules).id(move); }

std::string GanDengYanGame::why_not(const Deal& deal, const Rules& rules, std::int64_t id) {
  const std::int32_t num = gdy::move_index(rules).size();
  if (id < 0 || id >= num) return " is out of range: expected 0 to " + std::to_string(num - 1);
  const int seat = deal.current_player();
  const gdy::MoveIndex& index = gdy::move_index(rules);
  const auto id32 = static_cast<std::int32_t>(id);
  std::string out = " (" + index.move(id32)->str() + ") is not legal for the learner (seat " + std::to_string(seat) + "): ";
  const auto move = index.move_from(id32, deal.hand(seat));
  std::string why = move ? deal.why_illegal(*move) : "the hand " + deal.hand(seat).str() + " lacks these cards";
  return out + (why.empty() ? "it is not among the env's legal ids" : why);
}

// -- Guandan --------------------------------------------------------------------

std::shared_ptr<const Rules> GuandanGame::require(std::shared_ptr<const Rules> rules) {
  return require_game(std::move(rules), Game::guandan, kName);
}
int GuandanGame::observation_size(const Rules&) { return gd::observation_size(false); }

gd::Deal GuandanGame::deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t, std::int64_t) {
  gd::DealSetup setup;
  Random pick(seed ^ kSetupSalt);
  std::vector<int> order{0, 1, 2, 3};
  for (int k = gd::kPlayers - 1; k > 0; --k)
    std::swap(order[static_cast<std::size_t>(k)], order[pick.below(static_cast<std::uint64_t>(k + 1))]);
  setup.previous_finish = std::move(order);
  return gd::Deal(rules, seed, setup);
}

int GuandanGame::greedy(const Deal& deal, const MoveList& legal) {
  return gd::greedy_choice(deal.config(), gd::view_of(deal), legal);
}
void GuandanGame::observe(const Deal& deal, int seat, float* out) { gd::encode_observation(deal, seat, false, out); }
std::int64_t GuandanGame::points(const Deal& deal, int seat) {
  return deal.outcome().points[static_cast<std::size_t>(seat)];
}
int GuandanGame::wild_face(const Deal& deal) {
  return deal.config().wild_enabled ? deal.config().wild_face() : kNoWild;
}

// -- Gouji ----------------------------------------------------------------------

std::shared_ptr<const Rules> GoujiGame::require(std::shared_ptr<const Rules> rules) {
  return require_game(std::move(rules), Game::gouji, kName);
}
int GoujiGame::observation_size(const Rules&) { return gj::observation_size(false); }
gj::Deal GoujiGame::deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t, std::int64_t) {
  return gj::Deal(rules, seed);
}
int GoujiGame::greedy(const Deal& deal, const MoveList& legal) {
  return gj::greedy_choice(deal.config(), gj::view_of(deal), legal);
}
void GoujiGame::observe(const Deal& deal, int seat, float* out) { gj::encode_observation(deal, seat, false, out); }
std::int64_t GoujiGame::points(const Deal& deal, int seat) {
  const gj::Outcome outcome = deal.outcome();
  return outcome.points.empty() ? 0 : outcome.points[static_cast<std::size_t>(seat)];
}

template class VectorEnv<GanDengYanGame>;
template class VectorEnv<GuandanGame>;
template class VectorEnv<GoujiGame>;

}  // namespace ganzdy
