// The exact endgame solver for Gan Deng Yan (干瞪眼) positions with an empty stock.
//
// With the stock empty nothing is hidden from a search that sees every hand and
// nothing is left to chance, so the rest of the deal is a finite game of perfect
// information (every lead plays at least one card, so it has no cycles either).
//
// The value. solve() answers one yes/no question: can `seat` (by default the seat
// to act) force being the first player out, whatever every other seat does? The
// other seats are assumed to play together against `seat` (the paranoid
// assumption): with two players this is the exact game value; with more it is a
// lower bound on what `seat` can achieve, since real opponents also compete with
// each other. A drawn deal (nobody can lead) is not a win. Under
// end_condition='ranking' the deal goes on after the first player is out, but the
// question is the same: the search stops as soon as someone is out, and it is a win
// when that player is `seat`. Points do not enter the value.
//
// The search. Depth-first proof-number search (df-pn, Nagai 2002) over the AND/OR
// tree: nodes where `seat` acts are OR nodes (one winning move proves them),
// others AND nodes (every move must win). Proof and disproof numbers steer the
// search to the cheapest-looking proof or refutation, and let a stopped search
// still name the most promising move. Thresholds use the 1+epsilon trick
// (Pawlewicz and Lew 2007). A child the table has not seen starts with the plays
// `seat` still needs as its proof number and the fewest plays another seat needs
// as its disproof number. Moves are ordered by cards played (more first), bombs
// after other plays of their size, passes last; the order breaks ties.
//
// Shortcuts. A node is decided without expanding it when the mover can play the
// whole hand at once, or when its hand splits into combinations nobody else can
// beat but for the last (play those, keep the lead, go out with the last), or,
// when following, when it has a beat nobody can answer followed by such a split.
// A seat with no answer to a play can only pass: that pass is folded into the
// play before it rather than being a node.
//
// The transposition table. Positions are keyed by what decides the rest of the
// deal for this question: the hands, the table move and its owner, the seat to act
// and the passes since the table move (the played cards, plays and bombs counted,
// which Deal::hash() also mixes in, follow from these or do not matter before the
// first player is out, and leaving them out lets transposed lines meet). Two
// independent 64-bit hashes of these words are taken and both are stored: a probe
// must match both, so a wrong hit needs two different positions to agree on 128
// bits. Only proof and disproof numbers are stored, so a lost entry costs time,
// never correctness. The table grows from small to at most 2^tt_bits entries.
//
// Limits. `max_nodes` (expansions) and `time_limit` (seconds) stop the search
// cleanly: the result then has complete=false, win=false, and best_move and pv
// follow the most promising line (least proof number where `seat` acts, least
// disproof number elsewhere). A progress callback, called every
// progress_interval seconds or so, may also stop it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "ganzdy/gan_deng_yan/deal.h"

namespace ganzdy::gdy {

struct SolveOptions {
  int seat = -1;                // whose win: -1 for the seat to act
  std::uint64_t max_nodes = 0;  // node expansions before stopping; 0: no limit
  double time_limit = 0.0;      // seconds before stopping; 0 or less: no limit
  int tt_bits = 22;             // the table grows to at most 2^tt_bits entries of 32 bytes (128 MB)
  // Called about every `progress_interval` seconds with the nodes so far and the
  // seconds elapsed; returning false stops the search (complete=false).
  std::function<bool(std::uint64_t nodes, double seconds)> progress;
  double progress_interval = 1.0;
};

struct SolveResult {
  int seat = 0;         // whose win the value is about
  bool win = false;     // seat can force going out first (only when complete)
  bool complete = false;  // the search finished: win is proved or disproved
  // The move for the seat to act: where `seat` acts and wins, a winning move
  // (going out at once when it can); where another seat acts and `seat` loses, a
  // refutation; otherwise every move keeps the value and this is the one whose
  // proof cost the most search (the stubbornest defence). When incomplete, the
  // most promising move. Empty when the deal is over or someone is already out.
  std::optional<Move> best_move;
  // The principal variation from the position, best_move first. When complete it
  // plays out to the end of the question: the first player out is `seat` exactly
  // when win (or nobody can lead, when not). When incomplete it follows the most
  // promising line as far as the table knows it.
  std::vector<Move> pv;
  std::uint64_t nodes = 0;  // node expansions
  double seconds = 0.0;
  // The root's proof and disproof numbers (0 proof: proved win; 0 disproof: proved
  // loss); an estimate of the work left when incomplete.
  std::uint64_t proof = 0;
  std::uint64_t disproof = 0;
};

// Solves `deal` (not modified). Throws GanzdyError when the stock holds cards,
// RulesError for a bad seat, and nothing else.
SolveResult solve(const Deal& deal, const SolveOptions& options = {});

}  // namespace ganzdy::gdy
