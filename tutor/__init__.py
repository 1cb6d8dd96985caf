"""找朋友 Tutor: a web tutor for Finding Friends, the 5-player 3-deck Shengji game."""

__version__ = "0.1.0"
