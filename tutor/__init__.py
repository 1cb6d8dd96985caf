"""找朋友 Tutor: a web tutor for Finding Friends, the 5-player 3-deck Shengji game."""

from .compiled import install as _install_fresh_build_finder

__version__ = "0.1.0"

_install_fresh_build_finder()
