"""`panel serve app.py`: the 找朋友 Tutor web app (also `make run` / `python -m tutor serve`)."""

import sys

import panel as pn

from tutor.ui.app import build_app, serve_resources_locally
from tutor.ui.services import several_processes_problem

problem = several_processes_problem()  # `--num-procs N` with a DuckDB file: refuse, loudly
if problem is None:
    build_app().servable(title="找朋友 Tutor")
else:
    print(f"error: {problem}", file=sys.stderr, flush=True)
    serve_resources_locally()
    pn.pane.Alert(problem, alert_type="danger").servable(title="找朋友 Tutor")
