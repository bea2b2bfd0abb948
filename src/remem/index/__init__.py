"""The vector index: an exact and an approximate nearest-neighbour search over a file a
store keeps beside its rows, and the follower that keeps a reader's copy current."""
