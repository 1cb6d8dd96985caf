"""`python -m lab <command> ...`: the development commands (see `lab.commands`)."""

import sys

from lab.commands import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
