"""Teacher pages: classes, assignments, results, and authoring puzzles."""
