"""A notebook-style script of tutor.widgets, served with `panel serve` by test_widgets.py."""

import panel as pn

import tutor.widgets as tw

pn.extension()

pn.pane.Markdown("## tutor.widgets served from a script").servable()
tw.CardRow("AS AS 10H 2S 2H SJ BJ 5D KC 9C 9C", trump="2H").servable()
tw.Trick(["KH", "AH", "2C", "2S", "3S"], trump="2S", leader=0).servable()
tw.Puzzle("trick-1-002").servable()
