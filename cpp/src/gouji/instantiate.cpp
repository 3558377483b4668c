// The generic code instantiated for this game's deal: the search
// (InformationSet, ismcts, pimc), batch playouts and the vector env. The one file a
// game adds for them; the templates read the game from its traits.h.
#include "ganzdy/gouji/traits.h"
#include "ganzdy/rl/network.h"
#include "ganzdy/rl/vector_env.h"
#include "ganzdy/search/playout.h"
#include "search/ismcts_impl.h"

namespace ganzdy {

// Gouji's teams alternate seats (team = seat & 1); it has no exact solver.
template <>
struct SearchGame<gj::Deal> {
  static constexpr bool kTeams = true;
  static int team(int seat) { return seat & 1; }
  static int endgame(const gj::Deal&, int, const MoveList&, double) { return -1; }
};

template class InformationSet<gj::Deal>;
template IsmctsResult ismcts(const InformationSet<gj::Deal>&, const IsmctsOptions&,
                             const Evaluator<gj::Deal>*);
template IsmctsResult pimc(const InformationSet<gj::Deal>&, const PimcOptions&,
                           const Evaluator<gj::Deal>*);
template class GreedyEvaluator<gj::Deal>;
template class IsmctsSearcher<gj::Deal>;
template PlayoutBatch playouts<gj::Deal>(const std::shared_ptr<const Rules>&, std::int64_t,
                                          const std::vector<Policy>&, std::uint64_t, int, bool,
                                                  const KeepGoing&);
template class VectorEnv<gj::Deal>;
template class NetworkEvaluator<gj::Deal>;
template void Network::check_fits<gj::Deal>(const Rules&) const;
template void Network::check_fits<gj::Deal>(const gj::Deal&) const;
template void Network::scores<gj::Deal>(const gj::Deal&, const MoveList&, std::span<float>) const;
template int Network::choose<gj::Deal>(const gj::Deal&) const;

}  // namespace ganzdy
