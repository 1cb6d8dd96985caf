"""Puzzle generators, one module per type: each turns a random source into a candidate."""
