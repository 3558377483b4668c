// The generic code instantiated for this game's deal: the search
// (InformationSet, ismcts), batch playouts and the vector env. The one file a
// game adds for them; the templates read the game from its traits.h.
#include "ganzdy/gan_deng_yan/traits.h"
#include "ganzdy/rl/network.h"
#include "ganzdy/rl/vector_env.h"
#include "ganzdy/search/playout.h"
#include "search/ismcts_impl.h"

namespace ganzdy {

template class InformationSet<gdy::Deal>;
template IsmctsResult ismcts(const InformationSet<gdy::Deal>&, const IsmctsOptions&);
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
