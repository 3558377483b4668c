// The undo history of a deal: a stack of plies that copies in constant time.
//
// A search copies a position and plays on from both copies; copying a deal's
// whole history (about 180 plies of some 130 bytes in a four-player deal) would
// cost more than everything else in the copy. So the history is a persistent
// stack: share() freezes the plies pushed so far into an immutable chunk, and
// every copy made after it shares that chunk and pushes onto a tail of its own.
// pop_back() never writes a shared chunk: it only shortens this stack's view of
// it, so copies that share a chunk can each undo into it independently.
//
// Costs: push_back and pop_back are O(1); share() is O(1) (it moves the tail's
// buffer into a new chunk); copying is O(plies pushed since the last share());
// operator[] is O(chunks) and meant for records, not for search.
//
// Thread safety: as for a std::vector. Copies that share chunks may be used
// from different threads at once (chunks are immutable and reference-counted),
// but share() modifies this stack, so it must not run concurrently with any
// other use of the same stack.
#pragma once

#include <cassert>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace ganzdy {

template <class Ply>
class History {
 public:
  std::size_t size() const { return below() + frozen_len_ + tail_.size(); }
  bool empty() const { return size() == 0; }

  const Ply& back() const {
    assert(!empty());
    return tail_.empty() ? frozen_->plies[frozen_len_ - 1] : tail_.back();
  }

  // The ply at `i` (0 is the oldest this stack holds).
  const Ply& operator[](std::size_t i) const {
    assert(i < size());
    const std::size_t shared = below() + frozen_len_;
    if (i >= shared) return tail_[i - shared];
    const Chunk* c = frozen_.get();
    while (i < c->below) c = c->parent.get();
    return c->plies[i - c->below];
  }

  void push_back(const Ply& ply) {
    // After a share() the tail starts small: copies that push a few plies and
    // are thrown away (a search's pattern) should not each allocate a whole deal.
    if (tail_.capacity() == 0) tail_.reserve(frozen_ ? 16 : 256);
    tail_.push_back(ply);
  }

  void pop_back() {
    assert(!empty());
    if (!tail_.empty()) {
      tail_.pop_back();
      return;
    }
    if (--frozen_len_ == 0) {
      // The chunk is out of view: step down to what lies below it.
      std::shared_ptr<const Chunk> parent = frozen_->parent;
      frozen_len_ = frozen_->parent_len;
      frozen_ = std::move(parent);
    }
  }

  void clear() {
    frozen_.reset();
    frozen_len_ = 0;
    tail_.clear();
  }

  // Freezes the tail into a chunk that copies made from now on share.
  void share() {
    if (tail_.empty()) return;
    auto chunk = std::make_shared<Chunk>();
    chunk->below = below() + frozen_len_;
    chunk->parent = std::move(frozen_);
    chunk->parent_len = frozen_len_;
    chunk->plies = std::move(tail_);
    tail_ = std::vector<Ply>();
    frozen_len_ = chunk->plies.size();
    frozen_ = std::move(chunk);
  }

  // Calls f(ply) on every ply, oldest first, in O(plies + chunks).
  template <class F>
  void for_each(F&& f) const {
    visit_shared(frozen_.get(), frozen_len_, f);
    for (const Ply& p : tail_) f(p);
  }

 private:
  struct Chunk {
    std::shared_ptr<const Chunk> parent;
    std::size_t parent_len = 0;  // plies of `parent` in view below this chunk
    std::size_t below = 0;       // plies below this chunk, all chunks down
    std::vector<Ply> plies;
  };

  std::size_t below() const { return frozen_ ? frozen_->below : 0; }

  template <class F>
  static void visit_shared(const Chunk* c, std::size_t len, F& f) {
    if (c == nullptr) return;
    visit_shared(c->parent.get(), c->parent_len, f);
    for (std::size_t i = 0; i < len; ++i) f(c->plies[i]);
  }

  std::shared_ptr<const Chunk> frozen_;  // the top shared chunk, or none
  std::size_t frozen_len_ = 0;           // its plies in view: > 0 whenever frozen_ is set
  std::vector<Ply> tail_;                // plies pushed since, this stack's own
};

}  // namespace ganzdy
