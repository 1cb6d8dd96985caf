"""The home page (layer 3): what 找朋友 is, three ways in, and what to resume."""

from .offers import Offer, offers
from .page import HomePage

__all__ = ["HomePage", "Offer", "offers"]
