"""`python -m tutor serve`, every new game of which is dealt from one seed (the first
argument; the rest are serve's): a browser test then meets the same deal every run."""

from __future__ import annotations

import sys

if __name__ == "__main__":  # the AI's workers (spawned) import this file too: not them
    import tutor.ui.play.page as play_page
    from tutor.commands.serve import main

    seed = int(sys.argv[1])
    play_page.new_deal_seed = lambda: seed
    sys.exit(main(sys.argv[2:]))
