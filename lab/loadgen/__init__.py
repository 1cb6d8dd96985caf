"""A load generator for the served app (layer 3, used only by `python -m tutor load` and
`bench serve`; the app never imports it).

Each simulated learner speaks Bokeh's websocket protocol as a browser page would — GET the
page, open the websocket with its session token, pull the document, send widget changes
and button clicks, apply the server's document patches — without running any JavaScript,
so thirty of them fit beside the server on a small machine.
"""

from .mix import Mix, MixError, parse_mix
from .report import Report
from .run import LoadError, run_load

__all__ = ["LoadError", "Mix", "MixError", "Report", "parse_mix", "run_load"]
