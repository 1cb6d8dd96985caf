"""Shared tables (layer 2): several people, and computer players in the empty seats, at one
match. The action log is the table's game in the store; every app process keeps a copy of
each table its pages show (`LiveTable`), told of new actions through the database
(`TableHub`), and every action is checked against the seat of the person who sent it.
"""

from .game import PLAYERS, TableGame, table_options
from .hub import GRACE_SECONDS, TableHub, decide_here
from .live import LiveTable, Person, Seating, SeatState, TableRefused, enter

__all__ = ["GRACE_SECONDS", "PLAYERS", "LiveTable", "Person", "SeatState", "Seating",
           "TableGame", "TableHub", "TableRefused", "decide_here", "enter", "table_options"]
