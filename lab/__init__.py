"""Development tools beside the product: benches, the arena and the ladder, the AI oracle,
the research search's options, value-model training and the load generator.

`lab` is not part of the installed package (pyproject's `include = ["tutor*"]`) and nothing
in `tutor` imports it: the app, the hints and the review run on `tutor` alone. `lab` may
import anything of `tutor`. Its commands run as `python -m tutor <command>` from a checkout
(the product's command line forwards them here) or as `python -m lab <command>`.
"""
