"""`panel serve app.py`: the 找朋友 Tutor web app (also `make run` / `python -m tutor serve`)."""

from tutor.ui.app import build_app

build_app().servable(title="找朋友 Tutor")
