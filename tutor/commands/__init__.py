"""Command-line commands, one module each; `tutor.__main__` dispatches to them."""
