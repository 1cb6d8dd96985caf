"""Strategy: "find the best play" puzzles mined from self-play and strategy-lesson positions,
each proven by the review's judge (one play clearly best, every other clearly worse)."""
