// The generic code instantiated for this game's deal: the search
// (InformationSet, ismcts, pimc), batch playouts and the vector env. The one file a
// game adds for them; the templates read the game from its traits.h.
#include "ganzdy/guandan/traits.h"
#include "ganzdy/rl/network.h"
#include "ganzdy/rl/vector_env.h"
#include "ganzdy/search/playout.h"
#include "search/ismcts_impl.h"

namespace ganzdy {

// Guandan's teams are seats 0 and 2 against 1 and 3; it has no exact solver.
template <>
struct SearchGame<gd::Deal> {
  static constexpr bool kTeams = true;
  static int team(int seat) { return seat & 1; }
  static int endgame(const gd::Deal&, int, const MoveList&, double) { return -1; }
};

template class InformationSet<gd::Deal>;
template IsmctsResult ismcts(const InformationSet<gd::Deal>&, const IsmctsOptions&,
                             const Evaluator<gd::Deal>*);
template IsmctsResult pimc(const InformationSet<gd::Deal>&, const PimcOptions&,
                           const Evaluator<gd::Deal>*);
template class GreedyEvaluator<gd::Deal>;
template class IsmctsSearcher<gd::Deal>;
template PlayoutBatch playouts<gd::Deal>(const std::shared_ptr<const Rules>&, std::int64_t,
                                          const std::vector<Policy>&, std::uint64_t, int, bool,
                                                  const KeepGoing&);
template class VectorEnv<gd::Deal>;
template class NetworkEvaluator<gd::Deal>;
template void Network::check_fits<gd::Deal>(const Rules&) const;
template void Network::check_fits<gd::Deal>(const gd::Deal&) const;
template void Network::scores<gd::Deal>(const gd::Deal&, const MoveList&, std::span<float>) const;
template int Network::choose<gd::Deal>(const gd::Deal&) const;

}  // namespace ganzdy
