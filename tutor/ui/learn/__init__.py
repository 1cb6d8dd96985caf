"""The Learn page (layer 3): lessons from `tutor.lesson`, drawn and graded in the browser."""

from .page import LearnPage

__all__ = ["LearnPage"]
