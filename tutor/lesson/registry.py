"""Every step type by the name lesson files use in `type = "..."`."""

from __future__ import annotations

from .step import Step
from .steps_cards import DealStep, HighestStep, PointsStep, TrumpsStep
from .steps_deal import BidStep, FriendStep, KittySuitStep
from .steps_play import FollowStep, ThrowStep, TrickStep
from .steps_score import KittyBonusStep, LevelChangeStep, MultiplierStep, ScoreStep
from .steps_units import DecomposeStep, IsUnitStep, UnitStep

STEP_TYPES: dict[str, type[Step]] = {cls.type: cls for cls in (
    PointsStep, DealStep, TrumpsStep, HighestStep, UnitStep, IsUnitStep, DecomposeStep,
    FollowStep, TrickStep, ThrowStep, BidStep, KittySuitStep, FriendStep, MultiplierStep,
    KittyBonusStep, LevelChangeStep, ScoreStep)}
