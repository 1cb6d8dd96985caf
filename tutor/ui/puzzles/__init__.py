"""The puzzle trainer: themed practice, streaks and retries, with ratings."""
