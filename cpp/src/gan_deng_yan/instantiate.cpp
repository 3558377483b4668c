// The generic code instantiated for this game's deal: the search
// (InformationSet, ismcts, pimc), batch playouts and the vector env. The one file a
// game adds for them; the templates read the game from its traits.h.
#include "ganzdy/gan_deng_yan/solver.h"
#include "ganzdy/gan_deng_yan/traits.h"
#include "ganzdy/rl/network.h"
#include "ganzdy/rl/vector_env.h"
#include "ganzdy/search/playout.h"
#include "search/ismcts_impl.h"

namespace ganzdy {

// Gan Deng Yan plays every seat for itself. With the stock empty and at most one
// other seat holding cards, every hidden card's holder is known, so the seat's
// determinization is the deal itself and the exact solver (solver.h) may answer:
// its move is played when it proves a win in time.
template <>
struct SearchGame<gdy::Deal> {
  static constexpr bool kTeams = false;
  static int team(int seat) { return seat; }
  static int endgame(const gdy::Deal& world, int seat, const MoveList& legal, double seconds) {
    if (world.is_terminal() || world.stock_size() != 0) return -1;
    int holding = 0;
    for (int s = 0; s < world.players(); ++s)
      if (s != seat && world.hand(s).size() > 0) ++holding;
    if (holding > 1) return -1;
    gdy::SolveOptions options;
    options.seat = seat;
    options.time_limit = seconds;
    options.tt_bits = 18;
    const gdy::SolveResult solved = gdy::solve(world, options);
    if (!solved.complete || !solved.win || !solved.best_move) return -1;
    const gdy::MoveIndex& index = gdy::move_index(world.rules());
    const std::int32_t id = index.id(*solved.best_move);
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (index.id(legal[i]) == id) return static_cast<int>(i);
    return -1;
  }
};

template class InformationSet<gdy::Deal>;
template IsmctsResult ismcts(const InformationSet<gdy::Deal>&, const IsmctsOptions&,
                             const Evaluator<gdy::Deal>*);
template IsmctsResult pimc(const InformationSet<gdy::Deal>&, const PimcOptions&,
                           const Evaluator<gdy::Deal>*);
template class GreedyEvaluator<gdy::Deal>;
template class IsmctsSearcher<gdy::Deal>;
template PlayoutBatch playouts<gdy::Deal>(const std::shared_ptr<const Rules>&, std::int64_t,
                                          const std::vector<Policy>&, std::uint64_t, int, bool,
                                                  const KeepGoing&);
template class VectorEnv<gdy::Deal>;
template class NetworkEvaluator<gdy::Deal>;
template void Network::check_fits<gdy::Deal>(const Rules&) const;
template void Network::check_fits<gdy::Deal>(const gdy::Deal&) const;
template void Network::scores<gdy::Deal>(const gdy::Deal&, const MoveList&, std::span<float>) const;
template int Network::choose<gdy::Deal>(const gdy::Deal&) const;

}  // namespace ganzdy
