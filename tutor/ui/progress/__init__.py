"""The learner's progress: ratings, accuracy, lessons, games, puzzles to retry."""
