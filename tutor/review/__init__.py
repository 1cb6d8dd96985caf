"""Game review (layer 2): the learner's decisions in a finished hand, valued by the AI.

Each card play is valued in hindsight (on the true deal) and fairly (on deals the learner
could not tell from the true one), graded by its cost against the best candidate
(`grades`), and explained; bids and passes (`bidding`), the declarer's bury and friend call
(`setup`) against the heuristic's. The hint (`hint`) gives what the review calls best.
"""

from .grades import GRADES, THRESHOLDS, accuracy, grade
from .hint import hint
from .jobs import review_hand
from .review import DEFAULT_BUDGET, Budget, Candidate, HandReview, Judged, judge_play

__all__ = ["DEFAULT_BUDGET", "GRADES", "THRESHOLDS", "Budget", "Candidate", "HandReview",
           "Judged", "accuracy", "grade", "hint", "judge_play", "review_hand"]
